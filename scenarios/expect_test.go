package scenarios

import (
	"fmt"
	"strings"
	"testing"
)

// TestCheckFailures: failing expectations say where they are, what was
// compared, and want vs got.
func TestCheckFailures(t *testing.T) {
	base := `
		queues:
		  - {name: main, arguments: {x-dead-letter-exchange: "", x-dead-letter-routing-key: wait}}
		  - {name: wait, arguments: {x-message-ttl: 300, x-dead-letter-exchange: "", x-dead-letter-routing-key: main}}
		consumers: [{name: worker, queue: main, actions: [reject, reject, ack]}]
		steps:
		  - publish: {routing_key: main, body: job-1}
		  - publish: {exchange: amq.direct, routing_key: none, body: x}
		  - wait: 2s
		`
	tests := []struct {
		expect string
		want   []string // one line per failure
	}{
		{`{queue: main, depth: 2}`, []string{"expect[0] (line 10): queue main: depth: want 2, got 0"}},
		{`{queue: main, unacked: 1, bodies: [a]}`, []string{
			"expect[0] (line 10): queue main: unacked: want 1, got 0",
			`expect[0] (line 10): queue main: bodies: want ["a"], got []`}},
		{`{consumer: worker, deliveries: 4}`, []string{"expect[0] (line 10): deliveries to worker: want 4, got 3"}},
		{`{delivery: {consumer: worker, n: 9}, body: x}`, []string{
			"expect[0] (line 10): delivery 9 to worker: want that delivery to exist, got 3 deliveries"}},
		{`{delivery: {consumer: worker, n: 3}, body: job-2, redelivered: true}`, []string{
			`expect[0] (line 10): delivery 3 to worker: body: want "job-2", got "job-1"`,
			"expect[0] (line 10): delivery 3 to worker: redelivered: want true, got false"}},
		{`{delivery: {consumer: worker, n: 3}, headers: {x-death: [{queue: wait, reason: expired, count: 3}, {queue: main, reason: rejected, count: 2}]}}`, []string{
			"expect[0] (line 10): delivery 3 to worker: headers.x-death[0].count: want 3, got 2"}},
		{`{delivery: {consumer: worker, n: 3}, headers: {x-death: [{queue: main, reason: rejected}]}}`, []string{
			"expect[0] (line 10): delivery 3 to worker: headers.x-death: want 1 entries"}},
		{`{delivery: {consumer: worker, n: 1}, headers: {x-death: [], k: v}}`, []string{
			"expect[0] (line 10): delivery 1 to worker: headers.k: want \"v\", got absent",
			"expect[0] (line 10): delivery 1 to worker: headers.x-death: want [], got absent"}},
		{`{delivery: {consumer: worker, n: 2}, headers: {x-death: null}}`, []string{
			`expect[0] (line 10): delivery 2 to worker: headers.x-death: want absent, got [{"count":1`}},
		{`{delivery: {consumer: worker, n: 2}, headers: {x-death: [{time: 5}, {}]}}`, []string{
			"expect[0] (line 10): delivery 2 to worker: headers.x-death[0].time: want 5, got 0"}},
		{`{drops: 2}`, []string{"expect[0] (line 10): drops: want 2, got 1"}},
		{`{drops: 0, reason: unroutable}`, []string{"expect[0] (line 10): drops with reason unroutable: want 0, got 1"}},
		{`{drop: {queue: main, reason: maxlen}}`, []string{
			`expect[0] (line 10): drop: want a drop with reason "maxlen" from "main", got [unroutable from ""]`}},
		{`{returns: 1}`, []string{"expect[0] (line 10): returns: want 1, got 0"}},
		{`{error: {code: 404}}`, []string{"expect[0] (line 10): error: want an error with code 404, got none"}},
		{`{errors: 1}`, []string{"expect[0] (line 10): errors: want 1, got 0"}},
	}
	for _, tt := range tests {
		t.Run(tt.expect, func(t *testing.T) {
			sc := parseString(t, dedent(base)+"expect:\n  - "+tt.expect+"\n")
			fails := Check(sc, run(t, sc))
			if len(fails) != len(tt.want) {
				t.Fatalf("got %d failures, want %d:\n%s", len(fails), len(tt.want), failureText(fails))
			}
			for i, f := range fails {
				if !strings.HasPrefix(f.String(), tt.want[i]) {
					t.Errorf("failure %d:\n  %s\nwant prefix:\n  %s", i, f, tt.want[i])
				}
			}
		})
	}
}

