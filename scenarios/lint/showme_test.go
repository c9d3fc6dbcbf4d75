package lint

import (
	"os"
	"slices"
	"testing"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// shows reports whether a reproduction's run shows the finding's trap.
func shows(f Finding, obs *scenarios.Observation, deaths []string) bool {
	drop := func(reason, death string) bool {
		return slices.ContainsFunc(obs.Drops, func(d scenarios.Drop) bool {
			return (reason == "" || d.Reason == reason) && (death == "" || d.DeathReason == death)
		})
	}
	switch f.Code {
	case "dlx-missing", "dlx-unroutable":
		return drop(f.Code, f.Via.reasonOf())
	case "dead-letter-cycle":
		return drop(core.DropCycle, "")
	case "queue-expires":
		return drop(core.DropQueueExpired, "")
	case "dlq-ttl":
		return drop(core.DropNoDLX, "expired")
	case "expiry-without-dlx":
		return drop(core.DropNoDLX, "expired") || drop(core.DropNoDLX, "maxlen")
	case "dlq-max-length":
		return drop(core.DropNoDLX, "maxlen") || drop(core.DropOverflow, "")
	case "qq-reject-publish-dlx":
		return !drop(core.DropOverflow, "") && (drop("", "maxlen") || slices.Contains(deaths, "maxlen"))
	case "quorum-delivery-limit":
		return drop("", "delivery_limit") || slices.Contains(deaths, "delivery_limit")
	case "head-of-line":
		at := obs.At("after 2s")
		return at != nil && len(at.Queues[f.Objects[0].Name].Messages) == 2
	case "exchange-unroutable":
		return drop(core.DropUnroutable, "")
	}
	return selfChecked[f.Code]
}

// selfChecked: codes whose reproductions write what they show as
// expectations (checked for every reproduction that has some), rather
// than a rule here.
var selfChecked = map[string]bool{"delivery-limit-loop": true, "reject-publish-shared": true, "declare-refused": true, "mirroring-removed": true, "dlq-not-durable": true,
	"dlq-unbounded": true, "at-least-once-fallback": true, "policy-matches-nothing": true,
	"policy-not-applied": true, "policy-dlx-overridden": true, "alternate-exchange-missing": true}

func checkReproductions(t *testing.T, sc *scenarios.Scenario, rep *Report, seen map[string]bool) {
	t.Helper()
	for _, f := range rep.Findings {
		if !f.ShowMe {
			continue
		}
		seen[f.Code] = true
		repro, err := Reproduce(sc, rep.Profile, f)
		if err != nil {
			t.Errorf("%s %v: %v", f.Code, f.Names(), err)
			continue
		}
		var deaths []string
		obs, err := scenarios.Run(repro, scenarios.Options{NoTrace: true, Sink: func(ev core.Event) {
			if ev.Kind == core.EvDeadLettered {
				deaths = append(deaths, ev.Reason)
			}
		}})
		if err != nil {
			t.Errorf("%s: %v", f.Code, err)
			continue
		}
		if !shows(f, obs, deaths) {
			t.Errorf("%s %v: the reproduction does not show it: drops %+v, deaths %v", f.Code, f.Names(), obs.Drops, deaths)
		}
		if selfChecked[f.Code] && len(repro.Expect) == 0 {
			t.Errorf("%s %v: the reproduction says nothing it shows", f.Code, f.Names())
		}
		for _, fail := range scenarios.Check(repro, obs) {
			t.Errorf("%s %v: %s", f.Code, f.Names(), fail)
		}
	}
}

// Every "show me" of the table and of the export reproduces its finding
// when run.
func TestReproductions(t *testing.T) {
	seen := map[string]bool{}
	for _, yaml := range []string{
		`queues: [{name: work, arguments: {x-dead-letter-exchange: nope}}]`,
		`
queues:
  - {name: ping, arguments: {x-message-ttl: 100, x-dead-letter-exchange: "", x-dead-letter-routing-key: pong}}
  - {name: pong, arguments: {x-message-ttl: 100, x-dead-letter-exchange: "", x-dead-letter-routing-key: ping}}
`, `
exchanges: [{name: dlx}]
queues:
  - {name: work, arguments: {x-dead-letter-exchange: dlx, x-dead-letter-routing-key: k}}
  - {name: dlq, arguments: {x-message-ttl: 60000, x-max-length: 3}}
  - {name: t, arguments: {x-max-length: 2}}
bindings: [{source: dlx, destination: dlq, routing_key: k}]
`, `
queues:
  - {name: delay, arguments: {x-dead-letter-exchange: "", x-dead-letter-routing-key: work}}
  - {name: work}
steps:
  - publish: {exchange: "", routing_key: delay, body: a, properties: {expiration: "60000"}}
  - publish: {exchange: "", routing_key: delay, body: b, properties: {expiration: "1000"}}
`,
		`
exchanges: [{name: in, arguments: {alternate-exchange: lost}}, {name: dlx}, {name: other}]
queues:
  - {name: bad, arguments: {x-message-ttl: -1}}
  - {name: orders, arguments: {x-dead-letter-exchange: other}}
  - {name: orders.dlq}
  - {name: payments}
  - {name: work, arguments: {x-dead-letter-exchange: dlx, x-dead-letter-routing-key: k}}
  - {name: dlq, durable: false}
  - {name: alo, type: quorum, arguments: {x-delivery-limit: 5, x-dead-letter-strategy: at-least-once}}
  - {name: inv}
  - {name: shared, arguments: {x-max-length: 3, x-overflow: reject-publish}}
bindings:
  - {source: in, destination: payments, routing_key: pay}
  - {source: dlx, destination: dlq, routing_key: k}
  - {source: dlx, destination: orders.dlq, routing_key: orders}
  - {source: other, destination: orders.dlq, routing_key: elsewhere}
  - {source: in, destination: orders, routing_key: pay}
  - {source: in, destination: shared, routing_key: pay}
policies:
  - {name: typo, pattern: "^payment$", apply-to: queues, definition: {message-ttl: 1000}}
  - {name: low, pattern: "^orders$", apply-to: queues, priority: 0, definition: {max-length: 2}}
  - {name: high, pattern: "^orders$", apply-to: queues, priority: 5, definition: {dead-letter-exchange: dlx}}
  - {name: ha, pattern: "^inv$", apply-to: queues, definition: {ha-mode: all, max-length: 3}}
`,
	} {
		sc := parse(t, yaml)
		rep, err := Check(sc, p43)
		if err != nil {
			t.Fatal(err)
		}
		checkReproductions(t, sc, rep, seen)
	}
	sc := loadExport(t)
	for _, p := range []string{p43, p312} {
		rep, _ := Check(sc, p)
		checkReproductions(t, sc, rep, seen)
	}
	for _, c := range codes {
		if c.showMe && !seen[c.name] {
			t.Errorf("%s has a reproduction that no case runs", c.name)
		}
	}
}

func loadExport(t *testing.T) *scenarios.Scenario {
	t.Helper()
	data, err := os.ReadFile("testdata/shop-production.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, _, err := Load("shop-production.json", data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}
