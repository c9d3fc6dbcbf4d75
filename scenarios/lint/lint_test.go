package lint

import (
	"slices"
	"strings"
	"testing"

	"github.com/dlxlab/dlxlab/scenarios"
)

func parse(t *testing.T, yaml string) *scenarios.Scenario {
	t.Helper()
	sc, err := scenarios.Parse("t.yaml", []byte("version: 1\n"+yaml))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// got lists "code@object,object" for each finding, in report order.
func got(rep *Report) []string {
	out := []string{}
	for _, f := range rep.Findings {
		out = append(out, f.Code+"@"+strings.Join(f.Names(), ","))
	}
	return out
}

const (
	p43  = "rabbitmq-4.3"
	p42  = "rabbitmq-4.2"
	p312 = "rabbitmq-3.12"
)

// Topologies × expected findings per profile. An empty list is a "no
// finding" case: the checker must stay quiet on a healthy topology.
func TestFindingsTable(t *testing.T) {
	cases := []struct {
		name string
		yaml string
		want map[string][]string // profile → findings
	}{
		{"healthy reject to DLQ with a consumer", `
exchanges: [{name: dlx}]
queues:
  - {name: work, arguments: {x-dead-letter-exchange: dlx, x-dead-letter-routing-key: dead}}
  - {name: dlq}
bindings: [{source: dlx, destination: dlq, routing_key: dead}]
consumers: [{name: ops, queue: dlq, actions: [ack]}]
`, map[string][]string{p43: {}, p312: {}}},
		{"missing DLX", `
queues: [{name: work, arguments: {x-dead-letter-exchange: nope}}]
`, map[string][]string{p43: {"dlx-missing@nope,work"}}},
		{"DLX bound for another key (no DL routing key)", `
exchanges: [{name: in}, {name: dlx}]
queues:
  - {name: work, arguments: {x-dead-letter-exchange: dlx}}
  - {name: dlq}
bindings:
  - {source: in, destination: work, routing_key: order.created}
  - {source: dlx, destination: dlq, routing_key: dead}
consumers: [{name: ops, queue: dlq, actions: [ack]}]
`, map[string][]string{p43: {"dlx-unroutable@work,dlx"}}},
		{"a CC key makes the dead letter routable", `
exchanges: [{name: dlx}]
queues:
  - {name: work, arguments: {x-dead-letter-exchange: dlx}}
  - {name: dlq}
bindings: [{source: dlx, destination: dlq, routing_key: audit}]
consumers: [{name: ops, queue: dlq, actions: [ack]}, {name: app, queue: work, actions: [reject]}]
steps:
  - publish: {exchange: "", routing_key: work, body: x, properties: {headers: {CC: [audit]}}}
`, map[string][]string{p43: {}}},
		{"one key routes, another does not", `
exchanges: [{name: in, type: direct}, {name: dlx}]
queues:
  - {name: work, arguments: {x-dead-letter-exchange: dlx}}
  - {name: dlq}
bindings:
  - {source: in, destination: work, routing_key: a}
  - {source: in, destination: work, routing_key: b}
  - {source: dlx, destination: dlq, routing_key: a}
consumers: [{name: ops, queue: dlq, actions: [ack]}]
`, map[string][]string{p43: {"dlx-unroutable@work,dlx"}}},
		{"TTL loop without a rejection", `
queues:
  - {name: ping, arguments: {x-message-ttl: 100, x-dead-letter-exchange: "", x-dead-letter-routing-key: pong}}
  - {name: pong, arguments: {x-message-ttl: 100, x-dead-letter-exchange: "", x-dead-letter-routing-key: ping}}
`, map[string][]string{p43: {"dead-letter-cycle@ping,pong"}, p312: {"dead-letter-cycle@ping,pong"}}},
		{"retry loop: a rejection keeps it going", `
exchanges: [{name: retry}]
queues:
  - {name: work, arguments: {x-dead-letter-exchange: retry, x-dead-letter-routing-key: wait}}
  - {name: wait, arguments: {x-message-ttl: 5000, x-dead-letter-exchange: "", x-dead-letter-routing-key: work}}
bindings: [{source: retry, destination: wait, routing_key: wait}]
`, map[string][]string{p43: {}, p312: {}}},
		{"quorum retry loop with a delivery limit: requeued past it, dropped on the way back", `
exchanges: [{name: retry}]
queues:
  - {name: work, type: quorum, arguments: {x-delivery-limit: 10, x-dead-letter-exchange: retry, x-dead-letter-routing-key: wait}}
  - {name: wait, arguments: {x-message-ttl: 5000, x-dead-letter-exchange: "", x-dead-letter-routing-key: work}}
bindings: [{source: retry, destination: wait, routing_key: wait}]
`, map[string][]string{p43: {"delivery-limit-loop@work"}, p312: {"delivery-limit-loop@work"}}},
		{"quorum retry loop with the 4.x default limit only", `
exchanges: [{name: retry}]
queues:
  - {name: work, type: quorum, arguments: {x-dead-letter-exchange: retry, x-dead-letter-routing-key: wait}}
  - {name: wait, arguments: {x-message-ttl: 5000, x-dead-letter-exchange: "", x-dead-letter-routing-key: work}}
bindings: [{source: retry, destination: wait, routing_key: wait}]
`, map[string][]string{p43: {"delivery-limit-loop@work", "quorum-delivery-limit@work"}, p312: {}}},
		{"quorum DLX back to the queue itself", `
queues: [{name: work, type: quorum, arguments: {x-delivery-limit: 3, x-dead-letter-exchange: "", x-dead-letter-routing-key: work}}]
`, map[string][]string{p43: {"delivery-limit-loop@work"}}},
		{"quorum retry loop whose consumer only rejects", `
exchanges: [{name: retry}]
queues:
  - {name: work, type: quorum, arguments: {x-delivery-limit: 10, x-dead-letter-exchange: retry, x-dead-letter-routing-key: wait}}
  - {name: wait, arguments: {x-message-ttl: 5000, x-dead-letter-exchange: "", x-dead-letter-routing-key: work}}
bindings: [{source: retry, destination: wait, routing_key: wait}]
consumers: [{name: app, queue: work, actions: [reject]}]
`, map[string][]string{p43: {}, p312: {}}},
		{"quorum retry loop whose consumer nacks with requeue, then rejects: counted before 4.3 only", `
exchanges: [{name: retry}]
queues:
  - {name: work, type: quorum, arguments: {x-delivery-limit: 10, x-dead-letter-exchange: retry, x-dead-letter-routing-key: wait}}
  - {name: wait, arguments: {x-message-ttl: 5000, x-dead-letter-exchange: "", x-dead-letter-routing-key: work}}
bindings: [{source: retry, destination: wait, routing_key: wait}]
consumers: [{name: app, queue: work, actions: [nack-requeue, reject]}]
`, map[string][]string{p43: {}, p42: {"delivery-limit-loop@work"}}},
		{"quorum retry loop whose consumer only requeues: nothing rejects, a plain cycle", `
exchanges: [{name: retry}]
queues:
  - {name: work, type: quorum, arguments: {x-delivery-limit: 10, x-dead-letter-exchange: retry, x-dead-letter-routing-key: wait}}
  - {name: wait, arguments: {x-message-ttl: 5000, x-dead-letter-exchange: "", x-dead-letter-routing-key: work}}
bindings: [{source: retry, destination: wait, routing_key: wait}]
consumers: [{name: app, queue: work, actions: [requeue]}]
`, map[string][]string{p43: {"dead-letter-cycle@work,wait"}}},
		{"a reject-publish queue on a shared route", `
exchanges: [{name: orders, type: topic}]
queues:
  - {name: orders.created}
  - {name: analytics, arguments: {x-max-length: 100, x-overflow: reject-publish}}
bindings:
  - {source: orders, destination: orders.created, routing_key: order.created}
  - {source: orders, destination: analytics, routing_key: "#"}
consumers: [{name: app, queue: orders.created, actions: [ack]}]
`, map[string][]string{p43: {"reject-publish-shared@analytics,orders"}, p312: {"reject-publish-shared@analytics,orders"}}},
		{"a reject-publish queue with a route of its own, a drop-head one on a shared route", `
exchanges: [{name: orders, type: topic}, {name: audit}]
queues:
  - {name: orders.created}
  - {name: analytics, arguments: {x-max-length: 100, x-overflow: drop-head}}
  - {name: audit.log, arguments: {x-max-length: 100, x-overflow: reject-publish}}
bindings:
  - {source: orders, destination: orders.created, routing_key: order.created}
  - {source: orders, destination: analytics, routing_key: "#"}
  - {source: audit, destination: audit.log, routing_key: audit}
consumers: [{name: app, queue: orders.created, actions: [ack]}, {name: a, queue: analytics, actions: [ack]}, {name: b, queue: audit.log, actions: [ack]}]
`, map[string][]string{p43: {"expiry-without-dlx@analytics"}}},
		{"x-expires on a queue with a DLX", `
exchanges: [{name: dlx}]
queues:
  - {name: tmp, arguments: {x-expires: 60000, x-dead-letter-exchange: dlx, x-dead-letter-routing-key: k}}
  - {name: dlq}
bindings: [{source: dlx, destination: dlq, routing_key: k}]
consumers: [{name: ops, queue: dlq, actions: [ack]}]
`, map[string][]string{p43: {"queue-expires@tmp"}}},
		{"x-expires on a plain reply queue is fine", `
queues: [{name: rpc.reply, arguments: {x-expires: 60000}}]
`, map[string][]string{p43: {}}},
		{"DLQ with TTL and length limit deletes evidence", `
exchanges: [{name: dlx}]
queues:
  - {name: work, arguments: {x-dead-letter-exchange: dlx, x-dead-letter-routing-key: k}}
  - {name: dlq, arguments: {x-message-ttl: 60000, x-max-length: 10}}
bindings: [{source: dlx, destination: dlq, routing_key: k}]
`, map[string][]string{p43: {"dlq-ttl@dlq", "dlq-max-length@dlq"}}},
		{"transient DLQ of a durable queue; unbounded DLQ", `
exchanges: [{name: dlx}]
queues:
  - {name: work, arguments: {x-dead-letter-exchange: dlx, x-dead-letter-routing-key: k}}
  - {name: dlq, durable: false}
bindings: [{source: dlx, destination: dlq, routing_key: k}]
`, map[string][]string{p43: {"dlq-not-durable@dlq", "dlq-unbounded@dlq"}}},
		{"TTL without a DLX", `
queues: [{name: telemetry, arguments: {x-message-ttl: 1000}}]
`, map[string][]string{p43: {"expiry-without-dlx@telemetry"}}},
		{"quorum queue without a delivery limit, per version", `
exchanges: [{name: dlx}]
queues:
  - {name: qq, arguments: {x-queue-type: quorum, x-dead-letter-exchange: dlx, x-dead-letter-routing-key: k}}
  - {name: bare, arguments: {x-queue-type: quorum}}
  - {name: dlq}
bindings: [{source: dlx, destination: dlq, routing_key: k}]
consumers: [{name: ops, queue: dlq, actions: [ack]}]
`, map[string][]string{
			p43:  {"quorum-delivery-limit@bare", "quorum-delivery-limit@qq"},
			p42:  {"quorum-delivery-limit@bare", "quorum-delivery-limit@qq"},
			p312: {}}},
		{"quorum with an explicit limit is fine", `
queues: [{name: qq, arguments: {x-queue-type: quorum, x-delivery-limit: 5}}]
`, map[string][]string{p43: {}, p312: {}}},
		{"quorum reject-publish-dlx and at-least-once without reject-publish", `
queues:
  - {name: qq, arguments: {x-queue-type: quorum, x-delivery-limit: 5, x-max-length: 10, x-overflow: reject-publish-dlx}}
  - {name: alo, arguments: {x-queue-type: quorum, x-delivery-limit: 5, x-dead-letter-strategy: at-least-once, x-dead-letter-exchange: amq.fanout}}
`, map[string][]string{p43: {"dlx-unroutable@alo,amq.fanout", "qq-reject-publish-dlx@qq", "at-least-once-fallback@alo",
			"expiry-without-dlx@qq"}}},
		{"at-least-once with its prerequisites is fine", `
exchanges: [{name: dlx}]
queues:
  - {name: alo, arguments: {x-queue-type: quorum, x-delivery-limit: 5, x-dead-letter-strategy: at-least-once, x-dead-letter-exchange: dlx, x-dead-letter-routing-key: k, x-overflow: reject-publish}}
  - {name: dlq}
bindings: [{source: dlx, destination: dlq, routing_key: k}]
consumers: [{name: ops, queue: dlq, actions: [ack]}]
`, map[string][]string{p43: {}}},
		{"policies: matches nothing, shadowed, unsupported key, DLX overridden", `
exchanges: [{name: dlx}, {name: other}]
queues:
  - {name: orders, arguments: {x-dead-letter-exchange: other}}
  - {name: dlq}
bindings:
  - {source: dlx, destination: dlq, routing_key: orders}
  - {source: other, destination: dlq, routing_key: orders}
policies:
  - {name: typo, pattern: "^order$", definition: {max-length: 5}}
  - {name: low, pattern: "^orders$", apply-to: queues, priority: 0, definition: {dead-letter-exchange: dlx}}
  - {name: high, pattern: "^orders$", apply-to: queues, priority: 5, definition: {dead-letter-exchange: dlx, max-length: 100}}
  - {name: qq-only, pattern: "^dlq$", apply-to: queues, definition: {delivery-limit: 3, message-ttl: 1000}}
consumers: [{name: ops, queue: dlq, actions: [ack]}]
`, map[string][]string{p43: {"policy-matches-nothing@typo", "policy-not-applied@low,orders",
			"policy-not-applied@qq-only,dlq", "policy-dlx-overridden@orders,high"}}},
		{"a policy only of keys another type ignores takes nothing away", `
queues: [{name: qq, arguments: {x-queue-type: quorum, x-delivery-limit: 5}}]
policies: [{name: lazy, pattern: ".*", apply-to: queues, definition: {queue-mode: lazy}}]
`, map[string][]string{p43: {}, p312: {}}},
		{"classic mirroring policy, per version", `
queues: [{name: inv, arguments: {x-message-ttl: 1000, x-dead-letter-exchange: "", x-dead-letter-routing-key: inv.dlq}}, {name: inv.dlq}]
policies: [{name: ha, pattern: "^inv$", apply-to: queues, definition: {ha-mode: all}}]
consumers: [{name: ops, queue: inv.dlq, actions: [ack]}]
`, map[string][]string{p43: {"mirroring-removed@ha,inv"}, p312: {"mirroring-removed@ha"}}},
		{"per-message TTLs into one delay queue", `
queues:
  - {name: delay, arguments: {x-dead-letter-exchange: "", x-dead-letter-routing-key: work}}
  - {name: work}
consumers: [{name: app, queue: work, actions: [ack]}]
steps:
  - publish: {exchange: "", routing_key: delay, body: a, properties: {expiration: "60000"}}
  - publish: {exchange: "", routing_key: delay, body: b, properties: {expiration: "1000"}}
`, map[string][]string{p43: {"head-of-line@delay"}}},
		{"one delay per queue is fine", `
queues:
  - {name: delay.5s, arguments: {x-message-ttl: 5000, x-dead-letter-exchange: "", x-dead-letter-routing-key: work}}
  - {name: work}
`, map[string][]string{p43: {}}},
		{"an exchange nothing is bound to, an alternate exchange that is missing", `
exchanges:
  - {name: legacy}
  - {name: in, arguments: {alternate-exchange: lost}}
queues: [{name: q}]
bindings: [{source: in, destination: q, routing_key: k}]
`, map[string][]string{p43: {"exchange-unroutable@legacy", "alternate-exchange-missing@in"}}},
		{"the broker refuses part of the topology", `
queues: [{name: bad, arguments: {x-message-ttl: -1}}]
`, map[string][]string{p43: {"declare-refused@bad"}}},
	}
	for _, c := range cases {
		for profile, want := range c.want {
			t.Run(c.name+"/"+profile, func(t *testing.T) {
				rep, err := Check(parse(t, c.yaml), profile)
				if err != nil {
					t.Fatal(err)
				}
				if g := got(rep); !slices.Equal(g, want) {
					t.Errorf("findings\n got %q\nwant %q", g, want)
				}
				for _, f := range rep.Findings {
					if f.Text == "" || f.TextZH == "" || f.Text == f.TextZH || strings.Contains(f.Text+f.TextZH, "%!") {
						t.Errorf("%s: texts %q / %q", f.Code, f.Text, f.TextZH)
					}
				}
			})
		}
	}
}
