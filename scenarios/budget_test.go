package scenarios

import (
	"strings"
	"testing"
)

// Runaway scenarios stop with one clear error, within the work budget,
// whatever shape the loop has.
func TestBudgetStopsRunaways(t *testing.T) {
	cases := []struct {
		name, src string
		budget    int64
	}{
		// A consumer that requeues for ever, published with count 10000: the
		// per-instant limit used to start again for every message.
		{"requeue loop published 10000 times", `{"version":1,"queues":[{"name":"q"}],"consumers":[{"name":"c","queue":"q","actions":["requeue"]}],"steps":[{"publish":{"exchange":"","routing_key":"q","body":"x","count":10000}}]}`,
			50_000 + 5*10_000},
		// TTL 1 ms and a reject loop: time moves, so only the budget stops it.
		{"ttl and reject loop", `
			queues:
			  - {name: wait, arguments: {x-message-ttl: 1, x-dead-letter-exchange: "", x-dead-letter-routing-key: work}}
			  - {name: work, arguments: {x-dead-letter-exchange: "", x-dead-letter-routing-key: wait}}
			consumers: [{name: c, queue: work, actions: [reject]}]
			steps:
			  - publish: {routing_key: work, body: m, count: 100}
			  - wait: 30d
			`, 50_000 + 5*100},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := parseString(t, c.src)
			if sc.EventBudget() != c.budget {
				t.Fatalf("budget %d, want %d", sc.EventBudget(), c.budget)
			}
			obs, err := Run(sc, Options{NoTrace: true, AfterStep: invariantChecker(t)})
			if err != nil {
				t.Fatal(err)
			}
			if len(obs.Errors) != 1 || !strings.Contains(obs.Errors[0].Text, "work budget") {
				t.Fatalf("errors %+v", obs.Errors)
			}
			if int64(len(obs.Deliveries)) > c.budget/2 {
				t.Fatalf("%d deliveries past a budget of %d events", len(obs.Deliveries), c.budget)
			}
		})
	}
}
