package conform

import (
	"strings"
	"testing"

	"github.com/dlxlab/dlxlab/scenarios"
	"github.com/dlxlab/dlxlab/scenarios/metrics"
)

func TestParseExposition(t *testing.T) {
	s, err := parseExposition(strings.NewReader(`# TYPE x counter
x{queue_type="rabbit_quorum_queue",dead_letter_strategy="at_most_once"} 7.0
y 3
z{a="with, comma",b="q\"uote"} 1
`))
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]float64{
		`x{dead_letter_strategy="at_most_once",queue_type="rabbit_quorum_queue"}`: 7,
		`y`:                              3,
		`z{a="with, comma",b="q\"uote"}`: 1,
	} {
		if s[k] != want {
			t.Errorf("%s = %v, want %v (have %v)", k, s[k], want, s)
		}
	}
}

// The comparison: growth below the simulator's count is a difference,
// growth above it (other clients on the node) a warning, and a received
// count that does not match stops the node-wide comparison; per-object
// series of the replay's vhost are compared value for value.
func TestMetricsCompare(t *testing.T) {
	sc, err := scenarios.Parse("t", []byte(`version: 1
queues: [{name: q, arguments: {x-dead-letter-exchange: nope}}, {name: keep}]
consumers: [{name: c, queue: q, actions: [reject]}]
steps: [{publish: {exchange: "", routing_key: q, body: x, count: 2}}, {publish: {exchange: "", routing_key: keep, body: y}}]
`))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := metrics.Collect(sc, "rabbitmq-3.12")
	if err != nil {
		t.Fatal(err)
	}
	received := `rabbitmq_global_messages_received_total{protocol="amqp091"}`
	rejected := `rabbitmq_global_messages_dead_lettered_rejected_total{dead_letter_strategy="disabled",queue_type="rabbit_classic_queue"}`
	keepDepth := `rabbitmq_queue_messages{queue="keep",vhost="v1"}`
	check := func(after samples) *metricsCheck {
		m := &metricsCheck{vhost: "v1", want: rep, before: samples{}, after: samples{}, objects: samples{
			// another replay's vhost: never compared
			`rabbitmq_queue_messages{queue="keep",vhost="v0"}`: 9}}
		for _, f := range rep.Families {
			for _, s := range f.Samples {
				if f.PerObject {
					m.objects[objectKey(f.Name, s, "v1")] = float64(s.Value)
				} else {
					m.before[simKey(f.Name, s)] = 100
					m.after[simKey(f.Name, s)] = 100 + float64(s.Value)
				}
			}
		}
		for k, v := range after {
			if strings.Contains(k, "vhost=") {
				m.objects[k] = v
			} else {
				m.after[k] = v
			}
		}
		return m
	}
	if m := check(nil); m.objects[keepDepth] != 1 {
		t.Fatalf("the depth of keep is not in the simulator's report: %v", m.objects)
	}
	if diffs, warn := check(nil).compare(); len(diffs) != 0 || warn != "" {
		t.Errorf("equal: %v %q", diffs, warn)
	}
	if diffs, _ := check(samples{rejected: 101}).compare(); len(diffs) != 1 || !strings.Contains(diffs[0].Path, "dead_lettered_rejected") {
		t.Errorf("one fewer rejection: %v", diffs)
	}
	if diffs, warn := check(samples{rejected: 105}).compare(); len(diffs) != 0 || !strings.Contains(warn, "+3") {
		t.Errorf("more rejections: %v %q", diffs, warn)
	}
	for after, want := range map[string]MetricsOutcome{rejected: MetricsSurplus, received: MetricsObjectsOnly} {
		var r Result
		compareMetrics(check(samples{after: 110}), &r)
		if r.Metrics != want {
			t.Errorf("%s above the scenario's: outcome %q, want %q", after, r.Metrics, want)
		}
	}
	var r Result
	compareMetrics(check(nil), &r)
	if r.Metrics != MetricsEqual {
		t.Errorf("equal: outcome %q", r.Metrics)
	}
	if diffs, warn := check(samples{received: 110}).compare(); len(diffs) != 0 || !strings.Contains(warn, "not compared") {
		t.Errorf("other traffic: %v %q", diffs, warn)
	}
	// per-object values are the replay's own: compared even with other traffic
	if diffs, _ := check(samples{received: 110, keepDepth: 2}).compare(); len(diffs) != 1 || diffs[0].Path != "metrics/"+keepDepth || diffs[0].Broker != "2" {
		t.Errorf("depth 2 instead of 1: %v", diffs)
	}
	extra := `rabbitmq_queue_messages{queue="other",vhost="v1"}`
	if diffs, _ := check(samples{extra: 3}).compare(); len(diffs) != 1 || diffs[0].Sim != "no such series" {
		t.Errorf("a queue the simulator does not have, with messages: %v", diffs)
	}
	if diffs, _ := check(samples{extra: 0}).compare(); len(diffs) != 0 {
		t.Errorf("an empty queue the simulator does not list: %v", diffs)
	}
	m := check(nil)
	delete(m.objects, keepDepth)
	if diffs, _ := m.compare(); len(diffs) != 1 || diffs[0].Broker != "no such series" {
		t.Errorf("missing depth series: %v", diffs)
	}
}

// A timing failure may carry metrics differences and still be replayed;
func TestMetricsLine(t *testing.T) {
	s := Summary{Results: []Result{{Metrics: MetricsEqual}, {Metrics: MetricsDiffer}, {Metrics: MetricsObjectsOnly}, {Metrics: MetricsSurplus}, {}}}
	if got, want := s.MetricsLine(), "metrics equal on 1 of 4 (1 with node-wide counters not compared, 1 with node-wide counters above the scenario's: other traffic)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if (Summary{Results: []Result{{}}}).MetricsLine() != "" {
		t.Error("no metrics checked: no line")
	}
}

func TestCheckMetricsOnly(t *testing.T) {
	files := []File{{Path: "lib/retry-loop.yaml"}, {Path: "lib/ttl-cycle.yaml"}}
	if err := checkMetricsOnly(&Config{Metrics: "http://x", MetricsOnly: []string{"ttl-cycle"}}, files); err != nil {
		t.Error(err)
	}
	if err := checkMetricsOnly(&Config{Metrics: "http://x", MetricsOnly: []string{"ttl-cycles"}}, files); err == nil || !strings.Contains(err.Error(), "ttl-cycles") {
		t.Errorf("a name no file has: %v", err)
	}
	if err := checkMetricsOnly(&Config{MetricsOnly: []string{"ttl-cycle"}}, files); err == nil {
		t.Error("names without an endpoint: no error")
	}
}
