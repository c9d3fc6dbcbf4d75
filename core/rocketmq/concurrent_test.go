package rocketmq

import (
	"testing"
)

// docs/rocketmq.md "Concurrent retry": a listener that always answers
// RECONSUME_LATER gets 17 deliveries (reconsumeTimes 0..16), each retry
// waiting delay level 3 + reconsumeTimes, and the 17th failure goes to
// %DLQ%{group} (AbstractSendMessageProcessor.consumerSendMsgBack,
// ConsumeMessageConcurrentlyService.sendMessageBack).
func TestFullLadderToDLQ(t *testing.T) {
	w := newWorld(t, RocketMQ53, Config{})
	w.topic("orders", 4)
	w.group(grp("g", nil), "orders", fail())
	id := w.send(SendRequest{Topic: "orders", Keys: []string{"order-1"}, Tags: "paid", Body: "x", QueueID: -1,
		Props: map[string]string{"shop": "7"}})
	w.runTo(6 * 3600 * 1000)
	ds := w.deliveries("g")
	if len(ds) != 17 {
		t.Fatalf("%d deliveries, want 17", len(ds))
	}
	tab := DefaultDelayTable()
	for i, d := range ds {
		if d.ReconsumeTimes != i || d.MsgID != id {
			t.Fatalf("delivery %d: reconsumeTimes %d msgId %s", i, d.ReconsumeTimes, d.MsgID)
		}
		if i > 0 {
			wait, _ := tab.Delay(3 + i - 1)
			if got := int64(d.T - ds[i-1].T); got != wait {
				t.Errorf("wait before delivery %d = %d ms, want %d", i, got, wait)
			}
		}
	}
	if got := int64(ds[16].T - ds[0].T); got != (4*3600+45*60+40)*1000 {
		t.Errorf("ladder took %d ms", got)
	}
	dl := w.kinds(EvDeadLettered)
	if len(dl) != 1 || dl[0].T != ds[16].T || dl[0].Topic != "%DLQ%g" || dl[0].ReconsumeTimes != 17 {
		t.Fatalf("dead letters %v", dl)
	}
	m := w.b.Copy(dl[0].Copy)
	want := map[string]string{PropRetryTopic: "orders", PropRealTopic: "%RETRY%g", PropRealQID: "0", PropDelay: "0",
		PropUniqKey: id, PropKeys: "order-1", PropTags: "paid", "shop": "7"}
	for k, v := range want {
		if m.Prop(k) != v {
			t.Errorf("DLQ copy %s = %q, want %q", k, m.Prop(k), v)
		}
	}
	first := w.b.Copy(ds[0].Copy)
	if m.Prop(PropOriginMessageID) != first.OffsetMsgID() || m.MsgID != id {
		t.Errorf("ORIGIN_MESSAGE_ID %q, first offset id %q", m.Prop(PropOriginMessageID), first.OffsetMsgID())
	}
	dlq := w.b.Topic("%DLQ%g")
	if dlq.Perm != 6 || len(dlq.Queues) != 1 {
		t.Errorf("DLQ perm %d queues %d", dlq.Perm, len(dlq.Queues))
	}
	// Nobody reads the DLQ: the group's progress lists its topic and %RETRY%g only.
	prog, _ := w.b.ConsumerProgress("g")
	for _, p := range prog {
		if p.Topic == "%DLQ%g" {
			t.Fatal("the group reads its DLQ")
		}
		if p.Lag != 0 {
			t.Errorf("lag %v", p)
		}
	}
}

