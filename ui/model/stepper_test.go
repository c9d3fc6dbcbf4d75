package model

import (
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/dlxlab/dlxlab/core"
)

// TestStepEventOneAtATime: each press reveals one event, in the order the
// broker made them, a publish as two (sent, then routed), with the canvas
// counts as they were right after it.
func TestStepEventOneAtATime(t *testing.T) {
	s := lesson(t, "retry-loop")
	want := []struct {
		kind       string
		main, wait depth
	}{
		{"published", depth{}, depth{}},
		{"routed", depth{}, depth{}},
		{"enqueued", depth{1, 0}, depth{}},
		{"delivered", depth{0, 1}, depth{}},
		{"dead-lettered", depth{}, depth{}},
		{"enqueued", depth{}, depth{1, 0}},
		{"expired", depth{}, depth{}}, // at 300 ms
		{"dead-lettered", depth{}, depth{}},
		{"enqueued", depth{1, 0}, depth{}},
	}
	for i, w := range want {
		if !s.StepEvent() {
			t.Fatalf("press %d: nothing left", i+1)
		}
		ev := s.Event()
		if ev == nil || ev.Kind != w.kind || ev.Pos != i+1 {
			t.Fatalf("press %d: event %+v, want %s at position %d", i+1, ev, w.kind, i+1)
		}
		snap := s.Snapshot()
		if got := [2]depth{nodeDepth(snap, "main"), nodeDepth(snap, "wait")}; got != [2]depth{w.main, w.wait} {
			t.Errorf("press %d (%s): main, wait = %v, want %v", i+1, w.kind, got, [2]depth{w.main, w.wait})
		}
		if ev.Caption.EN == "" || ev.Caption.ZH == "" {
			t.Errorf("press %d: no caption", i+1)
		}
	}
	if s.Now() != 300 {
		t.Errorf("after the second instant's first events the clock is at %d, want 300", s.Now())
	}
	if recent := s.RecentEvents(3); len(recent) != 3 || recent[0].Kind != "enqueued" || recent[1].Kind != "dead-lettered" || recent[2].Kind != "expired" {
		t.Errorf("recent events show more than was revealed: %+v", recent)
	}
	if ev := s.Event(); ev.Lineage != 1 || ev.Queue != "main" {
		t.Errorf("the event does not say which message and queue: %+v", ev)
	}
}

func nodeDepth(snap Snapshot, queue string) depth {
	n, _ := snap.Graph.Node(QueueKey(queue))
	return depth{n.Ready, n.Unacked}
}

// TestStepDepthsAgreeWithBroker: in every lesson, the counts worked out
// event by event arrive, at the end of each instant, at what the broker
// itself says.
func TestStepDepthsAgreeWithBroker(t *testing.T) {
	for _, l := range Library() {
		t.Run(l.Name, func(t *testing.T) {
			s := lesson(t, l.Name)
			for i := 0; i < 3000 && s.StepEvent(); i++ {
				if s.Stepping() || s.st.base == nil {
					continue
				}
				for q, d := range s.depthsNow() {
					if got := s.st.base[q]; got != d {
						t.Fatalf("after event %d (%s at %d ms): %s counted %v, the broker has %v",
							i+1, s.Event().Kind, s.Now(), q, got, d)
					}
				}
			}
		})
	}
}

// comparable is a snapshot without what depends on wall time or on how
// far the learner has been (tokens, the scrubber's end, where the canvas
// put its boxes: it keeps the places it gave them on the way forward).
func comparable(snap Snapshot) Snapshot {
	snap.Tokens, snap.EventsKnown, snap.Notice = nil, 0, nil
	g := snap.Graph
	g.Nodes = append([]Node(nil), g.Nodes...)
	g.Edges = append([]Edge(nil), g.Edges...)
	for i := range g.Nodes {
		g.Nodes[i].X, g.Nodes[i].Y = 0, 0
	}
	for i := range g.Edges {
		e := &g.Edges[i]
		e.Path, e.Pts, e.LX, e.LY, e.Back = "", nil, 0, 0, false
	}
	g.W, g.H, g.Crossings = 0, 0, 0
	snap.Graph = g
	return snap
}

// TestStepBackIsExact: going back one event (a replay) gives exactly the
// snapshot the learner saw at that event on the way forward.
func TestStepBackIsExact(t *testing.T) {
	for _, name := range []string{"retry-loop", "dlx-maxlen-drop-head", "ttl-head-of-line-blocking", "quorum-poison-message-4.3"} {
		t.Run(name, func(t *testing.T) {
			s := lesson(t, name)
			var seen []Snapshot // by position - 1: the last state at each
			for i := 0; i < 40 && s.StepEvent(); i++ {
				snap := comparable(s.Snapshot())
				if snap.EventPos > len(seen) {
					seen = append(seen, snap)
				} else {
					seen[len(seen)-1] = snap // a press that only reached a checkpoint
				}
			}
			for i := len(seen) - 2; i >= 0; i-- {
				if !s.StepBack() {
					t.Fatalf("cannot step back to %d", i+1)
				}
				if got := comparable(s.Snapshot()); !reflect.DeepEqual(got, seen[i]) {
					t.Fatalf("back at event %d: snapshot differs in %v", i+1, diffFields(got, seen[i]))
				}
			}
			if !s.StepBack() || s.Started() || s.Event() != nil {
				t.Errorf("back before the first event: started %v event %+v", s.Started(), s.Event())
			}
			if s.StepBack() {
				t.Error("stepped back before the beginning")
			}
			if _, known := s.EventPos(); known != len(seen) {
				t.Errorf("scrubber end = %d, want %d", known, len(seen))
			}
		})
	}
}

