package model

import (
	"testing"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
)

func boxOf(p RocketPicture, key string) *RocketBox {
	for i := range p.Boxes {
		if p.Boxes[i].Key == key {
			return &p.Boxes[i]
		}
	}
	return nil
}

// The ladder at 25 s: the failed message waits in delay level 4 of
// SCHEDULE_TOPIC_XXXX with its due time; %RETRY% is drawn, %DLQ% not yet;
// the paths of a retry are edges.
func TestRocketLayoutLadder(t *testing.T) {
	s := rocketLesson(t, "rocketmq-full-ladder-to-dlq")
	if p := RocketLayout(s.View()); boxOf(p, "topic:"+rmq.ScheduleTopic) != nil || len(p.Edges) != 2 {
		t.Fatalf("before the start: %d edges, schedule drawn: %v", len(p.Edges), boxOf(p, "topic:"+rmq.ScheduleTopic) != nil)
	}
	s.JumpBy(25_000)
	p := RocketLayout(s.View())
	sch := boxOf(p, "topic:"+rmq.ScheduleTopic)
	if sch == nil || len(sch.Lanes) != 1 || sch.Lanes[0].Label != "L4" || len(sch.Lanes[0].Chips) != 1 {
		t.Fatalf("schedule %+v", sch)
	}
	if c := sch.Lanes[0].Chips[0]; c.Due != 40_000 || c.Label != "order-1001" || c.RT != 2 {
		t.Fatalf("waiting chip %+v", c)
	}
	if boxOf(p, "topic:%RETRY%order-consumer") == nil || boxOf(p, "topic:%DLQ%order-consumer") != nil {
		t.Fatal("want %RETRY% drawn and no %DLQ% yet")
	}
	kinds := map[string]bool{}
	for _, e := range p.Edges {
		kinds[e.Kind] = true
	}
	for _, k := range []string{"send", "subscribe", "retry", "release"} {
		if !kinds[k] {
			t.Errorf("no %s edge: %+v", k, p.Edges)
		}
	}
	if _, ok := p.Anchor["lane:orders:3"]; !ok {
		t.Error("no anchor for queue 3 of orders")
	}
	s.FastForward()
	p = RocketLayout(s.View())
	if d := boxOf(p, "topic:%DLQ%order-consumer"); d == nil || len(d.Lanes[0].Chips) != 1 || d.Lanes[0].Chips[0].RT != 17 {
		t.Fatalf("DLQ %+v", d)
	}
}

// An orderly queue blocked by a poison message is marked on its lane.
func TestRocketLayoutBlocked(t *testing.T) {
	s := rocketLesson(t, "rocketmq-orderly-blocks-queue")
	s.JumpBy(1500)
	p := RocketLayout(s.View())
	tb := boxOf(p, "topic:account-events")
	if tb == nil || tb.Lanes[0].Blocked == nil || tb.Lanes[1].Blocked != nil {
		t.Fatalf("lanes %+v", tb)
	}
	if g := boxOf(p, "group:ledger"); g == nil || !g.Blocked || g.Consumers[0].Holds != "account-events 0, account-events 1" {
		t.Fatalf("group %+v", g)
	}
	if moves := s.Moves(p); len(moves) == 0 {
		t.Error("no moves after a short jump")
	}
}

// The inspector's history of the ladder message: 17 deliveries with
// reconsumeTimes 0..16, each failure sent back at level 3+n with its wait,
// and the last one to %DLQ%, where it is now.
func TestRocketMessageDetail(t *testing.T) {
	s := rocketLesson(t, "rocketmq-full-ladder-to-dlq")
	s.FastForward()
	d, ok := s.MessageDetail("7F000001000000000000000000000001")
	if !ok || d.Deliveries != 17 || d.ReconsumeTimes != 16 || d.Keys[0] != "order-1001" {
		t.Fatalf("detail %+v", d)
	}
	levels := 0
	for _, r := range d.History {
		if r.Kind == "sent-back" {
			levels++
			if r.Level != 2+levels || r.Wait == "" {
				t.Fatalf("send-back %d: level %d wait %q", levels, r.Level, r.Wait)
			}
		}
	}
	last := d.History[len(d.History)-1]
	if levels != 16 || last.Kind != "dead-lettered" || last.Topic != "%DLQ%order-consumer" {
		t.Fatalf("%d send-backs, last %+v", levels, last)
	}
	props := map[string]string{}
	for _, p := range d.Props {
		props[p.Name] = p.Value
	}
	if props["RETRY_TOPIC"] != "orders" || props["ORIGIN_MESSAGE_ID"] == "" || props["REAL_TOPIC"] == "" {
		t.Fatalf("props %v", props)
	}
	if d.Where.EN == "" || d.Where.ZH == "" {
		t.Fatal("no where")
	}
	s2 := rocketLesson(t, "rocketmq-full-ladder-to-dlq")
	s2.JumpBy(25_000)
	d2, _ := s2.MessageDetail("7F000001000000000000000000000001")
	if d2.Where.EN[:7] != "Waiting" {
		t.Fatalf("where %q", d2.Where.EN)
	}
}
