package model

import (
	"fmt"
	"strings"
	"testing"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	rmqsc "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// stepsText writes steps compactly: "send", "send×3/2s", "wait 5m", "X".
func stepsText(steps []rmqsc.Step) string {
	var out []string
	for _, st := range steps {
		switch {
		case st.Wait != "":
			out = append(out, "wait "+st.Wait)
		case st.Send != nil && st.Send.Count > 1:
			out = append(out, fmt.Sprintf("send×%d/%s", st.Send.Count, st.Send.Every))
		case st.Send != nil:
			out = append(out, "send")
		default:
			out = append(out, "X")
		}
	}
	return strings.Join(out, ", ")
}

func TestRMQInsertAt(t *testing.T) {
	send := rmqsc.Step{Send: &rmqsc.Send{Topic: "t"}}
	many := rmqsc.Step{Send: &rmqsc.Send{Topic: "t", Count: 5, Every: "2s"}}
	wait := func(s string) rmqsc.Step { return rmqsc.Step{Wait: s} }
	x := rmqsc.Step{RemoveConsumer: &rmqsc.GroupConsumer{Group: "g", ID: "c"}}
	cases := []struct {
		name  string
		steps []rmqsc.Step
		at    rmq.Time
		want  string
	}{
		{"empty at 0", nil, 0, "X"},
		{"after the end", []rmqsc.Step{send}, 90_000, "send, wait 1m30s, X"},
		{"at 0 after the sends at 0", []rmqsc.Step{send, wait("5m")}, 0, "send, X, wait 5m"},
		{"inside a wait", []rmqsc.Step{send, wait("5m"), send}, 60_000, "send, wait 1m, X, wait 4m, send"},
		{"at the end of a wait, after the send there", []rmqsc.Step{wait("5m"), send, wait("1m")}, 300_000, "wait 5m, send, X, wait 1m"},
		{"inside a repeated send", []rmqsc.Step{many}, 3000, "send×2/2s, wait 1s, X, wait 1s, send×3/2s"},
		{"on a message of a repeated send", []rmqsc.Step{many}, 4000, "send×3/2s, X, wait 2s, send×2/2s"},
		{"after the first of a repeated send", []rmqsc.Step{many}, 1000, "send, wait 1s, X, wait 1s, send×4/2s"},
		{"before the last of a repeated send", []rmqsc.Step{many}, 7000, "send×4/2s, wait 1s, X, wait 1s, send"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := &rmqsc.Scenario{Steps: c.steps}
			got := RMQInsertAt(sc, c.at, x)
			if s := stepsText(got.Steps); s != c.want {
				t.Fatalf("got  %s\nwant %s", s, c.want)
			}
			// The inserted step starts at t and nothing else moved.
			starts, end := RMQStepStarts(got)
			_, oldEnd := RMQStepStarts(sc)
			for i, st := range got.Steps {
				if st.RemoveConsumer != nil && starts[i] != c.at {
					t.Fatalf("inserted at %d, want %d", starts[i], c.at)
				}
			}
			if end != max(oldEnd, c.at) {
				t.Fatalf("the steps now end at %d, not %d", end, max(oldEnd, c.at))
			}
			if sends(got) != sends(sc) {
				t.Fatalf("%d messages sent, not %d", sends(got), sends(sc))
			}
			if len(sc.Steps) != len(c.steps) {
				t.Fatal("the original scenario changed")
			}
		})
	}
}

func sends(sc *rmqsc.Scenario) int {
	n := 0
	for _, st := range sc.Steps {
		if st.Send != nil {
			n += max(st.Send.Count, 1)
		}
	}
	return n
}
