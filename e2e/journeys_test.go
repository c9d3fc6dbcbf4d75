package e2e

import (
	"os"
	"strings"
	"testing"
)

// The learner journeys. Each asserts what the learner sees
// and saves screenshots to e2e/screenshots/.

// TestJourneyRetryLoop (1): open "retry loop", play; the inspector shows
// the message's x-death with main/rejected count 3.
func TestJourneyRetryLoop(t *testing.T) {
	p := openPage(t, "/")
	p.click("#library-open")
	p.waitFor("#lesson-retry-loop")
	if n := js[int](p, `document.querySelectorAll('#library .dl-lesson').length`); n < 3 {
		t.Errorf("the library lists %d lessons", n)
	}
	if got := p.text("#lesson-retry-loop"); !strings.Contains(got, "Retry loop") || !strings.Contains(got, "x-death") {
		t.Errorf("lesson entry = %q, want its title and summary", got)
	}
	p.screenshot("library.png")
	p.click("#library-close")
	p.loadLesson("retry-loop")
	if got := p.text("#scenario-title"); !strings.Contains(got, "Retry loop") {
		t.Fatalf("title = %q", got)
	}
	for _, n := range []string{"queue:main", "queue:wait", "exchange:retry.dlx"} {
		p.waitFor(`[data-node="` + n + `"]`)
	}
	p.screenshot("retry-loop-loaded.png")

	// Start the run, pick the message (it waits in wait after its first
	// rejection), then play and watch its x-death.
	p.click("#step")
	p.pointerClick(`[data-node="queue:wait"]`)
	p.waitFor(`#msg-list [data-testid="msg-row"]`)
	p.click(`#msg-list [data-testid="msg-row"]`)
	p.waitFor("#inspect-message")
	// Record every count the page shows for main/rejected, so a slow
	// poll cannot miss the moment it reads 3.
	js[bool](p, `(() => { window.__seen = [];
		const read = () => { const tr = document.querySelector('#xdeath tr[data-queue="main"][data-reason="rejected"]');
			if (tr) { const c = tr.querySelector('.xd-count').textContent.trim(); if (window.__seen.at(-1) !== c) window.__seen.push(c); } };
		read(); new MutationObserver(read).observe(document.body, {subtree: true, childList: true, characterData: true});
		return true; })()`)
	p.click("#play")
	p.autoContinue() // the lesson's checkpoints pause the clock: play on through them
	p.waitJS(`window.__seen.includes('3')`, "x-death main/rejected count 3")
	p.click("#play") // pause
	if seen := js[[]string](p, `window.__seen`); len(seen) < 3 || seen[0] != "1" {
		t.Errorf("counts shown: %v, want them to climb 1, 2, 3", seen)
	}
	xd := p.xdeath()
	if xd["main/rejected"] != "3" && xd["main/rejected"] != "4" {
		t.Errorf("x-death after pause = %v", xd)
	}
	if !p.exists(`#history li[data-key="hist.deadlettered"]`) {
		t.Error("the message history has no dead-lettering")
	}
	p.screenshot("retry-loop-xdeath.png")
	p.check()
}

