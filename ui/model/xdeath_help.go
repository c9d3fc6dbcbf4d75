package model

import (
	"strconv"

	"github.com/dlxlab/dlxlab/core"
)

// What each x-death field and death header means, for the inspector's
// hover and tap explanations, in English and Chinese. Where the broker
// version matters, Writes says whether the profile being run writes it,
// and Note says so in words.

// FieldHelp explains one column of the x-death table or one header.
type FieldHelp struct {
	Field  string // "count", "x-last-death-queue", …
	EN, ZH string
	Writes bool   // this profile writes it
	Note   string // the version note, "" when all versions agree
	NoteZH string
}

// XDeathHelp explains the x-death fields and the death headers for a
// broker profile.
func XDeathHelp(p core.Profile) []FieldHelp {
	four := p != core.Rabbit312
	out := []FieldHelp{
		{Field: "queue", EN: "The queue the message died in. One entry per (queue, reason): dying there again for the same reason counts up this entry instead of adding one.",
			ZH: "消息死亡时所在的队列。每个（队列, 原因）只有一条记录：同一队列因同一原因再次死亡时，增加这条记录的 count，而不是新增一条。"},
		{Field: "reason", EN: "Why it died: rejected (a consumer rejected or nacked it without requeue), expired (its TTL ran out), maxlen (the queue was over its length limit), delivery_limit (delivered more times than x-delivery-limit allows).",
			ZH: "死亡原因：rejected（消费者以不重新入队的方式拒绝或 nack）、expired（TTL 到期）、maxlen（队列超过长度上限）、delivery_limit（投递次数超过 x-delivery-limit）。"},
		{Field: "count", EN: "How many times it died in this queue for this reason. A retry loop shows the number of rounds here.",
			ZH: "它在这个队列中因这个原因死亡的次数。重试循环的轮数就体现在这里。"},
		{Field: "time", EN: "When it first died in this queue for this reason, as an AMQP timestamp: whole seconds, so a death at 0.3 s shows as 0. It does not change when the count goes up, so it cannot tell when the latest death was.",
			ZH: "它第一次在这个队列中因这个原因死亡的时刻，是 AMQP 时间戳：以整秒计，所以 0.3 秒时的死亡显示为 0。count 增加时它不会变，因此无法据此得知最近一次死亡的时间。"},
		{Field: "exchange", EN: "The exchange the message had been published to (or dead-lettered through) before this death.",
			ZH: "这次死亡之前，消息被发布到（或经死信转发到）的交换机。"},
		{Field: "routing-keys", EN: "The routing keys it had before this death, including CC and BCC keys.",
			ZH: "这次死亡之前消息的路由键，包括 CC 和 BCC 中的键。"},
		{Field: "original-expiration", EN: "The message's own expiration property, if it had one. The broker removes expiration from a dead letter (so it does not expire again in the next queue) and keeps the old value here.",
			ZH: "消息自身的 expiration 属性（如果有）。Broker 会从死信中移除 expiration（以免它在下一个队列里再次过期），并把原值保存在这里。"},
		{Field: "x-first-death-queue", EN: "Where the message died the very first time; with x-first-death-reason and x-first-death-exchange, written once and never changed.",
			ZH: "消息第一次死亡时所在的队列；与 x-first-death-reason、x-first-death-exchange 一起只写一次，之后不再改变。", Writes: true},
		{Field: "x-last-death-queue", EN: "Where the message died most recently; with x-last-death-reason and x-last-death-exchange, updated at every death.",
			ZH: "消息最近一次死亡时所在的队列；与 x-last-death-reason、x-last-death-exchange 一起在每次死亡时更新。", Writes: four},
	}
	for i := range out {
		if out[i].Field != "x-last-death-queue" {
			out[i].Writes = true
			continue
		}
		if four {
			out[i].Note = "This version (" + string(p) + ") writes the x-last-death-* headers; RabbitMQ 3.12 and older do not."
			out[i].NoteZH = "当前版本（" + string(p) + "）会写入 x-last-death-* 头；RabbitMQ 3.12 及更早版本不会。"
		} else {
			out[i].Note = "This version (" + string(p) + ") does not write x-last-death-* headers: they arrived in RabbitMQ 3.13. Read x-death's first entry instead."
			out[i].NoteZH = "当前版本（" + string(p) + "）不写 x-last-death-* 头：它们从 RabbitMQ 3.13 起才有。请改看 x-death 的第一条记录。"
		}
	}
	return out
}

// DeathTime says an x-death time in words: the AMQP timestamp (whole
// seconds) and, when the death happened between two seconds, that the
// fraction is cut off.
func DeathTime(seconds int64, at core.Time) (string, string) {
	s := strconv.FormatInt(seconds, 10)
	if at%1000 == 0 {
		return s + " s", s + " 秒"
	}
	return s + " s (the death was at " + core.FormatClock(at) + "; AMQP timestamps keep whole seconds)",
		s + " 秒（死亡发生在 " + core.FormatClock(at) + "；AMQP 时间戳只保留整秒）"
}
