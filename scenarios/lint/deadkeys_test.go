package lint

import (
	"slices"
	"strings"
	"testing"
)

// unroutable lists the dlx-unroutable findings as "severity@objects".
func unroutable(rep *Report) []string {
	out := []string{}
	for _, f := range rep.Findings {
		if f.Code == "dlx-unroutable" {
			out = append(out, string(f.Severity)+"@"+strings.Join(f.Names(), ","))
		}
	}
	return out
}

// Dead letters through fanout and headers exchanges: a fanout DLX routes
// whatever the key (but an exchange behind it may not), a headers DLX
// matches the death headers as the version writes them, and a binding on
// a client header an export does not show is no finding. Empty lists are
// "no finding" cases.
func TestDeadLetterKeysFanoutAndHeaders(t *testing.T) {
	const work = `
  - {name: work, arguments: {x-dead-letter-exchange: dlx}}
  - {name: dlq}
`
	headers := func(args string) string {
		return "exchanges: [{name: dlx, type: headers}]\nqueues:" + work +
			"bindings: [{source: dlx, destination: dlq, arguments: " + args + "}]\n"
	}
	cases := []struct {
		name string
		yaml string
		want map[string][]string
	}{
		{"fanout DLX bound to the DLQ", `
exchanges: [{name: dlx, type: fanout}]
queues:` + work + `bindings: [{source: dlx, destination: dlq}]
`, map[string][]string{p43: {}, p312: {}}},
		{"fanout DLX with no binding", `
exchanges: [{name: dlx, type: fanout}]
queues:` + work, map[string][]string{p43: {"error@work,dlx"}}},
		{"fanout DLX into a direct exchange that binds another key", `
exchanges: [{name: dlx, type: fanout}, {name: sort, type: direct}]
queues:` + work + `bindings:
  - {source: dlx, destination: sort, destination_type: exchange}
  - {source: sort, destination: dlq, routing_key: failed}
`, map[string][]string{p43: {"error@work,dlx"}}},
		{"fanout DLX into a direct exchange, with the dead-letter routing key it binds", `
exchanges: [{name: dlx, type: fanout}, {name: sort, type: direct}]
queues:
  - {name: work, arguments: {x-dead-letter-exchange: dlx, x-dead-letter-routing-key: failed}}
  - {name: dlq}
bindings:
  - {source: dlx, destination: sort, destination_type: exchange}
  - {source: sort, destination: dlq, routing_key: failed}
`, map[string][]string{p43: {}}},
		{"fanout DLX reached through a fanout exchange: the keys do not matter", `
exchanges: [{name: in, type: fanout}, {name: dlx, type: fanout}]
queues:` + work + `bindings:
  - {source: in, destination: work}
  - {source: dlx, destination: dlq}
`, map[string][]string{p43: {}}},
		{"fanout DLX with no binding, reached through a fanout exchange", `
exchanges: [{name: in, type: fanout}, {name: dlx, type: fanout}]
queues:` + work + `bindings: [{source: in, destination: work}]
`, map[string][]string{p43: {"error@work,dlx"}}},
		{"headers DLX on the first death's queue", headers(`{x-match: all-with-x, x-first-death-queue: work}`),
			map[string][]string{p43: {}, p42: {}, p312: {}}},
		{"headers DLX on another queue's deaths", headers(`{x-match: all-with-x, x-first-death-queue: other}`),
			map[string][]string{p43: {"error@work,dlx"}, p312: {"error@work,dlx"}}},
		{"headers DLX on expiry only, for a queue whose messages are rejected", headers(`{x-match: all-with-x, x-first-death-reason: expired}`),
			map[string][]string{p43: {"error@work,dlx"}}},
		{"headers DLX on expiry only, for a delay queue", `
exchanges: [{name: dlx, type: headers}]
queues:
  - {name: work.delay, arguments: {x-message-ttl: 5000, x-dead-letter-exchange: dlx}}
  - {name: dlq}
bindings: [{source: dlx, destination: dlq, arguments: {x-match: all-with-x, x-first-death-reason: expired}}]
`, map[string][]string{p43: {}}},
		{"headers DLX on rejections only, for a delay queue: its expired messages are lost", `
exchanges: [{name: dlx, type: headers}]
queues:
  - {name: work.delay, arguments: {x-message-ttl: 5000, x-dead-letter-exchange: dlx}}
  - {name: dlq}
bindings: [{source: dlx, destination: dlq, arguments: {x-match: all-with-x, x-first-death-reason: rejected}}]
`, map[string][]string{p43: {"error@work.delay,dlx"}, p312: {"error@work.delay,dlx"}}},
		{"headers DLX on expiry only, for a worked queue with a TTL: the rejected ones are lost", `
exchanges: [{name: dlx, type: headers}]
queues:
  - {name: work, arguments: {x-message-ttl: 5000, x-dead-letter-exchange: dlx}}
  - {name: dlq}
bindings: [{source: dlx, destination: dlq, arguments: {x-match: all-with-x, x-first-death-reason: expired}}]
consumers: [{name: app, queue: work, actions: [reject]}]
steps: [{publish: {exchange: "", routing_key: work, body: x}}]
`, map[string][]string{p43: {"warning@work,dlx"}}},
		{"headers DLX on x-last-death-queue: written since 3.13, not by 3.x", headers(`{x-match: all-with-x, x-last-death-queue: work}`),
			map[string][]string{p43: {}, p42: {}, p312: {"error@work,dlx"}}},
		{"headers DLX on x-death: a routing header on 3.x only", headers(`{x-match: all-with-x, x-death: null}`),
			map[string][]string{p43: {"error@work,dlx"}, p312: {}}},
		{"headers DLX, all without x- keys to compare: matches everything", headers(`{x-match: all, x-first-death-queue: other}`),
			map[string][]string{p43: {}}},
		{"headers DLX, any without x- keys to compare: matches nothing", headers(`{x-match: any, x-first-death-queue: work}`),
			map[string][]string{p43: {"error@work,dlx"}}},
		{"headers DLX on a client header an export does not show", headers(`{x-match: any, type: order}`),
			map[string][]string{p43: {}}},
		{"headers DLX on a client header and another queue's deaths", headers(`{x-match: all-with-x, type: order, x-first-death-queue: other}`),
			map[string][]string{p43: {"error@work,dlx"}}},
		{"headers DLX on a client header the publish steps carry", headers(`{x-match: all, type: order}`) + `
consumers: [{name: app, queue: work, actions: [reject]}]
steps: [{publish: {exchange: "", routing_key: work, body: x, properties: {headers: {type: order}}}}]
`, map[string][]string{p43: {}}},
		{"headers DLX on a client header the publish steps do not carry", headers(`{x-match: all, type: order}`) + `
consumers: [{name: app, queue: work, actions: [reject]}]
steps: [{publish: {exchange: "", routing_key: work, body: x, properties: {headers: {type: invoice}}}}]
`, map[string][]string{p43: {"error@work,dlx"}}},
		{"a chain: the second DLX matches the first death, carried on", `
exchanges: [{name: dlx2, type: headers}]
queues:
  - {name: a, arguments: {x-message-ttl: 1000, x-dead-letter-exchange: "", x-dead-letter-routing-key: b}}
  - {name: b, arguments: {x-dead-letter-exchange: dlx2}}
  - {name: dlq}
bindings: [{source: dlx2, destination: dlq, arguments: {x-match: all-with-x, x-first-death-queue: a}}]
steps: [{publish: {exchange: "", routing_key: a, body: x}}]
consumers: [{name: app, queue: b, actions: [reject]}]
`, map[string][]string{p43: {}, p312: {}}},
		{"a chain: the second DLX wants the second queue as the first death", `
exchanges: [{name: dlx2, type: headers}]
queues:
  - {name: a, arguments: {x-message-ttl: 1000, x-dead-letter-exchange: "", x-dead-letter-routing-key: b}}
  - {name: b, arguments: {x-dead-letter-exchange: dlx2}}
  - {name: dlq}
bindings: [{source: dlx2, destination: dlq, arguments: {x-match: all-with-x, x-first-death-queue: b}}]
steps: [{publish: {exchange: "", routing_key: a, body: x}}]
consumers: [{name: app, queue: b, actions: [reject]}]
`, map[string][]string{p43: {"error@b,dlx2"}}},
	}
	for _, c := range cases {
		for profile, want := range c.want {
			t.Run(c.name+"/"+profile, func(t *testing.T) {
				sc := parse(t, c.yaml)
				rep, err := Check(sc, profile)
				if err != nil {
					t.Fatal(err)
				}
				if g := unroutable(rep); !slices.Equal(g, want) {
					t.Errorf("dlx-unroutable\n got %q\nwant %q\n all %q", g, want, got(rep))
				}
				checkReproductions(t, sc, rep, map[string]bool{})
			})
		}
	}
}
