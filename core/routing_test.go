package core

import (
	"reflect"
	"slices"
	"testing"
)

func TestPublishErrors(t *testing.T) {
	cases := []struct {
		name string
		pub  Publishing
		code int
		text string
	}{
		{"missing exchange", Publishing{Exchange: "nope"}, 404, "NOT_FOUND - no exchange 'nope' in vhost '/'"},
		{"internal exchange", Publishing{Exchange: "amq.rabbitmq.trace"}, 403, "ACCESS_REFUSED - cannot publish to internal exchange 'amq.rabbitmq.trace' in vhost '/'"},
		{"CC not an array", Publishing{Headers: Table{"CC": "x"}}, 406, "PRECONDITION_FAILED - invalid message: {unacceptable_type_in_header,\"CC\",longstr}"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := New(Rabbit43, WithEventLog())
			_, err := b.Publish(c.pub)
			e, ok := err.(*Error)
			if !ok || e.Code != c.code || e.Text != c.text {
				t.Fatalf("err = %v, want %d %s", err, c.code, c.text)
			}
			if ev := b.Events(); len(ev) != 1 || ev[0].Kind != EvError {
				t.Fatalf("events %v, want one error event", ev)
			}
		})
	}
}

// mandatory and unroutable → basic.return 312 NO_ROUTE; otherwise a
// recorded drop. Via an alternate exchange it counts as routed (docs/rabbitmq.md "Exchange-to-exchange bindings and alternate exchanges"-7.7).
func TestMandatoryAndAlternateExchange(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.exchange("unrouted", Fanout, nil)
	s.exchange("orders", Direct, Table{"alternate-exchange": "unrouted"})
	s.exchange("plain", Direct, nil)
	s.queue("lost", nil)
	s.queue("ok", nil)
	s.bind("unrouted", "lost", "")
	s.bind("orders", "ok", "new")
	r, _ := s.Publish(Publishing{Exchange: "orders", RoutingKey: "new", Body: "a", Mandatory: true})
	r2, _ := s.Publish(Publishing{Exchange: "orders", RoutingKey: "weird", Body: "b", Mandatory: true})
	r3, _ := s.Publish(Publishing{Exchange: "plain", RoutingKey: "x", Body: "c", Mandatory: true})
	r4, _ := s.Publish(Publishing{Exchange: "plain", RoutingKey: "x", Body: "d"})
	if r.Returned || r2.Returned || !r3.Returned || r4.Returned {
		t.Fatalf("returned: %v %v %v %v", r.Returned, r2.Returned, r3.Returned, r4.Returned)
	}
	s.wantBodies("ok", "a")
	s.wantBodies("lost", "b")
	ret := s.events(EvReturned)
	if len(ret) != 1 || ret[0].Code != 312 || ret[0].Detail != "NO_ROUTE" {
		t.Fatalf("returns %+v", ret)
	}
	if got := s.drops(); !slices.Equal(got, []string{DropUnroutable}) {
		t.Fatalf("drops %v", got)
	}
}

// An exchange-to-exchange binding that matches counts as routing even if
// the downstream exchange routes nowhere: the upstream AE is not used.
func TestAlternateNotUsedWhenE2EMatched(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.exchange("ae", Fanout, nil)
	s.exchange("down", Direct, nil)
	s.exchange("up", Direct, Table{"alternate-exchange": "ae"})
	s.queue("aeq", nil)
	s.bind("ae", "aeq", "")
	s.ok(s.Bind(Binding{Source: "up", Destination: "down", DestinationType: "exchange", RoutingKey: "k"}))
	s.publish("up", "k", "m", Properties{}, nil)
	s.wantBodies("aeq")
	s.publish("up", "other", "n", Properties{}, nil)
	s.wantBodies("aeq", "n")
}

// Exchange loops are harmless and each queue gets one copy per publish.
func TestExchangeLoopsAndDuplicateRoutes(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.exchange("a", Fanout, nil)
	s.exchange("b", Fanout, nil)
	s.queue("q", nil)
	s.ok(s.Bind(Binding{Source: "a", Destination: "b", DestinationType: "exchange"}))
	s.ok(s.Bind(Binding{Source: "b", Destination: "a", DestinationType: "exchange"}))
	s.bind("a", "q", "")
	s.bind("b", "q", "")
	s.publish("a", "", "m", Properties{}, Table{"CC": []any{"x", "y"}})
	s.wantBodies("q", "m")
}