// docs/rocketmq.md "Concurrent retry": the client's maxReconsumeTimes wins
// (DefaultMQPushConsumerImpl.getMaxReconsumeTimes sent in the send-back header).
func TestMaxReconsumeTimes3(t *testing.T) {
	w := newWorld(t, RocketMQ49, Config{})
	w.topic("t", 1)
	w.group(grp("g", func(g *GroupConfig) { g.MaxReconsumeTimes = 3 }), "t", fail())
	w.send(SendRequest{Topic: "t", Body: "a"})
	w.runTo(3600 * 1000)
	ds := w.deliveries("g")
	if len(ds) != 4 || dlqLen(w.b, "g") != 1 {
		t.Fatalf("%d deliveries, dlq %d", len(ds), dlqLen(w.b, "g"))
	}
	// 10 s, 30 s, 1 min
	if ds[1].T-ds[0].T != 10000 || ds[2].T-ds[1].T != 30000 || ds[3].T-ds[2].T != 60000 {
		t.Fatalf("waits %d %d %d", ds[1].T-ds[0].T, ds[2].T-ds[1].T, ds[3].T-ds[2].T)
	}
}

// docs/rocketmq.md "delayLevelWhenNextConsume": -1 → DLQ at once, > 0 that
// level (clamped), 0 broker decides (consumerSendMsgBack).
func TestDelayLevelWhenNextConsume(t *testing.T) {
	cases := []struct {
		level    int
		wantDLQ  bool
		wantWait int64
	}{
		{-1, true, 0}, {1, false, 1000}, {2, false, 5000}, {0, false, 10000}, {18, false, 7200000}, {40, false, 7200000},
	}
	for _, c := range cases {
		w := newWorld(t, RocketMQ53, Config{})
		w.topic("t", 1)
		l := Listener{Rules: []Rule{{Actions: []Action{{Result: Later, DelayLevel: c.level}, {Result: Success}}}}}
		w.group(grp("g", nil), "t", l)
		w.send(SendRequest{Topic: "t", Body: "a"})
		w.runTo(3 * 3600 * 1000)
		ds := w.deliveries("g")
		if c.wantDLQ {
			if len(ds) != 1 || dlqLen(w.b, "g") != 1 {
				t.Errorf("level %d: %d deliveries, dlq %d", c.level, len(ds), dlqLen(w.b, "g"))
			}
			continue
		}
		if len(ds) != 2 || int64(ds[1].T-ds[0].T) != c.wantWait {
			t.Errorf("level %d: %d deliveries, wait %v", c.level, len(ds), ds)
		}
	}
}

// docs/rocketmq.md "Where messages are lost": retryQueueNums 0 → the
// broker answers SUCCESS and stores nothing (consumerSendMsgBack).
func TestRetryQueueNumsZero(t *testing.T) {
	w := newWorld(t, RocketMQ53, Config{})
	w.topic("t", 1)
	w.group(grp("g", func(g *GroupConfig) { g.RetryQueueNums = 0 }), "t", fail())
	w.send(SendRequest{Topic: "t", Body: "a"})
	w.runTo(3600 * 1000)
	dr := w.kinds(EvDropped)
	if len(w.deliveries("g")) != 1 || len(dr) != 1 || dr[0].Reason != DropRetryQueueNums || w.b.Topic("%RETRY%g") != nil {
		t.Fatalf("drops %v", dr)
	}
}

// docs/rocketmq.md "Broadcasting": failures are dropped, every consumer
// gets its own copy, no %RETRY% (ConsumeMessageConcurrentlyService.processConsumeResult).
func TestBroadcastingDropsFailures(t *testing.T) {
	w := newWorld(t, RocketMQ49, Config{})
	w.topic("t", 2)
	w.group(grp("g", func(g *GroupConfig) { g.Broadcasting = true }), "t", fail(), "a", "b")
	w.send(SendRequest{Topic: "t", Body: "x", QueueID: -1})
	w.runTo(3600 * 1000)
	if n := len(w.deliveries("g")); n != 2 {
		t.Fatalf("%d deliveries", n)
	}
	dr := w.kinds(EvDropped)
	if len(dr) != 2 || dr[0].Reason != DropBroadcasting || w.b.Topic("%RETRY%g") != nil {
		t.Fatalf("drops %v", dr)
	}
}

