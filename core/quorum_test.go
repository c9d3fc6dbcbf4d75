package core

import "testing"

// Quorum poison message, x-delivery-limit 3 (docs/rabbitmq.md "Delivery limit"): when every return
// counts, the 4th return kills it: 4 deliveries, then delivery_limit.
// basic.nack requeue counts on 4.2 and 3.12; on 4.3 only basic.reject
// requeue (a failed delivery) counts, so nack-requeue loops on.
func TestQuorumDeliveryLimit(t *testing.T) {
	cases := []struct {
		profile    Profile
		action     string
		deliveries int
		dead       bool
	}{
		{Rabbit43, ActRequeue, 4, true},
		{Rabbit42, ActRequeue, 4, true},
		{Rabbit312, ActRequeue, 4, true},
		{Rabbit42, ActNackRequeue, 4, true},
		{Rabbit312, ActNackRequeue, 4, true},
		{Rabbit43, ActNackRequeue, 10, false},
	}
	for _, c := range cases {
		t.Run(string(c.profile)+"/"+c.action, func(t *testing.T) {
			s := newSim(t, c.profile)
			s.queue("dlq", nil)
			s.queue("qq", Table{"x-queue-type": "quorum", "x-delivery-limit": int64(3),
				"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
			s.publish("", "qq", "poison", Properties{}, nil)
			n := 0
			for ; n < 10; n++ {
				if q, _ := s.Queue("qq"); q.Ready == 0 {
					break
				}
				s.get("qq", c.action)
			}
			if n != c.deliveries {
				t.Fatalf("delivered %d times, want %d", n, c.deliveries)
			}
			dlq := s.Messages("dlq", 0)
			if c.dead != (len(dlq) == 1) {
				t.Fatalf("dead-lettered = %v, want %v", len(dlq) == 1, c.dead)
			}
			if c.dead && dlq[0].Headers["x-first-death-reason"] != "delivery_limit" {
				t.Fatalf("reason %v, want delivery_limit", dlq[0].Headers["x-first-death-reason"])
			}
		})
	}
}

// Redelivery headers of quorum queues (docs/rabbitmq.md "Delivery limit"): no header on the first
// delivery; 4.3 shows x-acquired-count and x-delivery-count (failed only);
// 4.2 shows x-delivery-count counting every return.
func TestQuorumDeliveryHeaders(t *testing.T) {
	run := func(p Profile) []Table {
		s := newSim(t, p)
		s.queue("qq", Table{"x-queue-type": "quorum"})
		s.publish("", "qq", "m", Properties{}, nil)
		var hs []Table
		for _, act := range []string{ActNackRequeue, ActRequeue, ActAck} {
			hs = append(hs, s.get("qq", act).Headers)
		}
		return hs
	}
	h43 := run(Rabbit43)
	if h43[0] != nil {
		t.Fatalf("4.3 first delivery headers %v, want none", h43[0])
	}
	wantHeaders(t, h43[1], Table{"x-acquired-count": int64(1)})
	wantHeaders(t, h43[2], Table{"x-acquired-count": int64(2), "x-delivery-count": int64(1)})
	h42 := run(Rabbit42)
	wantHeaders(t, h42[1], Table{"x-delivery-count": int64(1)})
	wantHeaders(t, h42[2], Table{"x-delivery-count": int64(2)})
}

// Default delivery limit is 20 on 4.x and none on 3.12.
func TestQuorumDefaultDeliveryLimit(t *testing.T) {
	for _, c := range []struct {
		p    Profile
		want int64
	}{{Rabbit43, 20}, {Rabbit42, 20}, {Rabbit312, -1}} {
		s := newSim(t, c.p)
		s.queue("qq", Table{"x-queue-type": "quorum"})
		q, _ := s.Queue("qq")
		if q.Config.DeliveryLimit != c.want {
			t.Fatalf("%s: delivery limit %d, want %d", c.p, q.Config.DeliveryLimit, c.want)
		}
	}
}

// Requeue position (docs/rabbitmq.md "Delivery limit"): classic puts it back in place; quorum with
// a limit serves returns first in return order; quorum without a limit
// appends to the back.
func TestRequeuePosition(t *testing.T) {
	cases := []struct {
		name string
		p    Profile
		args Table
		want []string
	}{
		{"classic", Rabbit43, nil, []string{"m1", "m2", "m3"}},
		{"quorum with limit", Rabbit43, Table{"x-queue-type": "quorum"}, []string{"m2", "m1", "m3"}},
		{"quorum without limit", Rabbit312, Table{"x-queue-type": "quorum"}, []string{"m3", "m2", "m1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSim(t, c.p)
			s.queue("q", c.args)
			for _, b := range []string{"m1", "m2", "m3"} {
				s.publish("", "q", b, Properties{}, nil)
			}
			r1, _, _ := s.Get("get", "q")
			r2, _, _ := s.Get("get", "q")
			s.ok(s.Nack("get", r2.Tag, false, true))
			s.ok(s.Nack("get", r1.Tag, false, true))
			s.wantBodies("q", c.want...)
		})
	}
}

// docs/rabbitmq.md "Rejected" tests 12/13: nack(multiple, requeue) then nack(multiple, no
// requeue) dead-letters in settle (tag) order: m3, m1, m2.
func TestNackMultipleOrder(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("dlq", nil)
	s.queue("q", Table{"x-queue-type": "quorum", "x-delivery-limit": int64(50),
		"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
	for _, b := range []string{"m1", "m2", "m3"} {
		s.publish("", "q", b, Properties{}, nil)
	}
	for i := 0; i < 3; i++ {
		s.Get("get", "q")
	}
	s.ok(s.Nack("get", 2, true, true)) // m1, m2 back (returns, in order)
	s.Get("get", "q")                  // m1 → tag 4
	s.Get("get", "q")                  // m2 → tag 5
	s.ok(s.Nack("get", 5, true, false))
	s.wantBodies("dlq", "m3", "m1", "m2")
}

func TestUnknownDeliveryTag(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("q", nil)
	s.publish("", "q", "m", Properties{}, nil)
	s.Get("get", "q")
	err := s.Ack("get", 7, false)
	if e, ok := err.(*Error); !ok || e.Code != 406 || e.Text != "PRECONDITION_FAILED - unknown delivery tag 7" {
		t.Fatalf("err = %v", err)
	}
}
