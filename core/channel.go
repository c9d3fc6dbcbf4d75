package core

import "sort"

// GetChannel is the channel basic.get uses when the caller names none
// (channel ""): settling a basic.get delivery goes through it too.
const GetChannel = "get"

// Channel numbers deliveries (delivery tags are per channel) and holds the
// unacked ones in tag order. Each consumer has one; basic.get uses any named
// channel (GetChannel by default).
type Channel struct {
	Name     string
	nextTag  uint64
	unacked  []*delivery // ascending tag
	closed   bool
	consumer *Consumer
}

type delivery struct {
	tag    uint64
	q      *Queue
	e      *entry
	c      *Consumer // nil for basic.get
	action Action
	at     Time
}

func (ch *Channel) find(tag uint64) int {
	i := sort.Search(len(ch.unacked), func(i int) bool { return ch.unacked[i].tag >= tag })
	if i < len(ch.unacked) && ch.unacked[i].tag == tag {
		return i
	}
	return -1
}

// channel returns the open channel with this name, opening it if needed.
func (b *Broker) channel(name string) *Channel {
	if ch := b.channels[name]; ch != nil {
		return ch
	}
	ch := &Channel{Name: name}
	b.channels[name] = ch
	b.chOrder = append(b.chOrder, ch)
	return ch
}

// handOut records a delivery of e on ch.
func (b *Broker) handOut(ch *Channel, q *Queue, e *entry, c *Consumer, act Action) *delivery {
	ch.nextTag++
	d := &delivery{tag: ch.nextTag, q: q, e: e, c: c, at: b.clock.Now, action: act}
	ch.unacked = append(ch.unacked, d)
	q.unacked++
	if c != nil {
		c.unacked++
	}
	b.stats.Delivered++
	if b.observing() {
		tag := ""
		if c != nil {
			tag = c.Tag
		}
		b.emit(Event{Kind: EvDelivered, Msg: e.msg, Instance: e.id, Queue: q.Name, Consumer: tag,
			Tag: d.tag, Redelivered: e.delivered, Headers: b.deliveryHeaders(q, e, c == nil), Exchange: e.msg.Exchange,
			Action: act.Kind})
	} else {
		b.spend()
	}
	e.delivered = true
	return d
}

// GetResult is what basic.get returned.
type GetResult struct {
	Tag          uint64
	Msg          *Message
	Headers      Table
	Redelivered  bool
	MessageCount int // ready messages left
}

// Get runs basic.get on channel chName (default GetChannel). ok is false when
// the queue is empty (basic.get-empty). basic.get renews x-expires (docs/rabbitmq.md "Queue expiry").
func (b *Broker) Get(chName, queue string) (GetResult, bool, error) {
	return b.GetFor(chName, queue, ActHold)
}

// GetFor is Get when the caller already knows what it will do with the
// message: the delivered event records that action (the caller still settles).
func (b *Broker) GetFor(chName, queue, action string) (GetResult, bool, error) {
	if chName == "" {
		chName = GetChannel
	}
	q := b.queues[queue]
	if q == nil {
		return GetResult{}, false, b.fail(notFound("no queue '%s' in vhost '%s'", queue, Vhost))
	}
	b.renewLease(q)
	b.dropExpired(q)
	if q.readyCount() == 0 {
		b.armHeadTimer(q)
		return GetResult{}, false, b.settle()
	}
	e := q.take()
	res := GetResult{Msg: e.msg, Headers: b.deliveryHeaders(q, e, true), Redelivered: e.delivered}
	d := b.handOut(b.channel(chName), q, e, nil, Action{Kind: action})
	res.Tag = d.tag
	b.dropExpired(q)
	b.armHeadTimer(q)
	res.MessageCount = q.readyCount()
	return res, true, b.settle()
}

// Ack runs basic.ack.
func (b *Broker) Ack(chName string, tag uint64, multiple bool) error {
	ch, err := b.openChannel(chName)
	if err == nil {
		err = b.ack(ch, tag, multiple)
	}
	return b.done(err)
}

// Nack runs basic.nack.
func (b *Broker) Nack(chName string, tag uint64, multiple, requeue bool) error {
	ch, err := b.openChannel(chName)
	if err == nil {
		err = b.reject(ch, tag, multiple, requeue, false)
	}
	return b.done(err)
}

// Reject runs basic.reject.
func (b *Broker) Reject(chName string, tag uint64, requeue bool) error {
	ch, err := b.openChannel(chName)
	if err == nil {
		err = b.reject(ch, tag, false, requeue, true)
	}
	return b.done(err)
}

func (b *Broker) done(err *Error) error {
	if err != nil {
		return b.fail(err)
	}
	return b.settle()
}

