package scenarios

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestObservedPathsSame: the cheaper ways of observing a run change
// nothing a reader sees. For every library and suite scenario, the trace
// written to Options.Trace is Observation.Trace line by line; the queue
// states with Options.BodiesOnly hold the same bodies, flags and counts;
// Check gives the same failures; and the rest of the observation is the
// same with or without the broker's event log (Options.EventLog).
func TestObservedPathsSame(t *testing.T) {
	files := libraryFiles(t)
	suite, _ := filepath.Glob(filepath.Join("suite", "*.yaml"))
	for _, path := range append(files, suite...) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			sc := load(t, path)
			full, err := Run(sc, Options{EventLog: true})
			if err != nil {
				t.Fatal(err)
			}
			var trace bytes.Buffer
			streamed, err := Run(sc, Options{Trace: &trace, BodiesOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Join(full.Trace, "\n") + "\n"
			if trace.String() != want || len(streamed.Trace) != 0 {
				t.Errorf("streamed trace differs:\n%s\nwant:\n%s", trace.String(), want)
			}
			if !sameBodies(full, streamed) {
				t.Error("BodiesOnly queue states differ in bodies, flags or counts")
			}
			if a, b := Check(sc, full), Check(sc, streamed); !reflect.DeepEqual(a, b) {
				t.Errorf("Check differs with BodiesOnly: %v vs %v", a, b)
			}
			if a, b := Check(sc, full), liveCheck(t, sc); !reflect.DeepEqual(a, b) {
				t.Errorf("Runner.Check differs: %v vs %v", b, a)
			}
			plain, _ := Run(sc, Options{})
			a, _ := full.JSON()
			b, _ := plain.JSON()
			if !bytes.Equal(a, b) || !reflect.DeepEqual(full.Trace, plain.Trace) {
				t.Error("the observation differs without the event log")
			}
		})
	}
}

