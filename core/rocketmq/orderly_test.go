package rocketmq

import "testing"

// docs/rocketmq.md "Orderly retry": a failing orderly message is consumed
// again after suspendCurrentQueueTimeMillis (1000 ms) and blocks only its
// queue; other queues flow (ConsumeMessageOrderlyService.processConsumeResult,
// submitConsumeRequestLater).
func TestOrderlyBlocksOneQueue(t *testing.T) {
	w := newWorld(t, RocketMQ53, Config{})
	w.topic("t", 2)
	l := Listener{Rules: []Rule{{Key: "bad", Actions: []Action{{Result: Suspend}}}}}
	w.group(grp("g", func(g *GroupConfig) { g.Orderly = true }), "t", l)
	w.send(SendRequest{Topic: "t", Keys: []string{"bad"}, QueueID: 0})
	w.send(SendRequest{Topic: "t", Body: "behind", QueueID: 0})
	w.send(SendRequest{Topic: "t", Body: "other", QueueID: 1})
	w.runTo(10_500)
	ds := w.deliveries("g")
	var q0, q1 int
	for i, d := range ds {
		if d.QueueID == 1 {
			q1++
			continue
		}
		q0++
		if d.Offset != 0 {
			t.Fatalf("queue 0 delivered offset %d past the poison message", d.Offset)
		}
		if i > 0 && d.ReconsumeTimes != q0-1 {
			t.Errorf("in-memory reconsumeTimes %d, want %d", d.ReconsumeTimes, q0-1)
		}
	}
	if q1 != 1 || q0 != 11 {
		t.Fatalf("queue 0: %d deliveries, queue 1: %d", q0, q1)
	}
	if v := w.b.View(); len(v.Groups[0].Blocked) != 1 {
		t.Fatalf("blocked %v", v.Groups[0].Blocked)
	}
	if dlqLen(w.b, "g") != 0 || w.b.Topic("%RETRY%g") != nil {
		t.Fatal("orderly retry left the queue")
	}
}

// docs/rocketmq.md "Orderly retry": the suspend time is clamped to 10..30000 ms.
func TestOrderlySuspendClamp(t *testing.T) {
	for _, c := range []struct{ set, want int64 }{{1, 10}, {5000, 5000}, {60000, 30000}} {
		w := newWorld(t, RocketMQ53, Config{})
		w.topic("t", 1)
		w.group(grp("g", func(g *GroupConfig) { g.Orderly = true }), "t",
			Listener{Rules: []Rule{{Actions: []Action{{Result: Suspend, SuspendMs: c.set}, {Result: Success}}}}})
		w.send(SendRequest{Topic: "t"})
		w.runTo(60_000)
		ds := w.deliveries("g")
		if len(ds) != 2 || int64(ds[1].T-ds[0].T) != c.want {
			t.Errorf("suspend %d: %v", c.set, ds)
		}
	}
}

// docs/rocketmq.md "Orderly retry": at the max the versions differ
// (ConsumeMessageOrderlyService.sendMessageBack, SendMessageProcessor
// handleRetryAndDLQ): 4.9 and ≥ 5.1.1 dead-letter, 5.0–5.1.0 loop through %RETRY%.
func TestOrderlyMaxPerVersion(t *testing.T) {
	for _, c := range []struct {
		p       Profile
		dlq     int
		retries bool
		rt      int
	}{{RocketMQ49, 1, false, 3}, {RocketMQ510, 0, true, 0}, {RocketMQ53, 1, false, 4}} {
		w := newWorld(t, c.p, Config{})
		w.topic("t", 1)
		w.group(grp("g", func(g *GroupConfig) { g.Orderly = true; g.MaxReconsumeTimes = 3 }), "t", fail())
		w.send(SendRequest{Topic: "t"})
		w.runTo(3600 * 1000)
		if dlqLen(w.b, "g") != c.dlq || (len(w.kinds(EvSentBack)) > 0) != c.retries {
			t.Errorf("%s: dlq %d, sent back %d", c.p, dlqLen(w.b, "g"), len(w.kinds(EvSentBack)))
		}
		if c.dlq == 1 {
			if dl := w.kinds(EvDeadLettered); dl[0].ReconsumeTimes != c.rt || len(w.deliveries("g")) != 4 {
				t.Errorf("%s: DLQ reconsumeTimes %d, deliveries %d", c.p, dl[0].ReconsumeTimes, len(w.deliveries("g")))
			}
		} else if n := len(w.kinds(EvSentBack)); n < 5 {
			t.Errorf("%s: only %d loops in an hour", c.p, n)
		}
	}
}

// docs/rocketmq.md "Orderly retry": the default max is Integer.MAX_VALUE,
// so one poison message holds its queue for ever.
func TestOrderlyDefaultUnbounded(t *testing.T) {
	w := newWorld(t, RocketMQ53, Config{})
	w.topic("t", 1)
	w.group(grp("g", func(g *GroupConfig) { g.Orderly = true }), "t", fail())
	w.send(SendRequest{Topic: "t"})
	w.send(SendRequest{Topic: "t", Body: "never"})
	w.runTo(3600 * 1000)
	if n := len(w.deliveries("g")); n != 3601 || dlqLen(w.b, "g") != 0 {
		t.Fatalf("%d deliveries, dlq %d", n, dlqLen(w.b, "g"))
	}
	prog, _ := w.b.ConsumerProgress("g")
	if prog[0].Lag != 2 {
		t.Fatalf("lag %v", prog[0])
	}
}
