package scenarios

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dlxlab/dlxlab/core"
)

// TestParseErrors: malformed inputs fail at the right line and column
// with a message that says what was expected.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // "line:col: text" (text is a substring of the message)
	}{
		{"unknown key with suggestion", `
			version: 1
			queues: [{name: q}]
			bindings:
			  - source: amq.direct
			    destination: q
			    routing_ky: k
			`, `6:5: unknown key "routing_ky" in binding; did you mean "routing_key"?`},
		{"unknown key without a near one", `
			queues: [{name: q, colour: red}]
			`, `1:20: unknown key "colour" in queue (known keys: name, type, durable, auto_delete, arguments)`},
		{"unknown top-level key", `
			version: 1
			stpes: []
			`, `2:1: unknown key "stpes" in scenario; did you mean "steps"?`},
		{"flow mapping not closed", `
			queues: [{name: q
			`, `1:`},
		{"bad duration", `
			steps:
			  - wait: 5x
			`, `2:11: wait: invalid duration "5x" (want e.g. 250ms, 2s, 5m, 4h, 1h30m, or an integer of milliseconds)`},
		{"negative duration", `
			steps:
			  - wait: -5
			`, `2:11: wait: duration "-5" is negative`},
		{"unknown step", `
			steps:
			  - pubish: {routing_key: q}
			`, `2:5: unknown step "pubish"; did you mean "publish"?`},
		{"two kinds in one step", `
			steps:
			  - publish: {routing_key: q}
			    wait: 1s
			`, `3:5: a step does one thing: found "publish" and "wait"`},
		{"unknown action", `
			queues: [{name: q}]
			consumers: [{name: c, queue: q, actions: [ack, rejct]}]
			`, `2:48: unknown action "rejct"; did you mean "reject"?`},
		{"consumer of an undeclared queue", `
			queues: [{name: main}]
			consumers: [{name: c, queue: mian}]
			`, `2:30: consumer c: no queue "mian" is declared in the scenario; did you mean "main"?`},
		{"cancel of an unknown consumer", `
			queues: [{name: q}]
			consumers: [{name: worker, queue: q}]
			steps: [{cancel: {consumer: wroker}}]
			`, `3:29: cancel step: no consumer "wroker" is declared in the scenario; did you mean "worker"?`},
		{"unknown profile", `
			profile: rabbitmq-4.1
			`, `1:10: profile: unknown profile "rabbitmq-4.1"; did you mean "rabbitmq-4.3"?`},
		{"publish count over the limit", `
			steps: [{publish: {routing_key: q, count: 20000}}]
			`, `1:43: count: 20000 is out of range [1, 10000]`},
		{"prefetch negative", `
			queues: [{name: q}]
			consumers: [{name: c, queue: q, prefetch: -1}]
			`, `2:43: prefetch: -1 is out of range [0, 65535]`},
		{"version from the future", `
			version: 2
			`, `1:10: version: this build reads scenario version 1, not 2`},
		{"empty document", ``, `1:1: empty scenario`},
		{"two documents", "a: 1\n---\nb: 2\n", `3:1: a second YAML document`},
		{"anchors", `
			queues: [{name: q, arguments: &a {x-max-length: 1}}]
			`, `1:31: anchors (&) and aliases (*) are not supported`},
		{"integer too large for a long", `
			queues: [{name: q, arguments: {x-max-length: 99999999999999999999}}]
			`, `1:46: arguments.x-max-length: 99999999999999999999 does not fit in a 64-bit integer`},
		{"two subjects in an expectation", `
			expect: [{returns: 1, queue: q}]
			`, `1:23: "queue" does not go with "returns" in one expectation`},
		{"queue expectation without a check", `
			queues: [{name: q}]
			expect: [{queue: q}]
			`, `2:10: expectation on queue "q" needs depth, unacked, bodies or exists`},
		{"exists false with a depth", `
			queues: [{name: q}]
			expect: [{queue: q, exists: false, depth: 0}]
			`, `2:21: queue "q": exists: false cannot go with depth, unacked or bodies`},
		{"unknown property", `
			expect: [{delivery: {n: 1}, properties: {expiraton: null}}]
			`, `1:42: properties: unknown property "expiraton"; did you mean "expiration"?`},
		{"headers under properties", `
			expect: [{delivery: {n: 1}, properties: {headers: {a: 1}}}]
			`, "1:42: properties: unknown property \"headers\" (headers are compared with `headers:` beside `properties:`)"},
		{"redelivered on a return", `
			expect: [{return: {n: 1}, redelivered: true}]
			`, `1:27: "redelivered" does not go with "return" in one expectation`},
		{"reply_code on a delivery", `
			expect: [{delivery: {n: 1}, reply_code: 312}]
			`, `1:29: "reply_code" does not go with "delivery" in one expectation`},
		{"return n zero", `
			expect: [{return: {n: 0}}]
			`, `1:23: return: n counts from 1`},
		{"reply_code out of range", `
			expect: [{return: {}, reply_code: 1000}]
			`, `1:35: reply_code: 1000 is out of range [1, 999]`},
		{"unknown death reason", `
			expect: [{drop: {death_reason: expire}}]
			`, `1:32: drop: death_reason "expire" is not a dead-letter reason (rejected, expired, maxlen, delivery_limit); did you mean "expired"?`},
		{"unknown key in drop", `
			expect: [{drop: {bdy: x}}]
			`, `1:18: unknown key "bdy" in drop; did you mean "body"?`},
		{"snapshot step without a name", `
			steps: [{snapshot: null}]
			`, `1:20: snapshot step needs a name`},
		{"snapshot step with a mapping", `
			steps: [{snapshot: {name: a}}]
			`, `1:20: snapshot: expected a string, got a mapping`},
		{"snapshot taken twice", `
			steps: [{snapshot: a}, {wait: 1s}, {snapshot: a}]
			`, `1:47: snapshot "a" is taken twice`},
		{"expectation on an unknown snapshot", `
			queues: [{name: q}]
			steps: [{snapshot: after-30s}]
			expect: [{queue: q, depth: 0, snapshot: after-3s}]
			`, `3:41: expectation: no snapshot "after-3s" is taken by a snapshot step in the scenario; did you mean "after-30s"?`},
		{"empty snapshot on an expectation", `
			expect: [{errors: 0, snapshot: ""}]
			`, `1:32: snapshot: name a snapshot step`},
		{"apply-to", `
			policies: [{name: p, pattern: ".*", apply-to: queue}]
			`, `1:47: policy: apply-to must be one of all, queues, exchanges, classic_queues, quorum_queues, got "queue"; did you mean "queues"?`},
		{"not a mapping", `
			queues: q
			`, `1:9: queues: expected a list, got the string "q"`},
		{"boolean expected", `
			queues: [{name: q, durable: yes}]
			`, `1:29: durable: expected true or false, got the string "yes"`},
		{"declare needs a target", `
			steps: [{declare: {arguments: {}}}]
			`, `1:19: declare step needs either queue: NAME or exchange: NAME`},
		{"JSON input", `{"version": 1, "queues": [{"name": "q", "durabel": true}]}`,
			`1:41: unknown key "durabel" in queue; did you mean "durable"?`},
		{"not UTF-8", "title: \xff\n", `1:8: not UTF-8 text`},
		{"total virtual time", `
			steps: [{wait: 20d}, {wait: 20d}]
			`, `test.yaml: the waits add up to 40d; the limit is 30d of virtual time (MaxVirtualTime)`},
		{"settle n zero", `
			queues: [{name: q}]
			consumers: [{name: c, queue: q}]
			steps: [{ack: {consumer: c, n: 0}}]
			`, `3:32: ack step: n counts from 1 (the oldest delivery held); -1 is the newest`},
		{"settle n not a number", `
			steps:
			  - nack: {n: second}
			`, `2:15: n: expected an integer, got the string "second"`},
		{"requeue on ack", `
			steps:
			  - ack: {n: 2, requeue: true}
			`, `2:17: unknown key "requeue" in ack step (known keys: consumer, n, multiple)`},
		{"delivery n zero", `
			expect: [{delivery: {n: 0}}]
			`, `1:25: delivery: n counts from 1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("test.yaml", []byte(dedent(tt.src)))
			if err == nil {
				t.Fatalf("parsed without error; want %s", tt.want)
			}
			var list ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("error is %T, want ErrorList", err)
			}
			want := tt.want
			if !strings.HasPrefix(want, "test.yaml") {
				want = "test.yaml:" + want
			}
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error:\n  %v\nwant it to contain:\n  %s", err, want)
			}
		})
	}
}

// TestParseCollectsErrors: one parse reports every problem, not just the first.
func TestParseCollectsErrors(t *testing.T) {
	_, err := Parse("x.yaml", []byte("titel: a\nqueues: [{name: q, durabel: true}]\nsteps: [{wiat: 1s}]\n"))
	var list ErrorList
	if !errors.As(err, &list) || len(list) != 3 {
		t.Fatalf("want 3 errors, got %v", err)
	}
	for i, want := range []string{"x.yaml:1:1:", "x.yaml:2:20:", "x.yaml:3:10:"} {
		if !strings.HasPrefix(list[i].Error(), want) {
			t.Errorf("error %d = %q, want prefix %q", i, list[i], want)
		}
	}
}

func TestParseDurations(t *testing.T) {
	tests := []struct {
		in   string
		want Duration
		err  string
	}{
		{"250ms", 250, ""},
		{"2s", 2000, ""},
		{"5m", 300_000, ""},
		{"4h", 14_400_000, ""},
		{"1h30m", 5_400_000, ""},
		{"1.5s", 1500, ""},
		{"2d", 172_800_000, ""},
		{"300", 300, ""},
		{"0", 0, ""},
		{"1m500ms", 60_500, ""},
		{"", 0, "empty duration"},
		{"5x", 0, "invalid duration"},
		{"s", 0, "invalid duration"},
		{"1.0001ms", 0, "not a whole number of milliseconds"},
		{"-1", 0, "negative"},
		{"31d", 0, "longer than the limit of 30d"},
		{"99999999999999999999h", 0, "longer than the limit"},
	}
	for _, tt := range tests {
		got, err := ParseDuration(tt.in)
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("ParseDuration(%q) error = %v, want %q", tt.in, err, tt.err)
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("ParseDuration(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
	for _, d := range []Duration{0, 1, 250, 1000, 60_500, 5_400_000, 172_800_000, MaxVirtualTime} {
		back, err := ParseDuration(d.String())
		if err != nil || back != d {
			t.Errorf("ParseDuration(%q) = %d, %v; want %d", d.String(), back, err, d)
		}
	}
	sc := parseString(t, `
		steps: [{wait: 300}, {wait: "1h30m"}, {wait: 2s}]
		`)
	for i, want := range []Duration{300, 5_400_000, 2000} {
		if got := *sc.Steps[i].Wait; got != want {
			t.Errorf("step %d wait = %d, want %d", i, got, want)
		}
	}
}

// TestParseValues: arguments and headers get RabbitMQ's AMQP types.
func TestParseValues(t *testing.T) {
	sc := parseString(t, `
		queues:
		  - name: q
		    arguments:
		      x-message-ttl: 300
		      x-dead-letter-exchange: ""
		      ratio: 0.5
		      big: 1e3
		      on: true
		      none: null
		      list: [1, two, [3]]
		      nested: {a: {b: 1}}
		      quoted: "42"
		      text: |
		        two
		        lines
		`)
	want := core.Table{
		"x-message-ttl": int64(300), "x-dead-letter-exchange": "", "ratio": 0.5, "big": 1000.0, "on": true,
		"none": nil, "list": []any{int64(1), "two", []any{int64(3)}}, "nested": core.Table{"a": core.Table{"b": int64(1)}},
		"quoted": "42", "text": "two\nlines\n",
	}
	if got := sc.Queues[0].Arguments; !deepEqual(got, want) {
		t.Errorf("arguments = %#v\nwant %#v", got, want)
	}
}

// TestParseDefaults: what a file leaves out takes the documented default.
func TestParseDefaults(t *testing.T) {
	sc := parseString(t, `
		exchanges: [{name: x}]
		queues: [{name: q}]
		bindings: [{source: x, destination: q}]
		policies: [{name: p, pattern: q}]
		consumers: [{name: c, queue: q}]
		steps: [{publish: {routing_key: q}}, {get: {queue: q}}, {declare: {exchange: y}}]
		`)
	x, q, b, p, c := sc.Exchanges[0], sc.Queues[0], sc.Bindings[0], sc.Policies[0], sc.Consumers[0]
	if x.Type != "direct" || !x.Durable || !q.Durable || b.DestinationType != "queue" || p.ApplyTo != "all" || c.Prefetch != 0 {
		t.Errorf("defaults: exchange %+v queue %+v binding %+v policy %+v consumer %+v", x, q, b, p, c)
	}
	if sc.Steps[0].Publish.Count != 1 || sc.Steps[1].Get.Action != "ack" || sc.Steps[2].Declare.Type != "direct" || !sc.Steps[2].Declare.Durable {
		t.Errorf("step defaults: %+v %+v %+v", sc.Steps[0].Publish, sc.Steps[1].Get, sc.Steps[2].Declare)
	}
	if sc.Version != 1 || sc.Profile != "" {
		t.Errorf("version %d profile %q", sc.Version, sc.Profile)
	}
}

// TestParseDefinitionsKeys: a pasted definitions.json parses; what a
// scenario does not keep is named in the warnings.
func TestParseDefinitionsKeys(t *testing.T) {
	sc, err := Parse("defs.json", []byte(`{"rabbit_version": "3.12.0", "users": [{"name": "u", "password_hash": "secret"}],
		"queues": [{"name": "q", "vhost": "/", "durable": true, "auto_delete": false, "arguments": {}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Queues) != 1 || len(sc.Warnings) != 2 {
		t.Fatalf("queues %v warnings %q", sc.Queues, sc.Warnings)
	}
	js, _ := CanonicalJSON(sc)
	if strings.Contains(string(js), "secret") {
		t.Errorf("canonical form keeps the users: %s", js)
	}
}

func TestSuggest(t *testing.T) {
	known := []string{"routing_key", "destination", "destination_type", "source", "arguments"}
	for in, want := range map[string]string{
		"routing_ky":      `; did you mean "routing_key"?`,
		"routing-key":     `; did you mean "routing_key"?`,
		"Routing_Key":     `; did you mean "routing_key"?`,
		"destinaton_type": `; did you mean "destination_type"?`,
		"colour":          "",
		"x":               "",
	} {
		if got := suggest(in, known); got != want {
			t.Errorf("suggest(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSettleMultipleUpToN(t *testing.T) {
	held := []uint64{4, 7, 9}
	for _, c := range []struct {
		st   SettleStep
		want []uint64
	}{
		{SettleStep{Multiple: true}, []uint64{4, 7, 9}},
		{SettleStep{Multiple: true, N: 2}, []uint64{4, 7}},
		{SettleStep{Multiple: true, N: 1}, []uint64{4}},
		{SettleStep{Multiple: true, N: -1}, []uint64{4, 7, 9}},
		{SettleStep{N: 2}, []uint64{7}},
	} {
		got, problem := c.st.Pick("nack", "basic.get", held)
		if problem != "" || fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%+v: got %v (%s), want %v", c.st, got, problem, c.want)
		}
	}
	sc, err := Parse("t.yaml", []byte("steps: [{nack: {multiple: true, n: 1}}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if st := sc.Steps[0].Nack; !st.Multiple || st.N != 1 {
		t.Fatalf("parsed %+v, want multiple up to n 1", st)
	}
}
