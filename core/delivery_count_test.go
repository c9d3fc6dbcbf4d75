package core

import (
	"fmt"
	"testing"
)

// The probe behind these tables ran on RabbitMQ 3.10.8, 4.0.5 and 4.3.6:
// a message is taken from src by basic.get, settled (first with requeue,
// then without), and the dead-lettered copy is read from a classic DLQ, or
// from a quorum DLQ twice (reject requeue in between). Each row is what
// the broker showed: the redelivered flag and the quorum counters.
type countRow struct {
	redelivered bool
	acquired    any // x-acquired-count, nil = absent
	delivery    any // x-delivery-count, nil = absent
}

func (r countRow) String() string {
	return fmt.Sprintf("{redelivered %v, x-acquired-count %v, x-delivery-count %v}", r.redelivered, r.acquired, r.delivery)
}

func rowOf(g GetResult) countRow {
	return countRow{g.Redelivered, g.Headers[HeaderAcquiredCount], g.Headers[HeaderDeliveryCount]}
}

func TestCarriedCountClassicDLQ(t *testing.T) {
	// reject or nack without requeue straight from src, read from a classic DLQ.
	cases := []struct {
		profile Profile
		src     string
		how     string
		want    bool
	}{
		{Rabbit43, "classic", ActReject, true}, // measured on 4.3.6: basic.reject is a failed delivery
		{Rabbit43, "classic", ActNack, false},
		{Rabbit43, "quorum", ActReject, true},
		{Rabbit43, "quorum", ActNack, false},
		{Rabbit42, "classic", ActReject, false}, // measured on 4.0.5
		{Rabbit42, "quorum", ActReject, false},
		{Rabbit312, "classic", ActReject, false}, // measured on 3.10.8
		{Rabbit312, "quorum", ActReject, false},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%s/%s", c.profile, c.src, c.how), func(t *testing.T) {
			s := newSim(t, c.profile)
			s.queue("dlq", nil)
			s.queue("src", Table{"x-queue-type": c.src, "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
			s.publish("", "src", "m", Properties{}, nil)
			s.get("src", c.how)
			if got := s.Messages("dlq", 0)[0].Redelivered; got != c.want {
				t.Fatalf("listing: redelivered %v, want %v", got, c.want)
			}
			if got := s.get("dlq", ActAck).Redelivered; got != c.want {
				t.Fatalf("basic.get: redelivered %v, want %v", got, c.want)
			}
		})
	}
}

