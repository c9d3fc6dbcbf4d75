package core

import "testing"

// x-overflow (docs/rabbitmq.md "Length limits and overflow") with x-max-length 1 and three publishes P1..P3.
func TestOverflowModes(t *testing.T) {
	cases := []struct {
		name      string
		args      Table
		wantQueue []string
		wantDLQ   []string
		nacked    []bool
	}{
		{"drop-head", Table{}, []string{"P3"}, []string{"P1", "P2"}, []bool{false, false, false}},
		{"reject-publish", Table{"x-overflow": "reject-publish"}, []string{"P1"}, nil, []bool{false, true, true}},
		{"reject-publish-dlx", Table{"x-overflow": "reject-publish-dlx"}, []string{"P1"}, []string{"P2", "P3"}, []bool{false, true, true}},
		{"quorum reject-publish overshoots by one", Table{"x-queue-type": "quorum", "x-overflow": "reject-publish"},
			[]string{"P1", "P2"}, nil, []bool{false, false, true}},
		{"quorum reject-publish-dlx is drop-head", Table{"x-queue-type": "quorum", "x-overflow": "reject-publish-dlx"},
			[]string{"P3"}, []string{"P1", "P2"}, []bool{false, false, false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSim(t, Rabbit43)
			s.queue("dlq", nil)
			c.args["x-max-length"] = int64(1)
			c.args["x-dead-letter-exchange"] = ""
			c.args["x-dead-letter-routing-key"] = "dlq"
			s.queue("q", c.args)
			for i, b := range []string{"P1", "P2", "P3"} {
				if r := s.publish("", "q", b, Properties{}, nil); r.Nacked != c.nacked[i] {
					t.Fatalf("%s nacked=%v, want %v", b, r.Nacked, c.nacked[i])
				}
			}
			s.wantBodies("q", c.wantQueue...)
			s.wantBodies("dlq", c.wantDLQ...)
		})
	}
}

// x-max-length 0 with drop-head still hands a message to an idle consumer;
// classic reject-publish refuses it even then (docs/rabbitmq.md "Length limits and overflow").
func TestMaxLengthZeroWithIdleConsumer(t *testing.T) {
	for _, c := range []struct {
		overflow  string
		delivered int
	}{{OverflowDropHead, 1}, {OverflowRejectPublish, 0}} {
		s := newSim(t, Rabbit43)
		s.queue("q", Table{"x-max-length": int64(0), "x-overflow": c.overflow})
		s.ok(s.Consume(ConsumerSpec{Tag: "c", Queue: "q", Actions: []Action{{Kind: ActAck}}}))
		s.publish("", "q", "m", Properties{}, nil)
		if n := len(s.events(EvDelivered)); n != c.delivered {
			t.Fatalf("%s: %d deliveries, want %d", c.overflow, n, c.delivered)
		}
	}
}

// x-max-length-bytes counts bodies of ready messages.
func TestMaxLengthBytes(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("q", Table{"x-max-length-bytes": int64(10)})
	for _, b := range []string{"aaaa", "bbbb", "cccc"} {
		s.publish("", "q", b, Properties{}, nil)
	}
	s.wantBodies("q", "bbbb", "cccc")
}

// Lowering the limit by policy drops the excess at once (docs/rabbitmq.md "Length limits and overflow").
func TestPolicyLimitAppliesAtOnce(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("q", nil)
	for _, b := range []string{"a", "b", "c", "d"} {
		s.publish("", "q", b, Properties{}, nil)
	}
	s.ok(s.SetPolicy(Policy{Name: "cap", Pattern: "^q$", Definition: Table{"max-length": int64(2)}}))
	s.wantBodies("q", "c", "d")
}
