package model

import (
	"errors"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	"github.com/dlxlab/dlxlab/scenarios"
	rscn "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// What the learner does by hand in a RocketMQ run (send a message, resend
// a dead letter, reset an offset, add a consumer …) becomes a step of the
// scenario at the virtual time it was done: the wait in progress is split
// around it. So a step back, a reload, the autosave and a share link
// replay it at the same instant, after the timers due then, exactly as it
// happened.

// ErrMidSend is Apply's answer while a send step with `every` is still
// sending: its remaining messages keep their own spacing and numbering,
// so nothing can be put between them.
var ErrMidSend = errors.New("a send step is still sending its messages: wait until it has sent the last one")

// Apply runs st now, as a step of the scenario (see above). A broker
// refusal (an unknown group, no dead letter to resend) is not an error:
// the step stays, and the notice gives the broker's answer. An error means
// the step could not be added (not valid, or ErrMidSend).
func (s *RocketSession) Apply(st rscn.Step) error {
	s.start()
	s.playing = false
	sc, err := s.withStep(st)
	if err != nil {
		return err
	}
	before, beforeEvents := len(s.run.Errors()), len(s.b.Events())
	t := s.b.Now()
	s.sc = sc
	if err := s.rebuild(); err != nil {
		return err
	}
	s.started = true
	s.runTo(t)
	s.mv.list = nil // the replay's moves: the step's own come from its events
	s.addMoves(beforeEvents, len(s.b.Events()))
	s.notice = nil
	if errs := s.run.Errors(); len(errs) > before {
		s.notice = &Notice{Error: true, Key: "rq.notice.refused", Text: errs[len(errs)-1]}
	}
	return nil
}

// Preview is a dry run of st: a copy of the run, replayed to now, with st
// applied. It returns that copy's broker (run it further to see what
// would follow) and the events st caused at this instant. The session is
// unchanged.
func (s *RocketSession) Preview(st rscn.Step) (*rmq.Broker, []rmq.Event, error) {
	sc, err := s.withStep(st)
	if err != nil {
		return nil, nil, err
	}
	r, err := rscn.NewRunner(sc, rmq.WithEventLog())
	if err != nil {
		return nil, nil, err
	}
	if s.started {
		r.RunTo(s.b.Now())
	}
	evs := r.Broker().Events()
	return r.Broker(), evs[min(len(s.b.Events()), len(evs)):], nil
}

// withStep is the scenario with st inserted at the current time, checked
// as a file would be.
func (s *RocketSession) withStep(st rscn.Step) (*rscn.Scenario, error) {
	if s.run.Step() < len(s.sc.Steps) && s.run.Sent() > 0 {
		return nil, ErrMidSend
	}
	steps, err := insertRocketStep(s.sc.Steps, s.b.Now(), st)
	if err != nil {
		return nil, err
	}
	c := cloneRocket(s.sc)
	c.Steps = steps
	data, err := rscn.CanonicalJSON(c)
	if err != nil {
		return nil, err
	}
	checked, err := rscn.Parse("step", data)
	if err != nil {
		return nil, err
	}
	checked.Name = s.sc.Name
	return checked, nil
}

// rocketSpans is when each step starts and ends: a wait spans its
// duration, a send with count and every spans its gaps, others are instant.
func rocketSpans(steps []rscn.Step) (starts, ends []rmq.Time) {
	var t rmq.Time
	for _, st := range steps {
		starts = append(starts, t)
		switch {
		case st.Wait != "":
			t += rmq.Time(durMs(st.Wait))
		case st.Send != nil && st.Send.Every != "" && st.Send.Count > 1:
			t += rmq.Time(durMs(st.Send.Every) * int64(st.Send.Count-1))
		}
		ends = append(ends, t)
	}
	return starts, ends
}

// insertRocketStep puts st at time at: after every step that ended by
// then, behind a wait that ends at at (0 s when nothing is left to wait:
// it makes a replay fire the timers due at at before st, as the live run
// did).
func insertRocketStep(steps []rscn.Step, at rmq.Time, st rscn.Step) ([]rscn.Step, error) {
	starts, ends := rocketSpans(steps)
	i := 0
	for i < len(steps) && ends[i] <= at {
		i++
	}
	out := append([]rscn.Step(nil), steps[:i]...)
	if i == len(steps) {
		end := rmq.Time(0)
		if i > 0 {
			end = ends[i-1]
		}
		return append(out, rocketWait(at-end), st), nil
	}
	if steps[i].Wait == "" {
		return nil, ErrMidSend
	}
	out = append(out, rocketWait(at-starts[i]), st, rocketWait(ends[i]-at))
	return append(out, steps[i+1:]...), nil
}

func rocketWait(d rmq.Time) rscn.Step { return rscn.Step{Wait: scenarios.Duration(d).String()} }

// durMs reads a duration of a validated scenario (0 if it does not parse).
func durMs(s string) int64 {
	d, _ := scenarios.ParseDuration(s)
	return int64(d)
}
