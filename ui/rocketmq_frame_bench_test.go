package ui

import (
	"fmt"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// BenchmarkRocketFrame is one playing frame of the RocketMQ page,
// natively, at 100× (5 s of virtual time per 50 ms frame), with the
// inspector tab open, as TestRocketMQFigures plays it in the browser:
//
//   - 1000: the full retry ladder with 1,000 messages sent at once,
//     from t = 1 h;
//   - 10000spread: 10,000 messages sent one every 20 ms over 200 s
//     (rocketSpread), from t = 5 min, when all are on the ladder.
func BenchmarkRocketFrame(b *testing.B) {
	cases := []struct {
		name, yaml string
		at         string
	}{
		{"1000", rocketLadder(1000), "3600000"},
		{"10000spread", rocketSpread(10000), "300000"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			h := &Shell{}
			d := app.NewClientTester(h)
			defer d.Close()
			d.Dispatch(app.Dispatch{Mode: app.Update, Source: h, Function: func(ctx app.Context) {
				s, err := model.LoadRocketText("ladder.yaml", []byte(c.yaml))
				if err != nil {
					b.Fatal(err)
				}
				frag, err := s.ShareFragment()
				if err != nil {
					b.Fatal(err)
				}
				if s, err = model.OpenRocketFragment(frag + "&t=" + c.at); err != nil {
					b.Fatal(err)
				}
				h.openRocket(s)
				h.rq.SetSpeed(100)
				h.rq.Play()
				h.changed()
			}})
			d.Consume()
			playFrames(b, d, h)
			b.ReportMetric(float64(h.rq.Now()), "virtual-ms")
		})
	}
}

// rocketLadder is n orders sent at t = 0 to a group whose listener
// always answers RECONSUME_LATER on 4.9: each climbs the full 16-retry
// ladder (4 h 45 min 40 s) and ends in %DLQ%.
func rocketLadder(n int) string {
	return rocketHead(fmt.Sprintf("%d messages on the retry ladder", n)) +
		fmt.Sprintf("  - send: {topic: orders, count: %d}\n  - wait: 5h\n", n)
}

// rocketSpread is the same ladder with n orders sent one every 20 ms
// (the send step's every): from t = n/50 s on all n are on the ladder, at
// different rungs, and a frame's retries stay bounded instead of all n
// falling due at the same instants.
func rocketSpread(n int) string {
	return rocketHead(fmt.Sprintf("%d messages on the retry ladder, sent over %d s", n, n/50)) +
		fmt.Sprintf("  - send: {topic: orders, count: %d, every: 20ms}\n  - wait: 5h\n", n)
}

func rocketHead(title string) string {
	return `broker: rocketmq
version: 1
title: ` + title + `
profile: rocketmq-4.9
topics:
  - {name: orders, queues: 4}
groups:
  - name: order-consumer
    subscribe: [{topic: orders}]
    consumers: [{id: c1, listener: [{actions: [{result: reconsume_later}]}]}]
steps:
`
}
