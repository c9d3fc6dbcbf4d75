package conform

import (
	"context"
	"errors"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// maxDeliveries bounds what one replay records: a scenario whose consumer
// requeues with no delay keeps a real broker busy for ever (the simulator
// stops it when its work budget is spent, Scenario.EventBudget).
const maxDeliveries = 100_000

// consumer is a scripted consumer on its own channel, as in the simulator
// (core.Consumer): basic.qos prefetch, then basic.consume with the
// scenario's name as the consumer tag.
type consumer struct {
	spec   scenarios.Consumer
	ch     *amqp.Channel
	seen   map[string]int         // lineage → deliveries to this consumer so far
	held   []uint64               // tags delivered with action hold, oldest first
	out    map[uint64]bool        // unacked tags
	timers map[uint64]*time.Timer // delayed actions not yet run
	closed bool                   // channel closed (cancel step or a channel error)
	done   chan struct{}          // closed when the delivery loop has ended
}

// startConsumer subscribes a consumer. A refusal (404 no queue) is
// recorded against step / where; the error is a failure of the run.
func (s *Session) startConsumer(step int, where string, spec scenarios.Consumer) error {
	ch, err := s.consConn.Channel()
	if err != nil {
		return err
	}
	if err := ch.Qos(spec.Prefetch, 0, false); err != nil {
		return s.consumerRefused(step, where, err)
	}
	dels, err := ch.Consume(spec.Queue, spec.Name, false, false, false, false, nil)
	if err != nil {
		return s.consumerRefused(step, where, err)
	}
	c := &consumer{spec: spec, ch: ch, seen: map[string]int{}, out: map[uint64]bool{},
		timers: map[uint64]*time.Timer{}, done: make(chan struct{})}
	closed := ch.NotifyClose(make(chan *amqp.Error, 1))
	s.mu.Lock()
	s.consumers[spec.Name] = c
	s.order = append(s.order, c)
	s.mu.Unlock()
	go func() {
		defer close(c.done)
		for d := range dels {
			s.onDelivery(c, d)
		}
	}()
	go func() {
		if e := <-closed; e != nil {
			s.consumerClosed(c, e)
		}
	}()
	return nil
}

func (s *Session) consumerRefused(step int, where string, err error) error {
	code, text, ok := brokerError(err)
	if !ok || errors.Is(err, amqp.ErrClosed) {
		return err
	}
	s.record(step, where, code, text)
	return nil
}

// consumerClosed handles a channel error on a consumer's channel (e.g. a
// republish to a missing exchange): RabbitMQ closes the channel, which
// ends the consumer and requeues what it held. The simulator has no such
// close, so this is recorded as the step's error and the diff shows the rest.
func (s *Session) consumerClosed(c *consumer, e *amqp.Error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.closed {
		return
	}
	s.closeLocked(c)
	s.recordLocked(s.step, "", e.Code, e.Reason)
}

// closeLocked forgets what a closing channel held: the broker requeues it.
func (s *Session) closeLocked(c *consumer) {
	c.closed = true
	for _, t := range c.timers {
		t.Stop()
	}
	c.timers = map[uint64]*time.Timer{}
	c.out = map[uint64]bool{}
}

// onDelivery records a delivery and runs (or schedules) the script's
// action for it. After the last step (ending) a delayed action would be
// due after the end and is not scheduled; once the final state is being
// read (stopped) deliveries are still recorded, as what the broker did,
// but nothing more is settled.
func (s *Session) onDelivery(c *consumer, d amqp.Delivery) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lastActivity = time.Now()
	if len(s.deliveries) >= maxDeliveries {
		s.overflow = true // stop recording and acting: the loop runs dry
		return
	}
	lin := lineageOf(d.Headers)
	n := c.seen[lin]
	c.seen[lin] = n + 1
	act := c.spec.ActionFor(n)
	s.deliveries = append(s.deliveries, scenarios.Delivery{TMS: s.clock.Now(), Consumer: c.spec.Name, Queue: c.spec.Queue,
		Redelivered: d.Redelivered, Action: act.Kind, Message: deliveryMessage(&d, s.scale)})
	if c.closed {
		return // delivered while the channel was closing: the close requeues it
	}
	tag := d.DeliveryTag
	c.out[tag] = true
	switch {
	case s.stopped:
	case act.Kind == core.ActHold:
		c.held = append(c.held, tag)
	case act.Delay == 0:
		s.performLocked(c, &d, act)
	case s.ending: // due after the end of the run: the simulator never runs it
	default:
		c.timers[tag] = time.AfterFunc(s.scale.Real(int64(act.Delay)), func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			delete(c.timers, tag)
			if !s.stopped && !c.closed && c.out[tag] {
				s.performLocked(c, &d, act)
			}
		})
	}
}

// performLocked runs a scripted action. A republish publishes the message
// as delivered to the action's exchange and key, then acks (as
// core.Broker.republish does); a refusal closes the channel and the close
// notification records it.
func (s *Session) performLocked(c *consumer, d *amqp.Delivery, act scenarios.Action) {
	tag := d.DeliveryTag
	if act.Kind == core.ActRepublish {
		_ = c.ch.PublishWithContext(context.Background(), act.Exchange, act.RoutingKey, false, false, republishing(d))
		settle(c.ch, tag, core.ActAck)
	} else {
		settle(c.ch, tag, act.Kind)
	}
	delete(c.out, tag)
}

// cancel runs a cancel step. The simulator's cancel closes the consumer's
// channel, so its unacked messages go back to the queue: closing the
// channel does exactly that on the broker (basic.cancel alone would keep
// them unacked). Cancelling an unknown or closed consumer sends nothing,
// as a client without that consumer could not.
func (s *Session) cancel(name string) {
	s.mu.Lock()
	c := s.consumers[name]
	if c == nil || c.closed {
		s.mu.Unlock()
		return
	}
	s.closeLocked(c)
	s.mu.Unlock()
	_ = c.ch.Close()
	<-c.done
}
