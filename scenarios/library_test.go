package scenarios

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/dlxlab/dlxlab/core"
)

// invariantChecker fails the test when the broker's accounting breaks
// after the topology or any step.
func invariantChecker(t *testing.T) func(int, *core.Broker) {
	return func(step int, b *core.Broker) {
		t.Helper()
		if err := b.CheckInvariants(); err != nil {
			t.Errorf("after step %d: %v", step, err)
		}
	}
}

// TestLibrary: every library scenario parses, runs with the core's
// invariants holding after every step, and its expect block passes.
func TestLibrary(t *testing.T) {
	for _, path := range libraryFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			sc := load(t, path)
			if len(sc.Expect) == 0 {
				t.Errorf("%s has no expect block", path)
			}
			obs := run(t, sc)
			for _, f := range Check(sc, obs) {
				t.Errorf("%s: %s", path, f)
			}
		})
	}
}

// TestLibraryReplay: same file, same output, always: two runs give the
// same observation JSON and the same trace, byte for byte.
func TestLibraryReplay(t *testing.T) {
	for _, path := range libraryFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			var outs [2][]byte
			for i := range outs {
				obs := run(t, load(t, path))
				js, err := obs.JSON()
				if err != nil {
					t.Fatal(err)
				}
				outs[i] = append(js, strings.Join(obs.Trace, "\n")...)
			}
			if !bytes.Equal(outs[0], outs[1]) {
				t.Errorf("two runs of %s differ", path)
			}
		})
	}
}

// TestNoTraceSameObservation: Options.NoTrace leaves the trace empty and
// changes nothing else: every library scenario, and one that publishes
// many messages, give the same Observation (JSON and Go values alike).
func TestNoTraceSameObservation(t *testing.T) {
	check := func(t *testing.T, sc *Scenario) {
		t.Helper()
		with, err := Run(sc, Options{})
		if err != nil {
			t.Fatal(err)
		}
		without, err := Run(sc, Options{NoTrace: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(with.Trace) == 0 || len(without.Trace) != 0 {
			t.Fatalf("trace lines: %d with, %d with NoTrace", len(with.Trace), len(without.Trace))
		}
		a, _ := with.JSON()
		b, _ := without.JSON()
		if !bytes.Equal(a, b) {
			t.Errorf("the observation JSON differs with NoTrace:\n%s\nvs\n%s", a, b)
		}
		with.Trace = nil
		without.Trace = nil
		if !reflect.DeepEqual(with, without) {
			t.Error("the observation differs with NoTrace")
		}
	}
	for _, path := range libraryFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) { check(t, load(t, path)) })
	}
	t.Run("many", func(t *testing.T) {
		check(t, parseString(t, `
			queues:
			  - {name: work, arguments: {x-message-ttl: 10, x-dead-letter-exchange: "", x-dead-letter-routing-key: dlq}}
			  - {name: dlq, arguments: {x-max-length: 100}}
			consumers: [{name: c, queue: dlq, prefetch: 5, actions: [requeue, hold, ack]}]
			steps:
			  - publish: {routing_key: work, body: m, count: 5000}
			  - wait: 5ms
			  - publish: {routing_key: work, body: n, count: 5000}
			  - wait: 1s
			  - ack: {consumer: c, multiple: true}
			  - wait: 1s`))
	})
}

// TestLibraryChinese: every lesson has a Simplified Chinese title and
// summary (title_zh, summary_zh), with `backquoted` terms paired, and its
// share link stays under the 2,000 characters chat apps keep. A lesson's
// checkpoints (two languages of narration) are allowed past that, up to
// 6,000: such a lesson is shared by a short link where there is one.
func TestLibraryChinese(t *testing.T) {
	han := func(s string) bool {
		for _, r := range s {
			if unicode.Is(unicode.Han, r) {
				return true
			}
		}
		return false
	}
	for _, path := range libraryFiles(t) {
		sc := load(t, path)
		if !han(sc.TitleZH) || !han(sc.SummaryZH) {
			t.Errorf("%s: title_zh %q, summary_zh %q: want Chinese text", path, sc.TitleZH, sc.SummaryZH)
		}
		if strings.Count(sc.SummaryZH, "`")%2 != 0 || strings.Contains(sc.TitleZH, "`") {
			t.Errorf("%s: unpaired backquote in summary_zh, or one in title_zh", path)
		}
		plain := *sc
		plain.Checkpoints = nil
		for _, c := range []struct {
			sc    *Scenario
			limit int
		}{{&plain, 2000}, {sc, 6000}} {
			link, err := Encode(c.sc)
			if err != nil {
				t.Fatal(err)
			}
			if url := "http://127.0.0.1:8080/#s=" + link; len(url) >= c.limit {
				t.Errorf("%s: its link is %d characters (checkpoints: %d); keep it under %d", path, len(url), len(c.sc.Checkpoints), c.limit)
			}
		}
	}
}

// TestLibraryFormats: every library scenario survives the share link and
// the YAML writer unchanged.
func TestLibraryFormats(t *testing.T) {
	for _, path := range libraryFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			sc := load(t, path)
			link, err := Encode(sc)
			if err != nil {
				t.Fatal(err)
			}
			back, err := Decode(link)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			assertSame(t, "share link", sc, back)
			y, err := FormatYAML(sc)
			if err != nil {
				t.Fatal(err)
			}
			again, err := Parse("formatted.yaml", y)
			if err != nil {
				t.Fatalf("FormatYAML output does not parse: %v\n%s", err, y)
			}
			assertSame(t, "FormatYAML", sc, again)
		})
	}
}

func assertSame(t *testing.T, via string, want, got *Scenario) {
	t.Helper()
	wj, _ := CanonicalJSON(want)
	gj, _ := CanonicalJSON(got)
	if !bytes.Equal(wj, gj) {
		t.Errorf("%s changed the scenario:\nwant %s\ngot  %s", via, wj, gj)
	}
	if !deepEqual(stripPos(want), stripPos(got)) {
		t.Errorf("%s changed the scenario (typed values differ):\nwant %+v\ngot  %+v", via, stripPos(want), stripPos(got))
	}
}

// TestInvariantsAfterEveryStep: core.CheckInvariants holds after the
// topology and after every single step of every library scenario (and of
// the kitchen-sink scenario, which runs every step kind).
func TestInvariantsAfterEveryStep(t *testing.T) {
	check := func(t *testing.T, sc *Scenario) {
		calls := 0
		_, err := Run(sc, Options{AfterStep: func(step int, b *core.Broker) {
			if step != calls-1 {
				t.Errorf("AfterStep(%d) called out of order (call %d)", step, calls)
			}
			calls++
			if err := b.CheckInvariants(); err != nil {
				t.Errorf("after step %d: %v", step, err)
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
		if calls != len(sc.Steps)+1 {
			t.Errorf("AfterStep called %d times for %d steps", calls, len(sc.Steps))
		}
	}
	for _, path := range libraryFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) { check(t, load(t, path)) })
	}
	t.Run("kitchen sink", func(t *testing.T) { check(t, parseString(t, kitchenSink)) })
}
