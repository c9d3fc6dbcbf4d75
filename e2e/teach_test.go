package e2e

import (
	"strconv"
	"strings"
	"testing"
)

// Journeys of the teaching parts: the guided start of a first visit, a
// lesson's checkpoints, stepping one broker event at a time and back, and
// opening what a consumer received.

// TestJourneyFirstVisit: a first visit shows the guided start; "Start
// here" opens the library and a lesson from it; once dismissed it stays
// away, and "?" brings it back.
func TestJourneyFirstVisit(t *testing.T) {
	p := openPage(t, "/")
	p.waitFor("#guide")
	if n := js[int](p, `document.querySelectorAll('#guide li').length`); n != 3 {
		t.Errorf("the guided start lists %d things to try, want 3", n)
	}
	p.screenshot("first-visit-guide.png")
	p.click("#guide-start")
	p.waitFor("#library")
	p.waitFor("#lesson-retry-loop")
	if p.exists("#guide") {
		t.Error("the guided start stays over the library")
	}
	p.click(`[data-lesson="retry-loop"]`)
	p.waitJS(`document.querySelector('#library') === null`, "the library to close")
	if got := p.text("#scenario-title"); !strings.Contains(got, "Retry loop") {
		t.Fatalf("title = %q", got)
	}
	if got := js[string](p, `localStorage.getItem('dlxlab.guide.v1') || ''`); got != "dismissed" {
		t.Errorf("the dismissal is not remembered: %q", got)
	}
	p.click("#tab-scenario")
	p.click("#new-scenario")
	p.waitFor("#canvas-hint")
	if p.exists("#guide") {
		t.Error("the guided start comes back on an empty canvas after it was dismissed")
	}
	p.click("#help-open")
	p.waitFor("#guide")
	p.click("#guide-close")
	p.waitJS(`document.querySelector('#guide') === null`, "the guided start to close")
	p.check()
}

// TestJourneyCheckpoints: the retry loop pauses at its checkpoints, asks
// before it shows, reveals the answer after playing on, and at the end the
// acked message is still there to open, with its x-death.
func TestJourneyCheckpoints(t *testing.T) {
	p := openPage(t, "/")
	p.loadLesson("retry-loop")
	p.click("#play")
	p.waitFor(`#checkpoint[data-index="1"][data-waiting="true"]`)
	if got := p.text("#checkpoint-text"); !strings.Contains(got, "worker") || !strings.Contains(got, "wait") {
		t.Errorf("checkpoint 1 text = %q", got)
	}
	if p.exists("#checkpoint-answer") {
		t.Error("the answer shows before playing on")
	}
	if got := p.text("#clock-time"); got != "t = 0.000 s" {
		t.Errorf("the clock did not stop at the checkpoint: %s", got)
	}
	p.click(`[data-choice="2"]`)
	p.waitFor(`[data-choice="2"][data-state="picked"]`)
	p.screenshot("checkpoint-question.png")
	p.click("#checkpoint-continue")
	p.waitFor(`#checkpoint[data-index="2"][data-waiting="true"]`)
	if got := p.text("#clock-time"); got != "t = 0.300 s" {
		t.Errorf("checkpoint 2 at %s, want 0.300 s", got)
	}
	if got := p.text("#checkpoint-prev"); !strings.Contains(got, "You were right") || !strings.Contains(got, "default exchange") {
		t.Errorf("the first answer, revealed after playing on = %q", got)
	}
	p.screenshot("checkpoint-answer.png")
	p.click(`[data-choice="1"]`) // wrong on purpose
	p.click("#checkpoint-continue")
	p.waitFor(`#checkpoint[data-index="3"]`)
	if got := p.text("#checkpoint-prev"); !strings.Contains(got, "Not quite") || !strings.Contains(got, "counted up by one") {
		t.Errorf("the second answer = %q", got)
	}
	if got := p.text("#clock-time"); got != "t = 1.200 s" {
		t.Errorf("checkpoint 3 at %s, want 1.200 s", got)
	}

	// job-1 was acked: it is gone from the broker, but worker's
	// deliveries are listed on main, and the last one opens with the
	// x-death it was delivered with.
	p.pointerClick(`[data-node="queue:main"]`)
	p.waitFor(`#received [data-testid="received-row"]`)
	if n := js[int](p, `document.querySelectorAll('#received [data-testid="received-row"]').length`); n != 5 {
		t.Errorf("main lists %d received deliveries, want 5", n)
	}
	p.click(`#received [data-outcome="acked"] button`)
	p.waitFor("#inspect-message")
	if xd := p.xdeath(); xd["main/rejected"] != "4" || xd["wait/expired"] != "4" {
		t.Errorf("x-death of the acked delivery = %v", xd)
	}
	if got := p.text("#msg-where"); !strings.Contains(got, "Received by worker") || !strings.Contains(got, "acked") {
		t.Errorf("where = %q", got)
	}
	if title := js[string](p, `document.querySelector('#xdeath th[data-help="count"]').title`); !strings.Contains(title, "per (queue, reason)") &&
		!strings.Contains(title, "died in this queue") {
		t.Errorf("the count column does not explain itself: %q", title)
	}
	if got := p.text("#xdeath-note"); !strings.Contains(got, "writes the x-last-death") {
		t.Errorf("version note = %q", got)
	}
	// At 1280×800 the open checkpoint folds to its question, and the
	// x-death table is in sight without scrolling; Unfold brings it all back.
	if js[string](p, `document.querySelector('#checkpoint').dataset.folded`) != "true" {
		t.Error("the checkpoint does not fold while a message is open")
	}
	if !inSight(p, "#xdeath") {
		t.Error("the x-death table is below the fold with the checkpoint open")
	}
	p.screenshot("checkpoint-acked-xdeath.png")
	p.click("#checkpoint-fold")
	p.waitFor(`#checkpoint[data-folded="false"] #checkpoint-text`)
	p.click("#checkpoint-fold")
	p.waitFor(`#checkpoint[data-folded="true"]`)
	p.fill("#lang", "zh")
	p.waitFor("#checkpoint")
	if got := p.text("#checkpoint-text"); !strings.Contains(got, "第五次投递") {
		t.Errorf("checkpoint in Chinese = %q", got)
	}
	p.screenshot("checkpoint-zh.png")
	p.check()
}

