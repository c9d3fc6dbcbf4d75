package model

import (
	"reflect"
	"testing"

	"github.com/dlxlab/dlxlab/core"
)

// bodies lists the ready bodies of a queue as the inspector shows them.
func bodies(d QueueDetail) []string {
	out := []string{}
	for _, m := range d.Messages {
		out = append(out, m.Body)
	}
	return out
}

// TestInspectorAtEvent: while an instant is partly revealed, the
// inspector shows the queues right after the revealed event, not at the
// end of the instant. In the head-of-line lesson everything in delay
// dies at 60 s in one instant; stepped one event at a time, delay empties
// and done fills one message after the other.
func TestInspectorAtEvent(t *testing.T) {
	s := lesson(t, "ttl-head-of-line-blocking")
	s.IgnoreCheckpoints(true)
	type state struct{ delay, done []string }
	var seen []state
	for i := 0; i < 200 && s.StepEvent(); i++ {
		if s.Now() != 60000 {
			continue
		}
		st := state{bodies(s.QueueDetail("delay", 0, 10)), bodies(s.QueueDetail("done", 0, 10))}
		if len(seen) == 0 || !reflect.DeepEqual(seen[len(seen)-1], st) {
			seen = append(seen, st)
		}
		if !s.Stepping() {
			break
		}
	}
	want := []state{
		{[]string{"msg2", "msg3"}, []string{}}, // msg1 expired
		{[]string{"msg2", "msg3"}, []string{"msg1"}},
		{[]string{"msg3"}, []string{"msg1"}},
		{[]string{"msg3"}, []string{"msg1", "msg2"}},
		{[]string{}, []string{"msg1", "msg2"}},
		{[]string{}, []string{"msg1", "msg2", "msg3"}},
	}
	if !reflect.DeepEqual(seen, want) {
		t.Errorf("delay and done at 60 s, event by event:\n got %v\nwant %v", seen, want)
	}
}

// assertHandoff: a copy handed straight to a waiting consumer, stopped
// between its "enqueued" and its "delivered", is shown in its queue as
// being delivered to that consumer, and the message panel says so.
func assertHandoff(t *testing.T, s *Session, ev core.Event) {
	t.Helper()
	d := s.QueueDetail(ev.Queue, 0, 10)
	if d.Handoff == nil || d.Handoff.Instance != ev.Instance || d.Handoff.Consumer == "" {
		t.Fatalf("%s at %d ms: copy %d handed to a consumer is listed nowhere in %s (handoff %+v)",
			ev.Kind, ev.T, ev.Instance, ev.Queue, d.Handoff)
	}
	sel := s.Selection()
	defer s.SetSelection(sel)
	s.SelectMessage(ev.Queue, ev.Msg.Lineage, ev.Instance, -1)
	if md := s.MessageDetail(); md.WhereKey != "where.handoff" || md.WhereArgs[1] != d.Handoff.Consumer || !md.Found {
		t.Fatalf("copy %d being handed to %s: the message panel says %s %v", ev.Instance, d.Handoff.Consumer, md.WhereKey, md.WhereArgs)
	}
}

// bulk reports the two events whose change the broker makes in one go
// rather than copy by copy: a copy handed straight to a waiting consumer
// is enqueued and delivered at once (the canvas counts it ready for one
// event, the inspector lists it apart, as being delivered: assertHandoff),
// and a purge or a queue's deletion empties the queue before it tells
// each drop.
func bulk(ev core.Event, b *core.Broker) bool {
	switch {
	case ev.Kind == core.EvEnqueued:
		for _, m := range b.Messages(ev.Queue, -1) {
			if m.Instance == ev.Instance {
				return false
			}
		}
		return true // not in the queue yet: on its way to the consumer
	case ev.Kind == core.EvDropped:
		return ev.Reason == core.DropPurged || ev.Reason == core.DropQueueDeleted || ev.Reason == core.DropQueueExpired
	}
	return false
}

// TestInspectorAtEventAgreesWithCounts: for every library lesson, at
// every event in the middle of an instant, the broker the inspector reads
// stopped at that very event, and its queue counts are the canvas counts
// worked out from the events (but for the bulk changes above).
func TestInspectorAtEventAgreesWithCounts(t *testing.T) {
	handoffs := 0
	defer func() {
		if handoffs == 0 && !t.Failed() {
			t.Error("no lesson hands a copy straight to a waiting consumer: the handoff rows went untested")
		}
	}()
	for _, l := range Library() {
		t.Run(l.Name, func(t *testing.T) {
			s := lesson(t, l.Name)
			s.IgnoreCheckpoints(true)
			for i := 0; i < 400 && s.StepEvent(); i++ {
				if !s.Stepping() {
					continue
				}
				b, ob := s.inspected()
				if seq := s.st.last.ev.Seq; ob.last != seq || ob.win.at(ob.win.len()-1).Seq != seq {
					t.Fatalf("event %d: the inspected broker stopped elsewhere", i+1)
				}
				if bulk(s.st.last.ev, b) {
					if ev := s.st.last.ev; ev.Kind == core.EvEnqueued {
						handoffs++
						assertHandoff(t, s, ev)
					}
					continue
				}
				for _, q := range b.Queues() {
					if got := s.st.base[q.Name]; got != (depth{q.Ready, q.Unacked}) {
						t.Fatalf("after event %d (%s at %d ms): %s is %d ready %d unacked in the inspector, %v on the canvas",
							i+1, s.Event().Kind, s.Now(), q.Name, q.Ready, q.Unacked, got)
					}
				}
			}
		})
	}
}
