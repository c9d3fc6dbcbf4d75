package scenarios

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestObservedPathsSame: the cheaper ways of observing a run change
// nothing a reader sees. For every library and suite scenario, the trace
// written to Options.Trace is Observation.Trace line by line; the queue
// states with Options.BodiesOnly hold the same bodies, flags and counts;
// Check gives the same failures; and the rest of the observation is the
// same with or without the broker's event log (Options.EventLog).
func TestObservedPathsSame(t *testing.T) {
	files := libraryFiles(t)
	suite, _ := filepath.Glob(filepath.Join("suite", "*.yaml"))
	for _, path := range append(files, suite...) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			sc := load(t, path)
			full, err := Run(sc, Options{EventLog: true})
			if err != nil {
				t.Fatal(err)
			}
			var trace bytes.Buffer
			streamed, err := Run(sc, Options{Trace: &trace, BodiesOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Join(full.Trace, "\n") + "\n"
			if trace.String() != want || len(streamed.Trace) != 0 {
				t.Errorf("streamed trace differs:\n%s\nwant:\n%s", trace.String(), want)
			}
			if !sameBodies(full, streamed) {
				t.Error("BodiesOnly queue states differ in bodies, flags or counts")
			}
			if a, b := Check(sc, full), Check(sc, streamed); !reflect.DeepEqual(a, b) {
				t.Errorf("Check differs with BodiesOnly: %v vs %v", a, b)
			}
			plain, _ := Run(sc, Options{})
			a, _ := full.JSON()
			b, _ := plain.JSON()
			if !bytes.Equal(a, b) || !reflect.DeepEqual(full.Trace, plain.Trace) {
				t.Error("the observation differs without the event log")
			}
		})
	}
}

func sameBodies(a, b *Observation) bool {
	same := func(x, y map[string]QueueState) bool {
		if len(x) != len(y) {
			return false
		}
		for name, qa := range x {
			qb, ok := y[name]
			if !ok || qa.Unacked != qb.Unacked || len(qa.Messages) != len(qb.Messages) {
				return false
			}
			for i := range qa.Messages {
				if qa.Messages[i].Body != qb.Messages[i].Body || qa.Messages[i].Redelivered != qb.Messages[i].Redelivered {
					return false
				}
			}
		}
		return true
	}
	if !same(a.Queues, b.Queues) || len(a.Snapshots) != len(b.Snapshots) {
		return false
	}
	for i := range a.Snapshots {
		if !same(a.Snapshots[i].Queues, b.Snapshots[i].Queues) {
			return false
		}
	}
	return true
}
