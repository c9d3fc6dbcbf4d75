package model

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// BenchmarkObserved runs one workload on the bare engine and through each
// path that observes it (BENCHMARKS.md "Observed paths"): 100,000 messages
// in ten publish steps of 10,000 through a TTL-0 queue into a DLQ
// (scenarios/testdata/bench-dlq-100k.yaml). It lives here because the
// session is the path with the most dependencies; the CLI's paths are the
// scenarios calls `dlxlab run` and `dlxlab check` make. One op is the whole
// workload; msgs/s and the live heap per message at the end of the run
// (B/msg, everything the path holds still held) are reported, never
// asserted. `./build.sh bench` prints each path's ratio to "engine".
func BenchmarkObserved(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "testdata", "bench-dlq-100k.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	sc, err := scenarios.Parse("bench-dlq-100k.yaml", data)
	if err != nil {
		b.Fatal(err)
	}
	const msgs = 100_000
	traceFile := filepath.Join(b.TempDir(), "trace.txt")
	for _, p := range []struct {
		name string
		run  func(b *testing.B) any // returns what the path holds at its peak
	}{
		{"engine", func(b *testing.B) any { return benchEngine(b, sc) }},
		{"run-trace", func(b *testing.B) any {
			return toFile(b, traceFile, func(w *bufio.Writer) any {
				return runAll(b, sc, scenarios.Options{Trace: w, BodiesOnly: true})
			})
		}},
		{"run-json", func(b *testing.B) any {
			return toFile(b, traceFile, func(w *bufio.Writer) any {
				r := runAll(b, sc, scenarios.Options{NoTrace: true})
				if err := r.WriteJSON(w, scenarios.JSONOptions{BodyRefs: true, Terminal: true}); err != nil {
					b.Fatal(err)
				}
				return r
			})
		}},
		{"check", func(b *testing.B) any {
			r := runAll(b, sc, scenarios.Options{NoTrace: true, BodiesOnly: true})
			if fails := r.Check(); len(fails) > 0 {
				b.Fatal(fails)
			}
			return r
		}},
		{"session", func(b *testing.B) any {
			s := New()
			s.Load(sc)
			s.StepNext()
			if q, _ := s.Broker().Queue("dlq"); q.Ready != msgs {
				b.Fatalf("dlq holds %d", q.Ready)
			}
			s.Snapshot()
			s.QueueDetail("dlq", 0, 24)
			return s
		}},
		{"session-open", func(b *testing.B) any {
			// the session path, then the inspector opens the first
			// message: its story is older than the window, so replayed
			s := New()
			s.Load(sc)
			s.StepNext()
			s.SelectMessage("dlq", 1, 0, -1)
			if md := s.MessageDetail(); len(md.History) != 4 {
				b.Fatalf("history of message 1: %+v", md.History)
			}
			return s
		}},
	} {
		b.Run(p.name, func(b *testing.B) {
			var perMsg float64
			for i := 0; i < b.N; i++ {
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				held := p.run(b)
				b.StopTimer()
				runtime.GC()
				runtime.ReadMemStats(&after)
				runtime.KeepAlive(held)
				perMsg = float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / msgs
				b.StartTimer()
			}
			b.ReportMetric(msgs*float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
			b.ReportMetric(perMsg, "B/msg")
		})
	}
}

// benchEngine is the workload on a bare core.Broker: no event log, no
// sink, no runner.
func benchEngine(b *testing.B, sc *scenarios.Scenario) *core.Broker {
	br := core.New(core.DefaultProfile)
	for _, q := range sc.Queues {
		if err := br.DeclareQueue(core.QueueDecl{Name: q.Name, Durable: q.Durable, Args: q.Arguments.Clone()}); err != nil {
			b.Fatal(err)
		}
	}
	for _, st := range sc.Steps {
		p := st.Publish
		for n := 0; n < p.Count; n++ {
			br.Publish(core.Publishing{Exchange: p.Exchange, RoutingKey: p.RoutingKey, Body: p.Body})
		}
	}
	if q, _ := br.Queue("dlq"); q.Ready != 100_000 {
		b.Fatalf("dlq holds %d", q.Ready)
	}
	return br
}

// runAll plays the scenario to its end as scenarios.Run does, keeping the
// runner (and so its broker) for the heap figure.
func runAll(b *testing.B, sc *scenarios.Scenario, opts scenarios.Options) *scenarios.Runner {
	r, err := scenarios.NewRunner(sc, opts)
	if err != nil {
		b.Fatal(err)
	}
	for !r.Done() {
		r.Step()
	}
	return r
}

// toFile runs fn with a buffered writer on a fresh file, as `dlxlab run
// FILE > out` writes.
func toFile(b *testing.B, path string, fn func(w *bufio.Writer) any) any {
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 64<<10)
	held := fn(w)
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	return held
}
