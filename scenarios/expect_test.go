package scenarios

import (
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
