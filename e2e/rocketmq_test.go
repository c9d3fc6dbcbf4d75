package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// RocketMQ journeys: the ladder to %DLQ%, an orderly queue blocked by a
// poison message, a RocketMQ link in a fresh browser, the Chinese page.

// svgClick clicks an SVG element (SVG elements have no click() method).
func (p *page) svgClick(sel string) {
	p.t.Helper()
	p.waitFor(sel)
	js[bool](p, fmt.Sprintf(`(() => { document.querySelector(%s).dispatchEvent(new MouseEvent('click', {bubbles: true})); return true; })()`, quote(sel)))
	p.settle()
}

func rqLane(topic string, q int) string {
	return fmt.Sprintf(`[data-role="rq-lane"][data-topic="%s"][data-queue="%d"]`, topic, q)
}

// openRocketLesson opens a RocketMQ lesson from the library.
func (p *page) openRocketLesson(name string) {
	p.t.Helper()
	p.loadLesson(name)
	p.waitFor(`#shell[data-broker="rocketmq"]`)
}

// TestJourneyRocketLadder (1): the full ladder lesson, fast-forwarded: the
// message was delivered 17 times, reconsumeTimes reached 16, and it is in
// %DLQ%order-consumer; its history lists every send-back with its level.
func TestJourneyRocketLadder(t *testing.T) {
	p := openPage(t, "/")
	p.click("#library-open")
	p.click("#goto-lib-broker-rocketmq") // the RocketMQ lessons come after the RabbitMQ ones
	p.screenshot("rocketmq-library.png")
	p.click(`[data-lesson="rocketmq-full-ladder-to-dlq"]`)
	p.waitFor(`#shell[data-broker="rocketmq"]`)
	if got := js[string](p, `document.querySelector('#broker').value`); got != "rocketmq" {
		t.Errorf("broker switch = %q", got)
	}
	p.click("#step") // the steps at t=0: the message is sent and fails once
	p.click("#jump-1m")
	p.waitFor(rqLane("%RETRY%order-consumer", 0))
	p.waitFor(`[data-key="topic:SCHEDULE_TOPIC_XXXX"] [data-role="rq-due"]`)
	p.screenshot("rocketmq-ladder-waiting.png")

	p.click("#fast-forward")
	p.waitJS(`document.querySelector('#clock-time').textContent.includes('5 h')`, "the clock at the end of the lesson")
	dlq := rqLane("%DLQ%order-consumer", 0) + ` [data-role="rq-chip"]`
	p.svgClick(dlq)
	p.waitFor("#rq-inspect-message")
	if got := strings.TrimSpace(p.text("#rq-reconsume")); got != "16" {
		t.Errorf("reconsumeTimes = %q, want 16", got)
	}
	if got := strings.TrimSpace(p.text("#rq-deliveries")); got != "17" {
		t.Errorf("deliveries = %q, want 17", got)
	}
	n := js[int](p, `document.querySelectorAll('#rq-history tr[data-kind="sent-back"]').length`)
	last := js[string](p, `[...document.querySelectorAll('#rq-history tbody tr')].pop().dataset.kind`)
	if n != 16 || last != "dead-lettered" {
		t.Errorf("history: %d send-backs, last %q; want 16 and dead-lettered", n, last)
	}
	if got := p.text(`#rq-props [data-prop="RETRY_TOPIC"]`); !strings.Contains(got, "orders") {
		t.Errorf("RETRY_TOPIC row = %q", got)
	}
	p.screenshot("rocketmq-ladder-dlq.png")
	p.check()
}

