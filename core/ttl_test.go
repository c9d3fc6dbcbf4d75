package core

import (
	"slices"
	"testing"
)

// Effective TTL is min(queue TTL, message TTL), fixed at enqueue (docs/rabbitmq.md "Message TTL").
func TestTTLMinimumRule(t *testing.T) {
	cases := []struct {
		name     string
		queueTTL any
		msgExp   string
		expireAt int64
	}{
		{"queue only", int64(300), "", 300},
		{"message only", nil, "200", 200},
		{"message shorter", int64(300), "100", 100},
		{"queue shorter", int64(100), "300", 100},
		{"equal", int64(150), "150", 150},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSim(t, Rabbit43)
			args := Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"}
			if c.queueTTL != nil {
				args["x-message-ttl"] = c.queueTTL
			}
			s.queue("dlq", nil)
			s.queue("q", args)
			s.publish("", "q", "m", Properties{Expiration: c.msgExp}, nil)
			s.advance(c.expireAt - 1)
			s.wantBodies("dlq")
			s.advance(1)
			s.wantBodies("dlq", "m")
		})
	}
}

// TTL 0: delivered to a consumer that can take it now, else expired at
// once (with a DLX) or discarded (without one); never a basic.return.
func TestTTLZero(t *testing.T) {
	t.Run("waiting consumer gets it", func(t *testing.T) {
		s := newSim(t, Rabbit43)
		s.queue("dlq", nil)
		s.queue("q", Table{"x-message-ttl": int64(0), "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
		s.ok(s.Consume(ConsumerSpec{Tag: "c", Queue: "q", Prefetch: 1, Actions: []Action{{Kind: ActAck}}}))
		s.publish("", "q", "m", Properties{}, nil)
		if n := len(s.events(EvDelivered)); n != 1 {
			t.Fatalf("deliveries %d, want 1", n)
		}
		s.wantBodies("dlq")
	})
	t.Run("busy consumer: expired at once", func(t *testing.T) {
		s := newSim(t, Rabbit43)
		s.queue("dlq", nil)
		s.queue("q", Table{"x-message-ttl": int64(0), "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
		s.ok(s.Consume(ConsumerSpec{Tag: "c", Queue: "q", Prefetch: 1})) // holds
		s.publish("", "q", "first", Properties{}, nil)
		s.publish("", "q", "second", Properties{}, nil)
		s.wantBodies("dlq", "second")
		s.wantBodies("q")
	})
	t.Run("no consumer, no DLX: dropped with a reason", func(t *testing.T) {
		s := newSim(t, Rabbit43)
		s.queue("q", Table{"x-message-ttl": int64(0)})
		r := s.publish("", "q", "m", Properties{}, nil)
		if r.Returned {
			t.Fatal("TTL 0 must never cause basic.return")
		}
		if got := s.drops(); !slices.Equal(got, []string{DropNoDLX}) {
			t.Fatalf("drops %v", got)
		}
	})
	t.Run("quorum TTL 0 is 1 ms", func(t *testing.T) {
		s := newSim(t, Rabbit43)
		s.queue("dlq", nil)
		s.queue("q", Table{"x-queue-type": "quorum", "x-message-ttl": int64(0), "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
		s.publish("", "q", "m", Properties{}, nil)
		s.wantBodies("q", "m")
		s.advance(1)
		s.wantBodies("dlq", "m")
	})
}

// From a TTL article: per-message TTLs 60 s, 10 s, 30 s in one queue: expiry only at
// the head, so the 10 s and 30 s messages wait behind the 60 s one and all
// three leave at 60 s, in queue order.
func TestHeadOfLineBlocking(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("dlq", nil)
	s.queue("delay", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
	for _, e := range []string{"60000", "10000", "30000"} {
		s.publish("", "delay", e, Properties{Expiration: e}, nil)
	}
	s.advance(10000)
	s.wantBodies("dlq")
	s.advance(20000)
	s.wantBodies("dlq")
	if q, _ := s.Queue("delay"); q.Ready != 3 {
		t.Fatalf("delay holds %d, want 3 (expired messages still count)", q.Ready)
	}
	s.advance(30000)
	s.wantBodies("dlq", "60000", "10000", "30000")
	var at []Time
	for _, e := range s.events(EvExpired) {
		at = append(at, e.T)
	}
	if !slices.Equal(at, []Time{60000, 60000, 60000}) {
		t.Fatalf("expired at %v", at)
	}
}

// A requeued message keeps its original expiry; unacked messages do not
// expire; if the expiry passed while unacked it expires on requeue.
func TestRequeueKeepsExpiry(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("dlq", nil)
	s.queue("q", Table{"x-message-ttl": int64(100), "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
	s.publish("", "q", "m", Properties{}, nil)
	r, _, err := s.Get("get", "q")
	s.ok(err)
	s.advance(500)
	s.wantBodies("dlq")
	s.ok(s.Reject("get", r.Tag, true))
	s.wantBodies("dlq", "m")
}

// A TTL policy does not touch messages already queued (docs/rabbitmq.md "Message TTL").
func TestPolicyTTLNotRetroactive(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("q", nil)
	s.publish("", "q", "old", Properties{}, nil)
	s.ok(s.SetPolicy(Policy{Name: "ttl", Pattern: "^q$", ApplyTo: "queues", Definition: Table{"message-ttl": int64(10)}}))
	s.publish("", "q", "new", Properties{}, nil)
	s.advance(1000)
	s.wantBodies("q", "old", "new") // "new" is behind "old": head-of-line
	s.get("q", ActAck)
	s.wantBodies("q")
	if got := s.drops(); !slices.Equal(got, []string{DropNoDLX}) {
		t.Fatalf("drops %v", got)
	}
}
