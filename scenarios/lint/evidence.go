package lint

import "fmt"

// Where dead letters end up, and what deletes them there.

// queueExpires: a queue with x-expires that has a DLX, a TTL or receives
// dead letters. When it expires its messages are deleted, never
// dead-lettered, whatever the DLX says.
func queueExpires(t *topology) []Finding {
	var out []Finding
	for _, q := range t.queues {
		c := q.Config
		if c.Expires < 0 || !(c.HasDLX || c.MessageTTL >= 0 || t.isDLQ(q.Name)) {
			continue
		}
		f := finding("queue-expires", Warning, []Object{queueObj(q.Name)},
			"Queue '%[1]s' expires after %[2]s unused (x-expires): it is then deleted with the messages in it, which are not dead-lettered — its DLX does not see them.",
			"队列 '%[1]s' 在 %[2]s 无人使用后过期（x-expires）：队列连同其中的消息一起被删除，这些消息不会进入死信——死信交换机看不到它们。",
			q.Name, ms(c.Expires))
		f.Via = &Via{Key: q.Name}
		out = append(out, f)
	}
	return out
}

// isEvidence: a queue that keeps dead letters (receives them and has no
// DLX of its own, so it is an end of the chain, not a retry stage).
func (t *topology) isEvidence(q string) bool {
	return t.isDLQ(q) && !t.queue[q].Config.HasDLX
}

// dlqLimits: a dead-letter queue with a TTL or a length limit deletes the
// evidence: expired or pushed-out dead letters are discarded (it has no DLX).
func dlqLimits(t *topology) []Finding {
	var out []Finding
	for _, q := range t.queues {
		if !t.isEvidence(q.Name) {
			continue
		}
		c := q.Config
		if c.MessageTTL >= 0 {
			f := finding("dlq-ttl", Warning, []Object{queueObj(q.Name)},
				"Dead-letter queue '%[1]s' has a message TTL of %[2]s and no DLX of its own: dead letters nobody looked at within %[2]s are deleted, and with them the evidence.",
				"死信队列 '%[1]s' 设置了 %[2]s 的消息 TTL 且自身没有死信交换机：%[2]s 内无人处理的死信会被删除，证据也随之消失。",
				q.Name, ms(c.MessageTTL))
			f.Via = &Via{Key: q.Name}
			out = append(out, f)
		}
		if c.MaxLength >= 0 || c.MaxLengthBytes >= 0 {
			limit := fmt.Sprintf("%d messages", c.MaxLength)
			if c.MaxLength < 0 {
				limit = fmt.Sprintf("%d bytes", c.MaxLengthBytes)
			}
			lost, lostZH := "the oldest dead letters are deleted", "最早的死信会被删除"
			if c.Overflow != "drop-head" {
				lost, lostZH = "new dead letters are refused and, with no publisher to tell, dropped silently", "新的死信会被拒收，且没有发布者可以通知，静默丢失"
			}
			f := finding("dlq-max-length", Warning, []Object{queueObj(q.Name)},
				"Dead-letter queue '%[1]s' is limited to %[2]s (overflow %[3]s): once full, %[4]s.",
				"死信队列 '%[1]s' 上限为 %[2]s（溢出策略 %[3]s）：一旦满了，%[5]s。",
				q.Name, limit, c.Overflow, lost, lostZH)
			f.Via = &Via{Key: q.Name}
			out = append(out, f)
		}
	}
	return out
}

// dlqNotDurable: a transient queue that durable queues dead-letter into
// loses those dead letters on a broker restart.
func dlqNotDurable(t *topology) []Finding {
	var out []Finding
	for _, q := range t.queues {
		if q.Durable || !t.isDLQ(q.Name) {
			continue
		}
		var durable []string
		for _, s := range t.sourcesOf(q.Name) {
			if t.queue[s].Durable {
				durable = append(durable, s)
			}
		}
		if len(durable) == 0 {
			continue
		}
		out = append(out, finding("dlq-not-durable", Warning, []Object{queueObj(q.Name)},
			"Dead-letter queue '%[1]s' is not durable, but durable %[2]s dead-letter into it: its dead letters are lost when the broker restarts.",
			"死信队列 '%[1]s' 不是持久化的，而持久化的 %[2]s 会向它投递死信：broker 重启后这些死信全部丢失。",
			q.Name, quote(durable)))
	}
	return out
}

// dlqUnbounded: the end of a dead-letter chain with no consumer in this
// topology and no limit grows for as long as messages fail; worth an alert
// on its depth rather than a change.
func dlqUnbounded(t *topology) []Finding {
	var out []Finding
	for _, q := range t.queues {
		c := q.Config
		if !t.isEvidence(q.Name) || len(t.consumers[q.Name]) > 0 || c.MessageTTL >= 0 || c.MaxLength >= 0 || c.MaxLengthBytes >= 0 || c.Expires >= 0 {
			continue
		}
		out = append(out, finding("dlq-unbounded", Info, []Object{queueObj(q.Name)},
			"Dead-letter queue '%[1]s' ends the chain from %[2]s with no consumer here and no limit: it grows as long as messages fail. Alert on its depth (rabbitmq_queue_messages).",
			"死信队列 '%[1]s' 是 %[2]s 死信链的终点，这里没有消费者也没有上限：只要消息持续失败它就一直增长。请对它的深度告警（rabbitmq_queue_messages）。",
			q.Name, quote(t.sourcesOf(q.Name))))
	}
	return out
}

// expiryWithoutDLX: a queue whose messages expire or are pushed out (TTL,
// or a drop-head length limit) and that has no DLX: those messages are
// deleted. Often intended (stale data), so only info.
func expiryWithoutDLX(t *topology) []Finding {
	var out []Finding
	for _, q := range t.queues {
		c := q.Config
		if c.HasDLX || t.isDLQ(q.Name) {
			continue
		}
		var how, howZH string
		switch {
		case c.MessageTTL >= 0:
			how, howZH = "messages older than "+ms(c.MessageTTL)+" are deleted", "超过 "+ms(c.MessageTTL)+" 的消息会被删除"
		case (c.MaxLength >= 0 || c.MaxLengthBytes >= 0) && c.Overflow == "drop-head":
			how, howZH = "the oldest messages are deleted when it is full", "队列满时最早的消息会被删除"
		default:
			continue
		}
		f := finding("expiry-without-dlx", Info, []Object{queueObj(q.Name)},
			"Queue '%[1]s' has no dead-letter exchange: %[2]s without a trace. Fine for data that goes stale; otherwise give it a DLX.",
			"队列 '%[1]s' 没有死信交换机：%[3]s，不留痕迹。对会过时的数据没问题；否则请配置死信交换机。",
			q.Name, how, howZH)
		f.Via = &Via{Key: q.Name}
		out = append(out, f)
	}
	return out
}

// ms writes a duration in milliseconds the way people say it.
func ms(v int64) string {
	switch {
	case v >= 3_600_000 && v%3_600_000 == 0:
		return fmt.Sprintf("%d h", v/3_600_000)
	case v >= 60_000 && v%60_000 == 0:
		return fmt.Sprintf("%d min", v/60_000)
	case v >= 1000 && v%1000 == 0:
		return fmt.Sprintf("%d s", v/1000)
	}
	return fmt.Sprintf("%d ms", v)
}
