package lint

import (
	"fmt"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// Diff is what changes for one topology when the broker moves from one
// version (profile) to another: findings that appear or go away, and the
// queue settings the two brokers resolve differently.
type Diff struct {
	From    string    `json:"from"`
	To      string    `json:"to"`
	Added   []Finding `json:"added"`
	Removed []Finding `json:"removed"`
	Changed []Change  `json:"changed"`
}

// Change is one queue setting that resolves differently.
type Change struct {
	Queue   string `json:"queue"`
	Setting string `json:"setting"`
	From    string `json:"from"`
	To      string `json:"to"`
}

// Compare checks sc under both profiles and lists the differences.
func Compare(sc *scenarios.Scenario, from, to string) (*Diff, error) {
	a, err := Check(sc, from)
	if err != nil {
		return nil, err
	}
	b, err := Check(sc, to)
	if err != nil {
		return nil, err
	}
	d := &Diff{From: a.Profile, To: b.Profile, Added: only(b.Findings, a.Findings), Removed: only(a.Findings, b.Findings)}
	ta, _ := newTopology(sc, from)
	tb, _ := newTopology(sc, to)
	for _, qa := range ta.queues {
		if qb, ok := tb.queue[qa.Name]; ok {
			d.Changed = append(d.Changed, settingChanges(qa, qb)...)
		}
	}
	if d.Changed == nil {
		d.Changed = []Change{}
	}
	return d, nil
}

// only lists the findings of xs that ys does not have (same code, same objects).
func only(xs, ys []Finding) []Finding {
	have := map[string]bool{}
	for _, y := range ys {
		have[y.key()] = true
	}
	out := []Finding{}
	for _, x := range xs {
		if !have[x.key()] {
			out = append(out, x)
		}
	}
	return out
}

// settingChanges compares what two brokers resolved for one queue.
func settingChanges(a, b core.QueueView) []Change {
	var out []Change
	add := func(setting, x, y string) {
		if x != y {
			out = append(out, Change{Queue: a.Name, Setting: setting, From: x, To: y})
		}
	}
	ca, cb := a.Config, b.Config
	add("policy", orNone(a.Policy), orNone(b.Policy))
	add("dead-letter-exchange", dlx(ca), dlx(cb))
	add("delivery-limit", limit(ca.DeliveryLimit), limit(cb.DeliveryLimit))
	add("overflow", ca.Overflow, cb.Overflow)
	add("message-ttl", limit(ca.MessageTTL), limit(cb.MessageTTL))
	add("max-length", limit(ca.MaxLength), limit(cb.MaxLength))
	add("expires", limit(ca.Expires), limit(cb.Expires))
	return out
}

func dlx(c core.ConfigView) string {
	if !c.HasDLX {
		return "none"
	}
	return "'" + c.DLX + "' (" + c.DLXFrom + ")"
}

func limit(v int64) string {
	if v < 0 {
		return "none"
	}
	return fmt.Sprint(v)
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
