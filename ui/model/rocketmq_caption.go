package model

import (
	"fmt"
	"strings"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
)

// RocketCaption says what a RocketMQ event did, in English and Simplified
// Chinese, naming the message by its keys (or its msgId) and the topic
// queue. The broker's own detail texts (an error, a drop) stay as written.
// b, the broker that made the event, gives the keys and the delay table
// (nil: msgIds and the default table).
func RocketCaption(ev rmq.Event, b *rmq.Broker) Caption {
	m := rocketName(ev, b)
	levelWait := func(level int) string { return levelWaitIn(b, level) }
	at := fmt.Sprintf("%s queue %d", ev.Topic, ev.QueueID)
	atZH := fmt.Sprintf("%s 的队列 %d", ev.Topic, ev.QueueID)
	switch ev.Kind {
	case rmq.EvSent:
		return Caption{
			fmt.Sprintf("The producer sends %s: stored in %s at offset %d.", m, at, ev.Offset),
			fmt.Sprintf("生产者发送 %s：存入 %s，偏移量 %d。", m, atZH, ev.Offset)}
	case rmq.EvStored:
		return storedCaption(ev, m, at, atZH)
	case rmq.EvScheduled:
		return scheduledCaption(ev, m, levelWait(ev.Level))
	case rmq.EvDelivered:
		return deliveredRocket(ev, m, at, atZH)
	case rmq.EvConsumed:
		return Caption{
			fmt.Sprintf("Group %s has consumed %s: its offset on %s can move past it.", ev.Group, m, at),
			fmt.Sprintf("消费组 %s 已消费 %s：它在 %s 上的消费位点可以越过这条消息。", ev.Group, m, atZH)}
	case rmq.EvSentBack:
		if ev.Level == 0 {
			return Caption{
				fmt.Sprintf("%s failed in group %s: %s.", m, ev.Group, ev.Detail),
				fmt.Sprintf("%s 在消费组 %s 中消费失败：%s。", m, ev.Group, ev.Detail)}
		}
		return Caption{
			fmt.Sprintf("%s failed in group %s: it is sent back for a retry at delay level %d (%s), as a new copy for %s. Its queue moves on.",
				m, ev.Group, ev.Level, levelWait(ev.Level), rmq.RetryTopic(ev.Group)),
			fmt.Sprintf("%s 在消费组 %s 中消费失败：它被发回重试，延迟级别 %d（%s），作为新副本进入 %s。原队列继续前进。",
				m, ev.Group, ev.Level, levelWait(ev.Level), rmq.RetryTopic(ev.Group))}
	case rmq.EvDeadLettered:
		return Caption{
			fmt.Sprintf("%s goes to %s (%s). Nobody reads it unless a group subscribes to it.", m, ev.Topic, ev.Reason),
			fmt.Sprintf("%s 进入死信队列 %s（%s）。除非有消费组订阅它，否则没人读取。", m, ev.Topic, ev.Reason)}
	case rmq.EvDropped:
		return Caption{
			fmt.Sprintf("%s is lost (%s): %s.", m, ev.Reason, ev.Detail),
			fmt.Sprintf("%s 丢失（%s）：%s。", m, ev.Reason, ev.Detail)}
	case rmq.EvSuspended:
		return Caption{
			fmt.Sprintf("Orderly group %s cannot consume %s: %s is blocked, nothing behind it is consumed (%s).", ev.Group, m, at, ev.Detail),
			fmt.Sprintf("顺序消费组 %s 无法消费 %s：%s 被阻塞，后面的消息都不会被消费（%s）。", ev.Group, m, atZH, ev.Detail)}
	case rmq.EvFiltered:
		return Caption{
			fmt.Sprintf("Group %s skips %s: %s.", ev.Group, m, ev.Detail),
			fmt.Sprintf("消费组 %s 跳过 %s：%s。", ev.Group, m, ev.Detail)}
	case rmq.EvExpired:
		return Caption{
			fmt.Sprintf("%s in %s is deleted with its commit-log file (fileReservedTime, 72 h).", m, at),
			fmt.Sprintf("%s（%s）随其 CommitLog 文件被删除（fileReservedTime，72 小时）。", m, atZH)}
	case rmq.EvTopic:
		return topicCaption(ev)
	case rmq.EvOffset:
		return Caption{
			fmt.Sprintf("The consume offset of group %s on %s is set to %d (%s).", ev.Group, at, ev.Offset, ev.Detail),
			fmt.Sprintf("消费组 %s 在 %s 上的消费位点被设为 %d（%s）。", ev.Group, atZH, ev.Offset, ev.Detail)}
	case rmq.EvResent:
		return Caption{
			fmt.Sprintf("The console pushes dead letter %s to consumer %s of group %s: %s (%s).", m, ev.Consumer, ev.Group, ev.Result, ev.Detail),
			fmt.Sprintf("控制台把死信 %s 直接推给消费组 %s 的消费者 %s：%s（%s）。", m, ev.Group, ev.Consumer, ev.Result, ev.Detail)}
	case rmq.EvError:
		return Caption{
			"The broker answers with an error: " + ev.Detail,
			"Broker 返回错误：" + ev.Detail}
	}
	return Caption{ev.Kind.String(), ev.Kind.String()}
}

