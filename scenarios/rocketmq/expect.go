package rocketmq

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	model "github.com/dlxlab/dlxlab/core/rocketmq"
	"github.com/dlxlab/dlxlab/scenarios"
)

// Expect is what a lesson asserts about its run; every field is optional.
type Expect struct {
	Deliveries   *int           `json:"deliveries,omitempty" yaml:"deliveries"`
	Consumed     *int           `json:"consumed,omitempty" yaml:"consumed"`
	DeadLettered *int           `json:"dead_lettered,omitempty" yaml:"dead_lettered"`
	SentBack     *int           `json:"sent_back,omitempty" yaml:"sent_back"`
	DLQ          map[string]int `json:"dlq,omitempty" yaml:"dlq"`         // group → copies in %DLQ% at the end
	Dropped      map[string]int `json:"dropped,omitempty" yaml:"dropped"` // reason → count
	Error        string         `json:"error,omitempty" yaml:"error"`     // the run stops with this (substring)
	Keys         []KeyExpect    `json:"keys,omitempty" yaml:"keys"`
	Lag          []LagExpect    `json:"lag,omitempty" yaml:"lag"`
	Blocked      *int           `json:"blocked,omitempty" yaml:"blocked"` // orderly queues suspended at the end
	MaxPerMinute *int           `json:"max_deliveries_per_minute,omitempty" yaml:"max_deliveries_per_minute"`
	Properties   []PropExpect   `json:"dlq_properties,omitempty" yaml:"dlq_properties"`
}

// KeyExpect checks the deliveries of the messages with a key.
type KeyExpect struct {
	Key            string   `json:"key" yaml:"key"`
	Deliveries     *int     `json:"deliveries,omitempty" yaml:"deliveries"`
	At             []string `json:"at,omitempty" yaml:"at"` // delivery times
	ReconsumeTimes []int    `json:"reconsume_times,omitempty" yaml:"reconsume_times"`
	Consumers      []string `json:"consumers,omitempty" yaml:"consumers"`
}

// LagExpect checks a group's lag on a topic (all queues summed).
type LagExpect struct {
	Group string `json:"group" yaml:"group"`
	Topic string `json:"topic" yaml:"topic"`
	Lag   int64  `json:"lag" yaml:"lag"`
}

// PropExpect checks a property of the first dead letter of a group.
type PropExpect struct {
	Group string `json:"group" yaml:"group"`
	Name  string `json:"name" yaml:"name"`
	Value string `json:"value" yaml:"value"`
}

// Check compares the observation with the expect block; each failure is
// one readable line.
func Check(sc *Scenario, o *Observation) []string {
	e := sc.Expect
	if e == nil {
		return nil
	}
	var fails []string
	num := func(name string, want *int, got int) {
		if want != nil && *want != got {
			fails = append(fails, fmt.Sprintf("expect.%s: got %d, want %d", name, got, *want))
		}
	}
	num("deliveries", e.Deliveries, len(o.Deliveries))
	num("consumed", e.Consumed, o.Stats.Consumed)
	num("dead_lettered", e.DeadLettered, o.Stats.DeadLettered)
	num("sent_back", e.SentBack, o.Stats.SentBack)
	for _, g := range sortedKeys(e.DLQ) {
		got := 0
		for _, t := range o.Topics {
			if t.Name == model.DLQTopic(g) {
				got = len(t.Queues[0].Messages)
			}
		}
		if got != e.DLQ[g] {
			fails = append(fails, fmt.Sprintf("expect.dlq.%s: %d dead letters at the end, want %d", g, got, e.DLQ[g]))
		}
	}
	for _, reason := range sortedKeys(e.Dropped) {
		got := 0
		for _, d := range o.Drops {
			if d.Reason == reason {
				got++
			}
		}
		if got != e.Dropped[reason] {
			fails = append(fails, fmt.Sprintf("expect.dropped.%s: got %d, want %d", reason, got, e.Dropped[reason]))
		}
	}
	if e.Error != "" && !strings.Contains(o.Error, e.Error) || e.Error == "" && o.Error != "" {
		fails = append(fails, fmt.Sprintf("expect.error: the run ended with %q, want %q", o.Error, e.Error))
	}
	for _, k := range e.Keys {
		fails = append(fails, checkKey(o, k)...)
	}
	for _, l := range e.Lag {
		var got int64
		for _, g := range o.Groups {
			for _, p := range g.Progress {
				if g.Name == l.Group && p.Topic == l.Topic {
					got += p.Lag
				}
			}
		}
		if got != l.Lag {
			fails = append(fails, fmt.Sprintf("expect.lag %s on %s: got %d, want %d", l.Group, l.Topic, got, l.Lag))
		}
	}
	if e.Blocked != nil {
		got := 0
		for _, g := range o.Groups {
			got += len(g.Blocked)
		}
		num("blocked", e.Blocked, got)
	}
	if e.MaxPerMinute != nil {
		got := 0
		for _, m := range o.PerMinute {
			got = max(got, m.Deliveries)
		}
		num("max_deliveries_per_minute", e.MaxPerMinute, got)
	}
	for _, p := range e.Properties {
		got := "(no dead letter)"
		for _, d := range o.DeadLetters {
			if d.Group == p.Group {
				got = d.Props[p.Name]
				break
			}
		}
		if got != p.Value {
			fails = append(fails, fmt.Sprintf("expect.dlq_properties %s %s: got %q, want %q", p.Group, p.Name, got, p.Value))
		}
	}
	return fails
}

func checkKey(o *Observation, k KeyExpect) []string {
	var fails []string
	idx := o.byKey[k.Key]
	if k.Deliveries != nil && len(idx) != *k.Deliveries {
		fails = append(fails, fmt.Sprintf("expect.keys %s: %d deliveries, want %d", k.Key, len(idx), *k.Deliveries))
	}
	var at []string
	var rts []int
	var cs []string
	for _, i := range idx {
		d := o.Deliveries[i]
		at = append(at, scenarios.Duration(d.T).String())
		rts = append(rts, d.ReconsumeTimes)
		cs = append(cs, d.Consumer)
	}
	if k.At != nil {
		want := make([]string, len(k.At))
		for i, s := range k.At {
			want[i] = scenarios.Duration(ms(s)).String()
		}
		if !slices.Equal(at, want) {
			fails = append(fails, fmt.Sprintf("expect.keys %s at: got %v, want %v", k.Key, at, want))
		}
	}
	if k.ReconsumeTimes != nil && !slices.Equal(rts, k.ReconsumeTimes) {
		fails = append(fails, fmt.Sprintf("expect.keys %s reconsume_times: got %v, want %v", k.Key, rts, k.ReconsumeTimes))
	}
	if k.Consumers != nil && !slices.Equal(cs, k.Consumers) {
		fails = append(fails, fmt.Sprintf("expect.keys %s consumers: got %v, want %v", k.Key, cs, k.Consumers))
	}
	return fails
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
