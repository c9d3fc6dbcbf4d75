package metrics

import "github.com/dlxlab/dlxlab/scenarios"

// windowMark names the snapshot taken where the alert window starts.
const windowMark = "metrics: alert window start"

// endOf is the virtual time at which the scenario's last step runs (time
// moves only on wait steps).
func endOf(sc *scenarios.Scenario) int64 {
	var t int64
	for _, s := range sc.Steps {
		if s.Wait != nil {
			t += int64(*s.Wait)
		}
	}
	return t
}

// withSnapshot is sc with a snapshot step at virtual time t (the start when
// t <= 0), splitting the wait step that spans it; the copy is what runs,
// and the snapshot changes nothing in the broker.
func withSnapshot(sc *scenarios.Scenario, t int64) (*scenarios.Scenario, string) {
	c := *sc
	snap := scenarios.Step{Snapshot: &scenarios.SnapshotStep{Name: windowMark}}
	steps := make([]scenarios.Step, 0, len(sc.Steps)+2)
	if t <= 0 {
		steps = append(steps, snap)
		c.Steps = append(steps, sc.Steps...)
		return &c, windowMark
	}
	var at int64
	placed := false
	for _, s := range sc.Steps {
		if !placed && s.Wait != nil && at+int64(*s.Wait) >= t {
			first, rest := scenarios.Duration(t-at), *s.Wait-scenarios.Duration(t-at)
			steps = append(steps, scenarios.Step{Wait: &first}, snap)
			if rest > 0 {
				steps = append(steps, scenarios.Step{Wait: &rest})
			}
			placed = true
			at += int64(*s.Wait)
			continue
		}
		if s.Wait != nil {
			at += int64(*s.Wait)
		}
		steps = append(steps, s)
	}
	c.Steps = steps
	return &c, windowMark
}
