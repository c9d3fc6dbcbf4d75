package scenarios

import (
	"testing"

	"github.com/dlxlab/dlxlab/core"
)

// Every settle action round-trips through a step: NewSettle makes the
// step, SettleAction and Settle read it back.
func TestSettleActions(t *testing.T) {
	for _, tc := range []struct {
		action, kind string
		requeue      bool
	}{
		{core.ActAck, StepAck, false},
		{core.ActReject, StepReject, false},
		{core.ActRequeue, StepReject, true},
		{core.ActNack, StepNack, false},
		{core.ActNackRequeue, StepNack, true},
	} {
		s, ok := NewSettle(tc.action, SettleStep{Consumer: "c", N: 2})
		if !ok || s.Kind() != tc.kind || s.SettleAction() != tc.action || s.Settle().Requeue != tc.requeue || s.Settle().N != 2 {
			t.Errorf("%s: ok %v kind %q action %q settle %+v", tc.action, ok, s.Kind(), s.SettleAction(), s.Settle())
		}
	}
	if _, ok := NewSettle(core.ActHold, SettleStep{}); ok {
		t.Error("hold is not a settle step")
	}
	if s := (&Step{Wait: new(Duration)}); s.Settle() != nil || s.SettleAction() != "" {
		t.Error("a wait step is no settle step")
	}
}

func TestWhoAndActionFor(t *testing.T) {
	if got := (&SettleStep{}).Who(); got != "basic.get" {
		t.Errorf("Who() = %q", got)
	}
	if got := (&SettleStep{Consumer: "c"}).Who(); got != "consumer c" {
		t.Errorf("Who() = %q", got)
	}
	c := Consumer{Actions: []Action{{Kind: core.ActReject}, {Kind: core.ActAck}}}
	for n, want := range []string{core.ActReject, core.ActAck, core.ActAck} {
		if got := c.ActionFor(n).Kind; got != want {
			t.Errorf("ActionFor(%d) = %s, want %s", n, got, want)
		}
	}
	if got := (&Consumer{}).ActionFor(0).Kind; got != core.ActHold {
		t.Errorf("no actions: %s, want hold", got)
	}
}
