package core

import (
	"fmt"
	"runtime"
	"testing"
)

// Benchmarks for BENCHMARKS.md. None of them asserts a time.

// BenchmarkPublishDeadLetter: publish → route (direct) → enqueue into a
// TTL 0 queue → expire → dead-letter (x-death built) → route (fanout DLX)
// → enqueue in the DLQ. One op = one message through the whole path.
func BenchmarkPublishDeadLetter(b *testing.B) {
	br := New(Rabbit43)
	mustOK(b, br.DeclareExchange(ExchangeDecl{Name: "in", Type: Direct}))
	mustOK(b, br.DeclareExchange(ExchangeDecl{Name: "dlx", Type: Fanout}))
	mustOK(b, br.DeclareQueue(QueueDecl{Name: "work", Args: Table{"x-message-ttl": int64(0), "x-dead-letter-exchange": "dlx"}}))
	mustOK(b, br.DeclareQueue(QueueDecl{Name: "dlq"}))
	mustOK(b, br.Bind(Binding{Source: "in", Destination: "work", DestinationType: "queue", RoutingKey: "job"}))
	mustOK(b, br.Bind(Binding{Source: "dlx", Destination: "dlq", DestinationType: "queue"}))
	p := Publishing{Exchange: "in", RoutingKey: "job", Body: "0123456789abcdef"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		br.Publish(p)
		if i&0xffff == 0xffff {
			br.PurgeQueue("dlq")
		}
	}
	b.StopTimer()
	if st := br.Stats(); st.DeadLettered != uint64(b.N) {
		b.Fatalf("dead-lettered %d of %d", st.DeadLettered, b.N)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
}

// ladder is 16 wait queues whose TTLs add up to 4 h 46 min.
var ladder = []int64{1, 5, 10, 30, 60, 120, 300, 600, 900, 1200, 1500, 1800, 1800, 1800, 2434, 4600}

// BenchmarkRetryLadder: 10,000 messages through a 16-step TTL ladder
// (each step expires and dead-letters into the next), fast-forwarded.
func BenchmarkRetryLadder(b *testing.B) {
	var total int64
	for _, s := range ladder {
		total += s
	}
	for i := 0; i < b.N; i++ {
		br := New(Rabbit43)
		for j, ttl := range ladder {
			next := "done"
			if j+1 < len(ladder) {
				next = fmt.Sprintf("step%d", j+1)
			}
			mustOK(b, br.DeclareQueue(QueueDecl{Name: fmt.Sprintf("step%d", j), Args: Table{"x-message-ttl": ttl * 1000,
				"x-dead-letter-exchange": "", "x-dead-letter-routing-key": next}}))
		}
		mustOK(b, br.DeclareQueue(QueueDecl{Name: "done"}))
		for m := 0; m < 10000; m++ {
			br.Publish(Publishing{RoutingKey: "step0", Body: "0123456789abcdef"})
		}
		mustOK(b, br.Advance(total*1000))
		if q, _ := br.Queue("done"); q.Ready != 10000 {
			b.Fatalf("done holds %d", q.Ready)
		}
	}
	b.ReportMetric(float64(total)/60, "virtual-min")
}

// BenchmarkQueuedMessageMemory reports heap bytes per queued message with
// a 16-byte body (each body its own allocation, as from a real client).
func BenchmarkQueuedMessageMemory(b *testing.B) {
	const n = 100_000
	bodies := make([]string, n)
	for i := range bodies {
		bodies[i] = fmt.Sprintf("%016d", i)
	}
	var perMsg float64
	for i := 0; i < b.N; i++ {
		br := New(Rabbit43)
		mustOK(b, br.DeclareQueue(QueueDecl{Name: "q"}))
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for m := 0; m < n; m++ {
			br.Publish(Publishing{RoutingKey: "q", Body: bodies[m]})
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		perMsg = float64(after.HeapAlloc-before.HeapAlloc) / n
		runtime.KeepAlive(br)
	}
	b.ReportMetric(perMsg, "B/msg")
}

func mustOK(b *testing.B, err error) {
	b.Helper()
	if err != nil {
		b.Fatal(err)
	}
}
