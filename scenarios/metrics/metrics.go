// Package metrics says which Prometheus counters and gauges a real
// RabbitMQ would expose after a scenario's run, with the metric names and
// labels of the rabbitmq_prometheus plugin of that version, and which
// alert rules would have fired. It works from the run's broker events, so
// every number is a count of something the simulator did; the mapping
// (which event moves which counter, with which labels) is in
// docs/metrics.md.
package metrics

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// Label is one metric label.
type Label struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Sample is one time series value.
type Sample struct {
	Labels []Label `json:"labels"`
	Value  int64   `json:"value"`
}

// Family is one metric: its name, type, help text and samples.
type Family struct {
	Name string `json:"name"`
	Type string `json:"type"` // counter or gauge
	Help string `json:"help"`
	// PerObject: served on /metrics/per-object (one series per queue or
	// exchange) rather than on /metrics.
	PerObject bool     `json:"per_object"`
	Samples   []Sample `json:"samples"`
}

// Report is what a run would have shown a Prometheus server.
type Report struct {
	Profile  string   `json:"profile"`
	Version  string   `json:"version"` // the broker release whose exposition is written
	ClockMS  int64    `json:"clock_ms"`
	Families []Family `json:"families"`
	Alerts   []Alert  `json:"alerts"`
}

// version is what differs in the plugin's output between the releases
// the profiles stand for (seen on the real brokers).
type version struct {
	name       string
	protocols  []string // series per protocol
	queueTypes []string // series per queue type in the protocol × queue type counters
	floats     bool     // values written as 12.0 rather than 12
	perQueue   bool     // per-queue delivery counters and per-exchange unroutable counters exist
}

var versions = map[core.Profile]version{
	core.Rabbit312: {name: "3.10.8", protocols: []string{"amqp091"},
		queueTypes: []string{"rabbit_classic_queue", "rabbit_quorum_queue", "rabbit_stream_queue"}},
	core.Rabbit42: {name: "4.0.5", protocols: []string{"amqp091", "amqp10"},
		queueTypes: []string{"rabbit_classic_queue", "rabbit_quorum_queue", "rabbit_stream_queue"}, perQueue: true},
	core.Rabbit43: {name: "4.3.6", protocols: []string{"amqp091", "amqp10"},
		queueTypes: []string{"rabbit_classic_queue", "rabbit_quorum_queue", "rabbit_stream_queue", "rabbit_volatile_queue"},
		floats:     true, perQueue: true},
}

// Collect runs sc under profile ("" keeps the scenario's) and returns the
// metrics at the end of the run and the alerts evaluated then.
func Collect(sc *scenarios.Scenario, profile string) (*Report, error) {
	if profile == "" {
		profile = sc.Profile
	}
	p, err := core.ParseProfile(profile)
	if err != nil {
		return nil, err
	}
	end := endOf(sc)
	run, mark := withSnapshot(sc, end-alertWindow)
	r, err := scenarios.NewRunner(run, scenarios.Options{Profile: string(p), NoTrace: true, EventLog: true})
	if err != nil {
		return nil, err
	}
	for !r.Done() {
		r.Step()
	}
	obs := r.Observation()
	c := newCounts(r.Broker(), sc)
	for _, ev := range r.Broker().Events() {
		c.add(ev, ev.T > core.Time(end-alertWindow))
	}
	v := versions[p]
	rep := &Report{Profile: string(p), Version: v.name, ClockMS: obs.ClockMS}
	rep.Families = c.families(v, obs)
	rep.Alerts = evaluate(c, obs, obs.At(mark))
	return rep, nil
}

// Text writes the report as the plugin's text exposition: /metrics first,
// then /metrics/per-object, each family with its HELP and TYPE lines.
func (r *Report) Text() string {
	var b strings.Builder
	v := versionByName(r.Version)
	for _, perObject := range []bool{false, true} {
		if perObject {
			b.WriteString("# /metrics/per-object\n")
		} else {
			fmt.Fprintf(&b, "# /metrics (RabbitMQ %s, after %d ms of virtual time)\n", r.Version, r.ClockMS)
		}
		for _, f := range r.Families {
			if f.PerObject != perObject {
				continue
			}
			fmt.Fprintf(&b, "# TYPE %s %s\n# HELP %s %s\n", f.Name, f.Type, f.Name, f.Help)
			for _, s := range f.Samples {
				b.WriteString(f.Name)
				if len(s.Labels) > 0 {
					parts := make([]string, len(s.Labels))
					for i, l := range s.Labels {
						parts[i] = l.Name + "=" + quoteLabel(l.Value)
					}
					b.WriteString("{" + strings.Join(parts, ",") + "}")
				}
				if v.floats {
					fmt.Fprintf(&b, " %d.0\n", s.Value)
				} else {
					fmt.Fprintf(&b, " %d\n", s.Value)
				}
			}
		}
	}
	return b.String()
}

func versionByName(name string) version {
	for _, v := range versions {
		if v.name == name {
			return v
		}
	}
	return versions[core.DefaultProfile]
}

// quoteLabel writes a label value as the exposition format wants it.
func quoteLabel(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// Value finds a sample's value by metric name and label values given as
// name=value pairs; ok is false when there is no such series.
func (r *Report) Value(name string, labels ...string) (int64, bool) {
	for _, f := range r.Families {
		if f.Name != name {
			continue
		}
	next:
		for _, s := range f.Samples {
			for _, want := range labels {
				k, v, _ := strings.Cut(want, "=")
				if !hasLabel(s.Labels, k, v) {
					continue next
				}
			}
			return s.Value, true
		}
	}
	return 0, false
}

func hasLabel(ls []Label, k, v string) bool {
	for _, l := range ls {
		if l.Name == k {
			return l.Value == v
		}
	}
	return false
}

func sortedNames[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
