package rocketmq

import (
	"fmt"

	model "github.com/dlxlab/dlxlab/core/rocketmq"
)

// Runner plays a scenario one action at a time, so that a caller (the
// playground) can move virtual time itself: an action is one step, or one
// message of a send step with a count. Run is this runner driven to the
// end, so what the playground shows is what `dlxlab run` prints.
//
// Time moves exactly as in a straight run: a wait step, and the gap
// before each further message of a send step with `every`, move the clock
// (timers due by then fire first, even when the move is 0 ms); actions
// with nothing between them run back to back at the same instant, with no
// timer in between.
type Runner struct {
	runner
	sc    *Scenario
	next  int        // the step the next action belongs to
	sent  int        // messages of that step sent so far
	at    model.Time // when the next action is due
	moves bool       // the next action moves the clock to at first
}

// NewRunner builds the broker (topics, groups, consumers) and returns the
// runner before its first step. opts are passed to the broker (an event
// log or sink).
func NewRunner(sc *Scenario, opts ...model.Option) (*Runner, error) {
	return newRunner(sc, &Observation{Broker: Broker, byKey: map[string][]int{}}, opts...)
}

func newRunner(sc *Scenario, obs *Observation, opts ...model.Option) (*Runner, error) {
	p, err := model.ParseProfile(sc.Profile)
	if err != nil {
		return nil, err
	}
	obs.Profile = string(p)
	cfg := model.Config{MaxEvents: sc.budget()}
	if c := sc.Config; c != nil {
		cfg.DelayLevels, cfg.FileReservedMs, cfg.TimerPrecisionMs = c.DelayLevels, ms(c.FileReserved), c.TimerPrecisionMs
	}
	b, err := model.New(p, cfg, opts...)
	if err != nil {
		return nil, err
	}
	r := &Runner{runner: runner{b: b, obs: obs}, sc: sc}
	r.setup(sc)
	r.enter()
	return r, nil
}

// Broker is the broker the runner plays on.
func (r *Runner) Broker() *model.Broker { return r.b }

// Errors lists what the broker refused so far, each with its time.
func (r *Runner) Errors() []string { return r.obs.Errors }

// Done reports that every step has run (or the work budget is spent).
func (r *Runner) Done() bool { return r.next >= len(r.sc.Steps) || r.b.Spent() != nil }

// Due is when the next action runs (model.Never once Done).
func (r *Runner) Due() model.Time {
	if r.Done() {
		return model.Never
	}
	return r.at
}

// Step is the index of the step the next action belongs to (len(Steps)
// once every step has run).
func (r *Runner) Step() int { return r.next }

// Sent is how many messages of the current send step were sent already:
// above 0 the step is half done.
func (r *Runner) Sent() int { return r.sent }

// RunTo runs every action due at or before t, moving the broker's clock
// as a straight run would, then runs the clock to t (timers due at t fire).
func (r *Runner) RunTo(t model.Time) {
	for !r.Done() && r.at <= t {
		r.Act()
	}
	if t >= r.b.Now() && r.b.Spent() == nil {
		r.note(r.b.RunUntil(t))
	}
}

// Act runs the next action: first the clock to its time when the action
// moves it (a wait, the gap of a send with every), then the action.
func (r *Runner) Act() {
	if r.Done() {
		return
	}
	if r.moves {
		if err := r.b.RunUntil(r.at); err != nil {
			r.note(err)
			r.next = len(r.sc.Steps) // only a spent budget fails here: the run ends
			return
		}
	}
	r.act()
}

// enter sets when the action after the one just run is due.
func (r *Runner) enter() {
	if r.Done() {
		return
	}
	st := r.sc.Steps[r.next]
	now := r.b.Now()
	r.at, r.moves = now, false
	switch {
	case st.Wait != "":
		r.at, r.moves = now+model.Time(ms(st.Wait)), true
	case st.Send != nil && r.sent > 0 && st.Send.Every != "":
		r.at, r.moves = now+model.Time(ms(st.Send.Every)), true
	}
}

// act runs the next action at the current time.
func (r *Runner) act() {
	st := r.sc.Steps[r.next]
	switch {
	case st.Send != nil:
		if err := r.sendOne(st.Send, r.sent); err != nil {
			r.note(err)
			r.sent = max(st.Send.Count, 1) // a refused send ends its step, as in a straight run
		} else {
			r.sent++
		}
		if r.sent < max(st.Send.Count, 1) {
			r.enter()
			return
		}
	case st.Wait != "":
	default:
		r.step(st)
	}
	r.next, r.sent = r.next+1, 0
	r.enter()
}

// sendOne sends message i of a send step.
func (r *runner) sendOne(s *Send, i int) error {
	q := -1
	if s.Queue != nil {
		q = *s.Queue
	}
	req := model.SendRequest{Topic: s.Topic, Tags: s.Tags, Keys: s.Keys, Body: s.Body, Props: s.Props, QueueID: q,
		DelayLevel: s.DelayLevel}
	if s.DeliverIn != "" {
		req.DeliverAt = r.b.Now() + model.Time(ms(s.DeliverIn))
	}
	if s.Count > 1 && s.Body == "" {
		req.Body = fmt.Sprintf("m%d", i+1)
	}
	_, err := r.b.Send(req)
	return err
}
