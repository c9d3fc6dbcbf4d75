package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestJourneyPhone: at 390×844 the page is no wider than the screen, the
// header keeps "Copy link" and folds the rest into a menu, the canvas and
// the panels are two tabs (tapping a node shows its panel), and the clock
// stays on screen at the bottom.
func TestJourneyPhone(t *testing.T) {
	p := &page{t: t, ctx: browser(t), base: siteURL(t)}
	p.check = exceptions(t, p.ctx)
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	p.first = p.navigate("/")
	p.waitFor("#guide-close") // the guided start of a first visit
	p.click("#guide-close")

	visible := func(sel string) bool {
		return js[bool](p, `(() => { const el = document.querySelector(`+quote(sel)+`); if (!el || el.offsetParent === null) return false;
			const r = el.getBoundingClientRect(); return r.width > 0 && r.left >= 0 && r.right <= innerWidth + 0.5; })()`)
	}
	tooWide := func(when string) {
		t.Helper()
		if w := js[float64](p, `document.documentElement.scrollWidth`); w > 390 {
			wide := js[[]string](p, `[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > innerWidth + 0.5 && e.offsetParent !== null
				&& !e.closest('.dl-tablewrap, .dl-grid, .dl-kv, .dl-tabs, svg')).slice(0, 8).map(e => e.tagName + '#' + e.id + '.' + e.className)`)
			t.Errorf("%s: the page is %v px wide on a 390 px screen; too wide: %v", when, w, wide)
		}
	}

	if !visible("#share") || !visible("#menu-toggle") {
		t.Error(`"Copy link" and the menu button must both be on screen`)
	}
	if visible("#undo") || visible("#library-open") {
		t.Error("the header's other actions should be folded into the menu")
	}
	tooWide("start")
	p.click("#menu-toggle")
	if !visible("#library-open") || !visible("#lang") || !visible("#undo") {
		t.Error("the open menu should show the library, the language and undo")
	}
	tooWide("menu open")
	p.screenshot("phone-menu.png")
	p.click("#library-open")
	p.click(`[data-lesson="retry-loop"]`)
	p.waitJS(`document.querySelector('#library') === null`, "the library to close")
	p.waitFor(`[data-node="queue:main"]`)
	if js[string](p, `document.querySelector('.dl-header').dataset.menu`) == "true" {
		p.click("#menu-toggle")
	}

	// The canvas tab, then the panels tab.
	if !visible("#view-tabs") || !visible("#canvas") || visible("#side") {
		t.Error("the phone should show the view tabs and the canvas alone")
	}
	p.click("#step")
	p.screenshot("phone-canvas.png")
	tooWide("canvas")
	// Tapping a node shows its panel.
	p.pointerClick(`[data-node="queue:main"]`)
	p.waitFor(`#inspect-queue[data-queue="main"]`)
	if visible("#canvas") || !visible("#side") || !visible("#inspect-queue") {
		t.Error("tapping queue main should switch to the panels tab and show the queue")
	}
	if !inSight(p, "#inspect-queue .dl-inspect-head") {
		t.Error("after the tap the queue's panel is off screen (below the checkpoint)")
	}
	p.screenshot("phone-tap-node.png")
	p.click("#view-canvas")
	p.click("#view-panel")
	if visible("#canvas") || !visible("#side") {
		t.Error("the panels tab should show the side panel alone")
	}
	tooWide("panels")

	// The clock stays at the bottom of the screen, however far the page scrolls.
	js[bool](p, `(window.scrollTo(0, document.documentElement.scrollHeight), true)`)
	p.settle()
	r := js[[]float64](p, `(() => { const r = document.getElementById('clock').getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; })()`)
	if r[0] < 0 || r[1] > r[2]+0.5 {
		t.Errorf("the clock bar is at %v..%v of a %v px screen: not in view after scrolling", r[0], r[1], r[2])
	}
	if !visible("#play") {
		t.Error("play is not in reach")
	}
	p.screenshot("phone-panels.png")

	// In Chinese: the charts' legend, and no "peak" for a queue that never
	// held a message.
	p.click("#menu-toggle")
	p.fill("#lang", "zh")
	p.click("#menu-toggle")
	p.click("#tab-charts")
	p.waitFor(".dl-marklegend")
	if got := p.text(".dl-marklegend"); !strings.Contains(got, "入队") || strings.Contains(got, "enqueued ") {
		t.Errorf("chart legend in Chinese = %q", got)
	}
	for _, c := range js[[]string](p, `[...document.querySelectorAll('.dl-chart figcaption')].map(f => f.textContent)`) {
		if strings.Contains(c, "峰值 1") && strings.Contains(c, "就绪 0") && strings.HasPrefix(c, "main") {
			t.Errorf("chart caption %q", c)
		}
	}
	tooWide("charts, 中文")
	p.screenshot("phone-charts-zh.png")
	p.check()
}