func storedCaption(ev rmq.Event, m, at, atZH string) Caption {
	if from, ok := strings.CutPrefix(ev.Detail, "released from "); ok {
		return Caption{
			fmt.Sprintf("The wait is over: %s leaves %s and is stored in %s, to be delivered again.", m, from, at),
			fmt.Sprintf("等待结束：%s 离开 %s，存入 %s，将被再次投递。", m, from, atZH)}
	}
	return Caption{
		fmt.Sprintf("%s is stored in %s.", m, at),
		fmt.Sprintf("%s 存入 %s。", m, atZH)}
}

func topicCaption(ev rmq.Event) Caption {
	var n, perm int
	if _, err := fmt.Sscanf(ev.Detail, "created: %d queues, perm %d", &n, &perm); err == nil {
		return Caption{
			fmt.Sprintf("The broker creates topic %s with %d queues (perm %d).", ev.Topic, n, perm),
			fmt.Sprintf("Broker 创建 Topic %s，共 %d 个队列（权限 %d）。", ev.Topic, n, perm)}
	}
	return Caption{
		fmt.Sprintf("The permission of topic %s is now %s.", ev.Topic, strings.TrimPrefix(ev.Detail, "perm ")),
		fmt.Sprintf("Topic %s 的权限现在是 %s。", ev.Topic, strings.TrimPrefix(ev.Detail, "perm "))}
}

func scheduledCaption(ev rmq.Event, m, wait string) Caption {
	if ev.Level > 0 {
		return Caption{
			fmt.Sprintf("%s waits in %s, the lane of delay level %d (%s).", m, rmq.ScheduleTopic, ev.Level, wait),
			fmt.Sprintf("%s 在 %s 中等待，延迟级别 %d 的队列（%s）。", m, rmq.ScheduleTopic, ev.Level, wait)}
	}
	return Caption{
		fmt.Sprintf("%s waits on the timer wheel (%s).", m, ev.Detail),
		fmt.Sprintf("%s 在时间轮上等待（%s）。", m, ev.Detail)}
}

func deliveredRocket(ev rmq.Event, m, at, atZH string) Caption {
	res, resZH := rocketResult(ev.Result)
	return Caption{
		fmt.Sprintf("Consumer %s of group %s gets %s from %s (reconsumeTimes %d): the listener answers %s.",
			ev.Consumer, ev.Group, m, at, ev.ReconsumeTimes, res),
		fmt.Sprintf("消费组 %s 的消费者 %s 从 %s 收到 %s（reconsumeTimes %d）：监听器返回 %s。",
			ev.Group, ev.Consumer, atZH, m, ev.ReconsumeTimes, resZH)}
}

// rocketResult names a listener result as the client API does.
func rocketResult(r string) (en, zh string) {
	switch rmq.Result(r) {
	case rmq.Success:
		return "CONSUME_SUCCESS", "CONSUME_SUCCESS（成功）"
	case rmq.Later:
		return "RECONSUME_LATER", "RECONSUME_LATER（稍后重试）"
	case rmq.Throw:
		return "an exception", "抛出异常"
	case rmq.Null:
		return "null", "null"
	case rmq.Suspend:
		return "SUSPEND_CURRENT_QUEUE_A_MOMENT", "SUSPEND_CURRENT_QUEUE_A_MOMENT（暂停当前队列）"
	case rmq.NoAck:
		return "nothing (no ack)", "不确认（no ack）"
	case rmq.Timeout:
		return "success, after the consume timeout", "成功，但已超过消费超时"
	}
	return r, r
}

// rocketName names a message for a caption: its keys, else its msgId.
func rocketName(ev rmq.Event, b *rmq.Broker) string {
	if b != nil {
		if m := b.Copy(ev.Copy); m != nil && len(m.Keys) > 0 {
			return strings.Join(m.Keys, ",")
		}
	}
	if ev.MsgID == "" {
		return "—"
	}
	return shortMsgID(ev.MsgID)
}

// shortMsgID is the end of a msgId: the producer's counter, enough to tell
// messages of one run apart.
func shortMsgID(id string) string {
	if t := strings.TrimLeft(id[min(len(id), 16):], "0"); t != "" && len(id) == 32 {
		return "…" + t
	}
	return id
}

// levelWaitIn is a delay level's wait in the broker's table (the default
// table without a broker), written as the table writes it.
func levelWaitIn(b *rmq.Broker, level int) string {
	tab := rmq.DefaultDelayTable()
	if b != nil {
		tab = b.Delays()
	}
	if d, ok := tab.Delay(level); ok {
		return rocketDur(d)
	}
	return "?"
}

// rocketDur writes milliseconds as the delay table does: 10s, 2m, 1h.
func rocketDur(ms int64) string {
	switch {
	case ms >= 3_600_000 && ms%3_600_000 == 0:
		return fmt.Sprintf("%dh", ms/3_600_000)
	case ms >= 60_000 && ms%60_000 == 0:
		return fmt.Sprintf("%dm", ms/60_000)
	case ms%1000 == 0:
		return fmt.Sprintf("%ds", ms/1000)
	}
	return fmt.Sprintf("%dms", ms)
}
