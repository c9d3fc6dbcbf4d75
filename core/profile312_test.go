package core

import (
	"slices"
	"strings"
	"testing"
)

func deathOrder(h Table) []string {
	var out []string
	for _, d := range h["x-death"].([]any) {
		t := d.(Table)
		out = append(out, t["queue"].(string)+"/"+t["reason"].(string))
	}
	return out
}

// x-death order after q1 rejected, q2 expired, q3 expired: 4.x puts the
// newest first; 3.x reversed the older entries at every update (seen on a
// 3.10 broker by `dlxlab conform`).
func TestXDeathOrderByProfile(t *testing.T) {
	for _, c := range []struct {
		p    Profile
		want []string
	}{
		{Rabbit43, []string{"q3/expired", "q2/expired", "q1/rejected"}},
		{Rabbit312, []string{"q3/expired", "q1/rejected", "q2/expired"}},
	} {
		t.Run(string(c.p), func(t *testing.T) {
			s := newSim(t, c.p)
			s.queue("end", nil)
			s.queue("q1", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "q2"})
			s.queue("q2", Table{"x-message-ttl": int64(10), "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "q3"})
			s.queue("q3", Table{"x-message-ttl": int64(10), "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "end"})
			s.publish("", "q1", "m", Properties{}, nil)
			s.get("q1", ActReject)
			s.advance(20)
			if got := deathOrder(s.get("end", ActAck).Headers); !slices.Equal(got, c.want) {
				t.Fatalf("x-death order %v, want %v", got, c.want)
			}
		})
	}
}

// 3.x counts up a client-published x-death entry and keeps its other keys
// as written, "time" absent included.
func TestClientXDeathEntryKeptOn312(t *testing.T) {
	s := newSim(t, Rabbit312)
	s.queue("dlq", nil)
	s.queue("work", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
	client := Table{"x-death": []any{Table{"count": int64(5), "reason": "rejected", "queue": "work",
		"exchange": "", "routing-keys": []any{"work"}}}}
	s.publish("", "work", "m", Properties{}, client)
	s.get("work", ActReject)
	d := s.get("dlq", ActAck).Headers["x-death"].([]any)[0].(Table)
	wantHeaders(t, d, Table{"count": int64(6), "reason": "rejected", "queue": "work", "exchange": "",
		"routing-keys": []any{"work"}})
}

// A 3.x quorum basic.get always shows x-delivery-count (0 before any return).
func TestQuorumGetDeliveryCountOn312(t *testing.T) {
	s := newSim(t, Rabbit312)
	s.queue("qq", Table{"x-queue-type": "quorum"})
	s.publish("", "qq", "m", Properties{}, nil)
	wantHeaders(t, s.get("qq", ActRequeue).Headers, Table{"x-delivery-count": int64(0)})
	wantHeaders(t, s.get("qq", ActAck).Headers, Table{"x-delivery-count": int64(1)})
}

// 3.x knew only apply-to all, queues and exchanges.
func TestApplyToByProfile(t *testing.T) {
	pol := Policy{Name: "p", Pattern: ".*", ApplyTo: "classic_queues", Definition: Table{"message-ttl": int64(5)}}
	if err := New(Rabbit43).SetPolicy(pol); err != nil {
		t.Fatalf("4.3: %v", err)
	}
	err := New(Rabbit312).SetPolicy(pol)
	if err == nil || !strings.Contains(err.Error(), "apply-to 'classic_queues' unrecognised; should be 'queues', 'exchanges' or 'all'") {
		t.Fatalf("3.12: %v", err)
	}
}
