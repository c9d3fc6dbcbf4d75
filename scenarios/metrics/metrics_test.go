package metrics

import (
	"os"
	"strings"
	"testing"

	"github.com/dlxlab/dlxlab/scenarios"
)

func lesson(t *testing.T, name string) *scenarios.Scenario {
	t.Helper()
	data, err := os.ReadFile("../library/" + name + ".yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenarios.Parse(name, data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func parse(t *testing.T, yaml string) *scenarios.Scenario {
	t.Helper()
	sc, err := scenarios.Parse("t.yaml", []byte("version: 1\n"+yaml))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// The counters of several lessons, as the real brokers showed them
// (conform -metrics; docs/metrics.md "Checked against the real brokers").
func TestLessonCounters(t *testing.T) {
	cases := []struct {
		lesson, profile string
		want            map[string]int64 // "name|label=value,…" → value
	}{
		{"dlx-unroutable-and-missing", "rabbitmq-4.3", map[string]int64{
			"rabbitmq_global_messages_received_total|protocol=amqp091":                                                                7,
			"rabbitmq_global_messages_dead_lettered_rejected_total|queue_type=rabbit_classic_queue,dead_letter_strategy=at_most_once": 3,
			"rabbitmq_global_messages_dead_lettered_rejected_total|queue_type=rabbit_classic_queue,dead_letter_strategy=disabled":     4,
		}},
		{"routing-alternate-exchange-mandatory", "rabbitmq-3.12", map[string]int64{
			"rabbitmq_global_messages_received_total|protocol=amqp091":            4,
			"rabbitmq_global_messages_routed_total|protocol=amqp091":              2,
			"rabbitmq_global_messages_unroutable_dropped_total|protocol=amqp091":  1,
			"rabbitmq_global_messages_unroutable_returned_total|protocol=amqp091": 1,
		}},
		{"quorum-poison-message-4.3", "rabbitmq-4.3", map[string]int64{
			"rabbitmq_global_messages_delivered_total|protocol=amqp091,queue_type=rabbit_quorum_queue":                                     13,
			"rabbitmq_global_messages_redelivered_total|protocol=amqp091,queue_type=rabbit_quorum_queue":                                   11,
			"rabbitmq_global_messages_dead_lettered_delivery_limit_total|queue_type=rabbit_quorum_queue,dead_letter_strategy=at_most_once": 1,
		}},
		{"ttl-cycle", "rabbitmq-4.3", map[string]int64{
			"rabbitmq_global_messages_dead_lettered_expired_total|queue_type=rabbit_classic_queue,dead_letter_strategy=at_most_once": 2,
		}},
		{"quorum-at-least-once-dead-lettering", "rabbitmq-4.3", map[string]int64{
			"rabbitmq_global_messages_dead_lettered_rejected_total|queue_type=rabbit_quorum_queue,dead_letter_strategy=at_least_once":  1,
			"rabbitmq_global_messages_dead_lettered_rejected_total|queue_type=rabbit_quorum_queue,dead_letter_strategy=disabled":       1,
			"rabbitmq_global_messages_dead_lettered_confirmed_total|queue_type=rabbit_quorum_queue,dead_letter_strategy=at_least_once": 1,
		}},
	}
	for _, c := range cases {
		rep, err := Collect(lesson(t, c.lesson), c.profile)
		if err != nil {
			t.Fatal(err)
		}
		for k, want := range c.want {
			name, labels, _ := strings.Cut(k, "|")
			got, ok := rep.Value(name, strings.Split(labels, ",")...)
			if !ok || got != want {
				t.Errorf("%s %s: %s = %d (found %v), want %d", c.lesson, c.profile, k, got, ok, want)
			}
		}
	}
}

// What differs between the versions' expositions (seen on the brokers):
// 4.3 writes 7.0, 3.10 and 4.0 write 7; 4.x has amqp10 series and the
// per-queue and per-exchange counters; only 4.3 has the volatile queue type.
func TestExpositionPerVersion(t *testing.T) {
	sc := lesson(t, "routing-alternate-exchange-mandatory")
	text := map[string]string{}
	for _, p := range []string{"rabbitmq-4.3", "rabbitmq-4.2", "rabbitmq-3.12"} {
		rep, err := Collect(sc, p)
		if err != nil {
			t.Fatal(err)
		}
		text[p] = rep.Text()
	}
	for _, c := range []struct {
		profile, line string
		present       bool
	}{
		{"rabbitmq-4.3", `rabbitmq_global_messages_received_total{protocol="amqp091"} 4.0`, true},
		{"rabbitmq-4.2", `rabbitmq_global_messages_received_total{protocol="amqp091"} 4` + "\n", true},
		{"rabbitmq-3.12", `rabbitmq_global_messages_received_total{protocol="amqp091"} 4` + "\n", true},
		{"rabbitmq-3.12", `protocol="amqp10"`, false},
		{"rabbitmq-4.2", `rabbitmq_global_messages_received_total{protocol="amqp10"} 0`, true},
		{"rabbitmq-4.3", `queue_type="rabbit_volatile_queue"`, true},
		{"rabbitmq-4.2", `queue_type="rabbit_volatile_queue"`, false},
		{"rabbitmq-4.3", `rabbitmq_exchange_messages_unroutable_dropped_total{vhost="/",exchange="plain"} 1.0`, true},
		{"rabbitmq-3.12", `rabbitmq_exchange_messages_unroutable_dropped_total`, false},
		{"rabbitmq-3.12", `rabbitmq_queue_messages{vhost="/",queue="orders.unrouted"} 1` + "\n", true},
		{"rabbitmq-3.12", "# TYPE rabbitmq_queue_messages gauge\n", true},
	} {
		if got := strings.Contains(text[c.profile], c.line); got != c.present {
			t.Errorf("%s: %q present %v, want %v", c.profile, c.line, got, c.present)
		}
	}
}

func fired(rep *Report) []string {
	var out []string
	for _, a := range rep.Alerts {
		if a.Fired {
			out = append(out, a.Name)
		}
	}
	return out
}

// Alerts look at the last ten minutes of virtual time only.
func TestAlertsWindow(t *testing.T) {
	recent := `
exchanges: [{name: legacy}]
queues: [{name: orders.dlq}]
steps:
  - wait: 30m
  - publish: {exchange: legacy, routing_key: k, body: lost}
  - publish: {exchange: "", routing_key: orders.dlq, body: dead, count: 11}
  - wait: 1s
`
	old := `
exchanges: [{name: legacy}]
queues: [{name: orders.dlq}]
steps:
  - publish: {exchange: legacy, routing_key: k, body: lost}
  - publish: {exchange: "", routing_key: orders.dlq, body: dead, count: 11}
  - wait: 30m
`
	rep, err := Collect(parse(t, recent), "")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(fired(rep), " "); got != "RabbitMQUnroutableMessagesDropped RabbitMQDeadLetterQueueGrowing RabbitMQDeadLetterQueueNotEmpty" {
		t.Errorf("recent: fired %q", got)
	}
	rep, _ = Collect(parse(t, old), "")
	if got := strings.Join(fired(rep), " "); got != "RabbitMQDeadLetterQueueNotEmpty" {
		t.Errorf("half an hour later: fired %q", got)
	}
	if y := RulesYAML(); !strings.Contains(y, "alert: RabbitMQDeadLettersDiscarded") || !strings.Contains(y, `dead_letter_strategy="disabled"`) {
		t.Errorf("rules file:\n%s", y)
	}
}