// TestJourneyBuildFromEmpty (2): from an empty canvas add an exchange, a
// queue with a TTL and a DLX, a binding, a DLQ; publish with an
// expiration; advance; the DLQ holds the message, reason expired, with
// original-expiration.
func TestJourneyBuildFromEmpty(t *testing.T) {
	p := openPage(t, "/")
	if got := p.text("#canvas-hint"); !strings.Contains(got, "Pick a scenario") {
		t.Fatalf("empty canvas hint = %q", got)
	}
	addExchange := func(name, typ string) {
		p.click("#add-exchange")
		p.fill("#x-name", name)
		p.fill("#x-type", typ)
		p.click("#x-save")
		p.waitFor(`[data-node="exchange:` + name + `"]`)
	}
	addExchange("orders", "direct")
	addExchange("orders.dlx", "fanout")

	p.click("#add-queue")
	p.fill("#q-name", "work")
	p.click("#q-arg-add") // x-message-ttl
	p.fill("#q-arg-key-0", "x-message-ttl")
	p.fill("#q-arg-val-0", "60000")
	p.click("#q-arg-add")
	p.fill("#q-arg-key-1", "x-dead-letter-exchange")
	p.fill("#q-arg-val-1", "orders.dlx")
	p.waitJS(`document.querySelector('#q-args [data-testid="arg-row"] .dl-help').textContent.includes('expires')`,
		"the inline help for x-message-ttl")
	p.screenshot("build-queue-form.png")
	p.click("#q-save")
	p.waitFor(`[data-node="queue:work"]`)

	p.click("#add-queue")
	p.fill("#q-name", "work.dlq")
	p.click("#q-save")
	p.waitFor(`[data-node="queue:work.dlq"]`)

	p.click("#add-binding")
	p.fill("#b-source", "orders")
	p.fill("#b-dest", "queue:work")
	p.fill("#b-key", "new")
	p.click("#b-save")
	p.fill("#b-source", "orders.dlx")
	p.fill("#b-dest", "queue:work.dlq")
	p.click("#b-save")
	p.waitFor(`[data-edge="dlx|work"]`)
	if got := p.text(`[data-role="edge-labels"][data-edge="dlx|work"]`); !strings.Contains(got, "(queue argument)") {
		t.Errorf("DLX link label = %q, want it to say where the DLX comes from", got)
	}
	if n := js[int](p, `document.querySelectorAll('[data-kind="binding"]').length`); n < 2 {
		t.Errorf("%d binding edges drawn, want 2", n)
	}

	p.click("#tab-publish")
	p.fill("#pub-exchange", "orders")
	p.fill("#pub-key", "new")
	p.fill("#pub-body", "order-42")
	p.fill("#pub-expiration", "1000")
	p.click("#pub-send")
	p.waitJS(`document.querySelector('#count-work').textContent.includes('ready 1')`, "work to hold the message")
	p.screenshot("build-published.png")

	p.click("#jump-1s")
	p.waitJS(`document.querySelector('#count-work_dlq') && document.querySelector('#count-work_dlq').textContent.includes('ready 1')`,
		"work.dlq to hold the message")
	p.pointerClick(`[data-node="queue:work.dlq"]`)
	p.click(`#msg-list [data-testid="msg-row"]`)
	p.waitFor(`#xdeath tr[data-queue="work"][data-reason="expired"]`)
	if got := p.text(`#xdeath tr[data-queue="work"][data-reason="expired"] .xd-origexp`); !strings.Contains(got, "1000") {
		t.Errorf("original-expiration = %q, want 1000", got)
	}
	if got := p.text("#msg-props"); strings.Contains(got, "expiration1000") {
		t.Errorf("expiration still set after dead-lettering: %q", got)
	}
	if got := p.text("#msg-body"); got != "order-42" {
		t.Errorf("body = %q", got)
	}
	p.screenshot("build-dlq-xdeath.png")
	p.check()
}

// TestJourneyInvalidArgument (3): an invalid argument shows the broker's
// 406 text and changes nothing.
func TestJourneyInvalidArgument(t *testing.T) {
	p := openPage(t, "/")
	p.loadLesson("retry-loop")
	p.click("#tab-scenario")
	before := js[string](p, `document.querySelector('#yaml-text').value`)
	nodes := js[int](p, `document.querySelectorAll('[data-role="node"]').length`)
	undoDisabled := js[bool](p, `document.querySelector('#undo').disabled`)

	p.click("#add-queue")
	p.fill("#q-name", "broken")
	p.click("#q-arg-add")
	p.fill("#q-arg-key-0", "x-message-ttl")
	p.fill("#q-arg-val-0", "-5")
	p.click("#q-save")
	p.waitFor("#notice-text")
	want := "PRECONDITION_FAILED - invalid arg 'x-message-ttl' for queue 'broken' in vhost '/': {value_negative,-5}"
	if got := p.text("#notice-text"); got != want {
		t.Errorf("notice = %q, want %q", got, want)
	}
	if p.exists(`[data-node="queue:broken"]`) {
		t.Error("the refused queue is drawn")
	}
	if n := js[int](p, `document.querySelectorAll('[data-role="node"]').length`); n != nodes {
		t.Errorf("%d nodes, was %d", n, nodes)
	}
	if d := js[bool](p, `document.querySelector('#undo').disabled`); d != undoDisabled {
		t.Error("a refused edit changed the undo history")
	}
	p.screenshot("invalid-argument.png")
	p.click("#tab-scenario")
	if after := js[string](p, `document.querySelector('#yaml-text').value`); after != before {
		t.Errorf("the scenario changed:\n%s\n---\n%s", before, after)
	}

	// The same scenario as YAML, with a typo: the error has its line:col.
	p.fill("#yaml-text", strings.Replace(before, "routing_key", "routing_ky", 1))
	p.click("#yaml-apply")
	p.waitFor("#yaml-errors li")
	if got := p.text("#yaml-errors"); !strings.Contains(got, ":") || !strings.Contains(got, "routing_ky") {
		t.Errorf("YAML errors = %q, want a line:col and the bad key", got)
	}
	p.screenshot("yaml-error.png")
	if after := js[bool](p, `document.querySelector('[data-node="queue:main"]') !== null`); !after {
		t.Error("a YAML error lost the scenario")
	}
	p.check()
}

