package model

import (
	"strings"
	"testing"
	"time"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// busy is a session whose consumer requeues every 10 ms for ever: a
// +30 min jump is far more than one slice of work.
func busy(t *testing.T) *Session {
	t.Helper()
	sc, err := scenarios.Parse("busy.yaml", []byte(`
queues: [{name: q}]
consumers: [{name: c, queue: q, actions: [{action: requeue, delay: 10ms}]}]
steps:
  - publish: {routing_key: q, body: spin, count: 20}
  - wait: 1h
`))
	if err != nil {
		t.Fatal(err)
	}
	s := New()
	s.Load(sc)
	return s
}

// A long jump runs in slices: the command returns after the first one
// with progress shown, each tick runs one more, and the run ends where
// an unsliced jump would.
func TestJumpRunsInSlices(t *testing.T) {
	s := busy(t)
	s.JumpBy(30 * 60_000)
	if !s.Busy() || s.Snapshot().Job == nil || s.Snapshot().Job.Progress >= 1 {
		t.Fatalf("the jump ran in one go: busy %t, job %+v", s.Busy(), s.Snapshot().Job)
	}
	prev := s.Job().Progress
	ticks := 0
	for wall := time.Duration(1); s.Busy(); wall += 50 * time.Millisecond {
		before := s.Broker().Work().Events
		if !s.Tick(wall) {
			t.Fatal("a running job asked for no more frames")
		}
		if spent := s.Broker().Work().Events - before; spent > 2*SliceEvents {
			t.Fatalf("one slice spent %d events", spent)
		}
		if s.Busy() && s.Job().Progress < prev {
			t.Fatal("progress went back")
		}
		if s.Busy() {
			prev = s.Job().Progress
		}
		if ticks++; ticks > 10_000 {
			t.Fatal("the job never ends")
		}
	}
	if ticks < 2 {
		t.Fatalf("%d ticks", ticks)
	}
	// It ends at the target, or where the work budget stopped the loop.
	if s.Now() != 30*60_000 && (s.Notice() == nil || s.Notice().Key != "notice.limit") {
		t.Fatalf("ended at %d, notice %+v", s.Now(), s.Notice())
	}
	if err := s.Broker().CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// Cancel stops the job where it is, says so, and leaves a consistent run;
// any other command ends a running job too.
func TestJobCancel(t *testing.T) {
	s := busy(t)
	s.JumpBy(30 * 60_000)
	at := s.Now()
	s.CancelJob()
	if s.Busy() || s.Notice() == nil || s.Notice().Key != "notice.cancelled" || s.Now() != at || s.Now() >= 30*60_000 {
		t.Fatalf("busy %t, notice %+v, now %d", s.Busy(), s.Notice(), s.Now())
	}
	if err := s.Broker().CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	s.JumpBy(30 * 60_000)
	s.StepNext()
	if s.Busy() {
		t.Fatal("a command left the job running")
	}
	s.JumpBy(30 * 60_000)
	s.Restart()
	if s.Busy() || s.Now() != 0 {
		t.Fatal("restart left the job running")
	}
}

// The worst link (a requeue loop published 10,000 times) ends in the
// limit notice, within the work budget, in the browser's session too.
func TestRunawayLinkEndsInNotice(t *testing.T) {
	sc, err := scenarios.Parse("runaway.json", []byte(`{"version":1,"queues":[{"name":"q"}],"consumers":[{"name":"c","queue":"q","actions":["requeue"]}],"steps":[{"publish":{"exchange":"","routing_key":"q","body":"x","count":10000}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	s := New()
	s.Load(sc)
	s.Play()
	for wall := time.Duration(1); s.Playing() && wall < time.Minute; wall += 50 * time.Millisecond {
		s.Tick(wall)
	}
	n := s.Notice()
	if n == nil || n.Key != "notice.limit" || !strings.Contains(n.Text, "work budget") || s.Playing() {
		t.Fatalf("notice %+v, playing %t", n, s.Playing())
	}
	if w := s.Broker().Work().Events; w > sc.EventBudget()+10 {
		t.Fatalf("%d events, budget %d", w, sc.EventBudget())
	}
	if s.NextEventTime() != core.Never {
		t.Fatal("work left after the budget")
	}
}
