package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// BenchmarkFrame is one playing frame of the page, natively: the session
// ticks, the page renders and go-app updates what changed.
//
//   - 1000: a reject loop through a 1 s TTL queue holding 1,000 messages,
//     all sent at once, as TestUIFigures's first in-flight figure.
//   - 10000spread: the same loop with a 20 s TTL and 10,000 messages sent
//     50 every 100 ms, opened at t = 20 s: 10,000 in flight and about 25
//     of them expiring and rejected in every frame (spreadLoop), as
//     TestUIFigures's second in-flight figure.
func BenchmarkFrame(b *testing.B) {
	cases := []struct {
		name, yaml string
		at         string // the link's t: where the frames start
	}{
		{"1000", retryLoop(1000), ""},
		{"10000spread", spreadLoop(10000), "20000"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			h := &Shell{}
			d := app.NewClientTester(h)
			defer d.Close()
			d.Dispatch(app.Dispatch{Mode: app.Update, Source: h, Function: func(ctx app.Context) {
				if err := h.s.LoadText("loop.yaml", []byte(c.yaml)); err != nil {
					b.Fatal(err)
				}
				if c.at != "" {
					h.s.OpenState("t=" + c.at)
				}
				h.s.Play()
				h.changed()
			}})
			d.Consume()
			playFrames(b, d, h)
			b.ReportMetric(float64(h.s.Now()), "virtual-ms")
			if err := h.s.Broker().Spent(); err != nil {
				b.Fatalf("the frames ran past the work budget: %v", err)
			}
		})
	}
}

// playFrames times b.N playing frames of the shell h under the tester d,
// set up and playing: each frame sees exactly one tick of wall time pass,
// 50 ms of virtual time at 1×, however long the frames take. It reports
// the worst frame's wall time and the CPU time per frame.
func playFrames(b *testing.B, d app.ClientDispatcher, h *Shell) {
	// the wall clock starts now: the first frame moves the clock by one
	// tick, not by the time the setup took
	d.Dispatch(app.Dispatch{Mode: app.Update, Source: h, Function: func(ctx app.Context) { h.changed() }})
	d.Consume()
	b.ResetTimer()
	var worst time.Duration
	cpu0 := cpuTime()
	wall := time.Since(h.t0)
	for i := 0; i < b.N; i++ {
		start := time.Now()
		wall += tickEvery
		h.t0 = start.Add(-wall)
		d.Dispatch(app.Dispatch{Mode: app.Update, Source: h, Function: func(ctx app.Context) { h.frame() }})
		d.Consume()
		worst = max(worst, time.Since(start))
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/frame")
}

// retryLoop is n messages sent at once into a reject loop: work rejects
// every delivery into retry, whose 1 s TTL sends it back.
func retryLoop(n int) string {
	return fmt.Sprintf(`version: 1
title: %d messages in a retry loop
queues:
  - {name: work, arguments: {x-dead-letter-exchange: "", x-dead-letter-routing-key: retry}}
  - {name: retry, arguments: {x-message-ttl: 1000, x-dead-letter-exchange: "", x-dead-letter-routing-key: work}}
consumers:
  - {name: worker, queue: work, prefetch: 0, actions: [reject]}
steps:
  - publish: {routing_key: work, body: m, count: %d}
  - wait: 1h
`, n, n)
}

// spreadLoop is n messages in the same reject loop with a 20 s TTL, sent
// 50 every 100 ms over the first 20 s (n/50 publish steps), so that from
// t = 20 s on all n are in flight and each 50 ms of virtual time expires
// and rejects about 25 of them: a frame's broker work stays bounded. Sent
// at once, n messages would all expire at the same instant (7n events in
// one frame) and spend the run's work budget in the second round. This
// one's budget (50,000 + 5 per message) lasts until about t = 36 s.
func spreadLoop(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `version: 1
title: %d messages in a retry loop, sent over 20 s
queues:
  - {name: work, arguments: {x-dead-letter-exchange: "", x-dead-letter-routing-key: retry}}
  - {name: retry, arguments: {x-message-ttl: 20000, x-dead-letter-exchange: "", x-dead-letter-routing-key: work}}
consumers:
  - {name: worker, queue: work, prefetch: 0, actions: [reject]}
steps:
`, n)
	for i := 0; i < n/50; i++ {
		b.WriteString("  - publish: {routing_key: work, body: m, count: 50}\n  - wait: 100ms\n")
	}
	b.WriteString("  - wait: 1h\n")
	return b.String()
}
