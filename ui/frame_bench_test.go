package ui

import (
	"fmt"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// BenchmarkFrame is one playing frame of the page, natively: the session
// ticks, the page renders and go-app updates what changed. The scenario
// keeps n messages in flight (a reject loop through a 1 s TTL queue), as
// TestUIFigures does in the browser (BENCHMARKS.md "UI").
func BenchmarkFrame(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			h := &Shell{}
			d := app.NewClientTester(h)
			defer d.Close()
			yaml := fmt.Sprintf(`version: 1
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
			d.Dispatch(app.Dispatch{Mode: app.Update, Source: h, Function: func(ctx app.Context) {
				if err := h.s.LoadText("loop.yaml", []byte(yaml)); err != nil {
					b.Fatal(err)
				}
				h.s.Play()
				h.changed()
			}})
			d.Consume()
			b.ResetTimer()
			var worst time.Duration
			for i := 0; i < b.N; i++ {
				start := time.Now()
				// each frame sees one tick of wall time pass: 50 ms of
				// virtual time at 1×, so a run of 40 frames crosses the
				// 1 s instants where every message expires at once
				h.t0 = h.t0.Add(-tickEvery)
				d.Dispatch(app.Dispatch{Mode: app.Update, Source: h, Function: func(ctx app.Context) { h.frame() }})
				d.Consume()
				worst = max(worst, time.Since(start))
			}
			b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
			b.ReportMetric(float64(h.s.Now()), "virtual-ms")
		})
	}
}
