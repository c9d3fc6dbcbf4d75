package rocketmq

import (
	"testing"

	model "github.com/dlxlab/dlxlab/core/rocketmq"
)

// Driving the runner one instant at a time (as the playground does) makes
// the same events as a straight run, in the same order.
func TestRunnerByInstants(t *testing.T) {
	for name, data := range lessons(t) {
		sc, err := Parse(name, data)
		if err != nil {
			t.Fatal(err)
		}
		obs, err := Run(sc, true)
		if err != nil {
			t.Fatal(err)
		}
		r, err := NewRunner(sc, model.WithEventLog())
		if err != nil {
			t.Fatal(err)
		}
		for hops := 0; !r.Done(); hops++ {
			if hops > 1_000_000 {
				t.Fatalf("%s: the runner does not end", name)
			}
			r.RunTo(min(r.Broker().NextEventTime(), r.Due()))
		}
		evs := r.Broker().Events()
		if len(evs) < len(obs.Trace) {
			t.Fatalf("%s: %d events by instants, %d in a straight run", name, len(evs), len(obs.Trace))
		}
		for i, line := range obs.Trace {
			if got := evs[i].String(); got != line {
				t.Fatalf("%s: event %d:\n got %s\nwant %s", name, i, got, line)
			}
		}
	}
}

// A refused send ends its step; the run goes on with the next one.
func TestRunnerRefusedSend(t *testing.T) {
	sc, err := Parse("x", []byte("broker: rocketmq\nprofile: rocketmq-5.3\ntopics: [{name: t}]\nsteps:\n- send: {topic: t, deliver_in: 4d, count: 3}\n- send: {topic: t}\n"))
	if err != nil {
		t.Fatal(err)
	}
	obs, err := Run(sc, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(obs.Errors) != 1 || obs.Stats.Sent != 1 {
		t.Fatalf("errors %v, sent %d; want one error and one message sent", obs.Errors, obs.Stats.Sent)
	}
}
