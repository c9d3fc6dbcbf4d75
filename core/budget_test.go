package core

import (
	"errors"
	"strings"
	"testing"
)

// requeueLoop is a consumer that requeues every delivery at once: each
// publish into it would keep the broker busy for ever.
func requeueLoop(opts ...Option) *Broker {
	b := New(Rabbit43, opts...)
	b.DeclareQueue(QueueDecl{Name: "q", Durable: true})
	b.Consume(ConsumerSpec{Tag: "c", Queue: "q", Actions: []Action{{Kind: ActRequeue}}})
	return b
}

// The budget is counted at every action, across commands: ten thousand
// publishes into a zero-delay requeue loop stop once the events are spent,
// not after ten thousand per-instant limits.
func TestBudgetSpansCommands(t *testing.T) {
	b := requeueLoop(WithEventLog(), WithBudget(Budget{Events: 5_000}))
	var err error
	n := 0
	for ; n < 10_000 && err == nil; n++ {
		_, err = b.Publish(Publishing{RoutingKey: "q", Body: "x"})
	}
	var be *BudgetError
	if !errors.As(err, &be) || !errors.Is(err, ErrBudget) || be.What != "broker events" || be.Limit != 5_000 {
		t.Fatalf("after %d publishes: err = %v", n, err)
	}
	if w := b.Work().Events; w > 5_000+10 {
		t.Fatalf("spent %d events, budget 5000", w)
	}
	if _, err := b.Publish(Publishing{RoutingKey: "q", Body: "y"}); !errors.Is(err, ErrBudget) {
		t.Fatalf("a spent broker took a publish: %v", err)
	}
	if b.NextEventTime() != Never {
		t.Fatal("a spent broker still has work pending")
	}
	if err := b.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(err.Error(), "more than 5000 broker events") {
		t.Fatalf("text %q", err)
	}
}

// An unobserved broker (no log, no sink) spends exactly what an observed
// one spends: the budget does not depend on who is watching.
func TestBudgetSameObservedOrNot(t *testing.T) {
	run := func(opts ...Option) Budget {
		b := New(Rabbit43, opts...)
		b.DeclareQueue(QueueDecl{Name: "dlq", Durable: true})
		b.DeclareQueue(QueueDecl{Name: "q", Durable: true, Args: Table{"x-message-ttl": int64(5),
			"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"}})
		b.Consume(ConsumerSpec{Tag: "c", Queue: "dlq", Actions: []Action{{Kind: ActAck, Delay: 1}}})
		for i := 0; i < 100; i++ {
			b.Publish(Publishing{RoutingKey: "q", Body: "m"})
		}
		b.Advance(1000)
		return b.Work()
	}
	seen, unseen := run(WithEventLog()), run()
	if seen != unseen || seen.Events == 0 {
		t.Fatalf("observed %+v, unobserved %+v", seen, unseen)
	}
}

// Live copies and bytes held have their own limits.
func TestBudgetCopiesAndBytes(t *testing.T) {
	cases := []struct {
		name string
		bd   Budget
		body string
		want string
	}{
		{"copies", Budget{Copies: 100}, "m", "live message copies"},
		{"bytes", Budget{Bytes: 1000}, strings.Repeat("b", 100), "bytes held in queues"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := New(Rabbit43, WithBudget(c.bd))
			b.DeclareQueue(QueueDecl{Name: "q", Durable: true})
			var err error
			n := 0
			for ; n < 1000 && err == nil; n++ {
				_, err = b.Publish(Publishing{RoutingKey: "q", Body: c.body})
			}
			var be *BudgetError
			if !errors.As(err, &be) || be.What != c.want || n > 102 {
				t.Fatalf("after %d publishes: %v", n, err)
			}
			if err := b.CheckInvariants(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// Copies that leave give their bytes back: a long run of small batches
// that are acked never reaches the bytes limit.
func TestBudgetBytesReleased(t *testing.T) {
	b := New(Rabbit43, WithBudget(Budget{Bytes: 1000}))
	b.DeclareQueue(QueueDecl{Name: "q", Durable: true})
	b.Consume(ConsumerSpec{Tag: "c", Queue: "q", Actions: []Action{{Kind: ActAck, Delay: 1}}})
	for i := 0; i < 100; i++ {
		if _, err := b.Publish(Publishing{RoutingKey: "q", Body: strings.Repeat("b", 100)}); err != nil {
			t.Fatal(err)
		}
		if err := b.Advance(2); err != nil {
			t.Fatal(err)
		}
	}
	if w := b.Work(); w.Bytes != 0 || w.Copies != 0 {
		t.Fatalf("held after all acks: %+v", w)
	}
}

// The per-instant limit spans commands too: each publish at the same
// instant does not start a fresh count.
func TestInstantLimitSpansCommands(t *testing.T) {
	b := requeueLoop(WithEventLog(), WithInstantLimit(1000))
	var errs int
	for i := 0; i < 50; i++ {
		if _, err := b.Publish(Publishing{RoutingKey: "q", Body: "x"}); err != nil {
			errs++
		}
	}
	delivered := 0
	for _, e := range b.Events() {
		if e.Kind == EvDelivered {
			delivered++
		}
	}
	if errs != 50 || delivered > 1000+2*50 {
		t.Fatalf("%d errors, %d deliveries: the limit restarted per publish", errs, delivered)
	}
}
