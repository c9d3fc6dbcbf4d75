package scenarios

import (
	"strings"
	"testing"
)

// TestRunSteps drives every step kind through the runner. Each case's own
// expect block says what must happen; extra checks look at the observation.
func TestRunSteps(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		check func(t *testing.T, obs *Observation)
	}{
		{"publish count and mandatory return", `
			queues: [{name: q}]
			steps:
			  - publish: {routing_key: q, body: m, count: 3}
			  - publish: {exchange: amq.direct, routing_key: nowhere, body: lost, mandatory: true, count: 2}
			  - publish: {exchange: amq.direct, routing_key: nowhere, body: dropped}
			expect:
			  - {queue: q, bodies: [m, m, m]}
			  - {returns: 2}
			  - {drops: 1, reason: unroutable}
			`, func(t *testing.T, obs *Observation) {
			r := obs.Returns[0]
			if r.ReplyCode != 312 || r.ReplyText != "NO_ROUTE" || r.Message.Exchange != "amq.direct" || r.Message.RoutingKey != "nowhere" {
				t.Errorf("return = %+v", r)
			}
		}},
		{"publish properties and headers", `
			queues: [{name: q}]
			steps:
			  - publish:
			      routing_key: q
			      body: hello
			      properties: {content_type: text/plain, delivery_mode: 2, priority: 0, message_id: m1, timestamp: 1700000000, headers: {n: 1, s: x, l: [a]}}
			  - get: {queue: q}
			expect:
			  - delivery: {get: true}
			    body: hello
			    headers: {n: 1, s: x, l: [a], x-death: null}
			`, func(t *testing.T, obs *Observation) {
			p := obs.Deliveries[0].Message.Properties
			if p["content_type"] != "text/plain" || p["message_id"] != "m1" || len(p) != 5 {
				t.Errorf("properties = %v", p)
			}
		}},
		{"publish error goes on", `
			queues: [{name: q}]
			steps:
			  - publish: {exchange: missing, routing_key: q, body: a}
			  - publish: {routing_key: q, body: b, properties: {expiration: abc}}
			  - publish: {routing_key: q, body: c}
			expect:
			  - {error: {step: 0, code: 404, text: "NOT_FOUND - no exchange 'missing' in vhost '/'"}}
			  - {error: {step: 1, code: 406, text: "invalid expiration 'abc'"}}
			  - {errors: 2}
			  - {queue: q, bodies: [c]}
			`, nil},
		{"get actions", `
			queues:
			  - {name: q, arguments: {x-dead-letter-exchange: "", x-dead-letter-routing-key: dlq}}
			  - {name: dlq}
			steps:
			  - publish: {routing_key: q, body: a}
			  - publish: {routing_key: q, body: b}
			  - publish: {routing_key: q, body: c}
			  - publish: {routing_key: q, body: d}
			  - get: {queue: q, action: requeue}
			  - get: {queue: q, action: reject}
			  - get: {queue: q, action: nack, requeue: true}
			  - get: {queue: q, action: nack}
			  - get: {queue: q, action: hold}
			  - get: {queue: dlq}
			  - get: {queue: dlq, action: ack}
			  - get: {queue: dlq}
			expect:
			  - {deliveries: 5, queue: q}
			  - {queue: q, bodies: [d], unacked: 1}
			  - {queue: dlq, depth: 0}
			  - {delivery: {get: true, n: 2}, body: a, redelivered: true}
			  - {delivery: {get: true, n: 3}, body: b, redelivered: false}
			  - {delivery: {get: true, n: 6}, body: a, headers: {x-death: [{queue: q, reason: rejected, count: 1}]}}
			  - {delivery: {get: true, n: -1}, body: b, redelivered: false}
			`, func(t *testing.T, obs *Observation) {
			var acts []string
			for _, d := range obs.Deliveries {
				if !d.Get || d.Consumer != "" {
					t.Errorf("a basic.get delivery has get=%t consumer=%q", d.Get, d.Consumer)
				}
				acts = append(acts, d.Action)
			}
			if got := strings.Join(acts, ","); got != "requeue,reject,nack-requeue,nack,hold,ack,ack" {
				t.Errorf("actions = %s", got)
			}
			// The trace says what the get step did, not "hold".
			var traced []string
			for _, l := range obs.Trace {
				if strings.Contains(l, " delivered ") {
					_, act, _ := strings.Cut(l, " action=")
					traced = append(traced, act)
				}
			}
			if got := strings.Join(traced, ","); got != "requeue,reject,nack-requeue,nack,hold,ack,ack" {
				t.Errorf("traced actions = %s", got)
			}
		}},
		{"settle held deliveries by step", `
			queues:
			  - {name: q, arguments: {x-dead-letter-exchange: "", x-dead-letter-routing-key: dlq}}
			  - {name: dlq}
			consumers: [{name: c, queue: q}]
			steps:
			  - publish: {routing_key: q, body: a}
			  - publish: {routing_key: q, body: b}
			  - publish: {routing_key: q, body: c}
			  - publish: {routing_key: q, body: d}
			  - ack: {consumer: c}
			  - reject: {consumer: c}
			  - nack: {consumer: c, requeue: true}
			  - cancel: {consumer: c}
			expect:
			  - {queue: q, bodies: [c, d], unacked: 0}
			  - {queue: dlq, bodies: [b]}
			  - {consumer: c, deliveries: 5}
			`, nil},
		{"settle multiple and on the get channel", `
			queues: [{name: q}]
			steps:
			  - publish: {routing_key: q, body: a, count: 3}
			  - get: {queue: q, action: hold}
			  - get: {queue: q, action: hold}
			  - ack: {multiple: true}
			  - ack: {}
			expect:
			  - {queue: q, depth: 1, unacked: 0}
			  - {error: {step: 4, code: 0, text: "basic.get holds no unacked delivery"}}
			`, nil},
		{"settle the n-th held delivery", `
			queues:
			  - {name: q, arguments: {x-dead-letter-exchange: "", x-dead-letter-routing-key: dlq}}
			  - {name: dlq}
			consumers: [{name: c, queue: q}]
			steps:
			  - publish: {routing_key: q, body: a}
			  - publish: {routing_key: q, body: b}
			  - publish: {routing_key: q, body: c}
			  - publish: {routing_key: q, body: d}
			  - reject: {consumer: c, n: 2}                 # b: held a, b, c, d
			  - ack: {consumer: c, n: -1}                   # d: held a, c, d
			  - nack: {consumer: c, n: 2, requeue: true}    # c goes back and is delivered again, held last
			  - reject: {consumer: c, n: 1}                 # a (n: 1 is the oldest, as without n)
			  - get: {queue: dlq, action: hold}
			  - get: {queue: dlq, action: hold}
			  - ack: {n: -1}                                # the basic.get channel: a
			expect:
			  - {queue: q, depth: 0, unacked: 1}
			  - {queue: dlq, depth: 0, unacked: 1}
			  - {delivery: {consumer: c, n: -1}, body: c, redelivered: true}
			  - {delivery: {get: true, n: 1}, body: b}
			  - {delivery: {get: true, n: 2}, body: a}
			  - {errors: 0}
			`, func(t *testing.T, obs *Observation) {
			if u := obs.Queues["dlq"].Unacked; u != 1 {
				t.Errorf("dlq unacked = %d", u)
			}
		}},
		{"settle n past what is held is a step error", `
			queues: [{name: q}]
			consumers: [{name: c, queue: q}]
			steps:
			  - publish: {routing_key: q, body: a, count: 2}
			  - ack: {consumer: c, n: 3}
			  - ack: {consumer: c, n: -3}
			  - ack: {consumer: c, n: 2}
			  - ack: {consumer: c, n: 2}
			expect:
			  - {error: {step: 1, code: 0, text: "ack: consumer c holds 2 unacked deliveries (with action hold); n: 3 names none of them"}}
			  - {error: {step: 2, code: 0, text: "n: -3 names none of them"}}
			  - {error: {step: 4, code: 0, text: "ack: consumer c holds 1 unacked delivery (with action hold); n: 2 names none of them"}}
			  - {errors: 3}
			  - {queue: q, depth: 0, unacked: 1}
			`, nil},
		{"consume and cancel steps", `
			queues: [{name: q}]
			steps:
			  - publish: {routing_key: q, body: a}
			  - consume: {name: c2, queue: q, prefetch: 1, actions: [hold]}
			  - cancel: {consumer: c2}
			  - consume: {name: c3, queue: q, actions: [ack]}
			expect:
			  - {queue: q, depth: 0, unacked: 0}
			  - {delivery: {consumer: c2}, redelivered: false}
			  - {delivery: {consumer: c3}, redelivered: true}
			`, nil},
		{"consumer waits for a queue a step declares", `
			consumers: [{name: late, queue: q2, actions: [ack]}]
			steps:
			  - declare: {queue: q2, arguments: {x-message-ttl: 100}}
			  - publish: {routing_key: q2, body: a}
			expect:
			  - {consumer: late, deliveries: 1}
			  - {errors: 0}
			`, nil},
		{"declare errors are recorded and the run goes on", `
			queues: [{name: q, arguments: {x-message-ttl: 100}}]
			steps:
			  - declare: {queue: bad, arguments: {x-message-ttl: -1}}
			  - declare: {queue: q, arguments: {x-message-ttl: 200}}
			  - declare: {exchange: x2, type: topic}
			  - declare: {exchange: x2, type: fanout}
			  - bind: {source: x2, destination: q, routing_key: "a.*"}
			  - publish: {exchange: x2, routing_key: a.b, body: routed}
			expect:
			  - {error: {step: 0, code: 406, text: "x-message-ttl"}}
			  - {error: {step: 1, code: 406, text: "inequivalent arg 'x-message-ttl'"}}
			  - {error: {step: 3, code: 406, text: "inequivalent arg 'type'"}}
			  - {errors: 3}
			  - {queue: q, bodies: [routed]}
			`, nil},
		{"topology errors carry where", `
			queues: [{name: q, arguments: {x-max-length: -1}}]
			bindings: [{source: nope, destination: q}]
			expect:
			  - {error: {step: -1, where: "queues[0]", code: 406}}
			  - {error: {step: -1, where: "bindings[0]", code: 404}}
			`, nil},
		{"delete and purge drop, never dead-letter", `
			exchanges: [{name: dlx, type: fanout}]
			queues:
			  - {name: q, arguments: {x-dead-letter-exchange: dlx}}
			  - {name: p, arguments: {x-dead-letter-exchange: dlx}}
			  - {name: dlq}
			bindings: [{source: dlx, destination: dlq}]
			steps:
			  - publish: {routing_key: q, body: a, count: 2}
			  - publish: {routing_key: p, body: b, count: 3}
			  - delete: {queue: q}
			  - purge: {queue: p}
			  - delete: {exchange: dlx}
			  - publish: {exchange: dlx, body: c}
			expect:
			  - {drops: 2, reason: queue-deleted}
			  - {drops: 3, reason: purged, queue: p}
			  - {queue: dlq, depth: 0}
			  - {error: {step: 5, code: 404}}
			`, func(t *testing.T, obs *Observation) {
			if _, ok := obs.Queues["q"]; ok {
				t.Error("deleted queue q is still listed")
			}
		}},
		{"bind and unbind", `
			exchanges: [{name: x, type: direct}]
			queues: [{name: q}]
			steps:
			  - bind: {source: x, destination: q, routing_key: k}
			  - publish: {exchange: x, routing_key: k, body: one}
			  - unbind: {source: x, destination: q, routing_key: k}
			  - publish: {exchange: x, routing_key: k, body: two}
			expect:
			  - {queue: q, bodies: [one]}
			  - {drops: 1, reason: unroutable}
			`, nil},
		{"policy and clear_policy", `
			queues: [{name: q}]
			steps:
			  - policy: {name: ttl, pattern: "^q$", apply-to: queues, definition: {message-ttl: 100}}
			  - publish: {routing_key: q, body: short}
			  - clear_policy: {name: ttl}
			  - publish: {routing_key: q, body: long}
			  - wait: 1s
			  - clear_policy: {name: ttl}
			expect:
			  - {queue: q, bodies: [long]}
			  - {drops: 1, reason: expired}
			  - {drop: {queue: q, reason: no-dlx}}
			  - {error: {step: 5, code: 404}}
			`, nil},
		{"republish and delays", `
			queues: [{name: in}, {name: out}]
			consumers:
			  - {name: mover, queue: in, actions: [{action: republish, exchange: "", routing_key: out, delay: 250ms}]}
			steps:
			  - publish: {routing_key: in, body: job}
			  - wait: 100ms
			  - publish: {routing_key: in, body: job2}
			  - wait: 1s
			expect:
			  - {queue: in, depth: 0, unacked: 0}
			  - {queue: out, bodies: [job, job2]}
			`, func(t *testing.T, obs *Observation) {
			if obs.ClockMS != 1100 {
				t.Errorf("clock = %d, want 1100", obs.ClockMS)
			}
		}},
		{"max-length drop-head dead-letters with maxlen", `
			queues:
			  - {name: q, arguments: {x-max-length: 1, x-dead-letter-exchange: "", x-dead-letter-routing-key: dlq}}
			  - {name: dlq}
			steps:
			  - publish: {routing_key: q, body: p1}
			  - publish: {routing_key: q, body: p2}
			  - publish: {routing_key: q, body: p3}
			  - get: {queue: dlq, action: hold}
			expect:
			  - {queue: q, bodies: [p3]}
			  - {queue: dlq, bodies: [p2], unacked: 1}
			  - {delivery: {get: true}, body: p1, headers: {x-death: [{queue: q, reason: maxlen, count: 1}]}}
			`, nil},
		{"expiration disappears on dead-lettering", `
			queues:
			  - {name: q, arguments: {x-dead-letter-exchange: "", x-dead-letter-routing-key: dlq}}
			  - {name: dlq}
			steps:
			  - publish: {routing_key: q, body: m, properties: {expiration: "50", message_id: id}}
			  - wait: 60ms
			expect:
			  - {queue: dlq, depth: 1}
			`, func(t *testing.T, obs *Observation) {
			m := obs.Queues["dlq"].Messages[0]
			if _, has := m.Properties["expiration"]; has || m.Properties["message_id"] != "id" {
				t.Errorf("properties after dead-lettering = %v", m.Properties)
			}
			xd := m.Headers["x-death"].([]any)[0]
			if got := render(xd); !strings.Contains(got, `"original-expiration":"50"`) || !strings.Contains(got, `"time":0`) {
				t.Errorf("x-death = %s", got)
			}
		}},
		{"a loop with no delay hits the simulator's limit", `
			queues: [{name: q}]
			consumers: [{name: c, queue: q, actions: [requeue]}]
			steps:
			  - publish: {routing_key: q, body: spin}
			  - wait: 1s
			expect:
			  - {error: {step: 0, code: 0, text: "limit:"}}
			`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := parseString(t, tt.src)
			obs := run(t, sc)
			for _, f := range Check(sc, obs) {
				t.Errorf("%s", f)
			}
			if tt.check != nil {
				tt.check(t, obs)
			}
			if t.Failed() {
				t.Logf("trace:\n%s", strings.Join(obs.Trace, "\n"))
				js, _ := obs.JSON()
				t.Logf("observation:\n%s", js)
			}
		})
	}
}

