package core

import (
	"slices"
	"testing"
)

// Measured on RabbitMQ 4.3.6: reject from m1 (DLX dlx, no DL key) → DLQ gets the
// message with one x-death entry and the first/last death headers.
func TestRejectToDLQHeaders(t *testing.T) {
	for _, p := range Profiles {
		t.Run(string(p), func(t *testing.T) {
			s := newSim(t, p)
			s.exchange("dlx", Direct, nil)
			s.queue("dlq", nil)
			s.bind("dlx", "dlq", "m1")
			s.queue("m1", Table{"x-dead-letter-exchange": "dlx"})
			s.publish("", "m1", "bad-msg", Properties{}, Table{"k": "v"})
			s.advance(1500)
			s.get("m1", ActReject)
			r := s.get("dlq", ActAck)
			if r.Msg.Exchange != "dlx" || r.Msg.RoutingKey() != "m1" || r.Msg.Body != "bad-msg" {
				t.Fatalf("delivered from %q key %q body %q", r.Msg.Exchange, r.Msg.RoutingKey(), r.Msg.Body)
			}
			want := Table{"k": "v", "x-death": []any{death("m1", "rejected", 1, 1, "", "m1")},
				"x-first-death-exchange": "", "x-first-death-queue": "m1", "x-first-death-reason": "rejected"}
			if p != Rabbit312 {
				want["x-last-death-exchange"] = ""
				want["x-last-death-queue"] = "m1"
				want["x-last-death-reason"] = "rejected"
			}
			wantHeaders(t, r.Headers, want)
		})
	}
}

// Measured on RabbitMQ 4.3.6: queue TTL and message TTL both dead-letter with
// reason expired; only the message TTL leaves original-expiration and the
// expiration property is removed (docs/rabbitmq.md "Expiration of a dead-lettered message").
func TestQueueAndMessageTTLDeadLetter(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.exchange("dlx", Fanout, nil)
	s.queue("dlq", nil)
	s.bind("dlx", "dlq", "")
	s.queue("m2", Table{"x-message-ttl": int64(100), "x-dead-letter-exchange": "dlx"})
	s.queue("m2b", Table{"x-dead-letter-exchange": "dlx"})
	s.publish("", "m2", "queue-ttl", Properties{}, nil)
	s.publish("", "m2b", "msg-ttl", Properties{Expiration: "007"}, nil)
	s.advance(6)
	s.wantBodies("dlq")
	s.advance(1)
	s.wantBodies("dlq", "msg-ttl")
	s.advance(93)
	s.wantBodies("dlq", "msg-ttl", "queue-ttl")
	msgs := s.Messages("dlq", 0)
	first := msgs[0].Headers["x-death"].([]any)[0].(Table)
	if first["original-expiration"] != "7" || first["reason"] != "expired" || first["queue"] != "m2b" {
		t.Fatalf("message TTL death = %#v, want original-expiration \"7\" (4.x re-renders the number)", first)
	}
	if msgs[0].Msg.Properties().Expiration != "" {
		t.Fatalf("expiration property kept after dead-lettering: %q", msgs[0].Msg.Properties().Expiration)
	}
	second := msgs[1].Headers["x-death"].([]any)[0].(Table)
	if _, has := second["original-expiration"]; has || second["queue"] != "m2" {
		t.Fatalf("queue TTL death = %#v, want no original-expiration", second)
	}
}

