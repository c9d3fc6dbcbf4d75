package rocketmq

import (
	"slices"
	"strconv"
	"strings"
)

// delivery is one listener call: a batch of copies from one queue.
type delivery struct {
	tr       *track
	gen      int
	c        *Consumer
	q        *MQueue
	msgs     []*Message
	one      [1]*Message // msgs of a single-message call, without another allocation
	rt       int         // reconsumeTimes the listener sees for msgs[0]
	start    Time
	action   Action
	finished bool
	timedOut bool
}

func (d *delivery) void() bool { return d.gen != d.tr.gen }

func (tr *track) orderly() bool { return tr.g.Orderly && tr.g.Client != Simple }

// dispatch hands what q holds to every track that reads it.
func (b *Broker) dispatch(q *MQueue) {
	if b.spent != nil {
		return
	}
	for _, g := range b.gOrder {
		for _, tr := range g.tracks {
			if b.reads(tr, q) {
				b.dispatchTrack(tr, q)
			}
		}
	}
}

// reads reports whether q is one of the track's queues (queuesOf), by
// name: dispatch asks it for every track whenever a queue gets a copy,
// and building the list each time cost more than the delivery.
func (b *Broker) reads(tr *track, q *MQueue) bool {
	t := b.topics[q.Topic]
	if t == nil || !t.Readable() || q.ID >= len(t.Queues) || t.Queues[q.ID] != q {
		return false
	}
	for _, s := range tr.g.Subs {
		if s.Topic == q.Topic {
			return true
		}
	}
	group, ok := strings.CutPrefix(q.Topic, RetryPrefix)
	switch {
	case !ok:
		return false
	case tr.g.pop():
		name := tr.g.Name
		if len(group) <= len(name) || group[:len(name)] != name || group[len(name)] != '_' {
			return false
		}
		for _, s := range tr.g.Subs {
			if group[len(name)+1:] == s.Topic { // PopRetryTopic(name, s.Topic)
				return true
			}
		}
		return false
	default:
		return !tr.g.Broadcasting && group == tr.g.Name
	}
}

func (b *Broker) dispatchTrack(tr *track, q *MQueue) {
	if tr.orderly() {
		b.dispatchOrderly(tr, q)
		return
	}
	batch := max(tr.g.BatchMax, 1)
	var buf [1]*Message
	msgs := buf[:0]
	for off := max(tr.pulled[q], q.MinOffset); off < q.MaxOffset(); off++ {
		m := q.At(off)
		if tr.settled(m) || !b.admit(tr, m) {
			continue
		}
		c, ok := b.owner(tr, q)
		if !ok {
			break
		}
		tr.pulled[q] = off + 1
		if msgs = append(msgs, m); len(msgs) == batch || tr.g.pop() {
			b.deliver(tr, c, q, msgs)
			msgs = msgs[:0]
		}
	}
	if len(msgs) > 0 {
		c, _ := b.owner(tr, q)
		b.deliver(tr, c, q, msgs)
	}
	if tr.pulled[q] < q.MaxOffset() && len(tr.g.Consumers) > 0 {
		if _, ok := b.owner(tr, q); ok {
			tr.pulled[q] = q.MaxOffset() // everything left was settled by admit
		}
	}
	tr.advance(q)
}

// dispatchOrderly consumes the lowest unsettled copy of q, one at a time,
// unless the queue is suspended (ConsumeMessageOrderlyService: takeMessages
// always returns the lowest offsets).
func (b *Broker) dispatchOrderly(tr *track, q *MQueue) {
	if tr.blocked[q] > b.clock.Now {
		return
	}
	for _, d := range tr.inflight {
		if d.q == q {
			return
		}
	}
	c, ok := b.owner(tr, q)
	if !ok {
		return
	}
	for off := max(tr.committed[q], q.MinOffset); off < q.MaxOffset(); off++ {
		m := q.At(off)
		if tr.settled(m) || !b.admit(tr, m) {
			tr.advance(q)
			continue
		}
		b.deliver(tr, c, q, []*Message{m})
		return
	}
}

// admit settles a copy the consumer never sees: filtered by tag, or (pop)
// over maxAttempts, which the proxy moves to %DLQ% at receive
// (PopMessageResultFilterImpl). It reports whether m is to be delivered.
func (b *Broker) admit(tr *track, m *Message) bool {
	for _, s := range tr.g.Subs {
		if s.Topic == m.Topic && !s.matches(m.Tags) {
			tr.setFate(m.ID, fateFiltered)
			b.emit(Event{Kind: EvFiltered, Copy: m.ID, MsgID: m.MsgID, Topic: m.Topic, QueueID: m.QueueID, Offset: m.QueueOffset,
				Group: tr.name(), Detail: "tag " + strconv.Quote(m.Tags) + " does not match " + strconv.Quote(s.Tags)})
			return false
		}
	}
	if tr.g.pop() && m.ReconsumeTimes >= tr.g.maxAttempts() {
		b.toDLQ(tr, m, m.ReconsumeTimes+1, "0", "reconsumeTimes "+strconv.Itoa(m.ReconsumeTimes)+" ≥ maxAttempts "+
			strconv.Itoa(tr.g.maxAttempts())+": the proxy forwards it at receive")
		return false
	}
	return true
}