// TestInstantLimitDuringWait: a loop with no delay hit during a wait is an
// error of that step, and time goes on (with a budget large enough that the
// per-instant limit, not the budget, is what stops the loop).
func TestInstantLimitDuringWait(t *testing.T) {
	sc := parseString(t, `
		queues:
		  - {name: q, arguments: {x-message-ttl: 100, x-dead-letter-exchange: "", x-dead-letter-routing-key: spin}}
		  - {name: spin}
		  - {name: after}
		consumers: [{name: c, queue: spin, actions: [requeue]}]
		steps:
		  - publish: {routing_key: q, body: m}
		  - wait: 1s
		  - publish: {routing_key: after, body: still-running}
		expect:
		  - {error: {step: 1, code: 0, text: "limit:"}}
		  - {queue: after, bodies: [still-running]}
		`)
	obs, err := Run(sc, Options{MaxEvents: 1_000_000, NoTrace: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range Check(sc, obs) {
		t.Error(f)
	}
	if obs.ClockMS != 1000 {
		t.Errorf("clock = %d, want 1000", obs.ClockMS)
	}
}

// TestRunStopsAtMaxEvents: a broker kept busy for ever stops the run with
// an error instead of hanging.
func TestRunStopsAtMaxEvents(t *testing.T) {
	sc := parseString(t, `
		queues: [{name: q}]
		consumers: [{name: c, queue: q, actions: [{action: requeue, delay: 1ms}]}]
		steps:
		  - publish: {routing_key: q, body: spin}
		  - wait: 30d
		  - publish: {routing_key: q, body: never}
		`)
	obs, err := Run(sc, Options{MaxEvents: 10_000, AfterStep: invariantChecker(t)})
	if err != nil {
		t.Fatal(err)
	}
	if len(obs.Errors) != 1 || !strings.Contains(obs.Errors[0].Text, "more than 10000 broker events") ||
		obs.Errors[0].Step != 1 {
		t.Errorf("errors = %+v", obs.Errors)
	}
	if obs.ClockMS > 10_000 || len(obs.Deliveries) > 10_000 {
		t.Errorf("ran on: clock %d, %d deliveries", obs.ClockMS, len(obs.Deliveries))
	}
	for _, d := range obs.Deliveries {
		if d.Message.Body == "never" {
			t.Error("a step after the limit ran")
		}
	}
}

func TestRunProfileOverride(t *testing.T) {
	sc := parseString(t, `
		profile: rabbitmq-4.3
		queues: [{name: q}]
		`)
	obs, err := Run(sc, Options{Profile: "rabbitmq-3.12"})
	if err != nil || obs.Profile != "rabbitmq-3.12" {
		t.Fatalf("profile = %v, %v", obs, err)
	}
	if _, err := Run(sc, Options{Profile: "rabbitmq-9"}); err == nil {
		t.Error("an unknown profile override ran")
	}
}

// TestRunnerSteps: the step-by-step runner the UI uses agrees with Run.
func TestRunnerSteps(t *testing.T) {
	sc := load(t, "library/retry-loop.yaml")
	r, err := NewRunner(sc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Next() != 0 || r.Done() {
		t.Fatal("a new runner has run a step")
	}
	for r.Step() {
		if o := r.Observation(); o.ClockMS != int64(r.Broker().Now()) {
			t.Errorf("observation clock %d, broker %d", o.ClockMS, r.Broker().Now())
		}
	}
	if r.Step() {
		t.Error("Step ran past the end")
	}
	a, _ := r.Observation().JSON()
	obs, _ := Run(sc, Options{})
	b, _ := obs.JSON()
	if string(a) != string(b) {
		t.Error("stepping and Run disagree")
	}
}
