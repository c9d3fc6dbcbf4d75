package rocketmq

import "testing"

// docs/rocketmq.md "Operations": the dashboard's resend runs the listener
// once on the dead letter (consumeMessageDirectly); the DLQ copy stays, a
// failure causes no retry. Republish is a new message to the original topic
// with its keys; query by key finds both.
func TestResendAndRepublish(t *testing.T) {
	w := newWorld(t, RocketMQ53, Config{})
	w.topic("t", 1)
	l := Listener{Rules: []Rule{{Key: "k1", Actions: []Action{{Result: Later}, {Result: Success}}}}}
	w.group(grp("g", func(g *GroupConfig) { g.MaxReconsumeTimes = 0 }), "t", l)
	w.send(SendRequest{Topic: "t", Keys: []string{"k1"}, Body: "order"})
	dead := w.b.Topic("%DLQ%g").Queues[0].Messages()[0]
	res, err := w.b.Resend("g", dead.ID)
	w.ok(err)
	if res != Success || dlqLen(w.b, "g") != 1 {
		t.Fatalf("resend %s, dlq %d", res, dlqLen(w.b, "g"))
	}
	id, err := w.b.Republish(dead.ID)
	w.ok(err)
	if id == dead.MsgID {
		t.Fatal("republish kept the msgId")
	}
	if got := w.b.QueryByKey("t", "k1"); len(got) != 2 || got[1].MsgID != id || got[1].Body != "order" {
		t.Fatalf("query %v", got)
	}
	// The republished copy is delivered fresh (reconsumeTimes 0) and fails
	// once more per the script: the rule is per reconsumeTimes.
	if ds := w.deliveries("g"); len(ds) != 2 || ds[1].ReconsumeTimes != 0 {
		t.Fatalf("deliveries %v", ds)
	}
	if _, err := w.b.Resend("g", 999); err == nil {
		t.Fatal("resend of a missing copy")
	}
}

// docs/rocketmq.md "Operations": resetOffsetByTime moves the group's offsets
// on the original topic (ResetOffsetByTimeCommand): consumed messages are
// delivered again, the DLQ is untouched.
func TestResetOffsetByTime(t *testing.T) {
	w := newWorld(t, RocketMQ53, Config{})
	w.topic("t", 2)
	l := Listener{Rules: []Rule{{Key: "bad", Actions: []Action{{Result: Later}}}}}
	w.group(grp("g", func(g *GroupConfig) { g.MaxReconsumeTimes = 1 }), "t", l)
	w.send(SendRequest{Topic: "t", Keys: []string{"bad"}, QueueID: 0})
	w.advance(1000)
	w.send(SendRequest{Topic: "t", Body: "good", QueueID: 1})
	w.runTo(60_000)
	before := len(w.deliveries("g"))
	w.ok(w.b.ResetOffsetByTime("g", "t", 0))
	after := w.deliveries("g")[before:]
	if len(after) != 2 || dlqLen(w.b, "g") != 1 {
		t.Fatalf("replayed %v, dlq %d", after, dlqLen(w.b, "g"))
	}
	prog, _ := w.b.ConsumerProgress("g")
	for _, p := range prog {
		if p.Topic == "%DLQ%g" {
			t.Fatal("progress reads the DLQ")
		}
	}
}

// docs/rocketmq.md "Operations": a consumer group subscribed to %DLQ%g
// drains it (the DLQ is perm 6 since 4.9.2).
func TestDLQConsumer(t *testing.T) {
	w := newWorld(t, RocketMQ49, Config{})
	w.topic("t", 1)
	w.group(grp("g", func(g *GroupConfig) { g.MaxReconsumeTimes = 0 }), "t", fail())
	w.send(SendRequest{Topic: "t"})
	w.ok(w.b.CreateGroup(grp("dlq-reader", nil)))
	w.ok(w.b.Subscribe("dlq-reader", "%DLQ%g", "*"))
	w.ok(w.b.AddConsumer("dlq-reader", "r", Listener{}))
	ds := w.deliveries("dlq-reader")
	if len(ds) != 1 || ds[0].ReconsumeTimes != 1 || ds[0].Topic != "%DLQ%g" {
		t.Fatalf("deliveries %v", ds)
	}
	w.ok(w.b.UpdateTopicPerm("%DLQ%g", PermWrite))
	w.ok(w.b.RemoveConsumer("dlq-reader", "r"))
}

// docs/rocketmq.md "Operations": bad input is a clear error, never a panic.
func TestBadInput(t *testing.T) {
	b, _ := New(RocketMQ49, Config{})
	errs := []error{
		b.CreateTopic("", 1), b.CreateTopic("a b", 1), b.CreateTopic("%DLQ%x", 1), b.CreateTopic("t", 0),
		b.CreateGroup(GroupConfig{Name: "g", Client: GrpcPush}), b.Subscribe("nope", "t", "*"),
		b.AddConsumer("nope", "c", Listener{}),
	}
	_, e := b.Send(SendRequest{Topic: "missing"})
	errs = append(errs, e)
	for i, err := range errs {
		if err == nil {
			t.Errorf("case %d accepted", i)
		}
	}
	if _, err := New(RocketMQ53, Config{DelayLevels: "1x"}); err == nil {
		t.Error("bad delay table accepted")
	}
	if _, err := ParseProfile("rocketmq-6"); err == nil {
		t.Error("unknown profile accepted")
	}
}