// CC adds routing keys and stays on the message; BCC routes but is
// stripped, and x-death leaves BCC keys out (docs/rabbitmq.md "CC and BCC").
func TestCCAndBCC(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("dlq", nil)
	s.queue("Q", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
	s.queue("cc 1", nil)
	s.queue("bcc 1", nil)
	s.publish("", "Q", "m", Properties{}, Table{"CC": []any{"cc 1", "cc 2"}, "BCC": []any{"bcc 1"}})
	s.wantBodies("cc 1", "m")
	s.wantBodies("bcc 1", "m")
	r := s.get("Q", ActReject)
	if _, has := r.Headers["BCC"]; has {
		t.Fatal("BCC header delivered")
	}
	d := s.Messages("dlq", 0)[0]
	xd := d.Headers["x-death"].([]any)[0].(Table)
	if !reflect.DeepEqual(xd["routing-keys"], []any{"Q", "cc 1", "cc 2"}) {
		t.Fatalf("routing-keys %v", xd["routing-keys"])
	}
	if !reflect.DeepEqual(d.Headers["CC"], []any{"cc 1", "cc 2"}) {
		t.Fatalf("CC after dead-lettering with a DL key on 4.x: %v (must be kept)", d.Headers["CC"])
	}
}

// 3.12 deleted CC when a DL routing key was set.
func TestCCRemovedOn312WithDLRoutingKey(t *testing.T) {
	s := newSim(t, Rabbit312)
	s.queue("dlq", nil)
	s.queue("Q", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
	s.publish("", "Q", "m", Properties{}, Table{"CC": []any{"elsewhere"}})
	s.get("Q", ActReject)
	if _, has := s.Messages("dlq", 0)[0].Headers["CC"]; has {
		t.Fatal("3.12 keeps CC after dead-lettering with a DL routing key")
	}
}

// Without a DL routing key the dead letter routes by its current keys,
// BCC included (docs/rabbitmq.md "Where a dead letter is republished", dead_letter_routing_key_header_BCC).
func TestDeadLetterRoutesByBCC(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.exchange("dlx", Direct, nil)
	s.queue("DLQ", nil)
	s.bind("dlx", "DLQ", "DLQ")
	s.queue("Q", Table{"x-dead-letter-exchange": "dlx"})
	s.publish("", "Q", "P1", Properties{}, nil)
	s.publish("", "Q", "P2", Properties{}, Table{"BCC": []any{"DLQ"}})
	s.get("Q", ActNack)
	s.get("Q", ActNack)
	s.wantBodies("DLQ", "P2", "P2")
}

// Purge, delete and x-expires discard messages without dead-lettering
// (docs/rabbitmq.md "Never dead-lettered"), each recorded with its own reason.
func TestNeverDeadLettered(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("dlq", nil)
	dl := Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"}
	s.queue("p", dl)
	s.queue("d", dl)
	s.queue("e", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq", "x-expires": int64(1000)})
	for _, q := range []string{"p", "d", "e"} {
		s.publish("", q, q, Properties{}, nil)
	}
	n, err := s.PurgeQueue("p")
	s.ok(err)
	s.ok(s.DeleteQueue("d"))
	s.advance(999)
	if _, ok := s.Queue("e"); !ok {
		t.Fatal("queue e expired early")
	}
	s.advance(1)
	if _, ok := s.Queue("e"); ok {
		t.Fatal("queue e did not expire")
	}
	s.wantBodies("dlq")
	if n != 1 || !slices.Equal(s.drops(), []string{DropPurged, DropQueueDeleted, DropQueueExpired}) {
		t.Fatalf("purged %d, drops %v", n, s.drops())
	}
}

// basic.get and redeclare renew a classic queue's lease; a consumer keeps
// it alive.
func TestQueueLeaseRenewal(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("e", Table{"x-expires": int64(1000)})
	s.advance(600)
	s.queue("e", Table{"x-expires": int64(1000)})
	s.advance(600)
	if _, ok := s.Queue("e"); !ok {
		t.Fatal("redeclare did not renew the lease")
	}
	s.ok(s.Consume(ConsumerSpec{Tag: "c", Queue: "e"}))
	s.advance(5000)
	if _, ok := s.Queue("e"); !ok {
		t.Fatal("queue with a consumer expired")
	}
	s.ok(s.Cancel("c"))
	s.advance(1000)
	if _, ok := s.Queue("e"); ok {
		t.Fatal("queue did not expire 1 s after its last consumer left")
	}
}

// The DLX's alternate exchange catches dead letters the DLX cannot route
// (docs/rabbitmq.md "Exchange-to-exchange bindings and alternate exchanges").
func TestDLXAlternateExchange(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.exchange("catch-all", Fanout, nil)
	s.exchange("dlx", Direct, Table{"alternate-exchange": "catch-all"})
	s.queue("parking", nil)
	s.bind("catch-all", "parking", "")
	s.queue("q", Table{"x-dead-letter-exchange": "dlx"})
	s.publish("", "q", "m", Properties{}, nil)
	s.get("q", ActReject)
	s.wantBodies("parking", "m")
}

// x-max-priority: higher priorities are delivered first, FIFO within one;
// priorities above the maximum count as the maximum.
func TestPriorityQueue(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("pq", Table{"x-max-priority": int64(3)})
	for _, p := range []struct {
		body string
		prio uint8
		has  bool
	}{{"none", 0, false}, {"p1", 1, true}, {"p9", 9, true}, {"p3", 3, true}, {"p1b", 1, true}} {
		s.publish("", "pq", p.body, Properties{Priority: p.prio, HasPriority: p.has}, nil)
	}
	s.wantBodies("pq", "p9", "p3", "p1", "p1b", "none")
}
