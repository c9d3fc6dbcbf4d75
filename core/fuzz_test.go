package core

import (
	"strings"
	"testing"
)

// FuzzBroker drives random topologies and operations decoded from the
// input, checks the accounting invariant after every operation, and checks
// that a replay of the same input yields a byte-identical event log.
func FuzzBroker(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add([]byte{0, 0, 9, 1, 3, 3, 3, 8, 200, 5, 5, 2, 4, 8, 100, 6, 7})
	f.Add([]byte("retry loop: main wait reject expire 0123456789"))
	f.Add([]byte{1, 33, 65, 97, 129, 161, 193, 225, 3, 4, 5, 3, 8, 255, 8, 255, 10, 11, 12, 3, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 512 {
			data = data[:512]
		}
		first := runFuzzOps(t, data)
		if second := runFuzzOps(t, data); first != second {
			t.Fatalf("replay differs:\n%s\n----\n%s", first, second)
		}
	})
}

// TestFuzzSeeds runs fixed pseudo-random op streams (deterministic, no
// global randomness) so plain `go test` covers many shapes too.
func TestFuzzSeeds(t *testing.T) {
	x := uint32(2463534242)
	for run := 0; run < 300; run++ {
		data := make([]byte, 200)
		for i := range data {
			x ^= x << 13
			x ^= x >> 17
			x ^= x << 5
			data[i] = byte(x)
		}
		if a, b := runFuzzOps(t, data), runFuzzOps(t, data); a != b {
			t.Fatalf("run %d: replay differs", run)
		}
	}
}

type opReader struct {
	data []byte
	i    int
}

func (r *opReader) next() int {
	if r.i >= len(r.data) {
		return -1
	}
	r.i++
	return int(r.data[r.i-1])
}

func (r *opReader) pick(n int) int {
	v := r.next()
	if v < 0 {
		return 0
	}
	return v % n
}

var (
	fuzzQueues    = []string{"q0", "q1", "q2", "q3"}
	fuzzExchanges = []string{"", "x0", "x1", "amq.topic"}
	fuzzTypes     = []string{Direct, Fanout, Topic, Headers}
	fuzzKeys      = []string{"q0", "q1", "q2", "q3", "a.b", "#", "*.b", ""}
	fuzzActions   = []string{ActAck, ActReject, ActNack, ActRequeue, ActNackRequeue, ActHold}
)

func runFuzzOps(t *testing.T, data []byte) string {
	b := New(Profiles[int(len(data))%len(Profiles)], WithEventLog(), WithInstantLimit(500))
	r := &opReader{data: data}
	for r.i < len(r.data) {
		fuzzOp(b, r)
		if err := b.CheckInvariants(); err != nil {
			t.Fatalf("after op ending at byte %d: %v", r.i, err)
		}
	}
	_ = b.Advance(24 * 3600 * 1000)
	if err := b.CheckInvariants(); err != nil {
		t.Fatalf("at the end: %v", err)
	}
	var sb strings.Builder
	for _, e := range b.Events() {
		sb.WriteString(e.String())
		sb.WriteByte('\n')
	}
	return sb.String()
}

func fuzzOp(b *Broker, r *opReader) {
	switch r.pick(13) {
	case 0, 1:
		b.DeclareQueue(QueueDecl{Name: fuzzQueues[r.pick(4)], Durable: true, Args: fuzzQueueArgs(r)})
	case 2:
		b.DeclareExchange(ExchangeDecl{Name: fuzzExchanges[1+r.pick(2)], Type: fuzzTypes[r.pick(4)], Durable: true,
			Args: Table{"alternate-exchange": fuzzExchanges[r.pick(4)]}})
	case 3, 4:
		b.Publish(Publishing{Exchange: fuzzExchanges[r.pick(4)], RoutingKey: fuzzKeys[r.pick(8)], Body: "m",
			Mandatory: r.pick(2) == 0, Props: Properties{Expiration: []string{"", "0", "50", "1000"}[r.pick(4)]},
			Headers: Table{"h": int64(r.pick(2)), "CC": []any{fuzzKeys[r.pick(8)]}}})
	case 5:
		b.Bind(Binding{Source: fuzzExchanges[1+r.pick(3)], Destination: fuzzQueues[r.pick(4)], DestinationType: "queue",
			RoutingKey: fuzzKeys[r.pick(8)], Args: Table{"x-match": "any", "h": int64(1)}})
	case 6:
		b.Consume(ConsumerSpec{Tag: "c" + string(rune('0'+r.pick(3))), Queue: fuzzQueues[r.pick(4)], Prefetch: r.pick(3),
			Actions: []Action{{Kind: fuzzActions[r.pick(6)], Delay: int64(r.pick(3) * 10)}, {Kind: fuzzActions[r.pick(6)]}}})
	case 7:
		b.Cancel("c" + string(rune('0'+r.pick(3))))
	case 8:
		b.Advance(int64(r.pick(256)) * 4)
	case 9:
		if res, ok, err := b.Get("get", fuzzQueues[r.pick(4)]); ok && err == nil {
			fuzzSettle(b, res.Tag, r.pick(5))
		}
	case 10:
		b.SetPolicy(Policy{Name: "p" + string(rune('0'+r.pick(2))), Pattern: "^q[0-" + string(rune('0'+r.pick(4))) + "]",
			Definition: Table{[]string{"message-ttl", "max-length", "dead-letter-exchange", "delivery-limit"}[r.pick(4)]: fuzzPolicyValue(r)}})
	case 11:
		b.DeleteQueue(fuzzQueues[r.pick(4)])
	case 12:
		b.PurgeQueue(fuzzQueues[r.pick(4)])
	}
}

func fuzzSettle(b *Broker, tag uint64, how int) {
	switch how {
	case 0:
		b.Ack("get", tag, false)
	case 1:
		b.Reject("get", tag, false)
	case 2:
		b.Reject("get", tag, true)
	case 3:
		b.Nack("get", 0, true, false)
	}
}

func fuzzQueueArgs(r *opReader) Table {
	args := Table{}
	if r.pick(2) == 0 {
		args["x-queue-type"] = "quorum"
	}
	if v := r.pick(4); v > 0 {
		args["x-message-ttl"] = int64((v - 1) * 40)
	}
	if r.pick(2) == 0 {
		args["x-dead-letter-exchange"] = fuzzExchanges[r.pick(4)]
		if r.pick(2) == 0 {
			args["x-dead-letter-routing-key"] = fuzzKeys[r.pick(4)]
		}
	}
	if v := r.pick(4); v > 0 {
		args["x-max-length"] = int64(v - 1)
		args["x-overflow"] = []string{OverflowDropHead, OverflowRejectPublish, OverflowRejectPublishDLX}[r.pick(3)]
	}
	if r.pick(3) == 0 {
		args["x-delivery-limit"] = int64(r.pick(3))
	}
	if r.pick(3) == 0 {
		args["x-dead-letter-strategy"] = "at-least-once"
	}
	return args
}

func fuzzPolicyValue(r *opReader) any {
	if r.pick(3) == 0 {
		return "x0"
	}
	return int64(r.pick(5))
}
