package rocketmq

import "testing"

// docs/rocketmq.md "Operations": the dry run of resetOffsetByTime
// (ResetOffsetByTimeCommand, the offsets MQAdminExt.searchOffset finds for
// the time) names exactly the copies the reset then delivers again, those
// it skips, and changes nothing itself.
func TestPreviewResetOffsetByTime(t *testing.T) {
	cases := []struct {
		name                      string
		at                        Time
		stop                      bool // remove the consumer before the reset
		replayed, skipped, flight int
	}{
		{name: "to the start: every finished copy again", at: 0, stop: true, replayed: 5},
		{name: "to 2s: the copies stored since", at: 2000, stop: true, replayed: 3},
		{name: "to the future: nothing replayed, the slow one skipped", at: 99_000, stop: true, skipped: 1},
		{name: "consumers online: the slow call is delivered twice", at: 0, replayed: 5, flight: 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t, RocketMQ49, Config{})
			w.topic("t", 1)
			slow := Listener{Rules: []Rule{{Key: "slow", Actions: []Action{{Result: Success, TakeMs: 600_000}}}}}
			w.group(grp("g", nil), "t", slow)
			for i := range 4 {
				w.send(SendRequest{Topic: "t", QueueID: 0, Keys: []string{"k"}})
				if i < 3 {
					w.advance(1000)
				}
			}
			w.advance(1000)
			w.send(SendRequest{Topic: "t", QueueID: 0, Keys: []string{"slow"}})
			w.send(SendRequest{Topic: "t", QueueID: 0, Keys: []string{"k"}})
			if c.stop {
				w.ok(w.b.RemoveConsumer("g", "c1"))
			}
			before := len(w.b.Events())
			ps, err := w.b.PreviewResetOffsetByTime("g", "t", c.at)
			w.ok(err)
			if len(w.b.Events()) != before {
				t.Fatal("the dry run changed the broker")
			}
			if len(ps) != 1 {
				t.Fatalf("previews %v", ps)
			}
			p := ps[0]
			if len(p.Replayed) != c.replayed || len(p.Skipped) != c.skipped || len(p.InFlight) != c.flight {
				t.Fatalf("replayed %v skipped %v in flight %v pending %d", p.Replayed, p.Skipped, p.InFlight, p.Pending)
			}
			// The slow copy holds the offset while the one after it is
			// consumed (ProcessQueue.removeMessage); stopping the consumer
			// voided its call, so it is pending, skipped or in flight.
			if p.Pending+len(p.Skipped)+len(p.InFlight) != 1 {
				t.Fatalf("pending %d, skipped %d, in flight %d: the one unfinished copy", p.Pending, len(p.Skipped), len(p.InFlight))
			}
			// Execute and resume: the deliveries that follow are exactly
			// the replayed, in-flight and pending copies, and the skipped
			// ones are recorded losses.
			mark := len(w.deliveries("g"))
			w.ok(w.b.ResetOffsetByTime("g", "t", c.at))
			if c.stop {
				w.ok(w.b.AddConsumer("g", "c1", slow))
			}
			w.runTo(w.b.Now() + 3_600_000)
			got := map[uint64]bool{}
			for _, e := range w.deliveries("g")[mark:] {
				got[e.Copy] = true
			}
			want := len(p.Replayed) + len(p.InFlight) + p.Pending
			if len(got) != want {
				t.Fatalf("delivered %d copies after the reset, the preview said %d", len(got), want)
			}
			for _, r := range append(p.Replayed, p.InFlight...) {
				if !got[r.Copy] {
					t.Fatalf("copy %d was not delivered again", r.Copy)
				}
			}
			if drops := w.kinds(EvDropped); len(drops) != len(p.Skipped) {
				t.Fatalf("drops %v, skipped %v", drops, p.Skipped)
			}
		})
	}
	b, _ := New(RocketMQ49, Config{})
	if _, err := b.PreviewResetOffsetByTime("nope", "t", 0); err == nil {
		t.Fatal("a missing group was previewed")
	}
}

// View's property maps are made once per stored copy and kept (a stored
// copy never changes): every View shows each copy's properties as Props
// makes them.
func TestViewPropsShared(t *testing.T) {
	w := newWorld(t, RocketMQ49, Config{})
	w.topic("t", 1)
	w.group(grp("g", func(g *GroupConfig) { g.MaxReconsumeTimes = 2 }), "t", fail())
	w.send(SendRequest{Topic: "t", Keys: []string{"k"}, Tags: "paid", Props: map[string]string{"a": "1"}})
	w.runTo(120_000)
	for round := range 2 {
		for _, tv := range w.b.View().Topics {
			for _, qv := range tv.Queues {
				for _, mv := range qv.Messages {
					want := w.b.Copy(mv.Copy).Props()
					if len(want) != len(mv.Props) {
						t.Fatalf("round %d copy %d: %v, want %v", round, mv.Copy, mv.Props, want)
					}
					for k, v := range want {
						if mv.Props[k] != v {
							t.Fatalf("round %d copy %d: %s=%q, want %q", round, mv.Copy, k, mv.Props[k], v)
						}
					}
				}
			}
		}
	}
}
