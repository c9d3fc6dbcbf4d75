package rocketmq

import (
	"fmt"
	"strconv"
	"strings"
)

// Topic permissions (PermName).
const (
	PermWrite = 2
	PermRead  = 4
)

// MaxQueuesPerTopic bounds a topic (the broker's default is 8 queues).
const MaxQueuesPerTopic = 64

// Topic is a named set of message queues.
type Topic struct {
	Name   string
	Queues []*MQueue
	Perm   int
	Kind   string // "normal", "retry", "dlq", "schedule", "timer"
	rr     int    // next queue for round-robin sends
}

// delays reports whether the topic holds copies until they are due (the
// delay levels' schedule topic, the timer topic).
func (t *Topic) delays() bool { return t.Kind == "schedule" || t.Kind == "timer" }

// MQueue is one message queue: an append-only list of copies. Offsets are
// positions in it; retention removes copies from the head (MinOffset).
type MQueue struct {
	Topic     string
	ID        int
	msgs      []*Message // msgs[i] has offset MinOffset+i
	MinOffset int64

	dispatchArmed bool

	// In a schedule or timer queue: waiting counts the copies neither
	// released nor removed by retention, and every copy before offset
	// scan is released, so that a picture of the queue (TopicTails) does
	// not walk the released ones on every frame.
	waiting int
	scan    int64
}

// MaxOffset is the offset the next copy gets.
func (q *MQueue) MaxOffset() int64 { return q.MinOffset + int64(len(q.msgs)) }

// At returns the copy at offset off, or nil if it is not (or no longer) there.
func (q *MQueue) At(off int64) *Message {
	if off < q.MinOffset || off >= q.MaxOffset() {
		return nil
	}
	return q.msgs[off-q.MinOffset]
}

// Messages returns the copies still stored, oldest first.
func (q *MQueue) Messages() []*Message { return q.msgs }

// Readable reports whether consumers can read the topic (PermName.isReadable).
func (t *Topic) Readable() bool { return t.Perm&PermRead != 0 }

// CreateTopic makes a normal topic with n queues (mqadmin updateTopic).
func (b *Broker) CreateTopic(name string, n int) error {
	if err := validTopicName(name); err != nil {
		return b.fail(err)
	}
	if n < 1 || n > MaxQueuesPerTopic {
		return b.fail(fmt.Errorf("topic %s: queues must be 1..%d, not %d", name, MaxQueuesPerTopic, n))
	}
	if t := b.topics[name]; t != nil {
		if len(t.Queues) != n {
			return b.fail(fmt.Errorf("topic %s already exists with %d queues", name, len(t.Queues)))
		}
		return nil
	}
	b.ensureTopic(name, n, PermRead|PermWrite, "normal")
	return nil
}

// UpdateTopicPerm sets a topic's permission (mqadmin updateTopicPerm).
func (b *Broker) UpdateTopicPerm(name string, perm int) error {
	t := b.topics[name]
	if t == nil {
		return b.fail(fmt.Errorf("topic %s does not exist", name))
	}
	if perm != 2 && perm != 4 && perm != 6 {
		return b.fail(fmt.Errorf("perm must be 2 (write), 4 (read) or 6 (read+write), not %d", perm))
	}
	t.Perm = perm
	b.emit(Event{Kind: EvTopic, Topic: name, Detail: "perm " + strconv.Itoa(perm)})
	return nil
}

func validTopicName(name string) error {
	if name == "" || len(name) > 127 {
		return fmt.Errorf("topic name must be 1..127 characters")
	}
	for _, r := range name {
		if !(r == '%' || r == '|' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return fmt.Errorf("topic %q: only letters, digits, %%, |, - and _ are allowed (TopicValidator)", name)
		}
	}
	if strings.HasPrefix(name, RetryPrefix) || strings.HasPrefix(name, DLQPrefix) || name == ScheduleTopic || name == TimerTopic {
		return fmt.Errorf("topic %q is a system topic: the broker creates it", name)
	}
	return nil
}

