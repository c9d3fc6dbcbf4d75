package scenarios

import (
	"os"
	"testing"
)

func BenchmarkParse(b *testing.B) {
	data, _ := os.ReadFile("library/retry-loop.yaml")
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Parse("retry-loop.yaml", data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRun(b *testing.B) {
	data, _ := os.ReadFile("library/retry-loop.yaml")
	sc, _ := Parse("retry-loop.yaml", data)
	for b.Loop() {
		if _, err := Run(sc, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeDecode(b *testing.B) {
	data, _ := os.ReadFile("library/retry-loop.yaml")
	sc, _ := Parse("retry-loop.yaml", data)
	for b.Loop() {
		link, err := Encode(sc)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Decode(link); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunManyMessages replays 20,000 messages through a TTL queue
// into a DLQ, with and without the trace (Options.NoTrace, as the UI runs).
func BenchmarkRunManyMessages(b *testing.B) {
	sc, err := Parse("many.yaml", []byte(`
queues:
  - {name: work, arguments: {x-message-ttl: 10, x-dead-letter-exchange: "", x-dead-letter-routing-key: dlq}}
  - {name: dlq}
steps:
  - publish: {routing_key: work, body: m, count: 10000}
  - wait: 5ms
  - publish: {routing_key: work, body: n, count: 10000}
  - wait: 1s
`))
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		opts Options
	}{{"trace", Options{}}, {"notrace", Options{NoTrace: true}}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Run(sc, bc.opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
