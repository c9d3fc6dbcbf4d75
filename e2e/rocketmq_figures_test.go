package e2e

import (
	"os"
	"testing"
	"time"
)

// ladder is a scenario of orders sent by send to a 4-queue topic whose
// group's listener always answers RECONSUME_LATER on 4.9: every order
// climbs the full ladder (17 deliveries over 4 h 45 min 40 s) and ends
// in %DLQ%.
func ladder(title, send string) string {
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
  - send: ` + send + `
  - wait: 5h
`
}

// ladderThousand: 1,000 orders at t=0.
var ladderThousand = ladder("1,000 messages on the retry ladder", "{topic: orders, count: 1000}")

// ladderSpread: 10,000 orders sent one every 20 ms over 200 s, so that
// they stand on different rungs and a frame's retries stay bounded
// instead of all falling due at the same instants.
var ladderSpread = ladder("10,000 messages on the retry ladder, sent over 200 s", "{topic: orders, count: 10000, every: 20ms}")

// TestRocketMQFigures measures the RocketMQ figures of BENCHMARKS.md
// ("RocketMQ in the browser"). They are logged, not asserted: the machine
// decides them. FIGURES=0 skips it.
func TestRocketMQFigures(t *testing.T) {
	if os.Getenv("FIGURES") == "0" {
		t.Skip("FIGURES=0")
	}
	link := rocketLinkText(t, "ladder-1000", []byte(ladderThousand), 0)
	p := openPage(t, link)
	p.waitFor("#canvas-svg")

	// 1,000 messages in flight: the ladder playing at 100×, frames counted
	// by requestAnimationFrame over 2 s, with the canvas in view.
	p.fill("#speed", "100")
	p.click("#play")
	time.Sleep(1500 * time.Millisecond)
	fps := p.fps()
	t.Logf("FIGURE 1,000 RocketMQ messages in flight (ladder, 100× speed): %.1f fps over 2 s (requestAnimationFrame), clock %s",
		fps, p.text("#clock-time"))
	p.screenshot("rocketmq-figures-in-flight.png")
	p.click("#play")

	// 10,000 messages in flight, spread over time (ladderSpread), opened
	// at 5 min when all are on the ladder, played at 100× like the above.
	spread := rocketLinkText(t, "ladder-spread", []byte(ladderSpread), 300_000)
	p.navigate(spread)
	p.waitFor("#canvas-svg")
	p.fill("#speed", "100")
	p.click("#play")
	time.Sleep(1500 * time.Millisecond)
	var st playStats
	prof := p.cpuProfile("rocketmq-in-flight-10000", func() { st = p.measurePlay(100) })
	t.Logf("FIGURE 10,000 RocketMQ messages in flight (ladder, sent over 200 s, from 5 min, 100× speed): %s", st)
	if prof != "" {
		t.Logf("where the main thread's time went (self time): %s", prof)
	}
	p.screenshot("rocketmq-figures-in-flight-10000.png")
	p.click("#play")

	// The full ladder for 1,000 messages: from the click on fast-forward
	// (to the end of the steps, 5 h) until the DLQ chart shows 1,000.
	p.navigate(link)
	p.click("#tab-rq-charts")
	p.waitFor("#rmq-charts")
	t0 := time.Now()
	p.click("#fast-forward")
	p.waitJS(`(document.querySelector('#rmq-dlq-depth [data-depth]') || {dataset: {}}).dataset.depth === '1000'`, "1,000 dead letters")
	ff := time.Since(t0)
	t.Logf("FIGURE full ladder for 1,000 messages, fast-forward to 5 h: %v (17,000 deliveries, 1,000 dead letters)", ff.Round(time.Millisecond))
	js[bool](p, `(document.querySelector('#rmq-rate').scrollIntoView(), true)`)
	p.screenshot("rocketmq-figures-ladder.png")

	// The same ladder played, not jumped: 10000× from t=0 until the DLQ
	// chart shows the 1,000th dead letter, the charts tab open. A browser
	// of its own: each has 90 s.
	p.check()
	p = openPage(t, link)
	p.waitFor("#canvas-svg")
	p.click("#tab-rq-charts")
	p.fill("#speed", "10000")
	t0 = time.Now()
	p.click("#play")
	full := `(document.querySelector('#rmq-dlq-depth [data-depth]') || {dataset: {}}).dataset.depth === '1000'`
	for !js[bool](p, full) && time.Since(t0) < 70*time.Second {
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("FIGURE the full ladder for 1,000 messages played at 10000×: 1,000 dead letters after %v of wall time (clock %s)",
		time.Since(t0).Round(100*time.Millisecond), p.text("#clock-time"))
	p.click("#play")
	p.check()
}
