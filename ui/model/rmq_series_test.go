package model

import (
	"testing"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
)

// ladderBroker: n messages to a group whose listener always answers
// RECONSUME_LATER, every `every` ms, run to `until`.
func ladderBroker(t *testing.T, n int, every, until rmq.Time) *rmq.Broker {
	t.Helper()
	b, err := rmq.New(rmq.RocketMQ49, rmq.Config{}, rmq.WithEventLog())
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(b.CreateTopic("orders", 4))
	must(b.CreateGroup(rmq.DefaultGroupConfig("g")))
	must(b.Subscribe("g", "orders", "*"))
	must(b.AddConsumer("g", "c1", rmq.Always(rmq.Action{Result: rmq.Later})))
	for i := range n {
		if i > 0 {
			must(b.Advance(int64(every)))
		}
		_, err := b.Send(rmq.SendRequest{Topic: "orders", QueueID: -1})
		must(err)
	}
	must(b.RunUntil(until))
	return b
}

// docs/rocketmq.md "Concurrent retry": 17 deliveries, reconsumeTimes 0..16,
// the 17th failure dead-letters at 4 h 45 min 40 s.
func TestRMQSeriesLadder(t *testing.T) {
	b := ladderBroker(t, 1, 0, 5*3_600_000)
	var s RMQSeries
	evs := b.Events()
	s.Feed(b, evs[:len(evs)/2])
	s.Feed(b, evs) // the whole log again: nothing counted twice
	lanes := s.Lanes()
	if len(lanes) != 1 || len(lanes[0].Hits) != 17 || lanes[0].DLQAt != FullLadder {
		t.Fatalf("lanes %+v", lanes)
	}
	for i, h := range lanes[0].Hits {
		if h.ReconsumeTimes != i {
			t.Fatalf("delivery %d has reconsumeTimes %d", i, h.ReconsumeTimes)
		}
	}
	if r := s.Rungs(); len(r) != 17 || r[16] != 1 {
		t.Fatalf("rungs %v", r)
	}
	d := s.DLQ()
	if len(d) != 1 || d[0].Topic != "%DLQ%g" || d[0].Max != 1 || d[0].Points[len(d[0].Points)-1].T != FullLadder {
		t.Fatalf("dlq %+v", d)
	}
	c := s.Ladder(300, 20, true)
	dots := c.Lanes[0].Dots
	if dots[0].X != 0 || c.Lanes[0].DLQX != 300 || dots[16].X != 300 || dots[15].X >= 300 || dots[1].X <= 0 {
		t.Fatalf("ladder geometry %+v, dlq x %v", dots, c.Lanes[0].DLQX)
	}
	// Log axis: the first minute takes far more room than on a linear one.
	lin := s.Ladder(300, 20, false)
	if dots[2].X < 10*lin.Lanes[0].Dots[2].X {
		t.Fatalf("log x %v, linear x %v for 40 s", dots[2].X, lin.Lanes[0].Dots[2].X)
	}
	if len(c.Ticks) != 6 || c.Ticks[5].X != 300 {
		t.Fatalf("ticks %+v", c.Ticks)
	}
	// Another run (a replay) starts the series again.
	b2 := ladderBroker(t, 1, 0, 60_000)
	s.Feed(b2, b2.Events())
	if len(s.Lanes()[0].Hits) != 3 || len(s.DLQ()) != 0 {
		t.Fatalf("after a replay: %+v %+v", s.Lanes(), s.DLQ())
	}
}

// The retry storm: 20 orders a minute, every one failing; the downstream
// sees six times as many calls a minute as orders arrive (the lesson's
// 120 a minute). Only the first
// MaxLadderLanes messages get a lane.
func TestRMQSeriesRate(t *testing.T) {
	b := ladderBroker(t, 200, 3000, 20*60_000)
	var s RMQSeries
	s.Feed(b, b.Events())
	pm := s.PerMinute()
	if len(pm) != 20 || pm[0].Sent != 20 || pm[0].Retries == 0 {
		t.Fatalf("per minute %+v", pm)
	}
	c := s.Rate(300, 60, 10)
	if c.PerColumn != 2 || len(c.Columns) != 10 || c.Arrivals != 20 || c.Peak != 6*c.Arrivals {
		t.Fatalf("rate %+v", c)
	}
	for _, col := range c.Columns {
		if col.Y > col.RetryY || col.RetryY > 60 || col.Y < 0 {
			t.Fatalf("column %+v", col)
		}
	}
	if len(s.Lanes()) != MaxLadderLanes || s.Others() != 200-MaxLadderLanes {
		t.Fatalf("lanes %d, others %d", len(s.Lanes()), s.Others())
	}
	if got := points([]float64{1, 2.25, 3.04, 0}); got != "1,2.3 3,0" {
		t.Fatalf("points %q", got)
	}
}
