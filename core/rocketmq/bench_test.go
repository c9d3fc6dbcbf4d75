package rocketmq

import (
	"testing"
)

// BenchmarkLadderToDLQ: 10,000 messages, a listener that always fails, the
// default 16-retry ladder (4 h 45 min 40 s of virtual time) to %DLQ%.
func BenchmarkLadderToDLQ(b *testing.B) {
	const n = 10_000
	var events int64
	for b.Loop() {
		br, err := New(RocketMQ53, Config{MaxEvents: 100 * n})
		if err != nil {
			b.Fatal(err)
		}
		must(b, br.CreateTopic("orders", 4))
		must(b, br.CreateGroup(DefaultGroupConfig("g")))
		must(b, br.Subscribe("g", "orders", "*"))
		must(b, br.AddConsumer("g", "c1", Always(Action{Result: Later})))
		must(b, br.AddConsumer("g", "c2", Always(Action{Result: Later})))
		for range n {
			if _, err := br.Send(SendRequest{Topic: "orders", Body: "0123456789abcdef", QueueID: -1}); err != nil {
				b.Fatal(err)
			}
		}
		must(b, br.Advance(5*3600*1000))
		if br.Stats().DeadLettered != n || br.Stats().Deliveries != 17*n {
			b.Fatalf("stats %+v", br.Stats())
		}
		events = br.work
	}
	b.ReportMetric(float64(events), "events/op")
	b.ReportMetric(float64(events)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

func must(b *testing.B, err error) {
	b.Helper()
	if err != nil {
		b.Fatal(err)
	}
}