// inSight reports whether the element is wholly on screen, not hidden
// under its scrolling panel's edge.
func inSight(p *page, sel string) bool {
	return js[bool](p, `(() => { const el = document.querySelector(`+quote(sel)+`); if (!el) return false;
		const r = el.getBoundingClientRect(); if (r.top < 0 || r.bottom > innerHeight || r.height === 0) return false;
		for (let a = el.parentElement; a; a = a.parentElement) {
			const s = getComputedStyle(a); if (!/(auto|scroll|hidden)/.test(s.overflowY)) continue;
			const b = a.getBoundingClientRect(); if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) return false;
		}
		return true; })()`)
}

// canvasState is what the canvas and the clock show: the clock, the
// caption and every queue's counts.
func canvasState(p *page) string {
	return js[string](p, `(() => {
		const parts = [document.querySelector('#clock-time').textContent,
			(document.querySelector('#event-caption') || {textContent: ''}).textContent];
		document.querySelectorAll('[data-role="node"][data-kind="queue"]').forEach(n =>
			parts.push(n.getAttribute('data-node') + '=' + n.textContent));
		return parts.join(' | '); })()`)
}

// TestJourneyStepEvents: Step shows one broker event at a time with its
// caption; Back restores exactly what was shown before; the scrubber goes
// to an event.
func TestJourneyStepEvents(t *testing.T) {
	p := openPage(t, "/")
	p.loadLesson("dlx-maxlen-drop-head")
	wantKinds := []string{"published", "routed", "enqueued", "published", "routed", "enqueued"}
	var states []string
	for i, kind := range wantKinds {
		p.click("#step-event")
		p.waitFor(`#event-caption[data-pos="` + strconv.Itoa(i+1) + `"]`)
		if got := js[string](p, `document.querySelector('#event-caption').dataset.kind`); got != kind {
			t.Errorf("event %d is %s, want %s", i+1, got, kind)
		}
		states = append(states, canvasState(p))
	}
	if got := p.text("#event-caption"); !strings.Contains(got, `"msg1" is now in queue m3`) {
		t.Errorf("caption = %q", got)
	}
	if !strings.Contains(states[2], "ready 1") || !strings.Contains(states[5], "ready 2") {
		t.Errorf("m3 does not fill one message at a time:\n%s\n%s", states[2], states[5])
	}
	p.screenshot("step-one-event.png")
	for i := len(states) - 2; i >= 1; i-- {
		p.click("#step-back")
		p.waitFor(`#event-caption[data-pos="` + strconv.Itoa(i+1) + `"]`)
		if got := canvasState(p); got != states[i] {
			t.Errorf("back at event %d:\n got %s\nwant %s", i+1, got, states[i])
		}
	}
	p.fill("#scrubber", "5")
	p.waitFor(`#event-caption[data-pos="5"]`)
	if got := canvasState(p); got != states[4] {
		t.Errorf("scrubbed to event 5:\n got %s\nwant %s", got, states[4])
	}
	p.click("#event-open")
	p.waitFor("#inspect-message")
	if got := p.text("#msg-body"); got != "msg1" {
		t.Errorf("the caption's message = %q, want msg1", got)
	}
	p.screenshot("step-back-scrubbed.png")
	stepToHandoff(p)
	p.check()
}

// stepToHandoff: in the retry loop, job-1 is handed straight to the
// waiting worker; stopped between its "enqueued" and its "delivered", the
// queue's inspector lists it as being delivered, and its panel says so.
func stepToHandoff(p *page) {
	p.t.Helper()
	p.loadLesson("retry-loop")
	for i := 1; i <= 3; i++ {
		p.click("#step-event")
		p.waitFor(`#event-caption[data-pos="` + strconv.Itoa(i) + `"]`)
	}
	if ready := openQueue(p, "main"); len(ready) != 0 {
		p.t.Errorf("main lists %v ready while job-1 is handed to the worker", ready)
	}
	p.waitFor(`#handoff [data-testid="handoff-row"]`)
	if got := p.text("#handoff"); !strings.Contains(got, "job-1") || !strings.Contains(got, "worker") {
		p.t.Errorf("the copy being delivered reads %q", got)
	}
	p.screenshot("step-handoff.png")
	p.click(`#handoff [data-testid="handoff-row"] button`)
	p.waitFor("#inspect-message")
	if got := p.text("#msg-where"); !strings.Contains(got, "Being delivered from main to worker") {
		p.t.Errorf("the message's whereabouts read %q", got)
	}
}