func TestCarriedCountQuorumDLQ(t *testing.T) {
	n := func(v int64) any { return v }
	cases := []struct {
		profile      Profile
		src, requeue string
		first, after countRow
	}{
		// measured on 4.3.6
		{Rabbit43, "classic", ActRequeue, countRow{true, n(2), n(2)}, countRow{true, n(1), n(3)}},
		{Rabbit43, "classic", ActNackRequeue, countRow{true, n(1), n(1)}, countRow{true, n(1), n(2)}},
		{Rabbit43, "quorum", ActRequeue, countRow{true, n(2), n(2)}, countRow{true, n(1), n(3)}},
		{Rabbit43, "quorum", ActNackRequeue, countRow{true, n(1), n(1)}, countRow{true, n(1), n(2)}},
		// measured on 4.0.5: a quorum source carries its returns, the quorum DLQ shows them until its own first return
		{Rabbit42, "classic", ActRequeue, countRow{false, nil, nil}, countRow{true, nil, n(1)}},
		{Rabbit42, "quorum", ActRequeue, countRow{true, nil, n(1)}, countRow{true, nil, n(1)}},
		{Rabbit42, "quorum", ActNackRequeue, countRow{true, nil, n(1)}, countRow{true, nil, n(1)}},
		// measured on 3.10.8: nothing carried; basic.get on a quorum queue always shows x-delivery-count
		{Rabbit312, "quorum", ActRequeue, countRow{false, nil, n(0)}, countRow{true, nil, n(1)}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%s/%s", c.profile, c.src, c.requeue), func(t *testing.T) {
			s := newSim(t, c.profile)
			s.queue("qdlq", Table{"x-queue-type": "quorum"})
			s.queue("src", Table{"x-queue-type": c.src, "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "qdlq"})
			s.publish("", "src", "m", Properties{}, nil)
			s.get("src", c.requeue)
			s.get("src", ActReject)
			if got := rowOf(s.get("qdlq", ActRequeue)); got != c.first {
				t.Errorf("first get: %v, want %v", got, c.first)
			}
			if got := rowOf(s.get("qdlq", ActAck)); got != c.after {
				t.Errorf("after a reject requeue: %v, want %v", got, c.after)
			}
		})
	}
}

// A classic queue on 4.3 hands a message that carries a count to a
// consumer already waiting as a first delivery (measured on 4.3.6: the
// flag comes from the queue's own books, and the copy never sat in them).
func TestCarriedCountStraightToConsumer(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("dlq", nil)
	s.queue("src", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
	s.ok(s.Consume(ConsumerSpec{Tag: "c", Queue: "dlq"}))
	s.publish("", "src", "m", Properties{}, nil)
	s.get("src", ActReject)
	ds := s.events(EvDelivered)
	if last := ds[len(ds)-1]; last.Queue != "dlq" || last.Redelivered {
		t.Fatalf("delivery from %s redelivered=%v, want dlq false", last.Queue, last.Redelivered)
	}
}

// The expiration property as a consumer sees it: 4.x delivers the parsed
// number (measured on 4.0.5 and 4.3.6), 3.x the text as published
// (measured on 3.10.8).
func TestExpirationPropertyAsDelivered(t *testing.T) {
	for _, c := range []struct {
		profile  Profile
		sent     string
		received string
	}{
		{Rabbit43, "060000", "60000"}, {Rabbit43, "+100000", "100000"}, {Rabbit42, "0100000", "100000"},
		{Rabbit312, "060000", "060000"}, {Rabbit312, "+100000", "+100000"},
	} {
		s := newSim(t, c.profile)
		s.queue("q", nil)
		s.publish("", "q", "m", Properties{Expiration: c.sent}, nil)
		if got := s.get("q", ActAck).Msg.Properties().Expiration; got != c.received {
			t.Errorf("%s: expiration %q delivered as %q, want %q", c.profile, c.sent, got, c.received)
		}
	}
}

// A quorum queue that dead-letters to itself (default exchange, no DL
// routing key): each nack without requeue is a discard that 4.0.5 counts
// and carries, so the copy comes back with x-delivery-count 1, then 2, and
// redelivered=true (measured on 4.0.5); 4.3.6 does not count basic.nack.
func TestCarriedCountQuorumSelfLoop(t *testing.T) {
	n := func(v int64) any { return v }
	for _, c := range []struct {
		profile       Profile
		second, third countRow
	}{
		{Rabbit42, countRow{true, nil, n(1)}, countRow{true, nil, n(2)}},
		{Rabbit43, countRow{false, nil, nil}, countRow{false, nil, nil}},
	} {
		s := newSim(t, c.profile)
		s.queue("q", Table{"x-queue-type": "quorum", "x-dead-letter-exchange": ""})
		s.publish("", "q", "m", Properties{}, nil)
		s.get("q", ActNack)
		if got := rowOf(s.get("q", ActNack)); got != c.second {
			t.Errorf("%s: second delivery %v, want %v", c.profile, got, c.second)
		}
		if got := rowOf(s.get("q", ActAck)); got != c.third {
			t.Errorf("%s: third delivery %v, want %v", c.profile, got, c.third)
		}
	}
}

// Closing the basic.get channel returns what it holds; 4.3 counts that as
// a failed delivery in classic and quorum queues alike, so the later dead
// letter carries it (measured on 4.3.6 by closing the channel).
func TestCloseChannelCountsAsFailed(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("qdlq", Table{"x-queue-type": "quorum"})
	s.queue("src", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "qdlq"})
	s.publish("", "src", "m", Properties{}, nil)
	s.get("src", ActHold)
	s.ok(s.CloseChannel(""))
	g := s.get("src", ActNack)
	if !g.Redelivered {
		t.Fatalf("after the close the message is not redelivered")
	}
	n := func(v int64) any { return v }
	if got, want := rowOf(s.get("qdlq", ActAck)), (countRow{true, n(1), n(1)}); got != want {
		t.Fatalf("quorum DLQ: %v, want %v", got, want)
	}
}

// 4.0.5 carries the returns of a closed channel (not those of a requeue)
// with the dead letter: a message over x-delivery-limit 1 after two
// closed channels reaches a quorum DLQ with x-delivery-count 2 (measured
// on 4.0.5). 3.10.8 drops at the first return when the limit is -1.
func TestCloseChannelCarriedAndNegativeLimit(t *testing.T) {
	s := newSim(t, Rabbit42)
	s.queue("dlx", Table{"x-queue-type": "quorum"})
	s.queue("qq", Table{"x-queue-type": "quorum", "x-delivery-limit": int64(1), "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlx"})
	s.publish("", "qq", "m", Properties{}, nil)
	for i := 0; i < 2; i++ {
		s.get("qq", ActHold)
		s.ok(s.CloseChannel(""))
	}
	n := func(v int64) any { return v }
	if got, want := rowOf(s.get("dlx", ActAck)), (countRow{true, nil, n(2)}); got != want {
		t.Fatalf("4.2 quorum DLQ: %v, want %v", got, want)
	}
	s3 := newSim(t, Rabbit312)
	s3.queue("qq", Table{"x-queue-type": "quorum", "x-delivery-limit": int64(-1)})
	s3.publish("", "qq", "m", Properties{}, nil)
	s3.get("qq", ActHold)
	s3.ok(s3.CloseChannel(""))
	if q, _ := s3.Queue("qq"); q.Ready != 0 {
		t.Fatalf("3.12 with x-delivery-limit -1: %d ready after one return, want 0", q.Ready)
	}
}

// One publish that pushes several messages out of a quorum queue with
// drop-head: 3.10.8 and 4.0.5 dead-letter them newest first, 4.3.6 in
// queue order (measured).
func TestQuorumDropHeadOrder(t *testing.T) {
	for _, c := range []struct {
		profile Profile
		want    []string
	}{
		{Rabbit312, []string{"big-message", "m2", "m1"}},
		{Rabbit42, []string{"big-message", "m2", "m1"}},
		{Rabbit43, []string{"m1", "m2", "big-message"}},
	} {
		s := newSim(t, c.profile)
		s.queue("dlq", Table{"x-queue-type": "quorum"})
		s.queue("qq", Table{"x-queue-type": "quorum", "x-max-length-bytes": int64(10), "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
		for _, b := range []string{"m1", "m2", "big-message"} {
			s.publish("", "qq", b, Properties{}, nil)
		}
		if got := s.bodies("dlq"); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: DLQ %v, want %v", c.profile, got, c.want)
		}
	}
}
