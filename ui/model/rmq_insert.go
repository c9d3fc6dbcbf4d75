package model

import (
	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	"github.com/dlxlab/dlxlab/scenarios"
	rmqsc "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// What a learner does by hand in a RocketMQ run (publish, resend, reset an
// offset, stop or resume a consumer) becomes steps of the scenario at the
// virtual time it was done, so a replay, undo, a share link and step back
// all see it, the way a settle by hand does for RabbitMQ.

// RMQStepStarts returns the virtual time each step starts at and the time
// the last one ends. Only waits and the gaps of a repeated send move time.
func RMQStepStarts(sc *rmqsc.Scenario) (starts []rmq.Time, end rmq.Time) {
	var t rmq.Time
	for _, st := range sc.Steps {
		starts = append(starts, t)
		t += rmqStepLength(st)
	}
	return starts, t
}

func rmqStepLength(st rmqsc.Step) rmq.Time {
	switch {
	case st.Wait != "":
		return rmq.Time(durMs(st.Wait))
	case st.Send != nil && st.Send.Count > 1 && st.Send.Every != "":
		return rmq.Time(int64(st.Send.Count-1) * durMs(st.Send.Every))
	}
	return 0
}

func durMs(s string) int64 {
	d, _ := scenarios.ParseDuration(s)
	return int64(d)
}

// RMQInsertAt returns a copy of sc with add placed at virtual time t:
// after every step that has started by t, splitting a wait or a repeated
// send that spans t. Past the last step a wait leads up to t. (A split
// send with generated bodies numbers its second part from m1 again.)
func RMQInsertAt(sc *rmqsc.Scenario, t rmq.Time, add ...rmqsc.Step) *rmqsc.Scenario {
	c := *sc
	c.Steps = nil
	var now rmq.Time
	placed := false
	place := func() {
		if now < t {
			c.Steps = append(c.Steps, rmqsc.Step{Wait: scenarios.Duration(t - now).String()})
			now = t
		}
		c.Steps = append(c.Steps, add...)
		placed = true
	}
	for _, st := range sc.Steps {
		n := rmqStepLength(st)
		if !placed && (now > t || now == t && n > 0) {
			place()
		}
		if placed || now+n <= t {
			c.Steps = append(c.Steps, st)
			now += n
			continue
		}
		// st starts by t and ends after it: split it at t.
		before, after := splitStep(st, now, t)
		c.Steps = append(c.Steps, before...)
		now += sumLength(before)
		place()
		c.Steps = append(c.Steps, after...)
		now += sumLength(after)
	}
	if !placed {
		place()
	}
	return &c
}

// splitStep cuts a wait, or a repeated send, that starts at start and is
// still running after t (start < t) into what happens by t and after.
func splitStep(st rmqsc.Step, start, t rmq.Time) (before, after []rmqsc.Step) {
	if st.Wait != "" {
		total := rmq.Time(durMs(st.Wait))
		return []rmqsc.Step{{Wait: scenarios.Duration(t - start).String()}},
			[]rmqsc.Step{{Wait: scenarios.Duration(start + total - t).String()}}
	}
	every := rmq.Time(durMs(st.Send.Every))
	sent := int((t-start)/every) + 1 // messages sent by t; fewer than Count
	first, rest := *st.Send, *st.Send
	first.Count, rest.Count = sent, st.Send.Count-sent
	if sent == 1 {
		first.Count, first.Every = 0, ""
	}
	if rest.Count == 1 {
		rest.Count, rest.Every = 0, ""
	}
	next := start + rmq.Time(sent)*every // the first message after t
	return []rmqsc.Step{{Send: &first}}, []rmqsc.Step{{Wait: scenarios.Duration(next - t).String()}, {Send: &rest}}
}

func sumLength(steps []rmqsc.Step) rmq.Time {
	var n rmq.Time
	for _, st := range steps {
		n += rmqStepLength(st)
	}
	return n
}
