package model

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/dlxlab/dlxlab/scenarios"
)

// bigRun is a run far longer than the window of events: n messages
// through a TTL-0 queue into a DLQ whose consumer acks each (seven events
// a message), and n more published to a queue that drops them (max-length
// 0, no DLX).
func bigRun(t *testing.T, n int) *Session {
	t.Helper()
	src := fmt.Sprintf(`version: 1
queues:
  - {name: work, arguments: {x-message-ttl: 0, x-dead-letter-exchange: "", x-dead-letter-routing-key: dlq}}
  - {name: dlq}
  - {name: tiny, arguments: {x-max-length: 0}}
consumers:
  - {name: reader, queue: dlq, actions: [ack]}
steps:
  - publish: {routing_key: work, body: early, count: %d}
  - publish: {routing_key: tiny, body: dropped, count: %d}
`, n, n)
	sc, err := scenarios.Parse("big.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	s := New()
	s.Load(sc)
	return s
}

// TestHistoryOlderThanTheWindow: a run makes more events than the session
// keeps whole, and the first message's story, replayed when the inspector
// opens it, is the one a session following that message from the start
// tells. Its delivery is still listed, drops are all counted with their
// reason, and the newest drop opens.
func TestHistoryOlderThanTheWindow(t *testing.T) {
	const n = 2000
	followed := bigRun(t, n)
	followed.SelectMessage("dlq", 1, 0, -1)
	followed.MessageDetail() // follows lineage 1 from t=0
	followed.JumpBy(1000)
	s := bigRun(t, n)
	s.JumpBy(1000)
	if s.ob.win.lost == 0 {
		t.Fatalf("the run fits the window (%d events): make it bigger", s.ob.win.len())
	}
	s.SelectMessage("dlq", 1, 0, -1)
	got, want := s.MessageDetail(), followed.MessageDetail()
	if len(got.History) != 6 || !reflect.DeepEqual(got.History, want.History) {
		t.Fatalf("history of message 1:\n%+v\nfollowed from the start:\n%+v", got.History, want.History)
	}
	if got.WhereKey != "where.gone" || got.Body != "early" {
		t.Errorf("message 1 is %s %v (%q)", got.WhereKey, got.WhereArgs, got.Body)
	}
	if rows := s.Received("reader"); len(rows) != MaxReceived || rows[0].Outcome != OutcomeAcked {
		t.Errorf("reader: %d rows, first %+v", len(rows), rows[0])
	}
	if d := s.QueueDetail("tiny", 0, 0); d.Drops["no-dlx"] != n {
		t.Errorf("drops of tiny: %v, want %d no-dlx", d.Drops, n)
	}
	if l, inst, ok := s.LastDrop("tiny", "maxlen"); !ok || l != 2*n || inst == 0 {
		t.Errorf("the newest drop of tiny by its death reason: %d %d %v", l, inst, ok)
	}
	if evs := s.RecentEvents(14); len(evs) != 14 || evs[0].Queue != "tiny" {
		t.Errorf("recent events: %+v", evs)
	}
}

// TestSteppingAnInstantBiggerThanTheWindow: stepping into an instant of
// more events than the window, the recent events are the revealed ones,
// and the message stepped to opens with its story so far.
func TestSteppingAnInstantBiggerThanTheWindow(t *testing.T) {
	s := bigRun(t, 2000)
	s.IgnoreCheckpoints(true)
	for i := 0; i < 3; i++ { // published, routed, enqueued
		if !s.StepEvent() {
			t.Fatal("nothing to step")
		}
	}
	if !s.Stepping() {
		t.Fatal("the instant is revealed whole")
	}
	evs := s.RecentEvents(14)
	if len(evs) != 2 || evs[0].Kind != "enqueued" || evs[1].Kind != "published" {
		t.Fatalf("recent events while stepping: %+v", evs)
	}
	ev := s.Event()
	s.SelectMessage(ev.Queue, ev.Lineage, ev.Instance, -1)
	md := s.MessageDetail()
	if len(md.History) != 2 || md.History[0].Key != "hist.published" || md.History[1].Key != "hist.routed" {
		t.Fatalf("story at the third event: %+v", md.History)
	}
	s.StepBack()
	if evs := s.RecentEvents(14); len(evs) != 1 || evs[0].Kind != "published" {
		t.Fatalf("recent events after a step back: %+v", evs)
	}
}
