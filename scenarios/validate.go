package scenarios

import (
	"slices"
	"sort"

	"github.com/dlxlab/dlxlab/core"
)

// validate checks what needs the whole scenario: the profile, names used
// before they are known, and the totals the named limits bound.
func (d *decoder) validate(sc *Scenario) {
	queues, consumers := knownNames(sc)
	d.checkpointRefs(sc)
	var snapshots []string
	for _, r := range d.snapshots {
		if slices.Contains(snapshots, r.name) {
			d.errorAt(r.at, "snapshot %q is taken twice: each snapshot step needs its own name", r.name)
		}
		snapshots = append(snapshots, r.name)
	}
	sort.Strings(snapshots)
	for _, r := range d.refs {
		known := queues
		switch r.kind {
		case "consumer":
			known = consumers
		case "snapshot":
			known = snapshots
		}
		if !slices.Contains(known, r.name) {
			verb := "declared"
			if r.kind == "snapshot" {
				verb = "taken by a snapshot step"
			}
			d.errorAt(r.at, "%s: no %s %q is %s in the scenario%s", r.what, r.kind, r.name, verb, suggest(r.name, known))
		}
	}
	var waited Duration
	publishes, nConsumers := 0, len(sc.Consumers)
	for _, s := range sc.Steps {
		switch {
		case s.Wait != nil:
			waited += *s.Wait
		case s.Publish != nil:
			publishes += s.Publish.Count
		case s.Consume != nil:
			nConsumers++
		}
	}
	if waited > MaxVirtualTime {
		d.errorAt(Pos{}, "the waits add up to %s; the limit is %s of virtual time (MaxVirtualTime)", waited, MaxVirtualTime)
	}
	if publishes > MaxPublishTotal && !d.unbounded {
		d.errorAt(Pos{}, "the steps publish %d messages; the limit is %d (MaxPublishTotal)", publishes, MaxPublishTotal)
	}
	if nConsumers > MaxConsumers {
		d.errorAt(Pos{}, "%d consumers; the limit is %d (MaxConsumers)", nConsumers, MaxConsumers)
	}
}

func profileNames() []string {
	out := make([]string, len(core.Profiles))
	for i, p := range core.Profiles {
		out[i] = string(p)
	}
	return out
}

// knownNames lists the queues (topology and declare steps) and consumers
// (consumers list and consume steps) a scenario can refer to.
func knownNames(sc *Scenario) (queues, consumers []string) {
	for _, q := range sc.Queues {
		queues = append(queues, q.Name)
	}
	for _, c := range sc.Consumers {
		consumers = append(consumers, c.Name)
	}
	for _, s := range sc.Steps {
		if s.Declare != nil && s.Declare.Queue != "" {
			queues = append(queues, s.Declare.Queue)
		}
		if s.Consume != nil {
			consumers = append(consumers, s.Consume.Name)
		}
	}
	sort.Strings(queues)
	sort.Strings(consumers)
	return queues, consumers
}
