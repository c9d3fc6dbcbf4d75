package delay

import (
	"reflect"
	"testing"

	"github.com/dlxlab/dlxlab/core"
)

// modelCase is one strategy on a small workload, computed by hand.
type modelCase struct {
	name    string
	spec    Spec
	msgs    []Message
	release []core.Time
	work    []Counter // nil: not checked
	ooo     int
}

func (c modelCase) check(t *testing.T) {
	t.Helper()
	r := runKind(t, c.msgs, c.spec)
	if !reflect.DeepEqual(r.Release, c.release) {
		t.Errorf("%s: release %v, want %v", c.name, r.Release, c.release)
	}
	if c.work != nil && !reflect.DeepEqual(r.Work, c.work) {
		t.Errorf("%s: work %v, want %v", c.name, r.Work, c.work)
	}
	if r.OutOfOrder != c.ooo {
		t.Errorf("%s: out of order %d, want %d", c.name, r.OutOfOrder, c.ooo)
	}
}

func TestModels(t *testing.T) {
	cases := []modelCase{
		{name: "ttl: a later release after an earlier, later-due one",
			spec: Spec{Kind: KindRabbitTTL},
			msgs: []Message{{Delay: 10 * s}, {Delay: 20 * s}, {Delay: 5 * s}},
			// C (5 s) waits for B (20 s); A was due later than C and left first.
			release: []core.Time{10 * s, 20 * s, 20 * s}, ooo: 1,
			work: []Counter{{"enqueued", 6}, {"dead-lettered", 3}, {"queues", 2}}},
		{name: "redis: batch of 2, inclusive score",
			spec: Spec{Kind: KindRedisZSet}.With("batch", 2),
			msgs: []Message{{Delay: 50}, {Delay: 50}, {Delay: 50}, {Delay: 100}, {Delay: 120}},
			// poll 100 sees 4 (≤ 100), takes 2; poll 200 takes 2 more; poll 300 the last.
			release: []core.Time{100, 100, 200, 200, 300},
			work:    []Counter{{"ZRANGEBYSCORE", 4}, {"polls that found work", 3}, {"ZREM", 5}}},
		{name: "table scan: strict, limit 1",
			spec: Spec{Kind: KindTableScan}.With("limit", 1),
			msgs: []Message{{Delay: 10 * s}, {Delay: 20 * s}, {Delay: 60 * s}},
			// expire_at < now: the row due at 60 s waits for the 120 s scan's turn, after 20 s's.
			release: []core.Time{60 * s, 120 * s, 180 * s},
			work:    []Counter{{"scans", 4}, {"scans that found rows", 3}, {"rows updated", 3}}},
		{name: "wheel: rounds, late adds",
			spec: Spec{Kind: KindTimingWheel}.With("wheel", 3), // rounded up to 4
			msgs: []Message{{Delay: 50}, {Delay: 1000}, {At: 250}, {At: 300}},
			// tick n is processed at (n+1)·100; the 1000 ms timeout waits 2 rounds in bucket 2.
			release: []core.Time{100, 1100, 300, 400},
			work:    []Counter{{"ticks", 11}, {"timeouts visited", 6}, {"timeouts added", 4}}},
		{name: "plugin: one timer for the earliest",
			spec:    Spec{Kind: KindDelayedPlugin},
			msgs:    []Message{{Delay: 30 * s}, {Delay: 5 * s}, {Delay: 5 * s}, {At: 1 * s}},
			release: []core.Time{30 * s, 5 * s, 5 * s, 1 * s},
			// timer for A, reset for B, reset after 5 s for A; the 0 ms message is routed at once.
			work: []Counter{{"table writes", 6}, {"timers set", 3}}},
		{name: "rocketmq levels: round up, clamp, check every 100 ms",
			spec: Spec{Kind: KindRocketLevels},
			msgs: []Message{{Delay: 3 * hour}, {Delay: 1}, {At: 50, Delay: 7 * s}, {At: 1 * s, Delay: 2 * hour}, {At: 2 * s}},
			// 3 h is clamped to 2 h and leaves before the 2 h message sent 1 s later.
			release: []core.Time{2 * hour, 1 * s, 10100, 2*hour + 1*s, 2 * s}, ooo: 1},
		{name: "rocketmq levels: a custom table",
			spec:    Spec{Kind: KindRocketLevels}.WithList("levels", []core.Time{4 * s, 2 * s}),
			msgs:    []Message{{Delay: 3 * s}, {Delay: 1 * s}},
			release: []core.Time{4 * s, 2 * s}},
		{name: "rocketmq timer: rounded up to the second, over 3 days refused",
			spec:    Spec{Kind: KindRocketTimer},
			msgs:    []Message{{Delay: 1500}, {Delay: 2000}, {Delay: 3 * day}, {Delay: 3*day + 1}, {At: 300, Delay: 1000}, {At: 400}},
			release: []core.Time{2000, 2000, 3 * day, notReleased, 2000, 400},
			work:    []Counter{{"slots read", 3*24*3600 + 1}, {"timer log writes", 4}}},
		{name: "delay queue: exact",
			spec:    Spec{Kind: KindExactQueue},
			msgs:    []Message{{Delay: 7}, {At: 1, Delay: 3}},
			release: []core.Time{7, 4},
			work:    []Counter{{"offers", 2}, {"takes", 2}}},
	}
	for _, c := range cases {
		c.check(t)
	}
}

func TestTimerRefusal(t *testing.T) {
	r := runKind(t, []Message{{Delay: 4 * day}, {Delay: s}}, Spec{Kind: KindRocketTimer})
	if r.Rejected != 1 || r.Released != 1 || r.RejectReason == "" {
		t.Fatalf("rejected %d released %d reason %q", r.Rejected, r.Released, r.RejectReason)
	}
}

func TestFigures(t *testing.T) {
	msgs := make([]Message, 100)
	o := &outcome{release: make([]core.Time, 100)}
	for i := range msgs {
		msgs[i] = Message{Delay: 1000}
		o.release[i] = 1000 + core.Time(i) // lateness 0..99 ms
	}
	k, _ := LookupKind(KindExactQueue)
	r := summarize(k, Spec{Kind: KindExactQueue}, msgs, o)
	if r.P50 != 49 || r.P95 != 94 || r.P99 != 98 || r.Max != 99 || r.Early != 0 {
		t.Fatalf("p50 %d p95 %d p99 %d max %d", r.P50, r.P95, r.P99, r.Max)
	}
	// 0 → "0"; 1..10 → ≤10ms; 11..99 → ≤100ms.
	if r.Histogram[1] != 1 || r.Histogram[2] != 10 || r.Histogram[3] != 89 {
		t.Fatalf("histogram %v", r.Histogram)
	}
	if r.MaxHeld != 100 || r.HeldStart != 0 || r.Held[0] != 100 || r.Held[99] != 100 || len(r.Held) != 110 || r.Held[109] != 10 {
		t.Fatalf("held max %d start %d series %v", r.MaxHeld, r.HeldStart, r.Held)
	}
}

func TestHeldSeries(t *testing.T) {
	// Two messages held 0–1 s and 2–3 s: never more than one at once.
	msgs := []Message{{Delay: s}, {At: 2 * s, Delay: s}}
	r := runKind(t, msgs, Spec{Kind: KindExactQueue})
	if r.MaxHeld != 1 || r.HeldStep != 25 {
		t.Fatalf("max held %d step %d", r.MaxHeld, r.HeldStep)
	}
	if r.Held[0] != 1 || r.Held[50] != 0 || r.Held[90] != 1 {
		t.Fatalf("held %v", r.Held)
	}
}
