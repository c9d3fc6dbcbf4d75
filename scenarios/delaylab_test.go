package scenarios

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/core/delay"
)

func loadDelayLab(t *testing.T, path string) *DelayLab {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseDelayLab(filepath.Base(path), data)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// Every file in delaylab/ parses, survives a link and a YAML round trip,
// and (but the benchmark) runs.
func TestDelayLabFiles(t *testing.T) {
	files, _ := filepath.Glob("delaylab/*.yaml")
	if len(files) < 4 {
		t.Fatalf("%d delay-lab files", len(files))
	}
	for _, f := range files {
		l := loadDelayLab(t, f)
		if l.Title == "" || l.TitleZH == "" || l.Summary == "" || l.SummaryZH == "" {
			t.Errorf("%s: title and summary in English and Chinese are required", f)
		}
		js, _ := DelayLabJSON(l)
		link, err := EncodeDelayLab(l)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeDelayLab("http://127.0.0.1:8080/delay#d=" + link)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if js2, _ := DelayLabJSON(back); !bytes.Equal(js, js2) {
			t.Errorf("%s: link round trip\n%s\n%s", f, js, js2)
		}
		y, _ := FormatDelayLabYAML(l)
		fromYAML, err := ParseDelayLab("formatted", y)
		if err != nil {
			t.Fatalf("%s: formatted YAML does not parse: %v\n%s", f, err, y)
		}
		if js3, _ := DelayLabJSON(fromYAML); !bytes.Equal(js, js3) {
			t.Errorf("%s: YAML round trip\n%s\n%s", f, js, js3)
		}
		if strings.Contains(f, "bench") {
			continue
		}
		msgs, err := l.Workload.Expand()
		if err == nil {
			_, err = delay.Run(msgs, l.Specs())
		}
		if err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// The head-of-line lesson gives what the article says: B and C out at 30 s, 25 s late.
func TestDelayLabHeadOfLineLesson(t *testing.T) {
	l := loadDelayLab(t, "delaylab/head-of-line.yaml")
	msgs, _ := l.Workload.Expand()
	r, err := delay.RunOne(msgs, delay.Spec{Kind: delay.KindRabbitTTL})
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{"A", "B", "C"} {
		if msgs[i].Name != name || r.Release[i] != 30_000 {
			t.Fatalf("%s released at %d ms", msgs[i].Name, r.Release[i])
		}
	}
	if r.Max != 25_000 {
		t.Fatalf("max lateness %d ms, want 25s", r.Max)
	}
}

// The per-message TTL strategy agrees with the playground's scenario runner:
// the same workload written as a scenario (a delay queue dead-lettering to a
// released queue, one publish per message) dead-letters each message at the
// release time the strategy reports.
func TestDelayLabAgreesWithScenarioRun(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		msgs, err := delay.Workload{Generators: []delay.Generator{
			{Kind: delay.GenUniform, Count: 150, Seed: seed, Span: 20_000, Min: 0, Max: 15_000},
		}}.Expand()
		if err != nil {
			t.Fatal(err)
		}
		sc := &Scenario{Version: Version, Title: "delay lab agreement", Queues: []Queue{
			NewQueue("released"),
			{Name: "delay", Durable: true, Arguments: core.Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "released"}},
		}}
		now := core.Time(0)
		for i, m := range msgs {
			if m.At > now {
				w := Duration(m.At - now)
				sc.Steps = append(sc.Steps, Step{Wait: &w})
				now = m.At
			}
			sc.Steps = append(sc.Steps, Step{Publish: &PublishStep{RoutingKey: "delay", Body: strconv.Itoa(i), Count: 1,
				Properties: Properties{Expiration: strconv.FormatInt(int64(m.Delay), 10)}}})
		}
		w := Duration(40_000)
		sc.Steps = append(sc.Steps, Step{Wait: &w})
		got := make([]core.Time, len(msgs))
		_, err = Run(sc, Options{NoTrace: true, Sink: func(ev core.Event) {
			if ev.Kind == core.EvDeadLettered {
				i, _ := strconv.Atoi(ev.Msg.Body)
				got[i] = ev.T
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
		r, _ := delay.RunOne(msgs, delay.Spec{Kind: delay.KindRabbitTTL})
		if !reflect.DeepEqual(got, r.Release) {
			for i := range got {
				if got[i] != r.Release[i] {
					t.Fatalf("seed %d: message %d %+v: scenario %d, strategy %d", seed, i, msgs[i], got[i], r.Release[i])
				}
			}
		}
	}
}

func TestDelayLabErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"version: 1\n", "lab.yaml:1:1: the workload has no messages"},
		{"version: 2\nmessages: [{delay: 1s}]\n", "lab.yaml:1:10: version 2 is not known"},
		{"messages:\n  - {name: A, dealy: 1s}\n", `lab.yaml:2:15: unknown key "dealy" in message; did you mean "delay"?`},
		{"messages:\n  - {name: A}\n", "lab.yaml:2:5: message: missing delay"},
		{"messages:\n  - {delay: soon}\n", `lab.yaml:2:13: delay: invalid duration "soon"`},
		{"generate:\n  - {kind: uniform, count: 5, tiers: [1s]}\n", "lab.yaml:2:31: generator: tiers does not apply to kind uniform"},
		{"generate:\n  - {kind: unifrom, count: 5}\n", `lab.yaml:2:12: generator: kind "unifrom" is not one of uniform, tiers, mix, burst; did you mean "uniform"?`},
		{"generate:\n  - {kind: uniform, count: 5, min: 2s, max: 1s}\n", "lab.yaml:2:5: generator: min delay 2s is larger than max delay 1s"},
		{"generate:\n  - {kind: uniform, count: 200001}\n", "lab.yaml:2:28: count: 200001 is out of range [0, 200000]"},
		{"generate:\n  - {kind: uniform, count: 150000}\n  - {kind: uniform, count: 60000}\n", "lab.yaml:3:5: the workload has more than 200000 messages"},
		{"messages: [{delay: 1s}]\nstrategies: [redis-zst]\n", `lab.yaml:2:14: unknown strategy "redis-zst"; did you mean "redis-zset"?`},
		{"messages: [{delay: 1s}]\nstrategies: [{kind: redis-zset, pol: 1s}]\n", `lab.yaml:2:33: unknown key "pol" in strategy redis-zset; did you mean "poll"?`},
		{"messages: [{delay: 1s}]\nstrategies: [{kind: rabbitmq-tiers, tiers: []}]\n", "lab.yaml:2:44: tiers: needs 1 to 64 durations, got 0"},
		{"messages: [{delay: 1s}]\nstrategies: [{kind: timing-wheel, wheel: 0}]\n", "lab.yaml:2:42: wheel: 0 is out of range [1, 1048576]"},
	}
	for _, c := range cases {
		_, err := ParseDelayLab("lab.yaml", []byte(c.src))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
}

func TestDelayLabLinkErrors(t *testing.T) {
	for in, want := range map[string]string{
		"#d=nodot": "not a delay-lab link",
		"#d=9.abc": `version "9" is not known`,
		"#d=1.!!!": "damaged",
		"#d=1." + strings.Repeat("A", MaxLinkSize): "limit is",
	} {
		if _, err := DecodeDelayLab(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.30q: error %v, want %q", in, err, want)
		}
	}
}