// TestSeekEvent: scrubbing forward and back lands on the same snapshots
// as stepping, and other commands reveal the rest of the instant.
func TestSeekEvent(t *testing.T) {
	a := lesson(t, "retry-loop")
	for i := 0; i < 10; i++ {
		a.StepEvent()
	}
	b := lesson(t, "retry-loop")
	b.SeekEvent(20)
	b.SeekEvent(10)
	if x, y := comparable(a.Snapshot()), comparable(b.Snapshot()); !reflect.DeepEqual(x, y) {
		t.Fatalf("seek to 10 differs from 10 steps: %+v vs %+v", y.Event, x.Event)
	}
	if !b.Stepping() {
		t.Fatal("event 10 is mid-instant; expected part of the instant pending")
	}
	b.StepNext() // next instant: first reveals what is left of this one
	if b.Stepping() || b.Now() != a.Now() {
		t.Errorf("StepNext did not finish the instant: stepping %v, now %d", b.Stepping(), b.Now())
	}
	if pos, _ := b.EventPos(); pos <= 10 {
		t.Errorf("position after finishing the instant = %d", pos)
	}
	b.Play()
	if b.Event() != nil {
		t.Error("playing keeps showing a stepped event's caption")
	}
}

// TestCaptions: every kind of event is said in both languages, in plain
// words that name the message and the place.
func TestCaptions(t *testing.T) {
	msg := &core.Message{Lineage: 1, Body: "job-1", Keys: []string{"main"}}
	tests := []struct {
		ev     core.Event
		routed bool
		en, zh string
	}{
		{core.Event{Kind: core.EvPublished, Msg: msg, Exchange: ""}, false,
			`The publisher sends "job-1" to the default exchange with routing key "main".`, `发布者把 "job-1" 发送到默认交换机，路由键为 "main"。`},
		{core.Event{Kind: core.EvPublished, Msg: msg, Exchange: "x", Targets: []string{"a", "b"}}, true,
			`Exchange x routes "job-1" to queues a, b.`, `交换机 x把 "job-1" 路由到队列 a、b。`},
		{core.Event{Kind: core.EvPublished, Msg: msg, Exchange: "x"}, true,
			`No binding of exchange x matches: "job-1" reaches no queue.`, "没有匹配的绑定"},
		{core.Event{Kind: core.EvEnqueued, Msg: msg, Queue: "main"}, false, `"job-1" is now in queue main.`, "进入队列 main"},
		{core.Event{Kind: core.EvDelivered, Msg: msg, Queue: "main", Consumer: "worker", Action: core.ActReject}, false,
			`Queue main delivers "job-1" to consumer worker, which will reject it without requeue.`, "消费者 worker"},
		{core.Event{Kind: core.EvDelivered, Msg: msg, Queue: "main"}, false, `basic.get takes "job-1" from queue main.`, "basic.get"},
		{core.Event{Kind: core.EvAcked, Msg: msg, Queue: "main", Consumer: "worker"}, false, `Consumer worker acks "job-1"`, "确认"},
		{core.Event{Kind: core.EvExpired, Msg: msg, Queue: "wait"}, false, "longer than its TTL", "TTL"},
		{core.Event{Kind: core.EvDeadLettered, Msg: msg, Queue: "main", Exchange: "retry.dlx", Reason: core.ReasonRejected,
			Detail: "argument x-dead-letter-exchange", Targets: []string{"wait"}}, false,
			`A consumer rejected it: queue main dead-letters "job-1" with reason "rejected" to its dead-letter exchange, exchange retry.dlx (set by argument x-dead-letter-exchange); it routes to wait.`, "消费者拒绝了它"},
		{core.Event{Kind: core.EvDropped, Msg: msg, Queue: "q", Reason: core.DropDLXMissing}, false,
			"the dead-letter exchange does not exist", "死信交换机不存在"},
		{core.Event{Kind: core.EvReturned, Msg: msg, Exchange: "x"}, false, "312 NO_ROUTE", "312 NO_ROUTE"},
		{core.Event{Kind: core.EvPublishRejected, Msg: msg, Queue: "q"}, false, "is full and refuses", "已满"},
		{core.Event{Kind: core.EvRequeued, Msg: msg, Queue: "q", Reason: "nack"}, false, "goes back into queue q", "回到队列 q"},
		{core.Event{Kind: core.EvError, Detail: "NOT_FOUND - no queue 'q'"}, false, "NOT_FOUND", "NOT_FOUND"},
	}
	for _, tt := range tests {
		c := CaptionFor(tt.ev, tt.routed)
		if !strings.Contains(c.EN, tt.en) || !strings.Contains(c.ZH, tt.zh) {
			t.Errorf("%s: caption\n  %s\n  %s\nwant\n  %s\n  %s", tt.ev.Kind, c.EN, c.ZH, tt.en, tt.zh)
		}
		if !hasHan(c.ZH) {
			t.Errorf("%s: the Chinese caption has no Chinese: %s", tt.ev.Kind, c.ZH)
		}
	}
}

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

func diffFields(a, b Snapshot) []string {
	var out []string
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := 0; i < va.NumField(); i++ {
		if !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			out = append(out, va.Type().Field(i).Name)
		}
	}
	return out
}