// TestJourneyShareLink (4): copy the link, open it in a fresh page: the
// same scenario, at the same time, with the same selection.
func TestJourneyShareLink(t *testing.T) {
	p := openPage(t, "/")
	p.loadLesson("retry-loop")
	p.click("#jump-1s")
	p.pointerClick(`[data-node="queue:wait"]`)
	p.click("#share")
	p.waitFor("#share-link")
	link := js[string](p, `document.querySelector('#share-link').value`)
	if !strings.Contains(link, "/#s=1.") {
		t.Fatalf("link = %q", link)
	}
	// A static site has no share API: no short links offered.
	if os.Getenv("SITE_URL") == "" {
		p.waitFor(`[data-shortlinks="off"]`)
		if p.exists("#share-short") {
			t.Error("a site without the share API offers short links")
		}
	}
	// A lesson's checkpoints (narration in two languages) take its link
	// past the 2,000 characters of a plain scenario; scenarios/library_test.go
	// pins both bounds (TestLibraryChinese).
	if len(link) > 6000 {
		t.Errorf("link is %d characters; a library lesson should fit in 6,000", len(link))
	}
	p.screenshot("share-link.png")
	title, clock := p.text("#scenario-title"), p.text("#clock-time")

	q := openPage(t, strings.TrimPrefix(link, p.base))
	q.waitFor(`[data-node="queue:wait"]`)
	if got := q.text("#scenario-title"); got != title {
		t.Errorf("title = %q, want %q", got, title)
	}
	if got := q.text("#clock-time"); got != clock {
		t.Errorf("clock = %q, want %q", got, clock)
	}
	if !q.exists(`#inspect-queue[data-queue="wait"]`) {
		t.Error("the selected queue is not inspected")
	}
	if h := js[string](q, `location.hash`); h != "" {
		t.Errorf("the fragment stayed in the address bar: %q", h)
	}
	q.screenshot("share-opened.png")

	// A damaged link: a polite error, the page still works.
	q.navigate("/#s=1.AAAA-broken")
	q.waitFor("#notice-text")
	if got := q.text("#notice"); !strings.Contains(got, "could not be opened") {
		t.Errorf("bad link notice = %q", got)
	}
	if !q.exists(`[data-node="queue:wait"]`) {
		t.Error("a bad link lost the work")
	}
	q.screenshot("share-bad-link.png")
	p.check()
	q.check()
}

// TestJourneyReloadKeepsWork (5): a reload restores the autosave.
func TestJourneyReloadKeepsWork(t *testing.T) {
	p := openPage(t, "/")
	p.loadLesson("reject-to-dlq")
	p.click("#add-queue")
	p.fill("#q-name", "audit")
	p.click("#q-save")
	p.waitFor(`[data-node="queue:audit"]`)
	p.click("#jump-1s")
	p.fill("#speed", "10")
	clock := p.text("#clock-time")
	p.navigate("/")
	p.waitFor(`[data-node="queue:audit"]`)
	if got := p.text("#clock-time"); got != clock {
		t.Errorf("clock after reload = %q, want %q", got, clock)
	}
	if got := p.text("#scenario-title"); !strings.Contains(got, "dead-letter queue") {
		t.Errorf("title after reload = %q", got)
	}
	if got := js[string](p, `document.querySelector('#speed').value`); got != "10" {
		t.Errorf("speed after reload = %q", got)
	}
	p.screenshot("reload-kept.png")
	p.check()
}

