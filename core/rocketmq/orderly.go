package rocketmq

import (
	"fmt"
	"strconv"
)

// Orderly suspend bounds (ConsumeMessageOrderlyService.submitConsumeRequestLater).
const (
	minSuspendMs = 10
	maxSuspendMs = 30000
)

// orderlyFailure: the remoting orderly consumer retries in place and blocks
// the queue, or at its max sends the message back through its producer
// (ConsumeMessageOrderlyService.checkReconsumeTimes / sendMessageBack);
// the broker's answer depends on the version (docs/rocketmq.md "Orderly retry").
func (b *Broker) orderlyFailure(d *delivery, m *Message) {
	tr, g := d.tr, d.tr.g
	rt := d.rt
	maxRT := g.maxReconsume()
	if rt < maxRT {
		tr.orderRT[m.ID] = rt + 1
		wait := d.action.SuspendMs
		if wait <= 0 {
			wait = g.SuspendMs
		}
		if wait <= 0 {
			wait = DefaultSuspendMs
		}
		wait = min(max(wait, minSuspendMs), maxSuspendMs)
		b.suspend(d, wait, fmt.Sprintf("reconsumeTimes %d < max: the queue is blocked", rt))
		return
	}
	switch {
	case b.profile == RocketMQ49:
		// Client sends RECONSUME_TIME = reconsumeTimes; the broker's rule is ≥ max.
		b.toDLQ(tr, m, rt, "-1", fmt.Sprintf("orderly: reconsumeTimes %d ≥ max %d", rt, maxRT))
	case b.profile.orderlyMaxLoops():
		// The broker's rule became > max while the client still sent
		// reconsumeTimes: the message goes to %RETRY% and comes back later,
		// out of order, for ever.
		b.retry(tr, m, rt, 3+rt, "orderly at max: 5.0–5.1.0 send it to %RETRY%, not %DLQ% (a loop)")
	default:
		// ≥ 5.1.1: the client sends reconsumeTimes + 1, the broker's > max holds.
		b.toDLQ(tr, m, rt+1, "-1", fmt.Sprintf("orderly: reconsumeTimes %d + 1 > max %d", rt, maxRT))
	}
}

// fifoFailure: a 5.x FIFO push consumer retries locally after the policy's
// wait while attempts remain, then forwards to %DLQ%
// (ProcessQueueImpl.eraseFifoMessage).
func (b *Broker) fifoFailure(d *delivery, m *Message) {
	tr, g := d.tr, d.tr.g
	attempt := d.rt + 1
	if attempt < g.maxAttempts() {
		tr.orderRT[m.ID] = attempt
		wait := max(g.Policy.clientDelay(b.delays, attempt), 1)
		b.suspend(d, wait, "FIFO attempt "+strconv.Itoa(attempt)+" failed: the message group waits")
		return
	}
	b.toDLQ(tr, m, m.ReconsumeTimes+1, "-1", fmt.Sprintf("FIFO: attempt %d = maxAttempts %d", attempt, g.maxAttempts()))
}

func (b *Broker) suspend(d *delivery, wait int64, why string) {
	until := b.clock.Now + Time(wait)
	d.tr.blocked[d.q] = until
	m := d.msgs[0]
	b.emit(Event{Kind: EvSuspended, Copy: m.ID, MsgID: m.MsgID, Topic: m.Topic, QueueID: m.QueueID, Offset: m.QueueOffset,
		Group: d.tr.name(), Detail: why + " until " + strconv.FormatInt(int64(until), 10) + " ms"})
	b.clock.At(until, timer{kind: tResume, d: d})
}

func (b *Broker) resume(d *delivery) {
	if d.tr.blocked[d.q] <= b.clock.Now {
		delete(d.tr.blocked, d.q)
	}
	b.wake(d.q)
}

// revive: a popped copy's invisible time ended without an ack; the broker
// writes the next copy to the pop retry topic with no extra delay
// (PopReviveService.reviveRetry, KeyBuilder.buildPopRetryTopic).
func (b *Broker) revive(tr *track, m *Message) {
	// In flight again: an offset reset handed the copy out anew while this
	// earlier receive's revive was pending. The real broker would revive
	// the old checkpoint too (a duplicate); the model keeps one fate per
	// copy and lets the running receive decide.
	if tr.settled(m) || tr.inflight[m.ID] != nil {
		return
	}
	q := b.topics[m.Topic].Queues[m.QueueID]
	if m.QueueOffset < q.MinOffset {
		return // removed by retention first: recorded there
	}
	orig := m.Topic
	if v := m.sys[sRetryTopic]; v != "" {
		orig = v
	}
	t := b.ensureTopic(PopRetryTopic(tr.g.Name, orig), 1, PermRead|PermWrite, "retry")
	c := m.derive(t.Name)
	c.ReconsumeTimes = m.ReconsumeTimes + 1
	c.sys[sRetryTopic] = orig
	if c.sys[sOrigin] == "" {
		c.sys[sOrigin] = m.OffsetMsgID()
	}
	tr.setFate(m.ID, fateSentBack)
	b.stats.SentBack++
	b.emit(Event{Kind: EvSentBack, Copy: m.ID, MsgID: m.MsgID, Topic: m.Topic, QueueID: m.QueueID, Offset: m.QueueOffset,
		Group: tr.g.Name, Detail: "invisible time over: revived into " + t.Name})
	b.store(c, t.Queues[0])
	tr.advance(q)
}
