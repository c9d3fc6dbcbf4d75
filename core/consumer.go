package core

import "fmt"

// Consumer actions: what a simulated consumer does with each delivery.
const (
	ActAck         = "ack"          // basic.ack
	ActReject      = "reject"       // basic.reject requeue=false
	ActNack        = "nack"         // basic.nack requeue=false
	ActRequeue     = "requeue"      // basic.reject requeue=true
	ActNackRequeue = "nack-requeue" // basic.nack requeue=true (4.3: not a failed delivery)
	ActHold        = "hold"         // leave it unacked (settle by hand later)
	ActRepublish   = "republish"    // publish a copy to Exchange/RoutingKey, then ack
)

// Action is one scripted response, after Delay ms of "processing".
type Action struct {
	Kind       string
	Delay      int64
	Exchange   string
	RoutingKey string
}

// ConsumerSpec is basic.consume with a script. Actions apply per delivery
// of a message (the n-th time this consumer sees a message, descendants
// through dead-lettering and republish included) and the last one repeats.
// No actions means every delivery is held for settling by hand.
type ConsumerSpec struct {
	Tag      string
	Queue    string
	Prefetch int // 0 = unlimited
	Actions  []Action
}

// Consumer is a subscription on its own channel.
type Consumer struct {
	Tag      string
	Prefetch int
	Actions  []Action

	q       *Queue
	ch      *Channel
	unacked int
	seen    map[uint64]int // lineage → deliveries so far
}

func (c *Consumer) hasCapacity() bool { return c.Prefetch == 0 || c.unacked < c.Prefetch }

// actionFor picks the script entry for the n-th delivery (0-based).
func (c *Consumer) actionFor(n int) Action {
	i := ActionIndex(n, len(c.Actions))
	if i < 0 {
		return Action{Kind: ActHold}
	}
	return c.Actions[i]
}

// ActionIndex is which of a script's length entries applies to the n-th
// delivery (0-based) of a message: the last entry repeats; -1 when the
// script is empty, which means hold.
func ActionIndex(n, length int) int {
	if length == 0 {
		return -1
	}
	return min(n, length-1)
}

// Consume subscribes a consumer on a channel of its own named after its tag.
func (b *Broker) Consume(s ConsumerSpec) error {
	if err := checkShort("consumer tag", s.Tag, "queue name", s.Queue); err != nil {
		return b.fail(err)
	}
	q := b.queues[s.Queue]
	if q == nil {
		return b.fail(notFound("no queue '%s' in vhost '%s'", s.Queue, Vhost))
	}
	if s.Tag == "" || b.consumerCh[s.Tag] != nil {
		return b.fail(newError(530, "NOT_ALLOWED", "attempt to reuse consumer tag '%s'", s.Tag))
	}
	if s.Prefetch < 0 {
		return b.fail(preconditionFailed("prefetch must not be negative, got %d", s.Prefetch))
	}
	if err := validActions(s.Actions); err != nil {
		return b.fail(err)
	}
	ch := b.channel(s.Tag)
	c := &Consumer{Tag: s.Tag, Prefetch: s.Prefetch, Actions: append([]Action(nil), s.Actions...), q: q, ch: ch, seen: map[uint64]int{}}
	ch.consumer = c
	b.consumerCh[s.Tag] = ch
	q.consumers = append(q.consumers, c)
	q.leaseTimer = Never // a queue with consumers is in use (docs/rabbitmq.md "Queue expiry")
	b.emit(Event{Kind: EvTopology, Queue: q.Name, Consumer: c.Tag, Detail: "consumer attached"})
	b.dispatch(q)
	return b.settle()
}

func validActions(as []Action) *Error {
	for _, a := range as {
		switch a.Kind {
		case ActAck, ActReject, ActNack, ActRequeue, ActNackRequeue, ActHold, ActRepublish:
		default:
			return preconditionFailed("unknown consumer action '%s' (ack, reject, nack, requeue, nack-requeue, hold, republish)", a.Kind)
		}
		if a.Delay < 0 {
			return preconditionFailed("action delay must not be negative, got %d ms", a.Delay)
		}
	}
	return nil
}

