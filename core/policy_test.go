package core

import (
	"slices"
	"testing"
)

// Precedence of queue arguments and policies (docs/rabbitmq.md "Arguments versus policies").
func TestPolicyPrecedence(t *testing.T) {
	cases := []struct {
		name   string
		qtype  string
		args   Table
		policy Table
		check  func(c ConfigView) bool
	}{
		{"DLX argument beats policy", "classic", Table{"x-dead-letter-exchange": "arg.dlx"},
			Table{"dead-letter-exchange": "pol.dlx"},
			func(c ConfigView) bool { return c.DLX == "arg.dlx" && c.DLXFrom == "argument x-dead-letter-exchange" }},
		{"DLX from policy", "classic", nil, Table{"dead-letter-exchange": "pol.dlx"},
			func(c ConfigView) bool { return c.DLX == "pol.dlx" && c.DLXFrom == "policy p" }},
		{"DLX from args, key from policy", "classic", Table{"x-dead-letter-exchange": "a"},
			Table{"dead-letter-routing-key": "k"},
			func(c ConfigView) bool { return c.DLX == "a" && c.DLRoutingKey == "k" && c.DLRoutingFrom == "policy p" }},
		{"TTL minimum, policy lower", "classic", Table{"x-message-ttl": int64(5000)}, Table{"message-ttl": int64(1000)},
			func(c ConfigView) bool { return c.MessageTTL == 1000 }},
		{"TTL minimum, argument lower", "classic", Table{"x-message-ttl": int64(500)}, Table{"message-ttl": int64(1000)},
			func(c ConfigView) bool { return c.MessageTTL == 500 }},
		{"max-length minimum", "quorum", Table{"x-max-length": int64(10)}, Table{"max-length": int64(3)},
			func(c ConfigView) bool { return c.MaxLength == 3 }},
		{"classic overflow: argument wins", "classic", Table{"x-overflow": "reject-publish"}, Table{"overflow": "drop-head"},
			func(c ConfigView) bool { return c.Overflow == "reject-publish" }},
		{"quorum overflow: policy wins", "quorum", Table{"x-overflow": "drop-head"}, Table{"overflow": "reject-publish"},
			func(c ConfigView) bool { return c.Overflow == "reject-publish" }},
		{"delivery limit minimum", "quorum", Table{"x-delivery-limit": int64(5)}, Table{"delivery-limit": int64(3)},
			func(c ConfigView) bool { return c.DeliveryLimit == 3 }},
		{"delivery limit: a negative side takes the max", "quorum", Table{"x-delivery-limit": int64(-1)}, Table{"delivery-limit": int64(7)},
			func(c ConfigView) bool { return c.DeliveryLimit == 7 }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSim(t, Rabbit43)
			args := c.args
			if args == nil {
				args = Table{}
			}
			args["x-queue-type"] = c.qtype
			s.queue("q", args)
			s.ok(s.SetPolicy(Policy{Name: "p", Pattern: "^q$", ApplyTo: "queues", Definition: c.policy}))
			q, _ := s.Queue("q")
			if !c.check(q.Config) {
				t.Fatalf("config %+v", q.Config)
			}
		})
	}
}

// The highest priority matching policy applies, alone (never merged).
func TestPolicySelection(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("orders", nil)
	s.ok(s.SetPolicy(Policy{Name: "low", Pattern: "^ord", Priority: 1, Definition: Table{"message-ttl": int64(100)}}))
	s.ok(s.SetPolicy(Policy{Name: "high", Pattern: "ers$", Priority: 5, Definition: Table{"max-length": int64(9)}}))
	q, _ := s.Queue("orders")
	if q.Policy != "high" || q.Config.MessageTTL != -1 || q.Config.MaxLength != 9 {
		t.Fatalf("policy %q ttl %d max %d", q.Policy, q.Config.MessageTTL, q.Config.MaxLength)
	}
	s.ok(s.ClearPolicy("high"))
	q, _ = s.Queue("orders")
	if q.Policy != "low" || q.Config.MessageTTL != 100 {
		t.Fatalf("after clear: policy %q ttl %d", q.Policy, q.Config.MessageTTL)
	}
}

// A policy DLX added later applies to messages rejected afterwards
// (dead_letter_policy): the DLX is looked up at dead-letter time.
func TestPolicyDLXAppliesDynamically(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("dlq", nil)
	s.queue("q", nil)
	s.publish("", "q", "P1", Properties{}, nil)
	s.publish("", "q", "P2", Properties{}, nil)
	s.get("q", ActNack)
	s.ok(s.SetPolicy(Policy{Name: "dl", Pattern: "^q$", Definition: Table{"dead-letter-exchange": "", "dead-letter-routing-key": "dlq"}}))
	s.get("q", ActNack)
	s.wantBodies("dlq", "P2")
	if got := s.drops(); !slices.Equal(got, []string{DropNoDLX}) {
		t.Fatalf("drops %v", got)
	}
}
