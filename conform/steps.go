package conform

import (
	"context"
	"fmt"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// runStep runs one step; the error is a failure of the run, not a refusal.
func (s *Session) runStep(ctx context.Context, i int, st *scenarios.Step) error {
	switch st.Kind() {
	case scenarios.StepPublish:
		return s.publish(ctx, i, st.Publish)
	case scenarios.StepWait:
		return s.clock.Wait(ctx, int64(*st.Wait))
	case scenarios.StepGet:
		return s.getStep(i, st.Get)
	case scenarios.StepConsume:
		return s.startConsumer(i, "", *st.Consume)
	case scenarios.StepCancel:
		s.cancel(st.Cancel.Consumer)
	case scenarios.StepClose:
		if st.Close.Consumer != "" {
			s.cancel(st.Close.Consumer) // the simulator's cancel closes that channel too
			return nil
		}
		return s.closeGet()
	case scenarios.StepAck, scenarios.StepReject, scenarios.StepNack:
		s.settleStep(i, st)
	case scenarios.StepDeclare:
		return s.declare(i, st.Declare)
	case scenarios.StepDelete:
		return fatal(s.topoCall(i, "", func(ch *amqp.Channel) error {
			if st.Delete.Queue != "" {
				_, err := ch.QueueDelete(st.Delete.Queue, false, false, false)
				return err
			}
			return ch.ExchangeDelete(st.Delete.Exchange, false, false)
		}))
	case scenarios.StepPurge:
		return fatal(s.topoCall(i, "", func(ch *amqp.Channel) error {
			_, err := ch.QueuePurge(st.Purge.Queue, false)
			return err
		}))
	case scenarios.StepBind:
		return fatal(s.bind(i, "", *st.Bind, true))
	case scenarios.StepUnbind:
		return fatal(s.bind(i, "", *st.Unbind, false))
	case scenarios.StepPolicy:
		return s.setPolicy(ctx, i, "", *st.Policy)
	case scenarios.StepSnapshot:
		s.snapshot(i, st.Snapshot.Name)
	case scenarios.StepClearPolicy:
		resume := s.clock.Pause()
		err := s.admin.ClearPolicy(ctx, s.vhost, st.ClearPolicy.Name)
		resume()
		return s.adminResult(i, "", err)
	default:
		return fmt.Errorf("unknown step kind %q", st.Kind())
	}
	return nil
}

// publish sends Count messages with publisher confirms, so that the
// step's channel errors and basic.returns (sent before the confirm) are
// in before the next step. The first message goes alone: if the broker
// refuses it (404 no exchange, 406 invalid expiration, 403 internal
// exchange) every message of the step is refused the same way, each on a
// reopened channel, and each refusal is recorded, as in the simulator.
// Otherwise the rest are pipelined.
func (s *Session) publish(ctx context.Context, i int, p *scenarios.PublishStep) error {
	for sent, failing := 0, true; sent < p.Count; {
		batch := p.Count - sent
		if sent == 0 || failing {
			batch = 1
		}
		done, refused, err := s.publishBatch(ctx, i, p, batch)
		if err != nil {
			return err
		}
		sent += done
		failing = refused
	}
	return nil
}

// publishBatch publishes n messages and waits for their confirms. done
// counts the messages the broker handled (confirmed, or the refused one);
// the rest of a batch cut short by a refusal are sent again.
func (s *Session) publishBatch(ctx context.Context, i int, p *scenarios.PublishStep, n int) (done int, refused bool, err error) {
	ch := s.topo.ch
	dcs := make([]*amqp.DeferredConfirmation, 0, n)
	for k := 0; k < n; k++ {
		dc, err := ch.PublishWithDeferredConfirmWithContext(ctx, p.Exchange, p.RoutingKey, p.Mandatory, false,
			publishing(p, s.nextLineage(), s.scale))
		if err != nil {
			break
		}
		dcs = append(dcs, dc)
	}
	for _, dc := range dcs {
		ok, err := dc.WaitContext(ctx)
		if err != nil {
			return done, false, err
		}
		if !ok && ch.IsClosed() {
			break // refused: the channel closed (a broker nack leaves it open)
		}
		done++
	}
	if !ch.IsClosed() {
		if done < n {
			return done, false, fmt.Errorf("publish: %d of %d messages not sent", n-done, n)
		}
		return done, false, nil
	}
	var cerr *amqp.Error
	select {
	case cerr = <-s.topo.closed:
	default:
	}
	if cerr == nil {
		return done, false, fmt.Errorf("publish: channel closed without an error")
	}
	s.record(i, "", cerr.Code, cerr.Reason)
	if err := s.reopenTopo(); err != nil {
		return done, true, err
	}
	return done + 1, true, nil
}

// declare runs a declare step; consumers listed in the scenario for a
// queue it creates attach now (scenarios.Runner does the same).
func (s *Session) declare(i int, d *scenarios.DeclareStep) error {
	if d.Exchange != "" {
		return fatal(s.topoCall(i, "", func(ch *amqp.Channel) error {
			return ch.ExchangeDeclare(d.Exchange, d.Type, d.Durable, d.AutoDelete, d.Internal, false, toAMQPTable(d.Arguments))
		}))
	}
	err := s.topoCall(i, "", func(ch *amqp.Channel) error {
		_, err := ch.QueueDeclare(d.Queue, d.Durable, d.AutoDelete, false, false, toAMQPTable(s.scale.Args(d.Arguments)))
		return err
	})
	if err != nil {
		return fatal(err)
	}
	kept := s.pending[:0]
	var start []scenarios.Consumer
	for _, c := range s.pending {
		if c.Queue == d.Queue {
			start = append(start, c)
		} else {
			kept = append(kept, c)
		}
	}
	s.pending = kept
	for _, c := range start {
		if err := s.startConsumer(i, "", c); err != nil {
			return err
		}
	}
	return nil
}

// getStep is basic.get then the step's action. A get from a missing queue
// would close the get channel and requeue what it holds, which the
// simulator does not do; so the queue is first looked up with a passive
// declare on the topology channel, whose 404 is the step's error.
func (s *Session) getStep(i int, g *scenarios.GetStep) error {
	act := g.Action
	if g.Requeue && act == core.ActReject {
		act = core.ActRequeue
	} else if g.Requeue && act == core.ActNack {
		act = core.ActNackRequeue
	}
	err := s.topoCall(i, "", func(ch *amqp.Channel) error {
		_, err := ch.QueueDeclarePassive(g.Queue, false, false, false, false, nil)
		return err
	})
	if err != nil {
		return fatal(err)
	}
	d, ok, err := s.get.ch.Get(g.Queue, false)
	if err != nil {
		return s.getFailed(i, err)
	}
	if !ok {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lastActivity = time.Now()
	s.deliveries = append(s.deliveries, scenarios.Delivery{TMS: s.clock.Now(), Get: true, Queue: g.Queue,
		Redelivered: d.Redelivered, Action: act, Message: deliveryMessage(&d, s.scale)})
	s.getOut[d.DeliveryTag] = g.Queue
	if act == core.ActHold {
		s.getHeld = append(s.getHeld, d.DeliveryTag)
		return nil
	}
	settle(s.get.ch, d.DeliveryTag, act)
	delete(s.getOut, d.DeliveryTag)
	return nil
}

// closeGet runs a close step for the basic.get channel: the broker
// returns what it holds to the queues; a fresh channel takes its place.
func (s *Session) closeGet() error {
	_ = s.get.ch.Close()
	s.mu.Lock()
	s.getHeld, s.getOut = nil, map[uint64]string{}
	s.lastActivity = time.Now()
	s.mu.Unlock()
	c, err := openChannel(s.getConn)
	if err != nil {
		return err
	}
	s.get = c
	return nil
}

// getFailed records a refused basic.get and reopens the get channel; what
// it held went back to the queues.
func (s *Session) getFailed(i int, err error) error {
	code, text, ok := brokerError(err)
	if !ok {
		return err
	}
	s.mu.Lock()
	s.recordLocked(i, "", code, text)
	s.getHeld, s.getOut = nil, map[uint64]string{}
	s.mu.Unlock()
	c, oerr := openChannel(s.getConn)
	if oerr != nil {
		return oerr
	}
	s.get = c
	return nil
}

// settle sends the basic.ack / reject / nack an action names. Errors are
// the channel's (closed): its close notification records them.
func settle(ch *amqp.Channel, tag uint64, act string) {
	switch act {
	case core.ActAck:
		_ = ch.Ack(tag, false)
	case core.ActReject:
		_ = ch.Reject(tag, false)
	case core.ActNack:
		_ = ch.Nack(tag, false, false)
	case core.ActRequeue:
		_ = ch.Reject(tag, true)
	case core.ActNackRequeue:
		_ = ch.Nack(tag, false, true)
	}
}

// settleStep settles the held delivery the step picks (the n-th oldest)
// of a consumer (or of basic.get), or all with multiple, each with its own
// basic.* call; SettleStep.Pick chooses, as in scenarios.Runner.settle.
func (s *Session) settleStep(i int, st *scenarios.Step) {
	ss, kind, act := st.Settle(), st.Kind(), st.SettleAction()
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, held, who := s.heldLocked(ss.Consumer)
	tags, problem := ss.Pick(kind, who, held)
	if problem != "" {
		// The simulator's runner error, word for word (it is the script's mistake, not the broker's).
		s.errs = append(s.errs, scenarios.StepError{Step: i, Text: problem})
		return
	}
	for _, tag := range tags {
		settle(ch, tag, act)
		s.forgetLocked(ss.Consumer, tag)
	}
}

// heldLocked lists, oldest first, the held deliveries still unacked on a
// consumer's channel ("" = the basic.get channel).
func (s *Session) heldLocked(consumer string) (*amqp.Channel, []uint64, string) {
	if consumer == "" {
		var tags []uint64
		for _, t := range s.getHeld {
			if _, ok := s.getOut[t]; ok {
				tags = append(tags, t)
			}
		}
		return s.get.ch, tags, "basic.get"
	}
	who := (&scenarios.SettleStep{Consumer: consumer}).Who()
	c := s.consumers[consumer]
	if c == nil || c.closed {
		return nil, nil, who
	}
	var tags []uint64
	for _, t := range c.held {
		if c.out[t] {
			tags = append(tags, t)
		}
	}
	return c.ch, tags, who
}

func (s *Session) forgetLocked(consumer string, tag uint64) {
	if consumer == "" {
		delete(s.getOut, tag)
		return
	}
	if c := s.consumers[consumer]; c != nil {
		delete(c.out, tag)
	}
}
