package model

import (
	"sort"
	"strconv"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
)

// What the RocketMQ inspector shows about a message: every copy the broker
// stored for it (the producer's, each retry, the schedule hops, the dead
// letter), the properties of the newest copy, and its whole history, one
// row per event (each delivery and its result, each send-back with its
// delay level and wait, each release, the move to %DLQ%) — what x-death
// is for a RabbitMQ message.

// RocketMessageDetail is one message (all copies sharing a msgId).
type RocketMessageDetail struct {
	MsgID          string
	Keys           []string
	Tags, Body     string
	ReconsumeTimes int // the highest a delivery saw
	Deliveries     int
	Props          []RocketProp // of the newest copy
	Copies         []RocketCopy
	History        []RocketHistoryRow
	Where          Caption // where it is now
}

// RocketProp is one property of a copy.
type RocketProp struct{ Name, Value string }

// RocketCopy is one stored copy of the message.
type RocketCopy struct {
	Copy           uint64
	Topic          string
	Queue          int
	Offset         int64
	ReconsumeTimes int
	StoredAt, Due  rmq.Time
}

// RocketHistoryRow is one event of the message's life.
type RocketHistoryRow struct {
	T              rmq.Time
	Kind           string // the event kind (sent, delivered, sent-back, …)
	Topic          string
	Queue          int
	Group          string
	Consumer       string
	ReconsumeTimes int
	Result         string // delivered: the listener's answer
	Level          int    // sent-back / scheduled: the delay level
	Wait           string // that level's wait ("30s")
	Reason         string // dead-lettered / dropped: why
	Caption        Caption
}

// MessageDetail is everything about the message with msgId id (ok false:
// no event names it).
func (s *RocketSession) MessageDetail(id string) (RocketMessageDetail, bool) {
	d := RocketMessageDetail{MsgID: id}
	seen := map[uint64]bool{}
	var newest *rmq.Message
	for _, ev := range s.Events() {
		if ev.MsgID != id {
			continue
		}
		d.History = append(d.History, s.historyRow(ev))
		if ev.Kind == rmq.EvDelivered {
			d.Deliveries++
			d.ReconsumeTimes = max(d.ReconsumeTimes, ev.ReconsumeTimes)
		}
		m := s.b.Copy(ev.Copy)
		if m == nil || seen[m.ID] {
			continue
		}
		seen[m.ID] = true
		d.Copies = append(d.Copies, RocketCopy{Copy: m.ID, Topic: m.Topic, Queue: m.QueueID, Offset: m.QueueOffset,
			ReconsumeTimes: m.ReconsumeTimes, StoredAt: m.StoredAt})
		if newest == nil || m.ID > newest.ID {
			newest = m
		}
	}
	if newest == nil {
		return d, false
	}
	if last := d.History[len(d.History)-1].Kind; last == "scheduled" || last == "sent-back" {
		for i := range d.Copies {
			if d.Copies[i].Copy == newest.ID {
				d.Copies[i].Due = s.dueOf(newest)
			}
		}
	}
	d.Keys, d.Tags, d.Body = newest.Keys, newest.Tags, newest.Body
	props := newest.Props()
	names := make([]string, 0, len(props))
	for k := range props {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		d.Props = append(d.Props, RocketProp{k, props[k]})
	}
	d.Where = s.whereNow(d)
	return d, true
}

func (s *RocketSession) historyRow(ev rmq.Event) RocketHistoryRow {
	r := RocketHistoryRow{T: ev.T, Kind: ev.Kind.String(), Topic: ev.Topic, Queue: ev.QueueID, Group: ev.Group,
		Consumer: ev.Consumer, ReconsumeTimes: ev.ReconsumeTimes, Result: ev.Result, Level: ev.Level, Reason: ev.Reason,
		Caption: RocketCaption(ev, s.b)}
	if ev.Level > 0 {
		r.Wait = levelWaitIn(s.b, ev.Level)
	}
	if ev.Kind == rmq.EvScheduled && ev.Topic == rmq.ScheduleTopic {
		r.Level = ev.QueueID + 1
		r.Wait = levelWaitIn(s.b, r.Level)
	}
	return r
}

