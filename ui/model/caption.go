package model

import (
	"fmt"
	"strings"

	"github.com/dlxlab/dlxlab/core"
)

// Caption is one event said in plain words, in English and in Simplified
// Chinese: what the broker just did and, where it matters, why.
type Caption struct{ EN, ZH string }

// CaptionFor says what an event did. routed picks the second half of a
// publish: which queues the exchange chose.
func CaptionFor(ev core.Event, routed bool) Caption {
	m := quoted(ev)
	switch ev.Kind {
	case core.EvPublished:
		if routed {
			return routedCaption(ev, m)
		}
		key := ""
		if ev.Msg != nil && len(ev.Msg.Keys) > 0 {
			key = ev.Msg.Keys[0]
		}
		return Caption{
			fmt.Sprintf("The publisher sends %s to %s with routing key %q.", m, exEN(ev.Exchange), key),
			fmt.Sprintf("发布者把 %s 发送到%s，路由键为 %q。", m, exZH(ev.Exchange), key)}
	case core.EvEnqueued:
		return Caption{
			fmt.Sprintf("%s is now in queue %s.", m, ev.Queue),
			fmt.Sprintf("%s 进入队列 %s。", m, ev.Queue)}
	case core.EvDelivered:
		return deliveredCaption(ev, m)
	case core.EvAcked:
		return Caption{
			fmt.Sprintf("%s acks %s: it is done and leaves queue %s.", who(ev.Consumer), m, ev.Queue),
			fmt.Sprintf("%s 确认（ack）了 %s：处理完成，它离开队列 %s。", whoZH(ev.Consumer), m, ev.Queue)}
	case core.EvRequeued:
		return Caption{
			fmt.Sprintf("%s goes back into queue %s (%s), to be delivered again.", m, ev.Queue, ev.Reason),
			fmt.Sprintf("%s 回到队列 %s（%s），将被再次投递。", m, ev.Queue, ev.Reason)}
	case core.EvExpired:
		return Caption{
			fmt.Sprintf("%s has been in queue %s longer than its TTL: it expires at the head of the queue.", m, ev.Queue),
			fmt.Sprintf("%s 在队列 %s 中的时间超过了它的 TTL：它在队头过期。", m, ev.Queue)}
	case core.EvDeadLettered:
		return deadLetteredCaption(ev, m)
	case core.EvDropped:
		en, zh := dropWhy(ev.Reason)
		at := "queue " + ev.Queue
		atZH := "队列 " + ev.Queue
		if ev.Queue == "" {
			at, atZH = exEN(ev.Exchange), exZH(ev.Exchange)
		}
		return Caption{
			fmt.Sprintf("%s is dropped at %s: %s.", m, at, en),
			fmt.Sprintf("%s 在%s被丢弃：%s。", m, atZH, zh)}
	case core.EvReturned:
		return Caption{
			fmt.Sprintf("No queue takes %s and it was published as mandatory: %s returns it to the publisher (312 NO_ROUTE).", m, exEN(ev.Exchange)),
			fmt.Sprintf("没有队列接收 %s，且它以 mandatory 发布：%s把它退回给发布者（312 NO_ROUTE）。", m, exZH(ev.Exchange))}
	case core.EvPublishRejected:
		return Caption{
			fmt.Sprintf("Queue %s is full and refuses %s (x-overflow reject-publish): the publisher gets a nack.", ev.Queue, m),
			fmt.Sprintf("队列 %s 已满，拒收 %s（x-overflow reject-publish）：发布者收到 nack。", ev.Queue, m)}
	case core.EvError:
		return Caption{
			fmt.Sprintf("The broker answers with an error: %s", ev.Detail),
			fmt.Sprintf("Broker 返回错误：%s", ev.Detail)}
	}
	return Caption{ev.Kind.String(), ev.Kind.String()}
}

func routedCaption(ev core.Event, m string) Caption {
	if len(ev.Targets) == 0 {
		return Caption{
			fmt.Sprintf("No binding of %s matches: %s reaches no queue.", exEN(ev.Exchange), m),
			fmt.Sprintf("%s没有匹配的绑定：%s 没有进入任何队列。", exZH(ev.Exchange), m)}
	}
	noun, nounZH := "queue", "队列"
	if len(ev.Targets) > 1 {
		noun = "queues"
	}
	list := strings.Join(ev.Targets, ", ")
	return Caption{
		fmt.Sprintf("%s routes %s to %s %s.", capital(exEN(ev.Exchange)), m, noun, list),
		fmt.Sprintf("%s把 %s 路由到%s %s。", exZH(ev.Exchange), m, nounZH, strings.Join(ev.Targets, "、"))}
}