func (b *Broker) deliver(tr *track, c *Consumer, q *MQueue, msgs []*Message) {
	m := msgs[0]
	rt := m.ReconsumeTimes
	if v, ok := tr.orderRT[m.ID]; ok {
		rt = v
	}
	a := c.Listener.actionFor(m, rt)
	d := &delivery{tr: tr, gen: tr.gen, c: c, q: q, rt: rt, start: b.clock.Now, action: a}
	if len(msgs) == 1 {
		d.one[0] = m
		d.msgs = d.one[:]
	} else {
		d.msgs = slices.Clone(msgs) // the caller reuses its buffer
	}
	timeout := tr.g.ConsumeTimeoutMs
	if timeout <= 0 {
		timeout = DefaultConsumeTimeoutMs
	}
	if a.Result == Timeout && a.TakeMs <= timeout {
		d.action.TakeMs = timeout + 60_000
	}
	for i, x := range msgs {
		tr.inflight[x.ID] = d
		b.stats.Deliveries++
		seen := x.ReconsumeTimes
		if i == 0 {
			seen = rt
		}
		b.emit(Event{Kind: EvDelivered, Copy: x.ID, MsgID: x.MsgID, Topic: x.Topic, QueueID: x.QueueID, Offset: x.QueueOffset,
			Group: tr.g.Name, Consumer: c.ID, ReconsumeTimes: seen, Result: string(a.Result)})
	}
	end := b.clock.Now + Time(d.action.TakeMs)
	b.clock.At(end, timer{kind: tFinish, d: d})
	if tr.g.Client == Remoting && !tr.g.Orderly && !tr.g.Broadcasting && d.action.TakeMs > timeout {
		// cleanExpiredMsg runs every consumeTimeout and sends back what
		// started more than consumeTimeout ago (ProcessQueue.cleanExpiredMsg).
		tick := (d.start+Time(timeout))/Time(timeout)*Time(timeout) + Time(timeout)
		if tick < end {
			b.clock.At(tick, timer{kind: tTimeout, d: d})
		}
	}
}

// consumeTimedOut: the check sends every still-running copy back with delay
// level 3 and removes it from the process queue; the listener's own result
// is then ignored for it (docs/rocketmq.md "Consume timeout").
func (b *Broker) consumeTimedOut(d *delivery) {
	if d.finished || d.void() {
		return
	}
	d.timedOut = true
	for _, m := range d.msgs {
		if d.tr.inflight[m.ID] == d {
			delete(d.tr.inflight, m.ID)
			b.sendBack(d.tr, m, 3, "consume timeout: running for more than consumeTimeout")
		}
	}
	d.tr.advance(d.q)
	b.wake(d.q)
}

func (b *Broker) finish(d *delivery) {
	if d.void() {
		return
	}
	d.finished = true
	tr := d.tr
	var mine []*Message
	for _, m := range d.msgs {
		if tr.inflight[m.ID] == d {
			delete(tr.inflight, m.ID)
			mine = append(mine, m)
		}
	}
	a := d.action
	for i, m := range mine {
		ok := !a.Result.failed() && (a.AckIndex < 0 || i <= a.AckIndex || len(d.msgs) == 1)
		if ok {
			tr.setFate(m.ID, fateConsumed)
			delete(tr.orderRT, m.ID)
			b.stats.Consumed++
			b.emit(Event{Kind: EvConsumed, Copy: m.ID, MsgID: m.MsgID, Topic: m.Topic, QueueID: m.QueueID, Offset: m.QueueOffset,
				Group: tr.g.Name, Consumer: d.c.ID})
			continue
		}
		b.failed(d, m)
	}
	tr.advance(d.q)
	b.wake(d.q)
}

// failed applies the failure rule of the group's client and mode.
func (b *Broker) failed(d *delivery, m *Message) {
	tr, g := d.tr, d.tr.g
	switch {
	case g.Client == Simple:
		// Not acked: it comes back when the invisible time that started at
		// receive ends (docs/rocketmq.md "SimpleConsumer").
		b.clock.At(d.start+Time(g.invisibleMs()), timer{kind: tRevive, id: m.ID, d: &delivery{tr: tr, q: d.q}})
	case g.Client == GrpcPush && g.Orderly:
		b.fifoFailure(d, m)
	case g.Client == GrpcPush:
		// nack: ChangeInvisibleDuration to the policy's wait for this attempt
		// (ProcessQueueImpl.nackMessage; attempt = reconsumeTimes + 1).
		wait := g.Policy.clientDelay(b.delays, m.ReconsumeTimes+1)
		b.clock.At(b.clock.Now+Time(wait), timer{kind: tRevive, id: m.ID, d: &delivery{tr: tr, q: d.q}})
	case g.Orderly:
		b.orderlyFailure(d, m)
	case g.Broadcasting:
		tr.setFate(m.ID, fateDropped)
		b.drop(m, tr.name(), DropBroadcasting, "BROADCASTING: a failed message is dropped, the offset moves on")
	default:
		b.sendBack(tr, m, d.action.DelayLevel, "")
	}
}
