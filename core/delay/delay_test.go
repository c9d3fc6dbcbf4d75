package delay

import (
	"reflect"
	"testing"

	"github.com/dlxlab/dlxlab/core"
)

const s = core.Time(second)

// abc is the head-of-line example: A wants 30 s and sits in front of B and
// C, which want 5 s, all sent at once.
var abc = []Message{{Name: "A", Delay: 30 * s}, {Name: "B", Delay: 5 * s}, {Name: "C", Delay: 5 * s}}

func runKind(t *testing.T, msgs []Message, sp Spec) Result {
	t.Helper()
	r, err := RunOne(msgs, sp)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func lateness(msgs []Message, r Result) []core.Time {
	out := make([]core.Time, len(msgs))
	for i, m := range msgs {
		out[i] = r.Release[i] - m.Due()
	}
	return out
}

// With per-message TTL, B and C wait behind A: released at 30 s, 25 s late.
func TestHeadOfLineABC(t *testing.T) {
	r := runKind(t, abc, Spec{Kind: KindRabbitTTL})
	if want := []core.Time{30 * s, 30 * s, 30 * s}; !reflect.DeepEqual(r.Release, want) {
		t.Fatalf("release %v, want %v", r.Release, want)
	}
	if got := lateness(abc, r); got[1] != 25*s || got[2] != 25*s {
		t.Fatalf("lateness %v, want B and C 25s late", got)
	}
	if r.Max != 25*s || r.P50 != 25*s || r.Early != 0 || r.OutOfOrder != 0 || r.MaxHeld != 3 {
		t.Fatalf("figures: max %d p50 %d early %d ooo %d held %d", r.Max, r.P50, r.Early, r.OutOfOrder, r.MaxHeld)
	}
}

// Every strategy on the A/B/C workload, with its default parameters.
func TestABCEveryStrategy(t *testing.T) {
	want := map[string][]core.Time{
		KindRabbitTTL:     {30 * s, 30 * s, 30 * s},
		KindRabbitTiers:   {30 * s, 5 * s, 5 * s},   // 30 s and 5 s are tiers
		KindDelayedPlugin: {30 * s, 5 * s, 5 * s},   // exact
		KindRocketLevels:  {30 * s, 5 * s, 5 * s},   // levels 4 and 2, on a 100 ms check
		KindRocketTimer:   {30 * s, 5 * s, 5 * s},   // whole seconds: exact
		KindRedisZSet:     {30 * s, 5 * s, 5 * s},   // polls every 100 ms
		KindTimingWheel:   {30100, 5100, 5100},      // end of the tick the deadline falls in
		KindTableScan:     {60 * s, 60 * s, 60 * s}, // next minute's scan
		KindExactQueue:    {30 * s, 5 * s, 5 * s},
	}
	rs, err := Run(abc, DefaultSpecs())
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != len(want) {
		t.Fatalf("%d results, want %d", len(rs), len(want))
	}
	for _, r := range rs {
		if !reflect.DeepEqual(r.Release, want[r.Kind]) {
			t.Errorf("%s: release %v, want %v", r.Kind, r.Release, want[r.Kind])
		}
	}
}

// headOfLine is the rule stated independently of core: a queue only
// expires its head, so a message leaves at its own due time or when the
// one in front of it left, whichever is later.
func headOfLine(msgs []Message) []core.Time {
	out := make([]core.Time, len(msgs))
	prev := core.Time(0)
	for i, m := range msgs {
		prev = max(prev, m.Due())
		out[i] = prev
	}
	return out
}

func TestPerMessageTTLIsHeadOfLine(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		w := Workload{Generators: []Generator{
			{Kind: GenUniform, Count: 300, Seed: seed, Span: 10 * s, Min: 0, Max: 20 * s},
			{Kind: GenBurst, Count: 20, Bursts: 3, Every: 2 * s, Seed: seed + 100, Min: 1, Max: 3 * s},
		}}
		msgs, err := w.Expand()
		if err != nil {
			t.Fatal(err)
		}
		r := runKind(t, msgs, Spec{Kind: KindRabbitTTL})
		if want := headOfLine(msgs); !reflect.DeepEqual(r.Release, want) {
			t.Fatalf("seed %d: core and the head-of-line rule differ", seed)
		}
	}
}

// Per-tier queues each hold one TTL, so nothing blocks: a delay is
// rounded up to its tier, and one past the last tier gets the last.
func TestTiers(t *testing.T) {
	msgs := []Message{{Delay: 30 * s}, {Delay: 5 * s}, {Delay: 90 * s}, {Delay: 0}, {At: 1 * s, Delay: 7 * s}}
	sp := Spec{Kind: KindRabbitTiers}.WithList("tiers", []core.Time{10 * s, 5 * s, 30 * s})
	r := runKind(t, msgs, sp)
	if want := []core.Time{30 * s, 5 * s, 30 * s, 5 * s, 11 * s}; !reflect.DeepEqual(r.Release, want) {
		t.Fatalf("release %v, want %v", r.Release, want)
	}
	// The 90 s message comes out 60 s early, together with the 30 s one.
	if r.Early != 1 || r.OutOfOrder != 0 || !reflect.DeepEqual(r.Warnings, []string{WarnClamped}) {
		t.Fatalf("early %d, out of order %d, warnings %v", r.Early, r.OutOfOrder, r.Warnings)
	}
}
