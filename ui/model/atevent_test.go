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

// bulk reports the two events whose change the broker makes in one go
// rather than copy by copy: a copy handed straight to a waiting consumer
// is enqueued and delivered at once (the canvas counts it ready for one
// event, the inspector shows it on its way, in neither list), and a purge or a queue's deletion
// empties the queue before it tells each drop.
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
	for _, l := range Library() {
		t.Run(l.Name, func(t *testing.T) {
			s := lesson(t, l.Name)
			s.IgnoreCheckpoints(true)
			for i := 0; i < 400 && s.StepEvent(); i++ {
				if !s.Stepping() {
					continue
				}
				b := s.inspected()
				evs, seq := b.Events(), s.st.last.ev.Seq
				if len(evs) == 0 || evs[len(evs)-1].Seq != seq {
					t.Fatalf("event %d: the inspected broker stopped elsewhere", i+1)
				}
				if bulk(s.st.last.ev, b) {
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
