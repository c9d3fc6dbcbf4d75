package model

import (
	"strings"
	"testing"

	"github.com/dlxlab/dlxlab/core"
)

// TestReceivedKeepsAckedMessages: the retry loop's worker got job-1 five
// times; every delivery stays listed with what the worker did, and the
// acked last one opens with the x-death it was delivered with.
func TestReceivedKeepsAckedMessages(t *testing.T) {
	s := lesson(t, "retry-loop")
	s.JumpBy(2000)
	rows := s.Received("worker")
	if len(rows) != 5 {
		t.Fatalf("worker received %d deliveries, want 5", len(rows))
	}
	want := []string{"dead-lettered", "dead-lettered", "dead-lettered", "dead-lettered", "acked"}
	for i, r := range rows {
		if r.Outcome != want[i] || r.Body != "job-1" || r.Deaths != int64(2*i) || r.Queue != "main" {
			t.Errorf("delivery %d: %+v (want outcome %s, %d deaths)", i+1, r, want[i], 2*i)
		}
	}
	if rows[0].Reason != core.ReasonRejected || rows[4].At != 1200 {
		t.Errorf("reason %q, acked at %d", rows[0].Reason, rows[4].At)
	}
	s.SelectReceived("worker", rows[4].Seq)
	md := s.MessageDetail()
	if !md.Found || !md.Gone || md.Received == nil || md.Received.Outcome != OutcomeAcked || md.WhereKey != "where.received" {
		t.Fatalf("detail of the acked delivery: %+v", md)
	}
	if len(md.XDeath) != 2 || md.XDeath[0].Count != 4 || md.XDeath[0].Queue != "wait" {
		t.Errorf("x-death as delivered: %+v", md.XDeath)
	}
	if !s.Received("worker")[4].Selected {
		t.Error("the open delivery is not marked selected")
	}
	s.SelectReceived("worker", rows[1].Seq) // an earlier one: its own headers
	if md := s.MessageDetail(); len(md.XDeath) != 2 || md.XDeath[0].Count != 1 {
		t.Errorf("second delivery's x-death: %+v", md.XDeath)
	}
}

// TestReceivedHeldAndGet: a delivery not settled yet is "held"; basic.get
// deliveries are listed under "".
func TestReceivedHeldAndGet(t *testing.T) {
	s := lesson(t, "quorum-poison-message-4.3")
	s.JumpBy(2000)
	nack := s.Received("nacker")
	if len(nack) == 0 || nack[len(nack)-1].Outcome != OutcomeHeld || nack[0].Outcome != OutcomeRequeued {
		t.Fatalf("nacker: %+v", nack)
	}
	if got := s.Received(""); len(got) != 1 || !strings.HasPrefix(got[0].Body, "poison") {
		t.Fatalf("basic.get: %+v", got)
	}
}

// TestXDeathHelp: every field is explained in both languages, the time
// says whole seconds, and the version note follows the profile.
func TestXDeathHelp(t *testing.T) {
	for _, p := range []core.Profile{core.Rabbit43, core.Rabbit312} {
		help := XDeathHelp(p)
		fields := map[string]FieldHelp{}
		for _, h := range help {
			if h.EN == "" || !hasHan(h.ZH) {
				t.Errorf("%s %s: missing text", p, h.Field)
			}
			fields[h.Field] = h
		}
		for _, f := range []string{"queue", "reason", "count", "time", "exchange", "routing-keys", "original-expiration", "x-first-death-queue", "x-last-death-queue"} {
			if _, ok := fields[f]; !ok {
				t.Errorf("%s: %s not explained", p, f)
			}
		}
		if !strings.Contains(fields["time"].EN, "whole seconds") {
			t.Errorf("time: %s", fields["time"].EN)
		}
		last := fields["x-last-death-queue"]
		if last.Writes != (p != core.Rabbit312) || !strings.Contains(last.Note, string(p)) || last.NoteZH == "" {
			t.Errorf("%s: x-last-death note %+v", p, last)
		}
	}
	if en, zh := DeathTime(0, 300); !strings.Contains(en, "0.300 s") || !strings.Contains(zh, "整秒") {
		t.Errorf("DeathTime(0, 300) = %q, %q", en, zh)
	}
	if en, _ := DeathTime(2, 2000); en != "2 s" {
		t.Errorf("DeathTime(2, 2000) = %q", en)
	}
}
