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
// count that does not match stops the comparison.
func TestMetricsCompare(t *testing.T) {
	sc, err := scenarios.Parse("t", []byte(`version: 1
queues: [{name: q, arguments: {x-dead-letter-exchange: nope}}]
consumers: [{name: c, queue: q, actions: [reject]}]
steps: [{publish: {exchange: "", routing_key: q, body: x, count: 2}}]
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
	check := func(after samples) *metricsCheck {
		m := &metricsCheck{before: samples{}, after: samples{}, objects: samples{`rabbitmq_queue_messages{queue="q",vhost="v"}`: 0,
			`rabbitmq_queue_messages_ready{queue="q",vhost="v"}`: 0, `rabbitmq_queue_messages_unacked{queue="q",vhost="v"}`: 0}}
		for _, f := range rep.Families {
			for _, s := range f.Samples {
				if !f.PerObject {
					m.before[simKey(f.Name, s)] = 100
					m.after[simKey(f.Name, s)] = 100 + float64(s.Value)
				}
			}
		}
		for k, v := range after {
			m.after[k] = v
		}
		return m
	}
	if diffs, warn := check(nil).compare(rep); len(diffs) != 0 || warn != "" {
		t.Errorf("equal: %v %q", diffs, warn)
	}
	if diffs, _ := check(samples{rejected: 101}).compare(rep); len(diffs) != 1 || !strings.Contains(diffs[0].Path, "dead_lettered_rejected") {
		t.Errorf("one fewer rejection: %v", diffs)
	}
	if diffs, warn := check(samples{rejected: 105}).compare(rep); len(diffs) != 0 || !strings.Contains(warn, "+3") {
		t.Errorf("more rejections: %v %q", diffs, warn)
	}
	if _, warn := check(samples{received: 110}).compare(rep); !strings.Contains(warn, "not compared") {
		t.Errorf("other traffic: %q", warn)
	}
}
