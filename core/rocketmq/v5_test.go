package rocketmq

import "testing"

// docs/rocketmq.md "5.x retry policy": a gRPC PushConsumer's nack waits
// the client's getNextAttemptDelay(attempt) (CustomizedBackoffRetryPolicy:
// entry attempt−1 of the list, 1 s first; ExponentialBackoffRetryPolicy:
// 5 s doubling), maxAttempts = retryMaxTimes + 1, and the proxy moves the
// message to %DLQ% at the receive after the last failure
// (PopMessageResultFilterImpl).
func TestGrpcPolicies(t *testing.T) {
	for _, c := range []struct {
		policy RetryPolicy
		waits  []int64
	}{
		{CustomizedPolicy(), []int64{1000, 5000, 10000}},
		{ExponentialPolicy(), []int64{5000, 10000, 20000}},
	} {
		w := newWorld(t, RocketMQ53, Config{})
		w.topic("t", 1)
		w.group(grp("g", func(g *GroupConfig) { g.Client = GrpcPush; g.RetryMaxTimes = 3; g.Policy = c.policy }), "t", fail())
		w.send(SendRequest{Topic: "t"})
		w.runTo(3600 * 1000)
		ds := w.deliveries("g")
		if len(ds) != 4 {
			t.Fatalf("%s: %d deliveries", c.policy.Kind, len(ds))
		}
		for i, want := range c.waits {
			if got := int64(ds[i+1].T - ds[i].T); got != want || ds[i+1].ReconsumeTimes != i+1 {
				t.Errorf("%s: wait %d = %d, want %d", c.policy.Kind, i+1, got, want)
			}
		}
		dl := w.kinds(EvDeadLettered)
		wantAt := ds[3].T + Time(c.policy.clientDelay(DefaultDelayTable(), 4))
		if len(dl) != 1 || dl[0].T != wantAt || w.b.Topic("%RETRY%g_t") == nil {
			t.Errorf("%s: dead letters %v, want at %d", c.policy.Kind, dl, wantAt)
		}
	}
}

// docs/rocketmq.md "5.x retry policy": a FIFO group retries in place after
// the policy's wait and forwards to %DLQ% when attempts run out
// (ProcessQueueImpl.eraseFifoMessage).
func TestGrpcFIFO(t *testing.T) {
	w := newWorld(t, RocketMQ53, Config{})
	w.topic("t", 1)
	w.group(grp("g", func(g *GroupConfig) { g.Client = GrpcPush; g.Orderly = true; g.RetryMaxTimes = 2 }), "t",
		Listener{Rules: []Rule{{Key: "bad", Actions: []Action{{Result: Later}}}}})
	w.send(SendRequest{Topic: "t", Keys: []string{"bad"}})
	w.send(SendRequest{Topic: "t", Body: "next"})
	w.runTo(60_000)
	ds := w.deliveries("g")
	if len(ds) != 4 || ds[1].T-ds[0].T != 1000 || ds[2].T-ds[1].T != 5000 || ds[3].Offset != 1 || dlqLen(w.b, "g") != 1 {
		t.Fatalf("deliveries %v dlq %d", ds, dlqLen(w.b, "g"))
	}
	if w.b.Topic("%RETRY%g_t") != nil {
		t.Fatal("FIFO used the retry topic")
	}
}

// docs/rocketmq.md "SimpleConsumer": a message not acked comes back when
// its invisible duration (counted from receive) ends.
func TestSimpleConsumer(t *testing.T) {
	w := newWorld(t, RocketMQ53, Config{})
	w.topic("t", 1)
	l := Listener{Rules: []Rule{{Actions: []Action{{Result: NoAck, TakeMs: 5000}, {Result: Success}}}}}
	w.group(grp("g", func(g *GroupConfig) { g.Client = Simple; g.InvisibleMs = 30_000 }), "t", l)
	w.send(SendRequest{Topic: "t"})
	w.runTo(120_000)
	ds := w.deliveries("g")
	if len(ds) != 2 || ds[1].T != 30_000 || ds[1].ReconsumeTimes != 1 {
		t.Fatalf("deliveries %v", ds)
	}
}

// docs/rocketmq.md "Timer messages (5.x)": a deliver time is held to the
// wheel's precision and released at the end of its slot (never early);
// more than 3 days ahead is MESSAGE_ILLEGAL; 4.9 has no wheel (the
// property is ignored); a delay level wins (HookUtils.transformTimerMessage,
// checkIfTimerMessage).
func TestTimerMessages(t *testing.T) {
	w := newWorld(t, RocketMQ53, Config{})
	w.topic("t", 1)
	w.group(grp("g", nil), "t", Listener{})
	w.send(SendRequest{Topic: "t", DeliverAt: 2500})
	w.send(SendRequest{Topic: "t", DeliverAt: 3000})
	w.send(SendRequest{Topic: "t", DeliverAt: 4000, DelayLevel: 1})
	if _, err := w.b.Send(SendRequest{Topic: "t", DeliverAt: 4 * 24 * 3600 * 1000}); err == nil {
		t.Fatal("4 days accepted")
	}
	w.runTo(10_000)
	ds := w.deliveries("g")
	if len(ds) != 3 || ds[0].T != 1000 || ds[1].T != 3000 || ds[2].T != 3000 {
		t.Fatalf("deliveries %v", ds)
	}
	w4 := newWorld(t, RocketMQ49, Config{})
	w4.topic("t", 1)
	w4.group(grp("g", nil), "t", Listener{})
	w4.send(SendRequest{Topic: "t", DeliverAt: 5000})
	if ds := w4.deliveries("g"); len(ds) != 1 || ds[0].T != 0 {
		t.Fatalf("4.9 deliveries %v", ds)
	}
}

// docs/rocketmq.md "Retention": commit-log files older than fileReservedTime
// (72 h) are deleted; a dead letter nobody consumed is a recorded loss
// (DefaultMessageStore.CleanCommitLogService).
func TestDLQExpires(t *testing.T) {
	w := newWorld(t, RocketMQ53, Config{})
	w.topic("t", 1)
	w.group(grp("g", func(g *GroupConfig) { g.MaxReconsumeTimes = 0 }), "t", fail())
	w.send(SendRequest{Topic: "t"})
	if dlqLen(w.b, "g") != 1 {
		t.Fatal("no dead letter")
	}
	w.runTo(72*3600*1000 - 1)
	if dlqLen(w.b, "g") != 1 {
		t.Fatal("dead letter gone early")
	}
	w.runTo(72*3600*1000 + 1)
	dr := w.kinds(EvDropped)
	if dlqLen(w.b, "g") != 0 || len(dr) != 1 || dr[0].Reason != DropDLQRetention {
		t.Fatalf("drops %v", dr)
	}
}