// TestJourneyRocketOrderly (2): an orderly queue is blocked by a poison
// message while the other queue flows; at maxReconsumeTimes the message
// goes to %DLQ% and the queue moves on.
func TestJourneyRocketOrderly(t *testing.T) {
	p := openPage(t, "/")
	p.openRocketLesson("rocketmq-orderly-blocks-queue")
	p.click("#step")
	blocked := rqLane("account-events", 0) + `[data-blocked="true"]`
	p.waitFor(blocked)
	if p.exists(rqLane("account-events", 1) + `[data-blocked="true"]`) {
		t.Error("queue 1 is blocked too")
	}
	if !p.exists(rqLane("account-events", 1) + ` [data-role="rq-chip"][data-done="true"]`) {
		t.Error("queue 1 did not flow: its message is not consumed")
	}
	if got := p.text(rqLane("account-events", 0)); !strings.Contains(got, "blocked by ledger until") {
		t.Errorf("blocked lane says %q", got)
	}
	p.screenshot("rocketmq-orderly-blocked.png")
	p.click("#step-event") // one event, with its caption
	p.waitFor("#event-caption[data-kind]")
	p.click("#jump-1m")
	p.waitFor(rqLane("%DLQ%ledger", 0) + ` [data-role="rq-chip"]`)
	if p.exists(`[data-role="rq-lane"][data-blocked="true"]`) {
		t.Error("a lane is still blocked after the message went to the DLQ")
	}
	p.svgClick(`[data-key="group:ledger"]`)
	p.waitFor(`#rq-inspect-group[data-group="ledger"]`)
	p.screenshot("rocketmq-orderly-dlq.png")
	p.check()
}

// TestJourneyRocketShareLink (4): a RocketMQ run's link (time and the
// selected message) opens in a fresh browser as RocketMQ, at that time.
func TestJourneyRocketShareLink(t *testing.T) {
	p := openPage(t, "/")
	p.openRocketLesson("rocketmq-full-ladder-to-dlq")
	p.click("#jump-30m")
	p.svgClick(`[data-role="rq-chip"]`)
	p.waitFor("#rq-inspect-message")
	p.click("#share")
	p.waitFor("#share-link")
	link := js[string](p, `document.querySelector('#share-link').value`)
	if !strings.Contains(link, "/#s=1.") {
		t.Fatalf("link = %q", link)
	}
	clock, rt := p.text("#clock-time"), p.text("#rq-reconsume")

	q := openPage(t, strings.TrimPrefix(link, p.base))
	q.waitFor(`#shell[data-broker="rocketmq"]`)
	q.waitFor("#rq-inspect-message")
	if got := q.text("#clock-time"); got != clock {
		t.Errorf("clock = %q, want %q", got, clock)
	}
	if got := q.text("#rq-reconsume"); got != rt {
		t.Errorf("reconsumeTimes = %q, want %q", got, rt)
	}
	q.screenshot("rocketmq-share-opened.png")

	// The autosave: a reload comes back to RocketMQ at the same time.
	q.navigate("/")
	q.waitFor(`#shell[data-broker="rocketmq"]`)
	if got := q.text("#clock-time"); got != clock {
		t.Errorf("after a reload the clock = %q, want %q", got, clock)
	}
	// The switch back to RabbitMQ shows the RabbitMQ page.
	q.fill("#broker", "rabbitmq")
	q.waitJS(`document.querySelector('#shell').dataset.broker === undefined`, "the RabbitMQ page")
	p.check()
	q.check()
}

// TestJourneyRocketShortLink: "Copy short link" stores a RocketMQ
// scenario; /s/{id} opens it in a fresh browser.
func TestJourneyRocketShortLink(t *testing.T) {
	base, _, _ := shareSite(t)
	p := openPageAt(t, base, "/")
	p.waitFor(`[data-shortlinks="on"]`)
	p.openRocketLesson("rocketmq-orderly-blocks-queue")
	p.click("#share-short")
	p.waitJS(`(document.querySelector('#share-link') || {value: ''}).value.includes('/s/')`, "the short link")
	link := js[string](p, `document.querySelector('#share-link').value`)
	q := openPageAt(t, base, strings.TrimPrefix(link, base))
	q.waitFor(`#shell[data-broker="rocketmq"]`)
	if got, want := q.text("#scenario-title"), p.text("#scenario-title"); got != want {
		t.Errorf("title = %q, want %q", got, want)
	}
	p.check()
	q.check()
}