// dueOf is when a copy waiting in the schedule topic or the timer wheel
// is released: its level's wait after it was stored, or its timer time.
func (s *RocketSession) dueOf(m *rmq.Message) rmq.Time {
	switch m.Topic {
	case rmq.ScheduleTopic:
		if d, ok := s.b.Delays().Delay(m.QueueID + 1); ok {
			return m.StoredAt + rmq.Time(d)
		}
	case rmq.TimerTopic:
		if t, err := strconv.ParseInt(m.Prop(rmq.PropTimerOutMs), 10, 64); err == nil {
			return rmq.Time(t)
		}
	}
	return 0
}

// whereNow says where the message is, from its last event.
func (s *RocketSession) whereNow(d RocketMessageDetail) Caption {
	last := d.History[len(d.History)-1]
	switch last.Kind {
	case "dead-lettered":
		return Caption{"In " + last.Topic + ": nothing more happens to it unless a group reads the DLQ or an operator resends it.",
			"在 " + last.Topic + " 中：除非有消费组读取死信队列或运维人员重发，否则它不会再有变化。"}
	case "consumed":
		return Caption{"Consumed by group " + last.Group + ".", "已被消费组 " + last.Group + " 消费。"}
	case "scheduled", "sent-back":
		for _, c := range d.Copies {
			if c.Due > 0 {
				return Caption{"Waiting in " + c.Topic + " until t = " + FormatClockLong(c.Due) + ", then back to its retry topic.",
					"在 " + c.Topic + " 中等待，直到 t = " + FormatClockLong(c.Due) + "，然后回到重试 Topic。"}
			}
		}
	case "suspended":
		return Caption{"Blocking its queue: the orderly consumer retries it in place.", "阻塞着所在队列：顺序消费者在原地重试它。"}
	case "dropped":
		return Caption{"Lost: " + last.Reason + ".", "已丢失：" + last.Reason + "。"}
	}
	return Caption{"In " + last.Topic + " queue " + itoa(last.Queue) + ".", "在 " + last.Topic + " 的队列 " + itoa(last.Queue) + " 中。"}
}

// RocketQueueDetail is one topic queue: offsets, each group's progress on
// it, whether it is blocked, and the copies it holds.
type RocketQueueDetail struct {
	Topic     string
	Kind      string
	Queue     int
	Min, Max  int64
	Progress  []rmq.QueueProgress
	Blocked   []rmq.BlockedQueue
	Messages  []rmq.MessageView
	Exists    bool
	Truncated int // copies not listed
}

// MaxListed bounds the copies a queue detail lists.
const MaxListed = 200

// QueueDetail is the queue q of topic (Exists false if there is none).
func (s *RocketSession) QueueDetail(topic string, q int) RocketQueueDetail {
	d := RocketQueueDetail{Topic: topic, Queue: q}
	for _, t := range s.b.TopicTails(MaxListed) {
		if t.Name != topic || q < 0 || q >= len(t.Queues) {
			continue
		}
		qv := t.Queues[q]
		d.Exists, d.Kind, d.Min, d.Max = true, t.Kind, qv.MinOffset, qv.MaxOffset
		d.Messages = qv.Messages
		d.Truncated = max(int(qv.MaxOffset-qv.MinOffset), qv.Waiting) - len(qv.Messages)
	}
	for _, g := range s.b.GroupViews() {
		for _, p := range g.Progress {
			if p.Topic == topic && p.QueueID == q {
				d.Progress = append(d.Progress, p)
			}
		}
		for _, b := range g.Blocked {
			if b.Topic == topic && b.QueueID == q {
				d.Blocked = append(d.Blocked, b)
			}
		}
	}
	return d
}

// GroupDetail is a group of the view (ok false if there is none).
func (s *RocketSession) GroupDetail(name string) (rmq.GroupView, bool) {
	for _, g := range s.b.GroupViews() {
		if g.Name == name {
			return g, true
		}
	}
	return rmq.GroupView{}, false
}

// RecentEvents are the last n events revealed, newest first.
func (s *RocketSession) RecentEvents(n int) []RocketEventView {
	evs := s.Events()
	var out []RocketEventView
	for i := len(evs) - 1; i >= s.base && len(out) < n; i-- {
		out = append(out, RocketEventView{Pos: i - s.base + 1, Event: evs[i], Caption: RocketCaption(evs[i], s.b)})
	}
	return out
}