// TestCheckPasses: the same run satisfies correct expectations of each kind.
func TestCheckPasses(t *testing.T) {
	sc := parseString(t, `
		queues:
		  - {name: main, arguments: {x-dead-letter-exchange: "", x-dead-letter-routing-key: wait}}
		  - {name: wait, arguments: {x-message-ttl: 300, x-dead-letter-exchange: "", x-dead-letter-routing-key: main}}
		consumers: [{name: worker, queue: main, actions: [reject, reject, hold]}]
		steps:
		  - publish: {routing_key: main, body: job-1, properties: {headers: {attempt: 1}}}
		  - publish: {exchange: amq.direct, routing_key: none, body: x, mandatory: true}
		  - publish: {exchange: nope}
		  - wait: 2s
		expect:
		  - {queue: main, depth: 0, unacked: 1, bodies: []}
		  - {queue: wait, depth: 0}
		  - {consumer: worker, deliveries: 3}
		  - {deliveries: 3, queue: main}
		  - {delivery: {consumer: worker, n: -1}, body: job-1, redelivered: false}
		  - delivery: {consumer: worker, n: 3}
		    headers:
		      attempt: 1.0
		      x-death:
		        - {queue: wait, reason: expired, count: 2, exchange: "", routing-keys: [wait], time: 0}
		        - {queue: main, reason: rejected, count: 2, exchange: "", routing-keys: [main]}
		      x-first-death-queue: main
		      x-last-death-queue: wait
		      x-delivery-count: null
		  - {returns: 1}
		  - {drops: 0}
		  - {error: {step: 2, code: 404, text: "no exchange 'nope'"}}
		  - {errors: 1}
		`)
	if fails := Check(sc, run(t, sc)); len(fails) > 0 {
		t.Errorf("failures:\n%s", failureText(fails))
	}
}

func failureText(fs []Failure) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("  " + f.String() + "\n")
	}
	return b.String()
}

// messageBase exercises what the message, return, drop, existence and
// snapshot expectations look at: a dead-lettered delivery (expiration
// removed, x-death original-expiration kept), a mandatory return, a drop
// to a missing DLX, a deleted queue, and two snapshots.
const messageBase = `
	exchanges: [{name: dlx, type: fanout}, {name: plain}]
	queues:
	  - {name: main, arguments: {x-dead-letter-exchange: dlx}}
	  - {name: dlq}
	  - {name: tmp}
	  - {name: lost, arguments: {x-dead-letter-exchange: ghost}}
	bindings: [{source: dlx, destination: dlq}]
	consumers: [{name: reader, queue: dlq, actions: [ack]}]
	steps:
	  - publish: {routing_key: main, body: job, properties: {expiration: "100", message_id: m1, delivery_mode: 2}}
	  - publish: {exchange: plain, routing_key: none, body: back, mandatory: true}
	  - publish: {routing_key: lost, body: gone, properties: {expiration: "50"}}
	  - snapshot: start
	  - wait: 200ms
	  - delete: {queue: tmp}
	  - snapshot: end
	`

// TestCheckMessageFieldsPass: correct expectations of the newer kinds hold.
func TestCheckMessageFieldsPass(t *testing.T) {
	sc := parseString(t, dedent(messageBase)+dedent(`
		expect:
		  - delivery: {consumer: reader}
		    exchange: dlx
		    routing_key: main
		    properties: {expiration: null, message_id: m1, delivery_mode: 2}
		    headers: {x-death: [{original-expiration: "100", reason: expired}]}
		  - {return: {}, reply_code: 312, reply_text: NO_ROUTE, body: back, exchange: plain, routing_key: none}
		  - {return: {n: -1}, properties: {}, headers: {}}
		  - {drop: {queue: lost, reason: dlx-missing, death_reason: expired, body: gone}}
		  - {drop: {reason: expired, body: gone}}
		  - {queue: tmp, exists: false}
		  - {queue: dlq, exists: true, depth: 0}
		  - {queue: main, bodies: [job], snapshot: start}
		  - {queue: tmp, exists: true, snapshot: start}
		  - {drops: 0, snapshot: start}
		  - {returns: 1, snapshot: start}
		  - {consumer: reader, deliveries: 0, snapshot: start}
		  - {queue: main, depth: 0, snapshot: end}
		  - {drops: 1, reason: dlx-missing, snapshot: end}
		  - {delivery: {consumer: reader}, body: job, snapshot: end}
		`))
	obs := run(t, sc)
	if fails := Check(sc, obs); len(fails) > 0 {
		t.Errorf("failures:\n%s", failureText(fails))
	}
	if len(obs.Snapshots) != 2 || obs.Snapshots[0].Step != 3 || obs.Snapshots[1].ClockMS != 200 {
		t.Errorf("snapshots = %+v", obs.Snapshots)
	}
}

