package rocketmq

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
)

// Resend is the dashboard's "resend" of a DLQ message
// (DlqMessageServiceImpl.batchResendDlqMessage → consumeMessageDirectly):
// the broker pushes the copy to one online consumer of the group, which
// runs its listener once. Nothing is re-enqueued: the DLQ copy stays, no
// offset moves, a failure causes no retry (docs/rocketmq.md "Operations").
func (b *Broker) Resend(group string, copyID uint64) (Result, error) {
	g := b.groups[group]
	m := b.Copy(copyID)
	if g == nil {
		return noResult, b.fail(fmt.Errorf("resend: group %s does not exist", group))
	}
	if m == nil || m.Topic != DLQTopic(group) {
		return noResult, b.fail(fmt.Errorf("resend: copy %d is not in %s", copyID, DLQTopic(group)))
	}
	if len(g.Consumers) == 0 {
		return noResult, b.fail(fmt.Errorf("resend: no online consumer of %s (CONSUME_MESSAGE_DIRECTLY needs one)", group))
	}
	c := g.Consumers[0]
	a := c.Listener.actionFor(m, m.ReconsumeTimes)
	res := Success
	if a.Result.failed() {
		res = a.Result
	}
	b.stats.Deliveries++
	b.emit(Event{Kind: EvResent, Copy: m.ID, MsgID: m.MsgID, Topic: m.Topic, QueueID: m.QueueID, Offset: m.QueueOffset,
		Group: group, Consumer: c.ID, ReconsumeTimes: m.ReconsumeTimes, Result: string(res),
		Detail: "consumed directly; the DLQ copy stays"})
	return res, b.settle()
}

// Republish sends a new message to the original topic of a DLQ copy, with
// its body, tags, keys and user properties: the correct re-drive. It gets a
// new msgId; consumers must be idempotent on their business key.
func (b *Broker) Republish(copyID uint64) (string, error) {
	m := b.Copy(copyID)
	if m == nil || b.topics[m.Topic] == nil || b.topics[m.Topic].Kind != "dlq" {
		return "", b.fail(fmt.Errorf("republish: copy %d is not a dead letter", copyID))
	}
	props := maps.Clone(m.User)
	return b.Send(SendRequest{Topic: m.sys[sRetryTopic], Tags: m.Tags, Keys: m.Keys, Body: m.Body, Props: props, QueueID: -1})
}

// ResetOffsetByTime moves group's consume offsets on topic to the first copy
// stored at or after t, per queue (mqadmin resetOffsetByTime). Messages
// consumed since are delivered again; %RETRY% and %DLQ% are untouched.
func (b *Broker) ResetOffsetByTime(group, topic string, t Time) error {
	g := b.groups[group]
	tp := b.topics[topic]
	if g == nil || tp == nil {
		return b.fail(fmt.Errorf("resetOffsetByTime: group %s or topic %s does not exist", group, topic))
	}
	for _, tr := range g.tracks {
		for _, q := range tp.Queues {
			off := q.offsetAt(t)
			for o := max(tr.committed[q], q.MinOffset); o < off; o++ {
				if m := q.At(o); !tr.settled(m) {
					tr.setFate(m.ID, fateDropped)
					b.drop(m, tr.name(), DropOffsetReset, "resetOffsetByTime moved the offset past it before it was consumed")
				}
			}
			for o := off; o < q.MaxOffset(); o++ {
				m := q.At(o)
				if tr.inflight[m.ID] == nil {
					tr.setFate(m.ID, fateNone)
				}
				delete(tr.orderRT, m.ID)
			}
			tr.committed[q], tr.pulled[q] = off, off
			b.emit(Event{Kind: EvOffset, Topic: topic, QueueID: q.ID, Offset: off, Group: tr.name(), Detail: "reset by time"})
		}
		tr.gen++
		clear(tr.inflight)
		clear(tr.blocked)
	}
	b.wakeAll()
	return b.settle()
}

// QueueProgress is one row of mqadmin consumerProgress.
type QueueProgress struct {
	Track          string // group, or group/consumer when broadcasting
	Topic          string
	QueueID        int
	BrokerOffset   int64 // max offset
	ConsumerOffset int64
	Lag            int64
	Consumer       string // the owner, if any
}

// ConsumerProgress lists offsets and lag of a group, queue by queue,
// including its retry topic (mqadmin consumerProgress).
func (b *Broker) ConsumerProgress(group string) ([]QueueProgress, error) {
	g := b.groups[group]
	if g == nil {
		return nil, fmt.Errorf("consumerProgress: group %s does not exist", group)
	}
	var out []QueueProgress
	for _, tr := range g.tracks {
		for _, q := range b.queuesOf(tr) {
			off := max(tr.committed[q], q.MinOffset)
			p := QueueProgress{Track: tr.name(), Topic: q.Topic, QueueID: q.ID, BrokerOffset: q.MaxOffset(), ConsumerOffset: off,
				Lag: q.MaxOffset() - off}
			if !g.pop() {
				if c, ok := b.owner(tr, q); ok {
					p.Consumer = c.ID
				}
			}
			out = append(out, p)
		}
	}
	return out, nil
}

// QueryByKey lists the copies stored in topic whose keys include key
// (mqadmin queryMsgByKey), oldest first.
func (b *Broker) QueryByKey(topic, key string) []*Message {
	t := b.topics[topic]
	if t == nil {
		return nil
	}
	var out []*Message
	for _, q := range t.Queues {
		for _, m := range q.msgs {
			if slices.Contains(m.Keys, key) {
				out = append(out, m)
			}
		}
	}
	slices.SortFunc(out, func(x, y *Message) int { return cmp.Compare(x.ID, y.ID) })
	return out
}