// Cancel stops a consumer and closes its channel: its unacked messages go
// back to the queue as after a channel close (for quorum queues a failed
// delivery, docs/rabbitmq.md "Delivery limit").
func (b *Broker) Cancel(tag string) error {
	ch := b.consumerCh[tag]
	if ch == nil {
		return b.fail(notFound("no consumer '%s'", tag))
	}
	c := ch.consumer
	b.detachConsumer(c)
	b.emit(Event{Kind: EvTopology, Queue: c.q.Name, Consumer: tag, Detail: "consumer cancelled"})
	b.closeChannel(ch)
	return b.settle()
}

func (b *Broker) detachConsumer(c *Consumer) {
	q := c.q
	q.consumers = removePtr(q.consumers, c)
	if q.rr >= len(q.consumers) {
		q.rr = 0
	}
	delete(b.consumerCh, c.Tag)
	if len(q.consumers) == 0 {
		b.renewLease(q)
	}
}

// nextConsumer picks the next consumer with free prefetch, round robin in
// subscription order.
func (q *Queue) nextConsumer() *Consumer {
	n := len(q.consumers)
	for i := 0; i < n; i++ {
		c := q.consumers[(q.rr+i)%n]
		if c.hasCapacity() {
			q.rr = (q.rr + i + 1) % n
			return c
		}
	}
	return nil
}

// dispatch hands ready messages to consumers with capacity; expired heads
// are removed first, so an expired message is never delivered (docs/rabbitmq.md "Message TTL").
func (b *Broker) dispatch(q *Queue) {
	b.dropExpired(q)
	for q.readyCount() > 0 && len(q.consumers) > 0 {
		c := q.nextConsumer()
		if c == nil {
			break
		}
		b.deliver(c, q, q.take())
		b.dropExpired(q)
	}
	b.armHeadTimer(q)
}

// deliver gives e to consumer c and schedules its scripted response.
func (b *Broker) deliver(c *Consumer, q *Queue, e *entry) {
	n := c.seen[e.msg.Lineage]
	c.seen[e.msg.Lineage] = n + 1
	d := b.handOut(c.ch, q, e, c, c.actionFor(n))
	if d.action.Kind != ActHold {
		b.schedule(timer{at: b.clock.Now + Time(d.action.Delay), kind: timerSettle, ch: c.ch, tag: d.tag})
	}
}

func (b *Broker) runScriptedAction(ch *Channel, tag uint64) {
	d := ch.unacked[ch.find(tag)]
	var err *Error
	switch d.action.Kind {
	case ActAck:
		err = b.ack(ch, tag, false)
	case ActReject:
		err = b.reject(ch, tag, false, false, true)
	case ActNack:
		err = b.reject(ch, tag, false, false, false)
	case ActRequeue:
		err = b.reject(ch, tag, false, true, true)
	case ActNackRequeue:
		err = b.reject(ch, tag, false, true, false)
	case ActRepublish:
		err = b.republish(ch, d)
	}
	if err != nil {
		b.fail(err)
	}
}

// republish publishes what the consumer received (body, properties and the
// headers as delivered, x-death included) to a new exchange and key, then
// acks. To the broker it is a new message: 4.x starts a fresh death
// history (docs/rabbitmq.md "Client-published x-death"); the lineage stays so scripts count it as the same.
func (b *Broker) republish(ch *Channel, d *delivery) *Error {
	x, err := b.checkPublish(&Publishing{Exchange: d.action.Exchange})
	if err != nil {
		return err
	}
	old := d.e.msg
	m := &Message{Lineage: old.Lineage, Exchange: x.Name, Keys: []string{d.action.RoutingKey},
		props: old.props, Headers: b.renderHeaders(old, nil), Body: old.Body, ttl: old.ttl}
	if b.profile.parsesClientXDeath() {
		adoptClientDeaths(m)
	}
	b.publishMessage(x, m, false)
	return b.ack(ch, d.tag, false)
}

func (c *Consumer) String() string { return fmt.Sprintf("consumer %s on %s", c.Tag, c.q.Name) }
