package rocketmq

import "testing"

// A pop consumer joining does not hand out again what another one received
// and did not ack: the copy comes back only when its invisible time ends
// (PopReviveService). The fuzzer found the rewind sending back a copy that
// was in flight again.
func TestPopJoinKeepsReceivedInvisible(t *testing.T) {
	w := newWorld(t, RocketMQ53, Config{})
	w.topic("t", 1)
	noAck := Listener{Rules: []Rule{{Actions: []Action{{Result: NoAck}, {Result: Success}}}}}
	w.group(grp("g", func(g *GroupConfig) { g.Client = Simple; g.InvisibleMs = 30_000 }), "t", noAck)
	w.send(SendRequest{Topic: "t"})
	w.ok(w.b.AddConsumer("g", "c2", Always(Action{Result: Timeout})))
	w.runTo(120_000)
	ds := w.deliveries("g")
	if len(ds) != 2 || ds[0].T != 0 || ds[1].T != 30_000 || ds[1].ReconsumeTimes != 1 {
		t.Fatalf("deliveries %v", ds)
	}
}

// What a leaving pop consumer had received comes back through the revive
// when the invisible time that started at receive ends, not at once.
func TestPopLeaveRevivesReceived(t *testing.T) {
	w := newWorld(t, RocketMQ53, Config{})
	w.topic("t", 1)
	w.group(grp("g", func(g *GroupConfig) { g.Client = Simple; g.InvisibleMs = 30_000 }), "t",
		Always(Action{Result: Success, TakeMs: 10_000}))
	w.send(SendRequest{Topic: "t"})
	w.advance(1000)
	w.ok(w.b.AddConsumer("g", "c2", Listener{}))
	w.ok(w.b.RemoveConsumer("g", "c1"))
	w.runTo(120_000)
	ds := w.deliveries("g")
	if len(ds) != 2 || ds[0].Consumer != "c1" || ds[1].Consumer != "c2" || ds[1].T != 30_000 || ds[1].ReconsumeTimes != 1 {
		t.Fatalf("deliveries %v", ds)
	}
	if w.b.Stats().Consumed != 1 {
		t.Fatalf("consumed %d", w.b.Stats().Consumed)
	}
}

// An offset reset hands a received copy out again; the earlier receive's
// revive finds it in flight and leaves it to the running receive.
func TestPopResetThenRevive(t *testing.T) {
	w := newWorld(t, RocketMQ53, Config{})
	w.topic("t", 1)
	w.group(grp("g", func(g *GroupConfig) { g.Client = Simple; g.InvisibleMs = 30_000 }), "t", Always(Action{Result: NoAck}))
	w.send(SendRequest{Topic: "t"})
	w.advance(1000)
	w.ok(w.b.AddConsumer("g", "c2", Always(Action{Result: Success, TakeMs: 60_000})))
	w.ok(w.b.RemoveConsumer("g", "c1"))
	w.ok(w.b.ResetOffsetByTime("g", "t", 0))
	w.runTo(120_000)
	if n := len(w.kinds(EvSentBack)); n != 0 {
		t.Fatalf("%d sent back", n)
	}
	if ds := w.deliveries("g"); len(ds) != 2 || w.b.Stats().Consumed != 1 {
		t.Fatalf("deliveries %v", ds)
	}
}
