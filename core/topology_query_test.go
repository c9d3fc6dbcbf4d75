package core

import (
	"slices"
	"testing"
)

func TestDeadLetterRouteQuery(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.exchange("dlx", Direct, nil)
	s.queue("dlq", nil)
	s.bind("dlx", "dlq", "orders")
	s.queue("keyed", Table{"x-dead-letter-exchange": "dlx", "x-dead-letter-routing-key": "orders"})
	s.queue("bykey", Table{"x-dead-letter-exchange": "dlx"})
	s.queue("missing", Table{"x-dead-letter-exchange": "nope"})
	s.queue("none", nil)

	r, _ := s.DeadLetterRoute("keyed", []string{"anything"})
	if !r.FixedKey || !slices.Equal(r.Targets, []string{"dlq"}) {
		t.Errorf("keyed: %+v", r)
	}
	r, _ = s.DeadLetterRoute("bykey", []string{"payments"})
	if r.FixedKey || !r.DLXExists || len(r.Targets) != 0 {
		t.Errorf("bykey with an unbound key: %+v", r)
	}
	r, _ = s.DeadLetterRoute("bykey", []string{"payments", "orders"}) // a CC key routes it
	if !slices.Equal(r.Targets, []string{"dlq"}) {
		t.Errorf("bykey with a CC key: %+v", r)
	}
	r, _ = s.DeadLetterRoute("missing", nil)
	if !r.HasDLX || r.DLXExists {
		t.Errorf("missing: %+v", r)
	}
	r, _ = s.DeadLetterRoute("none", nil)
	if r.HasDLX {
		t.Errorf("none: %+v", r)
	}
	if _, ok := s.DeadLetterRoute("ghost", nil); ok {
		t.Error("a queue that does not exist answered")
	}
	keys, err := PublishKeys("k", Table{"CC": []any{"c"}, "BCC": []any{"b"}})
	if err != nil || !slices.Equal(keys, []string{"k", "c", "b"}) {
		t.Errorf("PublishKeys = %v, %v", keys, err)
	}
}

func TestPolicyReachQuery(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("orders", nil)
	s.queue("orders.q", Table{"x-queue-type": "quorum"})
	s.ok(s.SetPolicy(Policy{Name: "low", Pattern: "^orders", ApplyTo: "queues", Definition: Table{"message-ttl": int64(5)}}))
	s.ok(s.SetPolicy(Policy{Name: "high", Pattern: "^orders", ApplyTo: "queues", Priority: 5,
		Definition: Table{"delivery-limit": int64(3)}}))
	s.ok(s.SetPolicy(Policy{Name: "nothing", Pattern: "^payments$", Definition: Table{"message-ttl": int64(5)}}))

	high, _ := s.PolicyReach("high")
	if !slices.Equal(high.Applied, []string{"orders.q"}) || !slices.Equal(high.Unsupported, []string{"orders"}) {
		t.Errorf("high: %+v", high)
	}
	low, _ := s.PolicyReach("low")
	if !slices.Equal(low.Applied, []string{"orders"}) || !slices.Equal(low.Outranked, []string{"orders.q"}) {
		t.Errorf("low: %+v", low)
	}
	none, _ := s.PolicyReach("nothing")
	if len(none.Matched) != 0 {
		t.Errorf("nothing: %+v", none)
	}
}

func TestIgnoredSettingsQuery(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("rpd", Table{"x-queue-type": "quorum", "x-overflow": "reject-publish-dlx", "x-dead-letter-exchange": "d"})
	s.queue("alo", Table{"x-queue-type": "quorum", "x-dead-letter-strategy": "at-least-once", "x-dead-letter-exchange": "d"})
	s.queue("ok", Table{"x-queue-type": "quorum", "x-dead-letter-strategy": "at-least-once", "x-dead-letter-exchange": "d",
		"x-overflow": "reject-publish", "x-delivery-limit": int64(3)})
	if got := s.IgnoredSettings("rpd"); len(got) != 1 || got[0].Instead != OverflowDropHead {
		t.Errorf("rpd: %+v", got)
	}
	if got := s.IgnoredSettings("alo"); len(got) != 1 || got[0].Instead != "at-most-once" {
		t.Errorf("alo: %+v", got)
	}
	if got := s.IgnoredSettings("ok"); len(got) != 0 || !s.AtLeastOnce("ok") {
		t.Errorf("ok: %+v", got)
	}
	if s.DeliveryLimitFrom("ok") != "argument" || s.DeliveryLimitFrom("alo") != "default" || s.DeliveryLimitFrom("rpd") != "default" {
		t.Error("DeliveryLimitFrom")
	}
}

