package model

import (
	"slices"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// What the learner does while the run goes on (publish, consume, get,
// settle) becomes steps of the scenario at the current virtual time, so
// a replay, a share link and an autosave all do it again at that time.

// insertAt returns a copy of sc with steps added so that they run at
// virtual time t: after every step due by t, splitting the wait that
// spans t (or adding a wait when t is past the last step).
func insertAt(sc *scenarios.Scenario, t core.Time, add ...scenarios.Step) (*scenarios.Scenario, int) {
	c := clone(sc)
	var at core.Time
	for i, st := range c.Steps {
		if st.Wait == nil {
			continue
		}
		d := core.Time(*st.Wait)
		if at+d <= t {
			at += d
			continue
		}
		if at == t {
			return splice(c, i, 0, add), i
		}
		first, rest := waitStep(t-at), waitStep(at+d-t)
		out := append([]scenarios.Step{first}, add...)
		out = append(out, rest)
		return splice(c, i, 1, out), i + 1
	}
	n := len(c.Steps)
	if at < t {
		add = append([]scenarios.Step{waitStep(t - at)}, add...)
		return splice(c, n, 0, add), n + 1
	}
	return splice(c, n, 0, add), n
}

func waitStep(d core.Time) scenarios.Step {
	w := scenarios.Duration(d)
	return scenarios.Step{Wait: &w}
}

// splice replaces n steps at i with add.
func splice(c *scenarios.Scenario, i, n int, add []scenarios.Step) *scenarios.Scenario {
	out := make([]scenarios.Step, 0, len(c.Steps)-n+len(add))
	out = append(out, c.Steps[:i]...)
	out = append(out, add...)
	out = append(out, c.Steps[i+n:]...)
	c.Steps = out
	return c
}

// doNow inserts steps at the current time and runs them. If the first
// inserted step gets a broker error (404 no exchange, 406 bad
// expiration), nothing changes and the notice has the broker's text.
func (s *Session) doNow(add ...scenarios.Step) bool {
	s.start()
	c, first := insertAt(s.sc, s.b.Now(), add...)
	return s.runInserted(c, first)
}

// runInserted makes c (the scenario with steps inserted from index
// first) current: the past is replayed quietly, then the new steps run
// live, so their messages are drawn moving.
func (s *Session) runInserted(c *scenarios.Scenario, first int) bool {
	now := s.b.Now()
	old := s.sc
	s.sc = c
	s.hold = first
	s.rebuild(now)
	s.hold = -1
	s.runDue()
	if errs := s.stepErrs[first]; len(errs) > 0 {
		s.sc = old
		s.rebuild(now)
		s.notice = &Notice{Error: true, Key: "notice.rejected", Text: errs[0]}
		return false
	}
	s.undo = append(s.undo, histEntry{old})
	s.redo = nil
	s.notice = nil
	return true
}

// PublishForm is what the publish panel sends.
type PublishForm struct {
	Exchange   string
	RoutingKey string
	Body       string
	Expiration string // milliseconds, as the AMQP property ("" = none)
	Priority   *int
	MessageID  string
	Headers    core.Table
	Mandatory  bool
	Count      int                // how many (1 if 0)
	Interval   scenarios.Duration // between them (0: all at once)
}

// Publish publishes now (as steps at the current time; with an interval,
// the later copies are steps at later times).
func (s *Session) Publish(f PublishForm) bool {
	n := max(f.Count, 1)
	if n > scenarios.MaxPublishCount {
		return s.fail("notice.toomany", itoa(scenarios.MaxPublishCount))
	}
	p := scenarios.PublishStep{Exchange: f.Exchange, RoutingKey: f.RoutingKey, Body: f.Body, Mandatory: f.Mandatory,
		Count: 1, Properties: scenarios.Properties{Expiration: f.Expiration, Priority: f.Priority, MessageID: f.MessageID,
			Headers: f.Headers}}
	if f.Interval <= 0 {
		p.Count = n
		return s.doNow(scenarios.Step{Publish: &p})
	}
	steps := []scenarios.Step{{Publish: &p}}
	for i := 1; i < n; i++ {
		w := f.Interval
		q := p
		steps = append(steps, scenarios.Step{Wait: &w}, scenarios.Step{Publish: &q})
	}
	return s.insertSpread(steps)
}

// insertSpread inserts publishes separated by waits: each publish goes
// in at its own time, so existing later steps keep their times.
func (s *Session) insertSpread(steps []scenarios.Step) bool {
	s.start()
	c := s.sc
	t := s.b.Now()
	first := -1
	for _, st := range steps {
		if st.Wait != nil {
			t += core.Time(*st.Wait)
			continue
		}
		var at int
		c, at = insertAt(c, t, st)
		if first < 0 {
			first = at
		}
	}
	return s.runInserted(c, first)
}

// Attach subscribes a consumer. Before the run starts it joins the
// scenario's consumers (there from the beginning); later it is a consume
// step at the current time. No actions means by hand: every delivery
// waits for the learner's ack / reject / nack / requeue.
func (s *Session) Attach(c scenarios.Consumer) bool {
	if c.Name == "" {
		return s.fail("notice.noname")
	}
	for _, tag := range s.consumerTags() {
		if tag == c.Name {
			return s.fail("notice.exists", c.Name)
		}
	}
	c.Pos = scenarios.Pos{}
	if !s.started {
		sc := clone(s.sc)
		sc.Consumers = append(sc.Consumers, c)
		return s.commit(sc)
	}
	return s.doNow(scenarios.Step{Consume: &c})
}

func (s *Session) consumerTags() []string {
	var tags []string
	for _, q := range s.b.Queues() {
		tags = append(tags, q.Consumers...)
	}
	for _, c := range s.sc.Consumers {
		tags = append(tags, c.Name)
	}
	return tags
}

// Detach cancels a consumer (its unacked messages go back to the queue).
func (s *Session) Detach(name string) bool {
	if !s.started {
		for i, c := range s.sc.Consumers {
			if c.Name == name {
				sc := clone(s.sc)
				sc.Consumers = append(sc.Consumers[:i:i], sc.Consumers[i+1:]...)
				return s.commit(sc)
			}
		}
	}
	return s.doNow(scenarios.Step{Cancel: &scenarios.CancelStep{Consumer: name}})
}

// Get runs basic.get on a queue and holds the message for a by-hand settle.
func (s *Session) Get(queue string) bool {
	return s.doNow(scenarios.Step{Get: &scenarios.GetStep{Queue: queue, Action: core.ActHold}})
}

// By-hand settle actions (core's consumer actions).
const (
	SettleAck     = core.ActAck
	SettleReject  = core.ActReject
	SettleNack    = core.ActNack
	SettleRequeue = core.ActRequeue
)

// SettleByHand acks, rejects, nacks or requeues one delivery a consumer
// holds (consumer "" is basic.get). It becomes a step at the current
// time, ack / reject / nack: {consumer, n}, where n is the delivery's
// place among those the consumer holds, oldest first (omitted for the
// oldest). The run is deterministic, so a replay, a share link and the
// autosave settle the very same delivery at the same time.
func (s *Session) SettleByHand(consumer string, instance uint64, action string) bool {
	channel := scenarios.ChannelOf(consumer)
	var tag uint64
	for _, d := range s.b.Unacked() {
		if d.Channel == channel && d.Instance == instance {
			tag = d.Tag
		}
	}
	n := slices.Index(s.runner.Held(consumer), tag)
	if tag == 0 || n < 0 {
		return s.fail("notice.gone")
	}
	st := scenarios.SettleStep{Consumer: consumer}
	if n > 0 {
		st.N = n + 1
	}
	step, ok := scenarios.NewSettle(action, st)
	if !ok {
		return false
	}
	return s.doNow(step)
}

func itoa(n int) string {
	return formatInt(int64(n))
}