// TestJourneyEmbed (6): the embed page shows a poster, loads the wasm
// only on click, then plays.
func TestJourneyEmbed(t *testing.T) {
	p := openPage(t, "/")
	p.loadLesson("retry-loop")
	p.click("#share")
	link := js[string](p, `document.querySelector('#share-link').value`)
	frag := link[strings.Index(link, "#"):]

	e := &page{t: t, ctx: browser(t), base: p.base}
	e.check = exceptions(t, e.ctx)
	if _, err := chromedpNavigate(e, "/embed"+frag); err != nil {
		t.Fatal(err)
	}
	e.waitFor("#embed-load")
	e.waitJS(`document.querySelector('#embed-poster h2').textContent.includes('Retry loop')`, "the poster title")
	if js[bool](e, `performance.getEntriesByType('resource').some(r => r.name.includes('app.wasm') && r.decodedBodySize > 0)`) {
		t.Error("app.wasm was fetched before the click")
	}
	e.screenshot("embed-poster.png")
	e.click("#embed-load")
	if _, err := mounted(e.ctx); err != nil {
		t.Fatalf("embed did not mount after the click: %v", err)
	}
	e.waitFor(`[data-node="queue:main"]`)
	if e.exists("#side") || e.exists("#add-queue") {
		t.Error("the embed is not read-only")
	}
	e.click("#play")
	e.waitJS(`document.querySelector('#clock-time').textContent !== 't = 0.000 s'`, "the embed clock to run")
	e.screenshot("embed-playing.png")
	e.check()
	p.check()
}

// TestJourneyLanguage (7): switch to 中文 and back; the choice persists.
func TestJourneyLanguage(t *testing.T) {
	p := openPage(t, "/")
	p.loadLesson("retry-loop")
	p.fill("#lang", "zh")
	p.waitJS(`document.querySelector('#tab-inspect .dl-tab-label').textContent === '检查'`, "Chinese tabs")
	if got := p.text("#play"); !strings.Contains(got, "播放") {
		t.Errorf("play button = %q", got)
	}
	if got := js[string](p, `document.documentElement.lang`); got != "zh-CN" {
		t.Errorf("html lang = %q", got)
	}
	// The lesson's own texts in Chinese (title_zh, summary_zh): header,
	// lesson intro and the library list; reasons in code font.
	const zhTitle = "用 TTL 等待队列实现重试循环"
	if got := p.text("#scenario-title"); got != zhTitle {
		t.Errorf("header title = %q, want %q", got, zhTitle)
	}
	if got := p.text("#lesson-intro p"); !strings.Contains(got, "带 TTL 的等待队列") {
		t.Errorf("lesson intro = %q", got)
	}
	p.click("#library-open")
	p.waitFor("#lesson-retry-loop")
	if got := p.text("#lesson-retry-loop .dl-lesson-title"); got != zhTitle {
		t.Errorf("library entry title = %q, want %q", got, zhTitle)
	}
	p.fill("#library-search", "等待队列把它送回去")
	p.waitJS(`document.querySelector('#lesson-retry-loop') !== null && document.querySelector('#lesson-basics-reject-to-dlq') === null`,
		"a Chinese search to keep retry-loop only among the matches")
	p.screenshot("library-zh.png")
	p.click("#library-close")
	p.pointerClick(`[data-node="queue:main"]`)
	p.click("#step")
	p.screenshot("language-zh.png")
	p.navigate("/")
	p.waitJS(`document.querySelector('#tab-inspect .dl-tab-label').textContent === '检查'`, "Chinese after reload")
	p.fill("#lang", "en")
	p.waitJS(`document.querySelector('#tab-inspect .dl-tab-label').textContent === 'Inspect'`, "English again")
	if got := p.text("#scenario-title"); got != "Retry loop with a TTL wait queue" {
		t.Errorf("header title in English = %q", got)
	}
	if got := p.text("#play"); !strings.Contains(got, "Play") {
		t.Errorf("play button = %q", got)
	}
	p.check()
}

