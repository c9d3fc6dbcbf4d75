package model

import (
	"testing"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	rmqsc "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// opsBroker: group g reads topic t (2 queues) with consumer c1, which
// fails key "bad" up to max 1: four good orders are consumed, one bad one
// ends in %DLQ%g.
func opsBroker(t *testing.T) *rmq.Broker {
	t.Helper()
	b, err := rmq.New(rmq.RocketMQ49, rmq.Config{}, rmq.WithEventLog())
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(err)
	must(b.CreateTopic("t", 2))
	cfg := rmq.DefaultGroupConfig("g")
	cfg.MaxReconsumeTimes = 1
	must(b.CreateGroup(cfg))
	must(b.Subscribe("g", "t", "*"))
	l := rmq.Listener{Rules: []rmq.Rule{{Key: "bad", Actions: []rmq.Action{{Result: rmq.Later}}}}}
	must(b.AddConsumer("g", "c1", l))
	for i := range 4 {
		_, err := b.Send(rmq.SendRequest{Topic: "t", QueueID: i % 2, Keys: []string{"ok"}})
		must(err)
		must(b.Advance(1000))
	}
	_, err = b.Send(rmq.SendRequest{Topic: "t", QueueID: 0, Keys: []string{"bad"}, Body: "order 5"})
	must(err)
	must(b.Advance(60_000))
	return b
}

func TestRMQOperations(t *testing.T) {
	b := opsBroker(t)
	ops := RMQOperations(b)
	if len(ops) != 1 {
		t.Fatalf("groups %v", ops)
	}
	g := ops[0]
	if g.Group != "g" || len(g.Consumers) != 1 || g.Lag != 0 {
		t.Fatalf("group %+v", g)
	}
	var retry int
	for _, r := range g.Rows {
		if r.Retry {
			retry++
		}
	}
	if len(g.Rows) != 3 || retry != 1 {
		t.Fatalf("rows %+v: two queues of t and the retry queue", g.Rows)
	}
	if len(g.DLQ) != 1 || g.DLQ[0].Origin != "t" || g.DLQ[0].Body != "order 5" || g.DLQ[0].ReconsumeTimes != 2 {
		t.Fatalf("dlq %+v", g.DLQ)
	}
	if ok, _ := RMQCanResend(g); !ok {
		t.Fatal("resend refused with a consumer online")
	}
	if ok, why := RMQCanResend(RMQGroupOps{}); ok || why == "" {
		t.Fatal("resend allowed with no consumer online")
	}
	// The dashboard's resend: consumed directly, the DLQ copy stays.
	if _, err := b.Resend("g", g.DLQ[0].Copy); err != nil {
		t.Fatal(err)
	}
	rs := RMQResends(b.Events())
	if len(rs) != 1 || rs[0].Consumer != "c1" || rs[0].Result != string(rmq.Later) {
		t.Fatalf("resends %+v", rs)
	}
	if got := RMQOperations(b)[0]; len(got.DLQ) != 1 {
		t.Fatalf("the resend removed the dead letter: %+v", got.DLQ)
	}
}

// The procedure's order: execute needs stopped consumers and a fresh dry
// run for the same group, topic and time; resume restarts the consumers
// with their listeners.
func TestRMQResetProcedure(t *testing.T) {
	b := opsBroker(t)
	sc := &rmqsc.Scenario{Groups: []rmqsc.Group{{Name: "g", Consumers: []rmqsc.Consumer{{ID: "c1",
		Listener: []rmqsc.Rule{{Key: "bad", Actions: []rmqsc.Action{{Result: "reconsume_later"}}}}}}}}}
	r := &RMQReset{Group: "g", Topic: "t", At: 0}
	g := RMQOperations(b)[0]
	if ok, why := r.CanExecute(g, b.Now()); ok || why != "rmqops.reset.online" {
		t.Fatalf("execute with consumers online: %v %s", ok, why)
	}
	stop := r.RMQStop(sc, g)
	if len(stop) != 1 || stop[0].RemoveConsumer == nil || r.Stage != ResetStopped {
		t.Fatalf("stop %+v", stop)
	}
	if err := b.RemoveConsumer("g", "c1"); err != nil {
		t.Fatal(err)
	}
	g = RMQOperations(b)[0]
	if ok, why := r.CanExecute(g, b.Now()); ok || why != "rmqops.reset.nodryrun" {
		t.Fatalf("execute without a dry run: %v %s", ok, why)
	}
	if err := r.DryRun(b); err != nil {
		t.Fatal(err)
	}
	// Four good orders consumed and the bad one sent back (its retry copy
	// went on to the DLQ): five copies
	// of t are delivered again.
	if s := r.Summary; s.Replayed != 5 || s.ByFate["consumed"] != 4 || s.ByFate["sent-back"] != 1 || s.Moves != 2 {
		t.Fatalf("summary %+v", s)
	}
	r.At = 2000
	if ok, why := r.CanExecute(g, b.Now()); ok || why != "rmqops.reset.nodryrun" {
		t.Fatalf("execute after the time changed: %v %s", ok, why)
	}
	r.At = 0
	if err := b.Advance(1000); err != nil {
		t.Fatal(err)
	}
	if ok, why := r.CanExecute(g, b.Now()); ok || why != "rmqops.reset.stale" {
		t.Fatalf("execute with a stale dry run: %v %s", ok, why)
	}
	if err := r.DryRun(b); err != nil {
		t.Fatal(err)
	}
	steps, err := r.Execute(g, b.Now())
	if err != nil || len(steps) != 1 || steps[0].ResetOffset.Time != "0s" || r.Stage != ResetExecuted {
		t.Fatalf("execute %+v %v", steps, err)
	}
	resume := r.Resume()
	if len(resume) != 1 || resume[0].AddConsumer.ID != "c1" || len(resume[0].AddConsumer.Listener) != 1 || r.Stage != ResetStart {
		t.Fatalf("resume %+v", resume)
	}
	if _, err := ParseResetTime("2m30s"); err != nil {
		t.Fatal(err)
	}
	if _, err := ParseResetTime("soon"); err == nil {
		t.Fatal("a bad time was accepted")
	}
}

// A consumer stopped by a step and not started again is resumable from the
// scenario alone, with its listener.
func TestRMQStopped(t *testing.T) {
	rule := []rmqsc.Rule{{Actions: []rmqsc.Action{{Result: "throw"}}}}
	sc := &rmqsc.Scenario{Groups: []rmqsc.Group{{Name: "g", Consumers: []rmqsc.Consumer{{ID: "c1", Listener: rule}, {ID: "c2"}}}},
		Steps: []rmqsc.Step{
			{RemoveConsumer: &rmqsc.GroupConsumer{Group: "g", ID: "c1"}},
			{RemoveConsumer: &rmqsc.GroupConsumer{Group: "g", ID: "c2"}},
			{AddConsumer: &rmqsc.AddConsumer{Group: "g", ID: "c2"}},
			{RemoveConsumer: &rmqsc.GroupConsumer{Group: "h", ID: "c9"}},
		}}
	got := RMQStopped(sc, "g")
	if len(got) != 1 || got[0].ID != "c1" || len(got[0].Listener) != 1 {
		t.Fatalf("stopped %+v", got)
	}
}
