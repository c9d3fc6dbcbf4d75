package core

import (
	"errors"
	"slices"
	"testing"
)

// Errors from declare, bind and delete, each with the broker's code and text.
func TestTopologyErrors(t *testing.T) {
	cases := []struct {
		name string
		p    Profile
		run  func(b *Broker) error
		code int
		text string
	}{
		{"quorum queue must be durable", Rabbit43, func(b *Broker) error {
			return b.DeclareQueue(QueueDecl{Name: "qq", Args: Table{"x-queue-type": "quorum"}})
		}, 406, "PRECONDITION_FAILED - invalid property 'non-durable' for queue 'qq' in vhost '/'"},
		{"negative TTL", Rabbit43, func(b *Broker) error {
			return b.DeclareQueue(QueueDecl{Name: "q", Durable: true, Args: Table{"x-message-ttl": int64(-1)}})
		}, 406, "PRECONDITION_FAILED - invalid arg 'x-message-ttl' for queue 'q' in vhost '/': {value_negative,-1}"},
		{"DL key without DLX", Rabbit43, func(b *Broker) error {
			return b.DeclareQueue(QueueDecl{Name: "q", Durable: true, Args: Table{"x-dead-letter-routing-key": "k"}})
		}, 406, "PRECONDITION_FAILED - invalid arg 'x-dead-letter-routing-key' for queue 'q' in vhost '/': routing_key_but_no_dlx_defined"},
		{"reserved queue name", Rabbit43, func(b *Broker) error {
			return b.DeclareQueue(QueueDecl{Name: "amq.q", Durable: true})
		}, 403, "ACCESS_REFUSED - queue name 'amq.q' contains reserved prefix 'amq.*'"},
		{"unknown exchange type 4.x", Rabbit43, func(b *Broker) error {
			return b.DeclareExchange(ExchangeDecl{Name: "x", Type: "foo"})
		}, 406, "PRECONDITION_FAILED - unknown exchange type 'foo'"},
		{"unknown exchange type 3.12", Rabbit312, func(b *Broker) error {
			return b.DeclareExchange(ExchangeDecl{Name: "x", Type: "foo"})
		}, 503, "COMMAND_INVALID - unknown exchange type 'foo'"},
		{"redeclare exchange with another type", Rabbit43, func(b *Broker) error {
			b.DeclareExchange(ExchangeDecl{Name: "x", Type: Direct, Durable: true})
			return b.DeclareExchange(ExchangeDecl{Name: "x", Type: Topic, Durable: true})
		}, 406, "PRECONDITION_FAILED - inequivalent arg 'type' for exchange 'x' in vhost '/': received 'topic' but current is 'direct'"},
		{"redeclare queue non-durable", Rabbit43, func(b *Broker) error {
			b.DeclareQueue(QueueDecl{Name: "q", Durable: true})
			return b.DeclareQueue(QueueDecl{Name: "q"})
		}, 406, "PRECONDITION_FAILED - inequivalent arg 'durable' for queue 'q' in vhost '/': received 'false' but current is 'true'"},
		{"bind to a missing queue", Rabbit43, func(b *Broker) error {
			return b.Bind(Binding{Source: "amq.direct", Destination: "nope", DestinationType: "queue"})
		}, 404, "NOT_FOUND - no queue 'nope' in vhost '/'"},
		{"bind the default exchange", Rabbit43, func(b *Broker) error {
			b.DeclareQueue(QueueDecl{Name: "q", Durable: true})
			return b.Bind(Binding{Source: "", Destination: "q", DestinationType: "queue"})
		}, 403, "ACCESS_REFUSED - operation not permitted on the default exchange"},
		{"delete a system exchange", Rabbit43, func(b *Broker) error {
			return b.DeleteExchange("amq.direct")
		}, 403, "ACCESS_REFUSED - deletion of system exchange 'amq.direct' in vhost '/' not allowed"},
		{"bad expiration", Rabbit43, func(b *Broker) error {
			_, err := b.Publish(Publishing{RoutingKey: "q", Props: Properties{Expiration: "abc"}})
			return err
		}, 406, "PRECONDITION_FAILED - invalid expiration 'abc': no_integer"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := New(c.p)
			e, ok := c.run(b).(*Error)
			if !ok || e.Code != c.code || e.Text != c.text {
				t.Fatalf("got %v\nwant %d %s", e, c.code, c.text)
			}
			if err := b.CheckInvariants(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// A DLX need not exist when the queue is declared (docs/rabbitmq.md "A DLX need not exist at declare time", a tutorial myth).
func TestDLXNeedNotExistAtDeclare(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("q", Table{"x-dead-letter-exchange": "not-yet"})
	s.publish("", "q", "m", Properties{}, nil)
	s.get("q", ActReject)
	s.exchange("not-yet", Fanout, nil)
	s.queue("dlq", nil)
	s.bind("not-yet", "dlq", "")
	s.publish("", "q", "n", Properties{}, nil)
	s.get("q", ActReject)
	s.wantBodies("dlq", "n")
	if got := s.drops(); !slices.Equal(got, []string{DropDLXMissing}) {
		t.Fatalf("drops %v", got)
	}
}

// dead_lettering_SUITE first_death_route (docs/rabbitmq.md "Headers exchange"): a headers DLX routes on the broker-added first-death
// headers with all-with-x / any-with-x.
func TestHeadersDLXRoutesOnFirstDeath(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.exchange("hdlx", Headers, nil)
	s.queue("dlq-a", nil)
	s.queue("dlq-b", nil)
	s.ok(s.Bind(Binding{Source: "hdlx", Destination: "dlq-a", DestinationType: "queue",
		Args: Table{"x-match": "all-with-x", "x-first-death-reason": "expired", "x-first-death-queue": "Q1"}}))
	s.ok(s.Bind(Binding{Source: "hdlx", Destination: "dlq-b", DestinationType: "queue",
		Args: Table{"x-match": "any-with-x", "x-first-death-reason": "rejected"}}))
	s.queue("Q1", Table{"x-dead-letter-exchange": "hdlx"})
	s.queue("Q2", Table{"x-dead-letter-exchange": "hdlx"})
	s.publish("", "Q1", "msg1", Properties{Expiration: "0"}, nil)
	s.publish("", "Q2", "msg2", Properties{Expiration: "0"}, nil)
	s.publish("", "Q2", "msg3", Properties{}, nil)
	s.get("Q2", ActReject)
	s.wantBodies("dlq-a", "msg1")
	s.wantBodies("dlq-b", "msg3")
	if got := s.drops(); !slices.Equal(got, []string{DropDLXUnroutable}) {
		t.Fatalf("drops %v (msg2 goes nowhere)", got)
	}
}

// docs/rabbitmq.md "Client-published x-death": 4.x ignores a client-published x-death (a dead-lettered
// republish starts a fresh history); 3.12 read it back and counted on.
func TestClientPublishedXDeath(t *testing.T) {
	for _, c := range []struct {
		p      Profile
		count  int64
		deaths int
	}{{Rabbit43, 1, 1}, {Rabbit312, 2, 1}} {
		t.Run(string(c.p), func(t *testing.T) {
			s := newSim(t, c.p)
			s.queue("dlq", nil)
			s.queue("q", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
			s.publish("", "q", "m", Properties{}, nil)
			s.get("q", ActReject)
			first := s.get("dlq", ActAck)
			s.publish("", "q", "m", Properties{}, first.Headers) // republish with the headers as received
			s.get("q", ActReject)
			xd := s.get("dlq", ActAck).Headers["x-death"].([]any)
			if len(xd) != c.deaths || xd[0].(Table)["count"] != c.count {
				t.Fatalf("x-death %v, want %d entry with count %d", xd, c.deaths, c.count)
			}
		})
	}
}

// Consumers get messages round robin, and prefetch bounds each one.
func TestRoundRobinAndPrefetch(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("q", nil)
	s.ok(s.Consume(ConsumerSpec{Tag: "a", Queue: "q", Prefetch: 1}))
	s.ok(s.Consume(ConsumerSpec{Tag: "b", Queue: "q", Prefetch: 2}))
	for _, m := range []string{"1", "2", "3", "4", "5"} {
		s.publish("", "q", m, Properties{}, nil)
	}
	var got []string
	for _, e := range s.events(EvDelivered) {
		got = append(got, e.Consumer+e.Msg.Body)
	}
	if !slices.Equal(got, []string{"a1", "b2", "b3"}) {
		t.Fatalf("deliveries %v", got)
	}
	s.wantBodies("q", "4", "5")
	s.ok(s.Ack("a", 1, false))
	s.wantBodies("q", "5")
	s.ok(s.Cancel("b"))
	s.wantBodies("q", "2", "3", "5")
}

// Scripted actions run after their delay on the virtual clock.
func TestScriptedActionDelay(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("q", nil)
	s.ok(s.Consume(ConsumerSpec{Tag: "slow", Queue: "q", Prefetch: 1, Actions: []Action{{Kind: ActAck, Delay: 250}}}))
	s.publish("", "q", "1", Properties{}, nil)
	s.publish("", "q", "2", Properties{}, nil)
	s.advance(249)
	if n := len(s.events(EvAcked)); n != 0 {
		t.Fatalf("acked %d before the delay", n)
	}
	s.advance(1)
	s.advance(250)
	var at []Time
	for _, e := range s.events(EvAcked) {
		at = append(at, e.T)
	}
	if !slices.Equal(at, []Time{250, 500}) {
		t.Fatalf("acked at %v", at)
	}
	if s.NextEventTime() != Never {
		t.Fatalf("next event %d, want none", s.NextEventTime())
	}
}

// A zero-delay reject loop hits the named limit instead of hanging.
func TestInstantLoopHitsLimit(t *testing.T) {
	b := New(Rabbit43, WithEventLog(), WithInstantLimit(1000))
	b.DeclareQueue(QueueDecl{Name: "q", Durable: true, Args: Table{"x-dead-letter-exchange": ""}})
	b.Consume(ConsumerSpec{Tag: "c", Queue: "q", Actions: []Action{{Kind: ActReject}}})
	_, err := b.Publish(Publishing{RoutingKey: "q", Body: "m"})
	if err == nil {
		t.Fatal("no limit error")
	}
	if err := b.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	var limits int
	for _, e := range b.Events() {
		if e.Kind == EvLimit {
			limits++
		}
	}
	if limits != 1 {
		t.Fatalf("%d limit events", limits)
	}
}

// 3.12 sets x-first-death-* only on a message that had no x-death: after a
// client republishes with the headers it received, the copied first-death
// headers stay as they were.
func TestFirstDeathKeptFromClientOn312(t *testing.T) {
	s := newSim(t, Rabbit312)
	s.queue("dlq", nil)
	s.queue("a", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
	s.queue("b", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
	s.publish("", "a", "m", Properties{}, nil)
	s.get("a", ActReject)
	first := s.get("dlq", ActAck)
	s.publish("", "b", "m", Properties{}, first.Headers)
	s.get("b", ActReject)
	h := s.get("dlq", ActAck).Headers
	if h["x-first-death-queue"] != "a" || len(h["x-death"].([]any)) != 2 {
		t.Fatalf("headers %v: want x-first-death-queue a and two x-death entries", h)
	}
}

func TestEventBudgetStopsAdvance(t *testing.T) {
	b := New(Rabbit43, WithEventLog(), WithEventBudget(50))
	b.DeclareQueue(QueueDecl{Name: "q", Durable: true, Args: Table{"x-dead-letter-exchange": ""}})
	b.Consume(ConsumerSpec{Tag: "c", Queue: "q", Actions: []Action{{Kind: ActReject, Delay: 1}}})
	b.Publish(Publishing{RoutingKey: "q", Body: "m"})
	if err := b.Advance(3_600_000); !errors.Is(err, ErrBudget) {
		t.Fatalf("err = %v, want ErrEventBudget", err)
	}
	if b.Now() >= 3_600_000 || b.Now() == 0 {
		t.Fatalf("clock at %d", b.Now())
	}
	if err := b.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

func TestDropCarriesDeathReason(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("q", Table{"x-message-ttl": int64(5)})
	s.publish("", "q", "m", Properties{}, nil)
	s.advance(5)
	d := s.events(EvDropped)
	if len(d) != 1 || d[0].Reason != DropNoDLX || d[0].Death != ReasonExpired {
		t.Fatalf("drops %+v", d)
	}
}

func TestMessagesRange(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("q", nil)
	for _, e := range []string{"500", "100", "", "300"} {
		s.publish("", "q", "m"+e, Properties{Expiration: e}, nil)
	}
	rows, ahead := s.MessagesRange("q", 1, 2)
	if len(rows) != 2 || rows[0].Msg.Body != "m100" || rows[0].Position != 1 || ahead != 500 {
		t.Fatalf("rows %d first %q at %d, ahead %d", len(rows), rows[0].Msg.Body, rows[0].Position, ahead)
	}
	if _, ahead := s.MessagesRange("q", 3, 5); ahead != Never {
		t.Fatalf("ahead %d, want Never (a message without TTL is ahead)", ahead)
	}
}

// TestMessagesRangeBlocked: a message whose expiry is earlier than that of
// a message ahead of it waits for it (docs/rabbitmq.md "Head-of-line
// expiry"); a message without TTL never counts as blocked.
func TestMessagesRangeBlocked(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("q", nil)
	for _, e := range []string{"500", "100", "", "300", "900"} {
		s.publish("", "q", "m"+e, Properties{Expiration: e}, nil)
	}
	for _, from := range []int{0, 1, 3} {
		rows, _ := s.MessagesRange("q", from, 5)
		for _, r := range rows {
			want := map[string]bool{"m100": true, "m300": true, "m900": true}[r.Msg.Body]
			if r.Blocked != want {
				t.Errorf("from %d: %s blocked %v, want %v", from, r.Msg.Body, r.Blocked, want)
			}
		}
	}
}
