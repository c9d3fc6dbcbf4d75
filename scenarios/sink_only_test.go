package scenarios

import (
	"path/filepath"
	"testing"

	"github.com/dlxlab/dlxlab/core"
)

// TestSinkOnlySeesTheSameRun: with Options.SinkOnly (the playground's
// way) the sink sees every event of the run, the same as the broker's log
// holds, for every library and suite scenario; settle steps still find
// the deliveries held by hand (the runs would differ otherwise), and no
// observation is built from the events.
func TestSinkOnlySeesTheSameRun(t *testing.T) {
	suite, _ := filepath.Glob(filepath.Join("suite", "*.yaml"))
	for _, path := range append(libraryFiles(t), suite...) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			sc := load(t, path)
			full, err := NewRunner(sc, Options{NoTrace: true, EventLog: true})
			if err != nil {
				t.Fatal(err)
			}
			for full.Step() {
			}
			var seen []core.Event
			r, err := NewRunner(sc, Options{NoTrace: true, SinkOnly: true, Sink: func(ev core.Event) { seen = append(seen, ev) }})
			if err != nil {
				t.Fatal(err)
			}
			for r.Step() {
			}
			want := full.Broker().Events()
			if len(seen) != len(want) {
				t.Fatalf("the sink saw %d events, the log holds %d", len(seen), len(want))
			}
			for i := range want {
				if seen[i].String() != want[i].String() {
					t.Fatalf("event %d: %s, want %s", i, seen[i], want[i])
				}
			}
			if obs := r.Observation(); len(obs.Deliveries)+len(obs.Drops)+len(obs.Returns) != 0 {
				t.Errorf("an observation was built: %d deliveries, %d drops, %d returns",
					len(obs.Deliveries), len(obs.Drops), len(obs.Returns))
			}
		})
	}
}