// TestJourneyByHand: a consumer attached by hand holds every delivery;
// the learner settles them one by one; a mandatory publish nobody takes
// comes back; the charts show what happened.
func TestJourneyByHand(t *testing.T) {
	p := openPage(t, "/")
	p.click("#add-queue")
	p.fill("#q-name", "tasks")
	p.click("#q-save")
	p.waitFor(`[data-node="queue:tasks"]`)
	p.click("#add-consumer")
	p.fill("#c-name", "me")
	p.fill("#c-queue", "tasks")
	p.fill("#c-prefetch", "0")
	p.click("#c-save")
	p.waitJS(`document.querySelector('[data-node="queue:tasks"]').textContent.includes('me')`, "the consumer badge")

	p.click("#tab-publish")
	p.fill("#pub-key", "tasks")
	p.fill("#pub-body", "task")
	p.fill("#pub-count", "2")
	p.click("#pub-send")
	p.waitJS(`document.querySelector('#count-tasks').textContent.includes('unacked 2')`, "two held deliveries")

	p.pointerClick(`[data-node="queue:tasks"]`)
	p.waitJS(`document.querySelectorAll('#held [data-testid="held-row"]').length === 2`, "two held rows")
	p.screenshot("byhand-held.png")
	p.click(`#held [data-testid="held-row"]:nth-child(2) [data-testid="settle-reject"]`)
	p.waitJS(`document.querySelectorAll('#held [data-testid="held-row"]').length === 1`, "one held row")
	p.click(`#held [data-testid="held-row"] [data-testid="settle-ack"]`)
	p.waitJS(`document.querySelector('#count-tasks').textContent.includes('unacked 0')`, "nothing held")
	if got := p.text("#q-drops"); !strings.Contains(got, "no-dlx") {
		t.Errorf("drops = %q, want the rejected message dropped as no-dlx", got)
	}

	p.click("#tab-publish")
	p.fill("#pub-key", "nowhere")
	p.fill("#pub-count", "1")
	p.click("#pub-mandatory")
	p.click("#pub-send")
	p.waitFor(`#returns [data-testid="returned"]`)
	if got := p.text("#returns"); !strings.Contains(got, "312 NO_ROUTE") {
		t.Errorf("returns = %q", got)
	}
	p.screenshot("byhand-returned.png")

	p.click("#tab-charts")
	p.waitFor(`#depth-charts [data-queue="tasks"]`)
	if n := js[int](p, `document.querySelectorAll('#timeline [data-role="mark"]').length`); n < 4 {
		t.Errorf("timeline has %d marks", n)
	}
	p.screenshot("charts.png")
	p.check()
}

// TestCanvasDragUndoKeys: a dragged node stays where it was put (and
// after a reload); Ctrl+Z / Ctrl+Shift+Z undo and redo it; space plays
// and pauses; → steps.
func TestCanvasDragUndoKeys(t *testing.T) {
	p := openPage(t, "/")
	// A template: lessons pause at their checkpoints, which would stop
	// the play this test presses.
	p.loadLesson("template-retry-with-delay-queue")
	node := `[data-node="queue:work.delay"]`
	pos := func() string { return js[string](p, `document.querySelector('`+node+`').getAttribute('transform')`) }
	waitPos := func(want, what string) {
		p.waitJS(`document.querySelector('`+node+`').getAttribute('transform') === `+quote(want), what)
	}
	before := pos()
	p.drag(node, 120, 40)
	p.waitJS(`document.querySelector('`+node+`').getAttribute('transform') !== `+quote(before), "the node to move")
	moved := pos()
	p.key("z", "ctrl")
	waitPos(before, "Ctrl+Z to put the node back")
	p.key("Z", "ctrl", "shift")
	waitPos(moved, "Ctrl+Shift+Z to move it again")
	p.navigate("/")
	p.waitFor(node)
	waitPos(moved, "the moved node after a reload")

	p.key(" ")
	p.waitJS(`document.querySelector('#play').getAttribute('aria-pressed') === 'true'`, "space to play")
	p.key(" ")
	p.waitJS(`document.querySelector('#play').getAttribute('aria-pressed') === 'false'`, "space to pause")
	p.click("#restart")
	p.waitJS(`document.querySelector('#clock-time').textContent === 't = 0.000 s'`, "restart")
	p.key("ArrowRight") // runs the steps at t=0
	p.key("ArrowRight") // the next thing: job-1's 5 s in work.delay end
	p.waitJS(`document.querySelector('#clock-time').textContent === 't = 5.000 s'`, "→ to step to 5 s")
	p.check()
}