// docs/rocketmq.md "Consume timeout": a call running past 15 min is sent
// back with delay level 3 by the periodic check (ProcessQueue.cleanExpiredMsg);
// its late result is ignored.
func TestConsumeTimeout(t *testing.T) {
	w := newWorld(t, RocketMQ53, Config{})
	w.topic("t", 1)
	l := Listener{Rules: []Rule{{Actions: []Action{{Result: Success, TakeMs: 40 * 60 * 1000}, {Result: Success}}}}}
	w.group(grp("g", nil), "t", l)
	w.send(SendRequest{Topic: "t", Body: "x"})
	w.runTo(2 * 3600 * 1000)
	sb := w.kinds(EvSentBack)
	if len(sb) != 1 || sb[0].Level != 3 || sb[0].T != 30*60*1000 {
		t.Fatalf("sent back %v", sb)
	}
	ds := w.deliveries("g")
	if len(ds) != 2 || ds[1].T != 30*60*1000+10000 || ds[1].ReconsumeTimes != 1 {
		t.Fatalf("deliveries %v", ds)
	}
	if c := w.kinds(EvConsumed); len(c) != 1 {
		t.Fatalf("consumed %d times", len(c))
	}
}

// docs/rocketmq.md "Batches and ackIndex": with CONSUME_SUCCESS, messages
// after ackIndex are sent back; RECONSUME_LATER sends back the whole batch
// (ConsumeMessageConcurrentlyService.processConsumeResult).
func TestAckIndex(t *testing.T) {
	w := newWorld(t, RocketMQ53, Config{})
	w.topic("t", 1)
	l := Listener{Rules: []Rule{{Actions: []Action{{Result: Success, AckIndex: 1}, {Result: Success, AckIndex: -1}}}}}
	for _, body := range []string{"a", "b", "c", "d"} {
		w.send(SendRequest{Topic: "t", Body: body})
	}
	w.group(grp("g", func(g *GroupConfig) { g.BatchMax = 4 }), "t", l)
	w.runTo(60 * 1000)
	sb := w.kinds(EvSentBack)
	if len(sb) != 2 || w.b.Copy(sb[0].Copy).Body != "c" || w.b.Copy(sb[1].Copy).Body != "d" {
		t.Fatalf("sent back %v", sb)
	}
}

// docs/rocketmq.md "Consumer groups": queues are shared out by
// AllocateMessageQueueAveragely; tags filter (retries are not filtered again).
func TestAllocationAndTags(t *testing.T) {
	cases := []struct{ n, k, i, start, size int }{
		{8, 3, 0, 0, 3}, {8, 3, 1, 3, 3}, {8, 3, 2, 6, 2}, {2, 3, 2, 4, 0}, {4, 4, 3, 3, 1},
	}
	for _, c := range cases {
		if s, z := allocateAveragely(c.n, c.k, c.i); s != c.start || z != c.size {
			t.Errorf("allocate(%d,%d,%d) = %d,%d", c.n, c.k, c.i, s, z)
		}
	}
	w := newWorld(t, RocketMQ53, Config{})
	w.topic("t", 4)
	w.ok(w.b.CreateGroup(grp("g", nil)))
	w.ok(w.b.Subscribe("g", "t", "paid || shipped"))
	w.ok(w.b.AddConsumer("g", "c2", Listener{}))
	w.ok(w.b.AddConsumer("g", "c1", Listener{}))
	for i, tag := range []string{"paid", "new", "shipped", "paid"} {
		w.send(SendRequest{Topic: "t", Tags: tag, QueueID: i})
	}
	ds := w.deliveries("g")
	if len(ds) != 3 || ds[0].Consumer != "c1" || ds[1].Consumer != "c2" {
		t.Fatalf("deliveries %v", ds)
	}
	if f := w.kinds(EvFiltered); len(f) != 1 {
		t.Fatalf("filtered %v", f)
	}
}