func (b *Broker) ensureTopic(name string, n, perm int, kind string) *Topic {
	if t := b.topics[name]; t != nil {
		return t
	}
	t := &Topic{Name: name, Perm: perm, Kind: kind}
	for i := range n {
		t.Queues = append(t.Queues, &MQueue{Topic: name, ID: i})
	}
	b.topics[name] = t
	b.tOrder = append(b.tOrder, t)
	b.emit(Event{Kind: EvTopic, Topic: name, Detail: fmt.Sprintf("created: %d queues, perm %d", n, perm)})
	return t
}

// store appends a copy to topic/queue, gives it its id and offset, and
// wakes whoever reads that queue.
func (b *Broker) store(m *Message, q *MQueue) {
	b.nextUID++
	m.ID = b.nextUID
	m.Topic = q.Topic
	m.QueueID = q.ID
	m.QueueOffset = q.MaxOffset()
	m.StoredAt = b.clock.Now
	q.msgs = append(q.msgs, m)
	if t := b.topics[q.Topic]; t != nil && t.delays() {
		q.waiting++
	}
	b.copies = append(b.copies, m)
	b.stats.Stored++
	if b.sweep == Never {
		b.armSweep(m.StoredAt + Time(b.cfg.FileReservedMs))
	}
	b.wake(q)
}

func (b *Broker) armSweep(at Time) {
	b.sweep = at
	b.clock.At(at, timer{kind: tSweep, at: at})
}

// sweepRetention removes every copy stored fileReservedTime ago or more
// (docs/rocketmq.md "Retention"). A copy a group has not consumed yet, or
// a dead letter, is a recorded loss.
func (b *Broker) sweepRetention() {
	b.sweep = Never
	cut := b.clock.Now - Time(b.cfg.FileReservedMs)
	next := Never
	for _, t := range b.tOrder {
		for _, q := range t.Queues {
			n := 0
			for n < len(q.msgs) && q.msgs[n].StoredAt <= cut {
				n++
			}
			for _, m := range q.msgs[:n] {
				b.expire(t, m)
			}
			q.msgs = q.msgs[n:]
			q.MinOffset += int64(n)
			if len(q.msgs) > 0 {
				next = min(next, q.msgs[0].StoredAt+Time(b.cfg.FileReservedMs))
			}
		}
	}
	b.forgetExpired()
	if next != Never {
		b.armSweep(next)
	}
}

func (b *Broker) expire(t *Topic, m *Message) {
	b.stats.Expired++
	b.emit(Event{Kind: EvExpired, Copy: m.ID, MsgID: m.MsgID, Topic: m.Topic, QueueID: m.QueueID, Offset: m.QueueOffset})
	if t.delays() && !b.releasedIDs[m.ID] {
		t.Queues[m.QueueID].waiting--
		b.drop(m, "", DropRetention, "still waiting in "+t.Name+" when its commit-log file was deleted")
		return
	}
	if t.Kind == "dlq" {
		b.drop(m, "", DropDLQRetention, "nobody consumed the dead letter before its commit-log file was deleted")
		return
	}
	for _, tr := range b.tracksReading(t.Name, m.QueueID) {
		if !tr.settled(m) {
			tr.setFate(m.ID, fateDropped)
			b.drop(m, tr.g.Name, DropRetention, "not consumed by "+tr.name()+" before its commit-log file was deleted")
		}
	}
}

func (b *Broker) drop(m *Message, group, reason, detail string) {
	b.stats.Dropped++
	b.emit(Event{Kind: EvDropped, Copy: m.ID, MsgID: m.MsgID, Topic: m.Topic, QueueID: m.QueueID, Offset: m.QueueOffset,
		Group: group, Reason: reason, Detail: detail})
}

func (b *Broker) fail(err error) error {
	b.emit(Event{Kind: EvError, Detail: err.Error()})
	return err
}
