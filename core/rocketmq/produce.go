package rocketmq

import (
	"fmt"
	"maps"
	"strconv"
)

// SendRequest is one producer send.
type SendRequest struct {
	Topic      string
	Tags       string
	Keys       []string
	Body       string
	Props      map[string]string // user properties
	QueueID    int               // -1: round robin over the topic's queues
	DelayLevel int               // Message.setDelayTimeLevel (0: none)
	DeliverAt  Time              // 5.x Message.setDeliverTimeMs, virtual ms (0: none)
}

// reserved property names a user may not set.
var reserved = map[string]bool{PropRetryTopic: true, PropOriginMessageID: true, PropRealTopic: true, PropRealQID: true,
	PropDelay: true, PropUniqKey: true, PropKeys: true, PropTags: true, PropTimerDeliverMs: true, PropTimerOutMs: true}

// Send stores a producer's message and returns its msgId (UNIQ_KEY).
func (b *Broker) Send(r SendRequest) (string, error) {
	if b.spent != nil {
		return "", b.spent
	}
	t := b.topics[r.Topic]
	if t == nil || t.Kind != "normal" {
		return "", b.fail(fmt.Errorf("send to %s: no such topic (create it first; system topics are the broker's)", r.Topic))
	}
	if t.Perm&PermWrite == 0 {
		return "", b.fail(fmt.Errorf("send to %s: the topic is not writeable (perm %d)", r.Topic, t.Perm))
	}
	if r.QueueID < -1 || r.QueueID >= len(t.Queues) {
		return "", b.fail(fmt.Errorf("send to %s: queue %d does not exist (0..%d)", r.Topic, r.QueueID, len(t.Queues)-1))
	}
	if r.DelayLevel < 0 {
		return "", b.fail(fmt.Errorf("send to %s: delay level %d: 0 (none) or 1..%d", r.Topic, r.DelayLevel, b.delays.Levels()))
	}
	for k := range r.Props {
		if reserved[k] || k == "" {
			return "", b.fail(fmt.Errorf("send to %s: property %q is the broker's", r.Topic, k))
		}
	}
	m := &Message{Tags: r.Tags, Keys: append([]string(nil), r.Keys...), Body: r.Body, User: maps.Clone(r.Props), BornAt: b.clock.Now}
	b.sent++
	m.MsgID = fmt.Sprintf("7F000001%024X", b.sent)
	qid := r.QueueID
	if qid < 0 {
		qid = t.rr % len(t.Queues)
		t.rr++
	}
	q := t.Queues[qid]
	b.stats.Sent++
	switch {
	case r.DelayLevel > 0:
		// A delay level wins over timer properties (HookUtils.checkIfTimerMessage).
		b.putDelayed(m, q, r.DelayLevel)
	case r.DeliverAt > 0 && b.profile.is5() && r.DeliverAt > b.clock.Now:
		if err := b.putTimer(m, q, r.DeliverAt); err != nil {
			b.stats.Sent--
			return "", err
		}
	default:
		if r.DeliverAt > 0 {
			m.sys[sTimerDeliver] = strconv.FormatInt(int64(r.DeliverAt), 10)
		}
		b.store(m, q)
	}
	b.emit(Event{Kind: EvSent, Copy: m.ID, MsgID: m.MsgID, Topic: m.Topic, QueueID: m.QueueID, Offset: m.QueueOffset})
	return m.MsgID, b.settle()
}

// putTimer holds a 5.x timer message on the wheel until its slot ends
// (HookUtils.transformTimerMessage puts it in the slot that starts at or
// before its time; TimerMessageStore releases a slot when it is over, so
// it comes out at the end of its slot, never early: docs/rocketmq.md
// "Timer messages (5.x)").
func (b *Broker) putTimer(m *Message, q *MQueue, at Time) error {
	if int64(at-b.clock.Now) > DefaultTimerMaxDelayMs {
		return b.fail(fmt.Errorf("send to %s: MESSAGE_ILLEGAL: deliver time %d ms is more than timerMaxDelaySec (3 days) ahead", q.Topic, at))
	}
	p := Time(b.cfg.TimerPrecisionMs)
	due := (at + p - 1) / p * p
	m.sys[sTimerDeliver] = strconv.FormatInt(int64(at), 10)
	m.sys[sTimerOut] = strconv.FormatInt(int64(due), 10)
	m.sys[sRealTopic] = q.Topic
	m.sys[sRealQID] = strconv.Itoa(q.ID)
	b.store(m, b.topics[TimerTopic].Queues[0])
	b.emit(Event{Kind: EvScheduled, Copy: m.ID, MsgID: m.MsgID, Topic: m.Topic, QueueID: m.QueueID, Offset: m.QueueOffset,
		Detail: "timer wheel: due at " + strconv.FormatInt(int64(due), 10) + " ms for " + q.Topic})
	b.clock.At(due, timer{kind: tRelease, id: m.ID})
	return nil
}