func (b *Broker) openChannel(name string) (*Channel, *Error) {
	if name == "" {
		name = GetChannel
	}
	ch := b.channels[name]
	if ch == nil || ch.closed {
		return nil, newError(504, "CHANNEL_ERROR", "no open channel '%s'", name)
	}
	return ch, nil
}

// collect takes the deliveries a settle names: one tag, or with multiple
// every tag up to it (0 = all); an unknown tag is a 406 (docs/rabbitmq.md "Rejected").
func (ch *Channel) collect(tag uint64, multiple bool) ([]*delivery, *Error) {
	if multiple {
		n := sort.Search(len(ch.unacked), func(i int) bool { return ch.unacked[i].tag > tag })
		if tag == 0 {
			n = len(ch.unacked)
		}
		if n == 0 || (tag != 0 && ch.find(tag) < 0) {
			return nil, preconditionFailed("unknown delivery tag %d", tag)
		}
		out := append([]*delivery(nil), ch.unacked[:n]...)
		ch.unacked = append(ch.unacked[:0], ch.unacked[n:]...)
		return out, nil
	}
	i := ch.find(tag)
	if i < 0 {
		return nil, preconditionFailed("unknown delivery tag %d", tag)
	}
	d := ch.unacked[i]
	ch.unacked = append(ch.unacked[:i], ch.unacked[i+1:]...)
	return []*delivery{d}, nil
}

func (b *Broker) release(d *delivery) {
	d.q.unacked--
	if d.c != nil {
		d.c.unacked--
	}
}

func (b *Broker) ack(ch *Channel, tag uint64, multiple bool) *Error {
	ds, err := ch.collect(tag, multiple)
	if err != nil {
		return err
	}
	for _, d := range ds {
		b.release(d)
		b.stats.Acked++
		b.emit(Event{Kind: EvAcked, Msg: d.e.msg, Instance: d.e.id, Queue: d.q.Name, Consumer: ch.consumerTag(), Tag: d.tag})
		b.recycle(d.e)
		d.e = nil
	}
	b.redispatch(ds)
	return nil
}

// reject settles with basic.reject (isReject) or basic.nack: requeue=false
// dead-letters with reason rejected in tag order (docs/rabbitmq.md "Rejected"); requeue=true
// returns the messages to their queues.
func (b *Broker) reject(ch *Channel, tag uint64, multiple, requeue, isReject bool) *Error {
	ds, err := ch.collect(tag, multiple)
	if err != nil {
		return err
	}
	for _, d := range ds {
		b.release(d)
		if requeue {
			b.returnEntry(d.q, d.e, isReject, ch.consumerTag())
		} else {
			b.countDiscard(d.q, d.e, isReject)
			b.deadLetter(d.q, d.e, ReasonRejected)
		}
	}
	b.redispatch(ds)
	return nil
}

func (b *Broker) redispatch(ds []*delivery) {
	var last *Queue
	for _, d := range ds {
		if d.q != last && b.queues[d.q.Name] == d.q {
			b.dispatch(d.q)
			last = d.q
		}
	}
}

func (ch *Channel) consumerTag() string {
	if ch.consumer != nil {
		return ch.consumer.Tag
	}
	return ""
}

// CloseChannel closes the basic.get channel chName (default GetChannel):
// every delivery it holds goes back to its queue, which a quorum queue
// counts as a failed delivery. A consumer's channel closes with Cancel.
// Closing a channel that is not open does nothing (it has nothing to return).
func (b *Broker) CloseChannel(chName string) error {
	if chName == "" {
		chName = GetChannel
	}
	ch := b.channels[chName]
	if ch == nil || ch.closed {
		return b.settle()
	}
	if ch.consumer != nil {
		return b.Cancel(ch.consumer.Tag)
	}
	b.closeChannel(ch)
	return b.settle()
}

// closeChannel returns every unacked message to its queue; for quorum
// queues that is a failed delivery (docs/rabbitmq.md "Delivery limit").
func (b *Broker) closeChannel(ch *Channel) {
	ds := ch.unacked
	ch.unacked = nil
	ch.closed = true
	delete(b.channels, ch.Name)
	b.chOrder = removePtr(b.chOrder, ch)
	for _, d := range ds {
		b.release(d)
		if d.q.Type == Quorum && b.profile.is4() && !b.profile.countsOnlyFailedReturns() {
			d.e.failed++ // 4.0–4.2 carry a closed channel's return, not a requeue (measured on 4.0.5)
		}
		b.returnEntry(d.q, d.e, true, ch.consumerTag())
	}
	b.redispatch(ds)
}