func deliveredCaption(ev core.Event, m string) Caption {
	if ev.Consumer == "" {
		return Caption{
			fmt.Sprintf("basic.get takes %s from queue %s.", m, ev.Queue),
			fmt.Sprintf("basic.get 从队列 %s 取走 %s。", ev.Queue, m)}
	}
	again, againZH := "", ""
	if ev.Redelivered {
		again, againZH = " again (redelivered)", "（重新投递）"
	}
	en := fmt.Sprintf("Queue %s delivers %s%s to consumer %s", ev.Queue, m, again, ev.Consumer)
	zh := fmt.Sprintf("队列 %s 把 %s%s 投递给消费者 %s", ev.Queue, m, againZH, ev.Consumer)
	switch ev.Action {
	case core.ActAck:
		return Caption{en + ", which will ack it.", zh + "，它将确认（ack）。"}
	case core.ActReject, core.ActNack:
		return Caption{en + ", which will " + ev.Action + " it without requeue.", zh + "，它将以不重新入队的方式 " + ev.Action + "。"}
	case core.ActRequeue, core.ActNackRequeue:
		return Caption{en + ", which will send it back to the queue.", zh + "，它将把消息退回队列。"}
	case core.ActHold:
		return Caption{en + ", which holds it unacked.", zh + "，它持有该消息，暂不确认。"}
	case core.ActRepublish:
		return Caption{en + ", which will publish a copy and ack it.", zh + "，它将重新发布一份副本并确认。"}
	}
	return Caption{en + ".", zh + "。"}
}

func deadLetteredCaption(ev core.Event, m string) Caption {
	why, whyZH := deathWhy(ev.Reason)
	from, fromZH := "", ""
	if ev.Detail != "" {
		from, fromZH = " (set by "+ev.Detail+")", "（来自 "+ev.Detail+"）"
	}
	to, toZH := "it routes to no queue", "它没有路由到任何队列"
	if len(ev.Targets) > 0 {
		to = "it routes to " + strings.Join(ev.Targets, ", ")
		toZH = "它被路由到 " + strings.Join(ev.Targets, "、")
	}
	return Caption{
		fmt.Sprintf("%s: queue %s dead-letters %s with reason %q to its dead-letter exchange, %s%s; %s.", why, ev.Queue, m, ev.Reason, exEN(ev.Exchange), from, to),
		fmt.Sprintf("%s：队列 %s 以原因 %q 把 %s 死信到它的死信交换机——%s%s；%s。", whyZH, ev.Queue, ev.Reason, m, exZH(ev.Exchange), fromZH, toZH)}
}

// deathWhy says what each dead-letter reason means.
func deathWhy(reason string) (string, string) {
	switch reason {
	case core.ReasonRejected:
		return "A consumer rejected it", "消费者拒绝了它"
	case core.ReasonExpired:
		return "Its TTL ran out", "它的 TTL 到期了"
	case core.ReasonMaxLen:
		return "The queue is over its length limit, so the oldest message goes", "队列超过了长度上限，最旧的消息被挤出"
	case core.ReasonDeliveryLimit:
		return "It was delivered more times than the queue's delivery limit", "它的投递次数超过了队列的投递上限"
	}
	return "It died", "它成为死信"
}

// dropWhy says what each drop reason means.
func dropWhy(reason string) (string, string) {
	switch reason {
	case core.DropNoDLX:
		return "its queue has no dead-letter exchange, so a dead message is simply gone", "它所在的队列没有死信交换机，死信直接消失"
	case core.DropDLXMissing:
		return "the dead-letter exchange does not exist (RabbitMQ says nothing)", "死信交换机不存在（RabbitMQ 不会提示）"
	case core.DropDLXUnroutable:
		return "the dead-letter exchange routes it to no queue (RabbitMQ says nothing)", "死信交换机没有把它路由到任何队列（RabbitMQ 不会提示）"
	case core.DropCycle:
		return "every way on would go round a dead-letter cycle with no rejection in it", "继续下去只会在没有拒绝的死信环路中打转"
	case core.DropOverflow:
		return "the queue is full and refuses new messages", "队列已满，拒收新消息"
	case core.DropUnroutable:
		return "it matched no queue and was not mandatory", "它没有匹配任何队列，也不是 mandatory"
	case core.DropPurged:
		return "the queue was purged", "队列被清空（purge）"
	case core.DropQueueDeleted:
		return "the queue was deleted", "队列被删除"
	case core.DropQueueExpired:
		return "the queue itself expired (x-expires)", "队列本身过期了（x-expires）"
	case core.DropBacklogDiscarded:
		return "a held dead-letter backlog was discarded", "暂存的死信积压被丢弃"
	}
	return reason, reason
}

// quoted is the message's body in quotes, shortened: "job-1".
func quoted(ev core.Event) string {
	if ev.Msg == nil {
		return "the message"
	}
	b := ev.Msg.Body
	if r := []rune(b); len(r) > 24 {
		b = string(r[:21]) + "…"
	}
	return fmt.Sprintf("%q", b)
}

func exEN(name string) string {
	if name == "" {
		return "the default exchange"
	}
	return "exchange " + name
}

func exZH(name string) string {
	if name == "" {
		return "默认交换机"
	}
	return "交换机 " + name
}

func who(consumer string) string {
	if consumer == "" {
		return "The basic.get client"
	}
	return "Consumer " + consumer
}

func whoZH(consumer string) string {
	if consumer == "" {
		return "basic.get 客户端"
	}
	return "消费者 " + consumer
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
