package delay

import (
	"reflect"
	"strings"
	"testing"

	"github.com/dlxlab/dlxlab/core"
)

func TestGeneratorsAreSeeded(t *testing.T) {
	w := Workload{Generators: []Generator{
		{Kind: GenUniform, Count: 50, Seed: 7, Start: s, Span: 10 * s, Min: 100, Max: 900},
		{Kind: GenTiers, Count: 50, Seed: 8, Span: 10 * s, Tiers: []core.Time{s, 5 * s}},
		{Kind: GenMix, Count: 50, Seed: 9, Span: 10 * s, Short: 200, Long: 30 * minute, LongPercent: 10},
		{Kind: GenBurst, Count: 5, Bursts: 3, Every: 2 * s, Seed: 10, Min: s, Max: s},
	}}
	a, err := w.Expand()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := w.Expand()
	if len(a) != 165 || !reflect.DeepEqual(a, b) {
		t.Fatalf("%d messages; same seed, same workload: %v", len(a), reflect.DeepEqual(a, b))
	}
	w.Generators[0].Seed = 70
	if c, _ := w.Expand(); reflect.DeepEqual(a, c) {
		t.Fatal("another seed gave the same workload")
	}
	bursts := map[core.Time]int{}
	for i, m := range a {
		if i > 0 && m.At < a[i-1].At {
			t.Fatalf("message %d sent before message %d", i, i-1)
		}
		if m.Delay == s && m.At%(2*s) == 0 && m.At <= 4*s {
			bursts[m.At]++
		}
	}
	if bursts[0] < 5 || bursts[2*s] < 5 || bursts[4*s] < 5 {
		t.Fatalf("bursts %v", bursts)
	}
}

func TestMixShares(t *testing.T) {
	msgs, err := Workload{Generators: []Generator{{Kind: GenMix, Count: 10_000, Seed: 1, Short: 200, Long: 30 * minute, LongPercent: 10}}}.Expand()
	if err != nil {
		t.Fatal(err)
	}
	long := 0
	for _, m := range msgs {
		if m.Delay == 30*minute {
			long++
		} else if m.Delay != 200 {
			t.Fatalf("delay %d", m.Delay)
		}
	}
	if long < 900 || long > 1100 {
		t.Fatalf("%d long messages of 10,000 at 10 %%", long)
	}
}

func TestWorkloadErrors(t *testing.T) {
	cases := []struct {
		w    Workload
		want string
	}{
		{Workload{}, "no messages"},
		{Workload{Generators: []Generator{{Kind: "poisson", Count: 1}}}, "unknown generator kind"},
		{Workload{Generators: []Generator{{Kind: GenUniform, Count: 1, Min: 5, Max: 1}}}, "larger than max"},
		{Workload{Generators: []Generator{{Kind: GenTiers, Count: 1}}}, "tiers needs"},
		{Workload{Generators: []Generator{{Kind: GenBurst, Count: 1}}}, "bursts 0"},
		{Workload{Generators: []Generator{{Kind: GenMix, Count: 1, LongPercent: 101}}}, "long_percent"},
		{Workload{Generators: []Generator{{Kind: GenUniform, Count: MaxMessages}, {Kind: GenUniform, Count: 1}}}, "MaxMessages"},
		{Workload{Generators: []Generator{{Kind: GenBurst, Count: 1000, Bursts: 1000}}}, "MaxMessages"},
		{Workload{Messages: []Message{{Delay: MaxTime + 1}}}, "MaxTime"},
	}
	for _, c := range cases {
		_, err := c.w.Expand()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.w, err, c.want)
		}
	}
}

func TestRunErrors(t *testing.T) {
	cases := []struct {
		msgs []Message
		spec Spec
		want string
	}{
		{nil, Spec{Kind: KindExactQueue}, "no messages"},
		{[]Message{{At: 2}, {At: 1}}, Spec{Kind: KindExactQueue}, "send order"},
		{abc, Spec{Kind: "kafka"}, "unknown strategy"},
		{abc, Spec{Kind: KindRedisZSet}.With("pol", 1), `no parameter "pol"`},
		{abc, Spec{Kind: KindRedisZSet}.With("poll", 0), "out of range"},
		{abc, Spec{Kind: KindRabbitTiers}.WithList("tiers", nil), "needs 1 to"},
	}
	for _, c := range cases {
		_, err := Run(c.msgs, []Spec{c.spec})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.spec, err, c.want)
		}
	}
}

func TestFormat(t *testing.T) {
	for in, want := range map[core.Time]string{0: "0s", 250: "250ms", 90 * s: "1m30s", -25 * s: "-25s", 2*hour + 500: "2h500ms"} {
		if got := FormatTime(in); got != want {
			t.Errorf("FormatTime(%d) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[core.Time]string{250: "250ms", 1500: "1.5s", 25 * s: "25s", 192 * s: "3m12s", 2*hour + 5*minute + 7*s: "2h5m", -25 * s: "-25s"} {
		if got := FormatShort(in); got != want {
			t.Errorf("FormatShort(%d) = %q, want %q", in, got, want)
		}
	}
}