// 3.12 copied the raw expiration text into original-expiration.
func TestOriginalExpirationRawOn312(t *testing.T) {
	s := newSim(t, Rabbit312)
	s.queue("dlq", nil)
	s.queue("q", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
	s.publish("", "q", "m", Properties{Expiration: "007"}, nil)
	s.advance(7)
	d := s.Messages("dlq", 0)[0].Headers["x-death"].([]any)[0].(Table)
	if d["original-expiration"] != "007" {
		t.Fatalf("3.12 original-expiration = %v, want \"007\"", d["original-expiration"])
	}
}

// Measured on RabbitMQ 4.3.6: x-max-length 3 drop-head: msg0..msg2 are
// dead-lettered as maxlen, msg3..msg5 stay.
func TestMaxLengthDropHead(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.exchange("dlx", Fanout, nil)
	s.queue("dlq", nil)
	s.bind("dlx", "dlq", "")
	s.queue("m3", Table{"x-max-length": int64(3), "x-dead-letter-exchange": "dlx"})
	for _, b := range []string{"msg0", "msg1", "msg2", "msg3", "msg4", "msg5"} {
		s.publish("", "m3", b, Properties{}, nil)
	}
	s.wantBodies("m3", "msg3", "msg4", "msg5")
	s.wantBodies("dlq", "msg0", "msg1", "msg2")
	for _, m := range s.Messages("dlq", 0) {
		if m.Headers["x-first-death-reason"] != "maxlen" {
			t.Fatalf("%s: reason %v, want maxlen", m.Msg.Body, m.Headers["x-first-death-reason"])
		}
	}
}

// Measured on RabbitMQ 4.3.6: without a DL routing key the dead letter keeps
// its key; with one it is rerouted, and x-death still records the original.
func TestDeadLetterRoutingKeyOverride(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.exchange("dlx", Direct, nil)
	s.exchange("work", Direct, nil)
	s.queue("dlq.a", nil)
	s.queue("dlq.b", nil)
	s.bind("dlx", "dlq.a", "orig")
	s.bind("dlx", "dlq.b", "fixed")
	s.queue("m4a", Table{"x-dead-letter-exchange": "dlx"})
	s.queue("m4b", Table{"x-dead-letter-exchange": "dlx", "x-dead-letter-routing-key": "fixed"})
	s.bind("work", "m4a", "orig")
	s.bind("work", "m4b", "orig")
	s.publish("work", "orig", "to-both", Properties{}, nil)
	s.get("m4a", ActReject)
	s.get("m4b", ActReject)
	a, b := s.Messages("dlq.a", 0), s.Messages("dlq.b", 0)
	if len(a) != 1 || len(b) != 1 {
		t.Fatalf("dlq.a %d, dlq.b %d messages; want 1 each", len(a), len(b))
	}
	if b[0].Msg.RoutingKey() != "fixed" {
		t.Fatalf("dlq.b delivered with key %q, want fixed", b[0].Msg.RoutingKey())
	}
	for _, m := range []MessageView{a[0], b[0]} {
		d := m.Headers["x-death"].([]any)[0].(Table)
		if keys := d["routing-keys"].([]any); len(keys) != 1 || keys[0] != "orig" || d["exchange"] != "work" {
			t.Fatalf("x-death %#v, want exchange work, routing-keys [orig]", d)
		}
	}
}

// Measured on RabbitMQ 4.3.6: a DLX with no binding, and a DLX that does not
// exist: RabbitMQ drops silently; here each drop is recorded with its cause.
func TestDeadLetterDropsAreRecorded(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.exchange("lonely", Direct, nil)
	s.queue("m5", Table{"x-dead-letter-exchange": "lonely"})
	s.queue("m6", Table{"x-dead-letter-exchange": "nowhere"})
	for i := 0; i < 3; i++ {
		s.publish("", "m5", "x", Properties{}, nil)
		s.get("m5", ActReject)
	}
	s.publish("", "m6", "y", Properties{}, nil)
	s.get("m6", ActReject)
	want := []string{DropDLXUnroutable, DropDLXUnroutable, DropDLXUnroutable, DropDLXMissing}
	if got := s.drops(); !slices.Equal(got, want) {
		t.Fatalf("drops %v, want %v", got, want)
	}
	if q, _ := s.Queue("m5"); q.Ready != 0 || q.Unacked != 0 {
		t.Fatalf("m5 (%d, %d), want (0, 0)", q.Ready, q.Unacked)
	}
}

// Measured on RabbitMQ 4.3.6: main → (reject) → retry.dlx → wait (TTL 300) → "" → main.
// Each delivery shows the main/rejected count 0, 1, 2, 3 and the fifth has
// [wait/expired 4, main/rejected 4], most recent first.
func TestRetryLoopCounts(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.exchange("retry.dlx", Direct, nil)
	s.queue("main", Table{"x-dead-letter-exchange": "retry.dlx", "x-dead-letter-routing-key": "wait"})
	s.queue("wait", Table{"x-message-ttl": int64(300), "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "main"})
	s.bind("retry.dlx", "wait", "wait")
	s.ok(s.Consume(ConsumerSpec{Tag: "worker", Queue: "main", Prefetch: 1, Actions: []Action{{Kind: ActReject}}}))
	s.publish("", "main", "job", Properties{}, nil)
	s.advance(1300)
	var counts []int64
	var times []Time
	var last Table
	for _, e := range s.events(EvDelivered) {
		times = append(times, e.T)
		counts = append(counts, mainRejected(e.Headers))
		last = e.Headers
	}
	if !slices.Equal(counts, []int64{0, 1, 2, 3, 4}) || !slices.Equal(times, []Time{0, 300, 600, 900, 1200}) {
		t.Fatalf("deliveries at %v with main counts %v", times, counts)
	}
	xd := last["x-death"].([]any)
	wantHeaders(t, xd[0].(Table), death("wait", "expired", 4, 0, "retry.dlx", "wait"))
	wantHeaders(t, xd[1].(Table), death("main", "rejected", 4, 0, "", "main"))
	if last["x-first-death-queue"] != "main" || last["x-last-death-queue"] != "wait" || last["x-last-death-exchange"] != "retry.dlx" {
		t.Fatalf("first/last death headers: %v", last)
	}
}

func mainRejected(h Table) int64 {
	xd, _ := h["x-death"].([]any)
	for _, d := range xd {
		if t := d.(Table); t["queue"] == "main" && t["reason"] == "rejected" {
			return t["count"].(int64)
		}
	}
	return 0
}

// Measured on RabbitMQ 4.3.6: a queue whose DLX "" routes expired messages back to
// itself is a cycle without 'rejected': dropped at the first expiry and
// reported once, with the broker's log text.
func TestTTLSelfLoopIsACycle(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("loopq", Table{"x-message-ttl": int64(200), "x-dead-letter-exchange": ""})
	s.publish("", "loopq", "a", Properties{}, nil)
	s.publish("", "loopq", "b", Properties{}, nil)
	s.advance(1500)
	s.wantBodies("loopq")
	if got := s.drops(); !slices.Equal(got, []string{DropCycle, DropCycle}) {
		t.Fatalf("drops %v, want two cycle drops", got)
	}
	cyc := s.events(EvCycle)
	if len(cyc) != 1 {
		t.Fatalf("cycle reported %d times, want once", len(cyc))
	}
	want := "Message dropped because the following list of queues (ordered by death recency) contains a dead letter cycle without reason 'rejected'. This list will not be logged again: [loopq, loopq]"
	if cyc[0].Detail != want {
		t.Fatalf("cycle text %q", cyc[0].Detail)
	}
}

// A cycle through 'rejected' is allowed: each nack brings the message back
// to the same queue and the count rises (docs/rabbitmq.md "Cycle detection", dead_letter_headers_cycle).
func TestRejectCycleIsAllowed(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("q", Table{"x-dead-letter-exchange": ""})
	s.publish("", "q", "m", Properties{}, nil)
	s.get("q", ActNack)
	s.get("q", ActNack)
	r := s.get("q", ActAck)
	wantHeaders(t, r.Headers["x-death"].([]any)[0].(Table), death("q", "rejected", 2, 0, "", "q"))
}

// docs/rabbitmq.md "Cycle detection", dead_letter_reject_expire_expire: b -rejected-> a2 -expired-> a3
// -expired-> b keeps flowing because 'rejected' is inside the cycle; and the
// x-death order matches mc_unit_SUITE is_death_cycle.
func TestRejectExpireExpireCycleFlows(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("b", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "a2"})
	s.queue("a2", Table{"x-message-ttl": int64(5), "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "a3"})
	s.queue("a3", Table{"x-message-ttl": int64(5), "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "b"})
	s.publish("", "b", "m", Properties{}, nil)
	s.get("b", ActReject)
	s.advance(10)
	s.get("b", ActReject)
	s.advance(10)
	r := s.get("b", ActAck)
	xd := r.Headers["x-death"].([]any)
	got := []string{}
	for _, d := range xd {
		tb := d.(Table)
		got = append(got, tb["queue"].(string)+"/"+tb["reason"].(string))
	}
	if !slices.Equal(got, []string{"a3/expired", "a2/expired", "b/rejected"}) {
		t.Fatalf("x-death order %v", got)
	}
	if len(s.drops()) != 0 {
		t.Fatalf("unexpected drops %v", s.drops())
	}
}

// deathCycle truth table from mc_unit_SUITE is_death_cycle (docs/rabbitmq.md "Cycle detection").
func TestDeathCycleTruthTable(t *testing.T) {
	d := func(q, r string) Death { return Death{Queue: q, Reason: r} }
	cases := []struct {
		name   string
		deaths []Death
		target string
		cycle  bool
	}{
		{"rejected only", []Death{d("q1", "rejected")}, "q1", false},
		{"expired then rejected, target q2", []Death{d("q2", "expired"), d("q1", "rejected")}, "q2", true},
		{"expired then rejected, target q1", []Death{d("q2", "expired"), d("q1", "rejected")}, "q1", false},
		{"unknown target", []Death{d("q2", "expired")}, "q9", false},
		{"maxlen self", []Death{d("q", "maxlen")}, "q", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, got := deathCycle(c.deaths, c.target); got != c.cycle {
				t.Fatalf("cycle = %v, want %v", got, c.cycle)
			}
		})
	}
}
