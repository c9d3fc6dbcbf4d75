package model

import (
	"slices"
	"strings"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// Edits. Each makes a changed copy of the scenario and commits it: the
// broker is rebuilt from the copy and replayed to the current time. If
// the broker answers the change with an error it did not give before (a
// 406 on a queue argument, a 404 on a binding to nothing), the copy is
// thrown away, the previous scenario stays exactly as it was, and the
// notice carries the broker's own text.

type histEntry struct {
	sc *scenarios.Scenario
}

func (s *Session) pushUndo() {
	s.undo = append(s.undo, histEntry{s.sc})
	if len(s.undo) > MaxHistory {
		s.undo = append(s.undo[:0:0], s.undo[len(s.undo)-MaxHistory:]...)
	}
	s.redo = nil
}

// CanUndo and CanRedo report whether there is an edit to undo or redo.
func (s *Session) CanUndo() bool { return len(s.undo) > 0 }
func (s *Session) CanRedo() bool { return len(s.redo) > 0 }

// Undo restores the scenario before the last edit and replays it to the
// current time.
func (s *Session) Undo() bool {
	if len(s.undo) == 0 {
		return false
	}
	e := s.undo[len(s.undo)-1]
	s.undo = s.undo[:len(s.undo)-1]
	s.redo = append(s.redo, histEntry{s.sc})
	s.restore(e)
	return true
}

// Redo applies the last undone edit again.
func (s *Session) Redo() bool {
	if len(s.redo) == 0 {
		return false
	}
	e := s.redo[len(s.redo)-1]
	s.redo = s.redo[:len(s.redo)-1]
	s.undo = append(s.undo, histEntry{s.sc})
	s.restore(e)
	return true
}

func (s *Session) restore(e histEntry) {
	now := s.b.Now()
	if !sameTopology(s.sc, e.sc) { // undoing a Load: another drawing altogether
		s.forgetLayout()
	}
	s.sc = e.sc
	s.notice = nil
	s.rebuild(now)
}

// commit makes c the scenario if the broker accepts it (see above). It
// reports whether it did.
func (s *Session) commit(c *scenarios.Scenario) bool {
	old, oldSetup := s.sc, s.setupErrs
	now := s.b.Now()
	s.sc = c
	s.rebuild(now)
	if text := newError(oldSetup, s.setupErrs); text != "" {
		s.sc = old
		s.rebuild(now)
		s.notice = &Notice{Error: true, Key: "notice.rejected", Text: text}
		return false
	}
	s.undo = append(s.undo, histEntry{old})
	if len(s.undo) > MaxHistory {
		s.undo = append(s.undo[:0:0], s.undo[len(s.undo)-MaxHistory:]...)
	}
	s.redo = nil
	s.notice = nil
	return true
}

// newError returns the first error text in after that before lacks.
func newError(before, after []string) string {
	seen := map[string]int{}
	for _, t := range before {
		seen[t]++
	}
	for _, t := range after {
		if seen[t] > 0 {
			seen[t]--
			continue
		}
		return t
	}
	return ""
}

// SetupErrors are the broker's answers to the scenario's topology
// (policies, exchanges, queues, bindings, consumers) that were errors.
func (s *Session) SetupErrors() []string { return append([]string(nil), s.setupErrs...) }

// StepErrors are the errors the steps run so far got, in step order.
func (s *Session) StepErrors() []StepError {
	var out []StepError
	for i := range s.sc.Steps {
		for _, t := range s.stepErrs[i] {
			out = append(out, StepError{Step: i, Text: t})
		}
	}
	for _, t := range s.stepErrs[stepTimers] {
		out = append(out, StepError{Step: stepTimers, Text: t})
	}
	return out
}

// StepError is an error a step (or, with Step -2, a timer) got.
type StepError struct {
	Step int
	Text string
}

func (s *Session) fail(key string, args ...string) bool {
	s.notice = &Notice{Error: true, Key: key, Args: args}
	return false
}

// ---- exchanges ----

// PutExchange adds an exchange (old == "") or replaces the exchange named
// old (renaming it updates the bindings and layout that name it).
func (s *Session) PutExchange(old string, x scenarios.Exchange) bool {
	if x.Name == "" {
		return s.fail("notice.noname")
	}
	if x.Type == "" {
		x.Type = core.Direct
	}
	c := clone(s.sc)
	i := indexExchange(c, old)
	if x.Name != old && indexExchange(c, x.Name) >= 0 {
		return s.fail("notice.exists", x.Name)
	}
	x.Pos = scenarios.Pos{}
	if old == "" || i < 0 {
		c.Exchanges = append(c.Exchanges, x)
	} else {
		c.Exchanges[i] = x
		if x.Name != old {
			renameExchange(c, old, x.Name)
		}
	}
	return s.commit(c)
}

// DeleteExchange removes an exchange and its bindings.
func (s *Session) DeleteExchange(name string) bool {
	c := clone(s.sc)
	i := indexExchange(c, name)
	if i < 0 {
		return false
	}
	c.Exchanges = append(c.Exchanges[:i:i], c.Exchanges[i+1:]...)
	kept := c.Bindings[:0:0]
	for _, b := range c.Bindings {
		if b.Source == name || b.DestinationType == "exchange" && b.Destination == name {
			continue
		}
		kept = append(kept, b)
	}
	c.Bindings = kept
	deleteLayout(c, ExchangeKey(name))
	if s.sel.Kind == "exchange" && s.sel.Name == name {
		s.sel = Selection{}
	}
	return s.commit(c)
}

func indexExchange(c *scenarios.Scenario, name string) int {
	return slices.IndexFunc(c.Exchanges, func(x scenarios.Exchange) bool { return x.Name == name })
}

func renameExchange(c *scenarios.Scenario, old, name string) {
	for i, b := range c.Bindings {
		if b.Source == old {
			b.Source = name
		}
		if b.DestinationType == "exchange" && b.Destination == old {
			b.Destination = name
		}
		c.Bindings[i] = b
	}
	moveLayout(c, ExchangeKey(old), ExchangeKey(name))
}

// ---- queues ----

// PutQueue adds a queue (old == "") or replaces the queue named old.
// The broker checks its arguments exactly as RabbitMQ does; a queue it
// refuses changes nothing and the notice has the broker's text.
func (s *Session) PutQueue(old string, q scenarios.Queue) bool {
	if q.Name == "" {
		return s.fail("notice.noname")
	}
	c := clone(s.sc)
	i := indexQueue(c, old)
	if q.Name != old && indexQueue(c, q.Name) >= 0 {
		return s.fail("notice.exists", q.Name)
	}
	q.Pos = scenarios.Pos{}
	if old == "" || i < 0 {
		c.Queues = append(c.Queues, q)
	} else {
		c.Queues[i] = q
		if q.Name != old {
			renameQueue(c, old, q.Name)
		}
	}
	if !s.commit(c) {
		return false
	}
	if old != "" && q.Name != old && s.sel.Name == old {
		s.sel.Name = q.Name
	}
	return true
}

// DeleteQueue removes a queue, its bindings and its listed consumers.
func (s *Session) DeleteQueue(name string) bool {
	c := clone(s.sc)
	i := indexQueue(c, name)
	if i < 0 {
		return false
	}
	c.Queues = append(c.Queues[:i:i], c.Queues[i+1:]...)
	kept := c.Bindings[:0:0]
	for _, b := range c.Bindings {
		if b.DestinationType != "exchange" && b.Destination == name {
			continue
		}
		kept = append(kept, b)
	}
	c.Bindings = kept
	cons := c.Consumers[:0:0]
	for _, k := range c.Consumers {
		if k.Queue != name {
			cons = append(cons, k)
		}
	}
	c.Consumers = cons
	deleteLayout(c, QueueKey(name))
	if s.sel.Name == name {
		s.sel = Selection{}
	}
	return s.commit(c)
}

func indexQueue(c *scenarios.Scenario, name string) int {
	return slices.IndexFunc(c.Queues, func(q scenarios.Queue) bool { return q.Name == name })
}

func renameQueue(c *scenarios.Scenario, old, name string) {
	for i, b := range c.Bindings {
		if b.DestinationType != "exchange" && b.Destination == old {
			b.Destination = name
			c.Bindings[i] = b
		}
	}
	for i, k := range c.Consumers {
		if k.Queue == old {
			k.Queue = name
			c.Consumers[i] = k
		}
	}
	moveLayout(c, QueueKey(old), QueueKey(name))
}

// ---- bindings ----

// AddBinding adds a binding (queue.bind or exchange.bind).
func (s *Session) AddBinding(b scenarios.Binding) bool {
	if b.DestinationType == "" {
		b.DestinationType = "queue"
	}
	for _, o := range s.sc.Bindings {
		if o.Source == b.Source && o.Destination == b.Destination && o.DestinationType == b.DestinationType &&
			o.RoutingKey == b.RoutingKey && FormatValue(o.Arguments) == FormatValue(b.Arguments) {
			return s.fail("notice.samebinding")
		}
	}
	b.Pos = scenarios.Pos{}
	c := clone(s.sc)
	c.Bindings = append(c.Bindings, b)
	return s.commit(c)
}

// DeleteBinding removes the i-th binding of the scenario.
func (s *Session) DeleteBinding(i int) bool {
	if i < 0 || i >= len(s.sc.Bindings) {
		return false
	}
	c := clone(s.sc)
	c.Bindings = append(c.Bindings[:i:i], c.Bindings[i+1:]...)
	return s.commit(c)
}

// ---- policies ----

// PutPolicy adds a policy (old == "") or replaces the policy named old.
func (s *Session) PutPolicy(old string, p scenarios.Policy) bool {
	if p.Name == "" {
		return s.fail("notice.noname")
	}
	if p.ApplyTo == "" {
		p.ApplyTo = "all"
	}
	c := clone(s.sc)
	i := -1
	for j, o := range c.Policies {
		if o.Name == old {
			i = j
		}
		if o.Name == p.Name && p.Name != old {
			return s.fail("notice.exists", p.Name)
		}
	}
	p.Pos = scenarios.Pos{}
	if old == "" || i < 0 {
		c.Policies = append(c.Policies, p)
	} else {
		c.Policies[i] = p
	}
	return s.commit(c)
}

// DeletePolicy removes a policy.
func (s *Session) DeletePolicy(name string) bool {
	c := clone(s.sc)
	kept := c.Policies[:0:0]
	for _, p := range c.Policies {
		if p.Name != name {
			kept = append(kept, p)
		}
	}
	if len(kept) == len(c.Policies) {
		return false
	}
	c.Policies = kept
	return s.commit(c)
}

// ---- scenario fields ----

// SetProfile switches the broker version the scenario runs as.
func (s *Session) SetProfile(p string) bool {
	if _, err := core.ParseProfile(p); err != nil {
		return s.fail("notice.profile", p)
	}
	if string(core.DefaultProfile) == p {
		p = ""
	}
	if p == s.sc.Profile {
		return true
	}
	c := clone(s.sc)
	c.Profile = p
	return s.commit(c)
}

// Profile is the broker version the run uses.
func (s *Session) Profile() string { return string(s.b.Profile()) }

// SetTitle changes the title and summary (the Chinese ones, title_zh
// and summary_zh, are edited in the YAML).
func (s *Session) SetTitle(title, summary string) bool {
	c := clone(s.sc)
	c.Title, c.Summary = strings.TrimSpace(title), strings.TrimSpace(summary)
	return s.commit(c)
}

// DragPreview shows a node at x, y while the learner drags it, without
// an edit; MoveNode (on release) makes it one. key "" ends the preview.
func (s *Session) DragPreview(key string, x, y float64) {
	s.dragKey, s.dragPos = key, scenarios.Point{X: x, Y: y}
}

// MoveNode pins a node at x, y (its top-left corner) in the scenario's
// layout. It is an undoable edit but needs no replay.
func (s *Session) MoveNode(key string, x, y float64) {
	s.dragKey = ""
	x, y = float64(int(x)), float64(int(y))
	if p, ok := s.sc.Layout[key]; ok && p.X == x && p.Y == y {
		return
	}
	s.pushUndo()
	c := clone(s.sc)
	if c.Layout == nil {
		c.Layout = map[string]scenarios.Point{}
	}
	c.Layout[key] = scenarios.Point{X: x, Y: y}
	s.sc = c
}

// ResetLayout forgets every pinned position (automatic layout again).
func (s *Session) ResetLayout() {
	s.forgetLayout()
	if len(s.sc.Layout) == 0 {
		return
	}
	s.pushUndo()
	c := clone(s.sc)
	c.Layout = nil
	s.sc = c
}

func deleteLayout(c *scenarios.Scenario, key string) {
	if _, ok := c.Layout[key]; ok {
		delete(c.Layout, key)
	}
}

func moveLayout(c *scenarios.Scenario, old, key string) {
	if p, ok := c.Layout[old]; ok {
		delete(c.Layout, old)
		c.Layout[key] = p
	}
}