// TestJourneyRocketChinese (5): the RocketMQ page in 简体中文: header,
// clock, canvas, caption and inspector.
func TestJourneyRocketChinese(t *testing.T) {
	p := openPage(t, "/")
	p.openRocketLesson("rocketmq-orderly-blocks-queue")
	p.fill("#lang", "zh")
	p.click("#step-event")
	p.click("#step-event")
	p.waitFor("#event-caption[data-kind]")
	for sel, want := range map[string]string{
		"#scenario-title":                   "顺序消费",
		"#fast-forward":                     "快进",
		`[data-key="group:ledger"]`:         "消费组",
		"#event-caption":                    "监听器",
		"#rq-legend":                        "消费位点",
		`[data-key="topic:account-events"]`: "TOPIC",
	} {
		if got := p.text(sel); !strings.Contains(got, want) {
			t.Errorf("%s = %q, want it to contain %q", sel, got, want)
		}
	}
	p.click("#jump-1m")
	p.svgClick(rqLane("%DLQ%ledger", 0) + ` [data-role="rq-chip"]`)
	p.waitFor("#rq-history")
	if got := p.text("#rq-inspect-message"); !strings.Contains(got, "历程") || !strings.Contains(got, "进入死信") {
		t.Errorf("inspector = %q", clipText(got))
	}
	p.screenshot("rocketmq-zh.png")
	p.fill("#lang", "en") // leave English for the next test's browser storage
	p.check()
}

// TestJourneyRocketEmbed: a RocketMQ link embedded: the poster names the
// lesson and its topics; after the click the read-only RocketMQ canvas
// plays. With load=1, lang=zh, controls=0 and play=1 it loads, speaks
// Chinese, hides the clock's buttons and plays by itself.
func TestJourneyRocketEmbed(t *testing.T) {
	p := openPage(t, "/")
	p.openRocketLesson("rocketmq-orderly-blocks-queue")
	p.click("#share")
	link := js[string](p, `document.querySelector('#share-link').value`)
	frag := link[strings.Index(link, "#"):]

	e := &page{t: t, ctx: browser(t), base: p.base}
	e.check = exceptions(t, e.ctx)
	if _, err := chromedpNavigate(e, "/embed"+frag); err != nil {
		t.Fatal(err)
	}
	e.waitFor("#embed-load")
	e.waitJS(`document.querySelector('#embed-poster').textContent.includes('account-events')`, "the poster's topics")
	e.click("#embed-load")
	if _, err := mounted(e.ctx); err != nil {
		t.Fatalf("embed did not mount after the click: %v", err)
	}
	e.waitFor(`#shell[data-broker="rocketmq"]`)
	if e.exists("#side") {
		t.Error("the embed is not read-only")
	}
	e.click("#play") // at 100×, the poison message is in the DLQ after 50 ms
	e.waitFor(rqLane("%DLQ%ledger", 0) + ` [data-role="rq-chip"]`)
	e.screenshot("rocketmq-embed.png")
	e.check()

	// The embed options a RocketMQ embed honours: load, lang, controls, play.
	o := &page{t: t, ctx: browser(t), base: p.base}
	o.check = exceptions(t, o.ctx)
	if _, err := chromedpNavigate(o, "/embed"+frag+"&load=1&lang=zh&controls=0&play=1"); err != nil {
		t.Fatal(err)
	}
	if _, err := mounted(o.ctx); err != nil {
		t.Fatalf("load=1: the embed did not mount by itself: %v", err)
	}
	o.waitFor(`#shell[data-broker="rocketmq"].dl-shell--nocontrols`)
	o.waitFor(rqLane("%DLQ%ledger", 0) + ` [data-role="rq-chip"]`) // play=1: it plays without a click
	if js[bool](o, `(() => { const b = document.querySelector('#play'); return !!b && b.offsetParent !== null; })()`) {
		t.Error("controls=0: the play button is still shown")
	}
	if got := o.text("#clock"); !strings.Contains(got, "虚拟时间") {
		t.Errorf("lang=zh: the clock reads %q", got)
	}
	o.screenshot("rocketmq-embed-options.png")
	o.check()
	p.check()
}
