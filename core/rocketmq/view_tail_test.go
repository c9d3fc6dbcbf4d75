package rocketmq

import (
	"strconv"
	"testing"
)

// TopicTails holds the last copies of each queue and, in the schedule
// topic, exactly the copies View shows as still due.
func TestTopicTails(t *testing.T) {
	b, err := New(RocketMQ49, Config{}, WithEventLog())
	if err != nil {
		t.Fatal(err)
	}
	if err := b.CreateTopic("orders", 1); err != nil {
		t.Fatal(err)
	}
	if err := b.CreateGroup(DefaultGroupConfig("g")); err != nil {
		t.Fatal(err)
	}
	b.Subscribe("g", "orders", "*")
	b.AddConsumer("g", "c1", Always(Action{Result: Later, AckIndex: -1}))
	for range 5 {
		if _, err := b.Send(SendRequest{Topic: "orders", QueueID: -1}); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.RunUntil(15_000); err != nil {
		t.Fatal(err)
	}
	full := map[string]QueueView{}
	for _, tv := range b.View().Topics {
		for _, q := range tv.Queues {
			full[tv.Name+"/"+strconv.Itoa(q.ID)] = q
		}
	}
	for _, tv := range b.TopicTails(2) {
		for _, q := range tv.Queues {
			f := full[tv.Name+"/"+strconv.Itoa(q.ID)]
			if q.MaxOffset != f.MaxOffset || q.MinOffset != f.MinOffset {
				t.Fatalf("%s q%d offsets differ", tv.Name, q.ID)
			}
			waiting := 0
			for _, m := range f.Messages {
				if m.Due > 0 {
					waiting++
				}
			}
			if tv.Kind == "schedule" {
				if q.Waiting != waiting || len(q.Messages) != min(waiting, 2) {
					t.Fatalf("level %d: waiting %d (%d listed), want %d", q.ID+1, q.Waiting, len(q.Messages), waiting)
				}
				continue
			}
			if len(q.Messages) != min(len(f.Messages), 2) || len(q.Messages) > 0 && q.Messages[len(q.Messages)-1].Copy != f.Messages[len(f.Messages)-1].Copy {
				t.Fatalf("%s q%d: tail %d of %d", tv.Name, q.ID, len(q.Messages), len(f.Messages))
			}
		}
	}
}