// Classic mirroring policies: accepted by 3.x, refused by 4.x.
func TestMirroringPolicyByVersion(t *testing.T) {
	def := Table{"ha-mode": "all", "dead-letter-exchange": "dlx"}
	if err := New(Rabbit312).SetPolicy(Policy{Name: "ha", Pattern: ".*", Definition: def}); err != nil {
		t.Errorf("3.12 refused a mirroring policy: %v", err)
	}
	if err := New(Rabbit312).SetPolicy(Policy{Name: "ha", Pattern: ".*", Definition: Table{"ha-mode": "all"}}); err != nil {
		t.Errorf("3.12 refused a mirroring-only policy: %v", err)
	}
	err := New(Rabbit43).SetPolicy(Policy{Name: "ha", Pattern: ".*", Definition: def})
	if err == nil {
		t.Error("4.3 accepted a mirroring policy")
	}
	if got := MirroringPolicyKeys(def); !slices.Equal(got, []string{"ha-mode"}) {
		t.Errorf("MirroringPolicyKeys = %v", got)
	}
}

// A headers DLX matches the death headers the version writes: the first
// and last death headers on 4.x, only the first on 3.x; a chain carries the
// first death on.
func TestDeadLetterAsHeaders(t *testing.T) {
	for _, c := range []struct {
		profile Profile
		args    Table
		want    []string
	}{
		{Rabbit43, Table{"x-match": "all-with-x", "x-first-death-queue": "work", "x-first-death-reason": "rejected"}, []string{"dlq"}},
		{Rabbit312, Table{"x-match": "all-with-x", "x-first-death-queue": "work"}, []string{"dlq"}},
		{Rabbit43, Table{"x-match": "all-with-x", "x-first-death-reason": "expired"}, nil},
		{Rabbit43, Table{"x-match": "all-with-x", "x-last-death-queue": "work"}, []string{"dlq"}},
		{Rabbit312, Table{"x-match": "all-with-x", "x-last-death-queue": "work"}, nil},
		{Rabbit43, Table{"x-match": "all", "x-first-death-queue": "other"}, []string{"dlq"}}, // all skips x- keys
		{Rabbit43, Table{"x-match": "any", "x-first-death-queue": "work"}, nil},              // any with nothing left
		{Rabbit43, Table{"x-match": "all", "type": "order"}, []string{"dlq"}},                // the client's header is kept
	} {
		s := newSim(t, c.profile)
		s.exchange("dlx", Headers, nil)
		s.queue("dlq", nil)
		s.ok(s.Bind(Binding{Source: "dlx", Destination: "dlq", DestinationType: "queue", Args: c.args}))
		s.queue("work", Table{"x-dead-letter-exchange": "dlx"})
		r, dead, ok := s.DeadLetterAs("work", ProbeMessage("", []string{"work"}, Table{"type": "order"}), ReasonRejected)
		if !ok || dead == nil || !slices.Equal(r.Targets, c.want) {
			t.Errorf("%s %v: targets %v, want %v", c.profile, c.args, r.Targets, c.want)
		}
	}
	// the second death of a chain keeps the first death's headers
	s := newSim(t, Rabbit43)
	s.exchange("dlx2", Headers, nil)
	s.queue("final", nil)
	s.ok(s.Bind(Binding{Source: "dlx2", Destination: "final", DestinationType: "queue",
		Args: Table{"x-match": "all-with-x", "x-first-death-queue": "a", "x-last-death-queue": "b"}}))
	s.queue("b", Table{"x-dead-letter-exchange": "dlx2"})
	s.queue("a", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "b"})
	r, dead, _ := s.DeadLetterAs("a", ProbeMessage("", []string{"a"}, nil), ReasonExpired)
	if !slices.Equal(r.Targets, []string{"b"}) {
		t.Fatalf("a: %+v", r)
	}
	r, _, _ = s.DeadLetterAs("b", dead, ReasonRejected)
	if !slices.Equal(r.Targets, []string{"final"}) {
		t.Errorf("b after a: %+v", r)
	}
	if _, _, ok := s.DeadLetterAs("ghost", ProbeMessage("", nil, nil), ReasonRejected); ok {
		t.Error("a queue that does not exist answered")
	}
}