// liveCheck runs sc as `dlxlab check` does: Runner.Check at the end.
func liveCheck(t *testing.T, sc *Scenario) []Failure {
	t.Helper()
	r, err := NewRunner(sc, Options{NoTrace: true, BodiesOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	for !r.Done() {
		r.Step()
	}
	return r.Check()
}

// TestLiveCheckFailures: Runner.Check, which reads the final queues from
// the broker, fails the same expectations with the same words as Check.
func TestLiveCheckFailures(t *testing.T) {
	sc := parseString(t, `
		queues: [{name: q}, {name: gone}, {name: empty}, {name: bad, arguments: {x-message-ttl: -1}}]
		steps:
		  - publish: {routing_key: q, body: a}
		  - publish: {routing_key: q, body: b}
		  - snapshot: two
		  - publish: {routing_key: q, body: c}
		  - get: {queue: q, action: hold}
		expect:
		  - {queue: q, depth: 3, unacked: 0, bodies: [a, b, c]}
		  - {queue: q, depth: 2, unacked: 1, bodies: [b, c]}
		  - {queue: gone, exists: false}
		  - {queue: bad, depth: 0}
		  - {queue: bad, exists: false}
		  - {queue: empty, bodies: [x]}
		  - {snapshot: two, queue: q, depth: 3, bodies: [a]}`)
	want := Check(sc, mustRun(t, sc))
	if len(want) < 6 {
		t.Fatalf("the scenario should fail six ways, failed %v", want)
	}
	if got := liveCheck(t, sc); !reflect.DeepEqual(got, want) {
		t.Errorf("Runner.Check:\n%v\nwant\n%v", got, want)
	}
}

func mustRun(t *testing.T, sc *Scenario) *Observation {
	t.Helper()
	obs, err := Run(sc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return obs
}

func sameBodies(a, b *Observation) bool {
	same := func(x, y map[string]QueueState) bool {
		if len(x) != len(y) {
			return false
		}
		for name, qa := range x {
			qb, ok := y[name]
			if !ok || qa.Unacked != qb.Unacked || len(qa.Messages) != len(qb.Messages) {
				return false
			}
			for i := range qa.Messages {
				if qa.Messages[i].Body != qb.Messages[i].Body || qa.Messages[i].Redelivered != qb.Messages[i].Redelivered {
					return false
				}
			}
		}
		return true
	}
	if !same(a.Queues, b.Queues) || len(a.Snapshots) != len(b.Snapshots) {
		return false
	}
	for i := range a.Snapshots {
		if !same(a.Snapshots[i].Queues, b.Snapshots[i].Queues) {
			return false
		}
	}
	return true
}

// TestWriteJSONSame: the observation's encoder (JSON, WriteJSON) writes
// what encoding/json wrote from the struct tags (referenceJSON), byte for
// byte, for every library and suite file (and with WithBodyRefs), and for
// a run whose headers hold every AMQP type, odd strings and long bodies.
func TestWriteJSONSame(t *testing.T) {
	same := func(t *testing.T, sc *Scenario) {
		t.Helper()
		obs, err := Run(sc, Options{NoTrace: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, refs := range []bool{false, true} {
			o := obs
			if refs {
				o = obs.WithBodyRefs()
			}
			want, err := referenceJSON(o)
			if err != nil {
				t.Fatal(err)
			}
			got, err := o.JSON()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("JSON() differs from encoding/json:\n%s\nwant:\n%s", got, want)
			}
			// and Runner.WriteJSON, the final queues read from the broker
			r, err := NewRunner(sc, Options{NoTrace: true})
			if err != nil {
				t.Fatal(err)
			}
			for !r.Done() {
				r.Step()
			}
			var live bytes.Buffer
			if err := r.WriteJSON(&live, JSONOptions{BodyRefs: refs}); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(live.Bytes(), want) {
				t.Fatalf("Runner.WriteJSON (body refs %v) differs:\n%s\nwant:\n%s", refs, live.Bytes(), want)
			}
			// Terminal: the same data, and no DEL or C1 control left
			var term bytes.Buffer
			if err := r.WriteJSON(&term, JSONOptions{BodyRefs: refs, Terminal: true}); err != nil {
				t.Fatal(err)
			}
			var a, b any
			if err := json.Unmarshal(want, &a); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(term.Bytes(), &b); err != nil || !reflect.DeepEqual(a, b) {
				t.Fatalf("Terminal JSON (%v) is not the same data:\n%s", err, term.Bytes())
			}
			if i := strings.IndexFunc(term.String(), func(r rune) bool { return r == 0x7f || r >= 0x80 && r <= 0x9f }); i >= 0 {
				t.Fatalf("Terminal JSON holds a control character at %d", i)
			}
		}
	}
	files := libraryFiles(t)
	suite, _ := filepath.Glob(filepath.Join("suite", "*.yaml"))
	for _, path := range append(files, suite...) {
		t.Run(filepath.Base(path), func(t *testing.T) { same(t, load(t, path)) })
	}
	t.Run("values", func(t *testing.T) {
		long := strings.Repeat("<b>&</b> \u2028 ", 40)
		sc := parseString(t, `
			queues:
			  - {name: "q<&>\"", arguments: {x-message-ttl: 5, x-dead-letter-exchange: "", x-dead-letter-routing-key: dlq}}
			  - {name: dlq}
			consumers: [{name: c, queue: dlq, actions: [ack]}]
			steps:
			  - snapshot: start
			  - publish: {routing_key: "q<&>\"", body: "tab\there \u0001 \u007f é \u0085 \u2029", properties: {content_type: "a/b", priority: 3, timestamp: 7, delivery_mode: 2, headers: {f: 1.5, big: 1e300, neg: -0.25, n: 12, s: "x\ny", b: true, z: null, arr: [1, "a", [2]], t: {k: {k2: 2.5}}}}}
			  - wait: 10ms
			  - publish: {routing_key: nowhere, body: "`+long+`"}
			  - publish: {routing_key: dlq, body: "`+long+`", count: 3}
			  - snapshot: end`)
		same(t, sc)
	})
	t.Run("live queues", func(t *testing.T) {
		long1, long2 := strings.Repeat("one ", 80), strings.Repeat("two ", 80)
		sc := parseString(t, `
			queues:
			  - {name: a, arguments: {x-message-ttl: 0, x-dead-letter-exchange: "", x-dead-letter-routing-key: b}}
			  - {name: b}
			  - {name: z}
			  - {name: qq, durable: true, arguments: {x-queue-type: quorum}}
			steps:
			  - publish: {routing_key: a, body: x, count: 3}
			  - publish: {routing_key: a, body: p, count: 2, properties: {content_type: t/x}}
			  - publish: {routing_key: a, body: q, properties: {content_type: t/y}}
			  - publish: {routing_key: a, body: h, count: 2, properties: {headers: {k: 1}}}
			  - publish: {routing_key: a, body: e, properties: {expiration: "5"}}
			  - publish: {routing_key: b, body: plain, count: 2}
			  - publish: {routing_key: z, body: "`+long1+`", count: 2}
			  - publish: {routing_key: b, body: "`+long2+`"}
			  - publish: {routing_key: qq, body: r, count: 3}
			  - get: {queue: qq, action: reject, requeue: true}
			  - get: {queue: qq, action: reject, requeue: true}
			  - wait: 1s
			  - publish: {routing_key: a, body: later}`)
		same(t, sc)
	})
}

// appendQuoted quotes as strconv.Quote does, fast path or not.
func TestAppendQuoted(t *testing.T) {
	for _, s := range []string{"", "plain text", `a"b`, `back\slash`, "tab\t", "é", "日本", "\x7f", "\xff", "~ }", "\u2028"} {
		if got, want := string(appendQuoted(nil, s)), strconv.Quote(s); got != want {
			t.Errorf("appendQuoted(%q) = %s, want %s", s, got, want)
		}
	}
}