// TestCheckMessageFieldsFail: each newer kind fails readably.
func TestCheckMessageFieldsFail(t *testing.T) {
	base := dedent(messageBase)
	line := strings.Count(base, "\n") + 2
	tests := []struct {
		expect string
		want   []string // one line per failure, after "expect[0] (line N): "
	}{
		{`{delivery: {consumer: reader}, properties: {expiration: "100"}}`, []string{
			`delivery 1 to reader: properties.expiration: want "100", got absent`}},
		{`{delivery: {consumer: reader}, properties: {message_id: null, delivery_mode: 1}}`, []string{
			`delivery 1 to reader: properties.delivery_mode: want 1, got 2`,
			`delivery 1 to reader: properties.message_id: want absent, got "m1"`}},
		{`{delivery: {consumer: reader}, exchange: "", routing_key: job}`, []string{
			`delivery 1 to reader: exchange: want "", got "dlx"`,
			`delivery 1 to reader: routing_key: want "job", got "main"`}},
		{`{return: {}, reply_code: 313, reply_text: NO_CONSUMERS, body: x}`, []string{
			`return 1: reply_code: want 313, got 312`,
			`return 1: reply_text: want "NO_CONSUMERS", got "NO_ROUTE"`,
			`return 1: body: want "x", got "back"`}},
		{`{return: {n: 2}, reply_code: 312}`, []string{`return 2: want that return to exist, got 1 returns`}},
		{`{drop: {queue: lost, body: job}}`, []string{
			`drop: want a drop from "lost" body "job", got [dlx-missing/expired from "lost" body "gone"]`}},
		{`{drop: {death_reason: rejected}}`, []string{
			`drop: want a drop after death "rejected", got [dlx-missing/expired from "lost"]`}},
		{`{queue: tmp, exists: true}`, []string{`queue tmp: want the queue to exist, got no such queue`}},
		{`{queue: dlq, exists: false}`, []string{`queue dlq: exists: want false (the queue gone), got true (0 ready, 0 unacked)`}},
		{`{queue: main, depth: 0, snapshot: start}`, []string{`at snapshot start: queue main: depth: want 0, got 1`}},
		{`{drops: 1, snapshot: start}`, []string{`at snapshot start: drops: want 1, got 0`}},
		{`{delivery: {consumer: reader}, body: job, snapshot: start}`, []string{
			`at snapshot start: delivery 1 to reader: want that delivery to exist, got 0 deliveries`}},
	}
	for _, tt := range tests {
		t.Run(tt.expect, func(t *testing.T) {
			sc := parseString(t, base+"expect:\n  - "+tt.expect+"\n")
			fails := Check(sc, run(t, sc))
			if len(fails) != len(tt.want) {
				t.Fatalf("got %d failures, want %d:\n%s", len(fails), len(tt.want), failureText(fails))
			}
			for i, f := range fails {
				want := fmt.Sprintf("expect[0] (line %d): %s", line, tt.want[i])
				if f.String() != want {
					t.Errorf("failure %d:\n  %s\nwant:\n  %s", i, f, want)
				}
			}
		})
	}
}

// TestCheckSnapshotNotReached: a snapshot the run never reached (a limit
// stopped it) fails the expectations that name it.
func TestCheckSnapshotNotReached(t *testing.T) {
	sc := parseString(t, `
		queues: [{name: q}]
		consumers: [{name: c, queue: q, actions: [{action: requeue, delay: 1ms}]}]
		steps:
		  - publish: {routing_key: q, body: spin}
		  - wait: 1h
		  - snapshot: later
		expect:
		  - {queue: q, depth: 0, snapshot: later}
		`)
	obs, err := Run(sc, Options{MaxEvents: 1000})
	if err != nil {
		t.Fatal(err)
	}
	fails := Check(sc, obs)
	want := "expect[0] (line 8): snapshot later: want the run to reach that snapshot step, got it did not (the run stopped before it)"
	if len(fails) != 1 || fails[0].String() != want {
		t.Errorf("failures:\n%s\nwant:\n  %s", failureText(fails), want)
	}
}
