package e2e

import (
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The canvas as a reader uses it: readable text at the first look, zoom
// and pan (buttons, keys, wheel, pinch), "Fit", boxes that stay where they
// were when a consumer is attached, a 21-queue import, the labels in
// Chinese, and the diagram downloaded as SVG and PNG.

// scale is the canvas's current zoom (CSS px per drawing unit).
func (p *page) scale() float64 {
	return js[float64](p, `document.getElementById('canvas-view').getCTM().a`)
}

func (p *page) viewAt() [2]float64 {
	return js[[2]float64](p, `(() => { const m = document.getElementById('canvas-view').getCTM(); return [m.e, m.f]; })()`)
}

// canvasKey presses a key with the canvas focused.
func (p *page) canvasKey(key string) {
	p.t.Helper()
	js[bool](p, fmt.Sprintf(`(() => { const el = document.getElementById('canvas-svg'); el.focus();
		el.dispatchEvent(new KeyboardEvent('keydown', {key: %s, bubbles: true, cancelable: true})); return true; })()`, quote(key)))
	p.settle()
}

// smallestText is the smallest canvas text as drawn, in CSS px.
func (p *page) smallestText() float64 {
	return js[float64](p, `(() => { const s = document.getElementById('canvas-view').getCTM().a; let m = 1e9;
		document.querySelectorAll('#canvas-view [data-role="nodes"] text, #canvas-view [data-role="labels"] text').forEach(t => {
			m = Math.min(m, parseFloat(getComputedStyle(t).fontSize) * s); });
		return m; })()`)
}

func (p *page) nodePlaces() map[string]string {
	return js[map[string]string](p, `Object.fromEntries([...document.querySelectorAll('#canvas-view [data-node]')].map(n => [n.dataset.node, n.getAttribute('transform')]))`)
}

// captureDownloads records the files the page offers instead of saving them.
func (p *page) captureDownloads() {
	js[bool](p, `(() => { window.__downloads = []; HTMLAnchorElement.prototype.click = function() {
		const a = this; fetch(a.href).then(r => r.blob()).then(b => new Promise(ok => { const f = new FileReader();
			f.onload = () => ok(f.result); f.readAsDataURL(b); })).then(d => window.__downloads.push({name: a.download, data: d})); };
		return true; })()`)
}

// download waits for a file the page offered and returns its bytes.
func (p *page) download(suffix string) (string, []byte) {
	p.t.Helper()
	p.waitJS(`window.__downloads.some(d => d.name.endsWith(`+quote(suffix)+`))`, "a "+suffix+" download")
	got := js[[2]string](p, `(() => { const d = window.__downloads.find(d => d.name.endsWith(`+quote(suffix)+`)); return [d.name, d.data]; })()`)
	_, b64, _ := strings.Cut(got[1], ",")
	data, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		p.t.Fatalf("download %s: %v", got[0], err)
	}
	return got[0], data
}

func TestJourneyGraph(t *testing.T) {
	p := openPage(t, "/")
	p.loadLesson("template-parking-lot-after-retries")
	p.waitFor(`[data-node="queue:orders.parked"]`)
	if s := p.smallestText(); s < 9 {
		t.Errorf("the smallest canvas text is %.1f px at the first look, want 9 px or more", s)
	}
	if got := p.text(`[data-role="labels"]`); !strings.Contains(got, "dead letters → ") || strings.Contains(got, "DLX ←") {
		t.Errorf("edge labels = %q, want them in words", got)
	}
	p.screenshot("graph-lesson.png")

	// zoom: keys, buttons, the wheel, a pinch; pan: arrows; fit
	fit := p.scale()
	p.canvasKey("+")
	if s := p.scale(); s < fit*1.2 {
		t.Errorf("+ zoomed to %.2f from %.2f", s, fit)
	}
	clock := p.text("#clock-time")
	at := p.viewAt()
	p.canvasKey("ArrowRight")
	if got := p.viewAt(); got[0] >= at[0] {
		t.Errorf("→ did not pan the canvas: %v then %v", at, got)
	}
	if got := p.text("#clock-time"); got != clock {
		t.Errorf("→ on the canvas also moved the clock: %q → %q", clock, got)
	}
	p.canvasKey("0")
	if s := p.scale(); s != fit {
		t.Errorf("0 gave scale %.3f, want the fitted %.3f", s, fit)
	}
	p.click("#zoom-in")
	p.click("#zoom-in")
	p.screenshot("graph-zoomed.png")
	js[bool](p, `(() => { const el = document.getElementById('canvas-svg'); const r = el.getBoundingClientRect();
		el.dispatchEvent(new WheelEvent('wheel', {deltaY: 300, clientX: r.x + r.width/2, clientY: r.y + r.height/2, bubbles: true, cancelable: true}));
		return true; })()`)
	if s := p.scale(); s >= fit*1.25*1.25 {
		t.Errorf("the wheel did not zoom out: %.2f", s)
	}
	before := p.scale()
	js[bool](p, `(() => { const el = document.getElementById('canvas-svg'); const r = el.getBoundingClientRect();
		const cx = r.x + r.width/2, cy = r.y + r.height/2;
		const ev = (type, id, x) => el.dispatchEvent(new PointerEvent(type, {pointerId: id, clientX: x, clientY: cy, bubbles: true}));
		ev('pointerdown', 11, cx - 40); ev('pointerdown', 12, cx + 40);
		ev('pointermove', 11, cx - 80); ev('pointermove', 12, cx + 80);
		ev('pointerup', 11, cx - 80); ev('pointerup', 12, cx + 80); return true; })()`)
	if s := p.scale(); s < before*1.5 {
		t.Errorf("a pinch spreading two fingers zoomed from %.2f to %.2f", before, s)
	}
	p.click("#zoom-fit")
	if s := p.scale(); s != fit {
		t.Errorf("Fit gave %.3f, want %.3f", s, fit)
	}

	// a consumer attached (the queue's first) moves no box
	places := p.nodePlaces()
	p.click("#add-consumer")
	p.fill("#c-name", "reader")
	p.fill("#c-queue", "orders.parked")
	p.click("#c-save")
	p.waitJS(`document.querySelector('[data-node="queue:orders.parked"]').textContent.includes('reader')`, "the consumer badge")
	after := p.nodePlaces()
	for k, v := range places {
		if after[k] != v {
			t.Errorf("attaching a consumer moved %s from %s to %s", k, v, after[k])
		}
	}
	// a second consumer shares the badge row: the box keeps its size
	boxH := `document.querySelector('[data-node="queue:orders.parked"] [data-role="node-box"]').getAttribute('height')`
	h1 := js[string](p, boxH)
	p.click("#add-consumer")
	p.fill("#c-name", "auditor")
	p.fill("#c-queue", "orders.parked")
	p.click("#c-save")
	p.waitFor(`[data-node="queue:orders.parked"] [data-role="badge"][data-consumer="auditor"]`)
	if h2 := js[string](p, boxH); h2 != h1 {
		t.Errorf("a second consumer grew the queue's box from %s to %s", h1, h2)
	}
	for k, v := range p.nodePlaces() {
		if after[k] != v {
			t.Errorf("attaching a second consumer moved %s from %s to %s", k, after[k], v)
		}
	}
	p.screenshot("graph-two-consumers.png")

	// the diagram as SVG and PNG
	p.captureDownloads()
	p.click("#export-svg")
	name, svg := p.download(".svg")
	text := string(svg)
	if !strings.HasPrefix(text, "<svg") || !strings.Contains(text, "orders.parked") || !strings.Contains(text, "dead letters → ") ||
		strings.Contains(text, "data-token") || !strings.Contains(text, "font-size") {
		t.Errorf("%s is not the diagram with its styles: %s", name, clipText(text))
	}
	p.click("#export-png")
	name, png := p.download(".png")
	if len(png) < 8 || string(png[1:4]) != "PNG" {
		t.Errorf("%s is not a PNG (%d bytes)", name, len(png))
	}
	_ = os.MkdirAll("screenshots", 0o755)
	_ = os.WriteFile(filepath.Join("screenshots", "graph-export.svg"), svg, 0o644)
	saveScreenshot(t, "graph-export.png", png)

	// a missing exchange says so inside its box; a headers binding has a
	// line per header
	p.loadLesson("myth-dlx-need-not-exist")
	p.waitFor(`[data-missing="true"] [data-role="node-missing"]`)
	if over := js[float64](p, `(() => { const n = document.querySelector('[data-missing="true"]');
		const t = n.querySelector('[data-role="node-missing"]').getBBox(); const r = n.querySelector('rect').getBBox();
		return (t.x + t.width) - (r.x + r.width); })()`); over > 0 {
		t.Errorf("\"missing: not declared\" runs %.0f units out of its box", over)
	}
	p.screenshot("graph-missing.png")
	p.loadLesson("routing-dead-letters-by-reason")
	p.waitFor(`[data-kind="binding"]`)
	if n := js[int](p, `Math.max(...[...document.querySelectorAll('[data-role="edge-labels"][data-kind="binding"]')].map(g => g.querySelectorAll('text').length))`); n < 2 {
		t.Errorf("the headers bindings' keys are on %d line(s), want one per header", n)
	}
	p.screenshot("graph-headers.png")

	// the labels in Chinese
	p.fill("#lang", "zh")
	p.waitJS(`document.querySelector('[data-role="labels"]').textContent.includes('死信 → ')`, "the labels in Chinese")
	if got := js[string](p, `[...document.querySelectorAll('[data-role="edge"][data-kind="dlx"] > title')].map(t => t.textContent).join(' | ')`); !strings.Contains(got, "的死信发往") || strings.Contains(got, "dead-letters") {
		t.Errorf("the dead-letter edges' tooltips in Chinese: %q", got)
	}
	p.screenshot("graph-zh.png")
	p.fill("#lang", "en")
	p.check()
}

// TestJourneyGraphImport: a 21-queue production export is readable at
// the first look (text at 9 px or more, the rest a pan away), and the
// first publish does not move its boxes.
func TestJourneyGraphImport(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "scenarios", "lint", "testdata", "shop-production.json"))
	if err != nil {
		t.Fatal(err)
	}
	p := openPage(t, "/")
	p.click("#tab-scenario")
	p.click("#new-scenario")
	p.fill("#profile", "rabbitmq-3.12") // the export is from a 3.12 broker (ha-mode policies)
	p.fill("#defs-text", string(data))
	p.click("#defs-import")
	p.waitFor(`[data-node="queue:orders.created"]`)
	if s := p.smallestText(); s < 9 {
		t.Errorf("the smallest canvas text is %.1f px, want 9 px or more", s)
	}
	p.screenshot("graph-import.png")
	places := p.nodePlaces()
	p.click("#tab-publish")
	p.fill("#pub-exchange", "orders")
	p.fill("#pub-key", "order.created")
	p.fill("#pub-body", "o-1")
	p.click("#pub-send")
	p.waitFor(`[data-edge="publish|orders"]`)
	after := p.nodePlaces()
	for k, v := range places {
		if after[k] != v {
			t.Errorf("the first publish moved %s from %s to %s", k, v, after[k])
		}
	}
	p.canvasKey("ArrowDown")
	p.canvasKey("ArrowDown")
	p.screenshot("graph-import-panned.png")
	p.check()
}

// TestJourneyGraphTextSizes: the smallest canvas text at the first look,
// on a 1280×720 page and in a 720×480 embed (logged for the notes, and
// never below 9 px).
func TestJourneyGraphTextSizes(t *testing.T) {
	p := openPage(t, "/")
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"reject-to-dlq", "retry-loop", "template-delay-tiers"} {
		p.loadLesson(l)
		p.waitFor(`[data-kind="queue"]`)
		p.settle()
		s := p.smallestText()
		t.Logf("1280×720, %s: smallest canvas text %.1f px, zoom %s", l, s, p.text("#zoom-level"))
		if s < 9 {
			t.Errorf("%s: smallest canvas text %.1f px", l, s)
		}
	}
	p.screenshot("graph-1280x720.png")
	p.loadLesson("retry-loop")
	p.click("#share")
	link := js[string](p, `document.querySelector('#share-link').value`)
	frag := link[strings.Index(link, "#"):]

	e := &page{t: t, ctx: browser(t), base: p.base}
	e.check = exceptions(t, e.ctx)
	if err := chromedp.Do(e.ctx, chromedp.EmulateViewport(720, 480)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedpNavigate(e, "/embed"+frag); err != nil {
		t.Fatal(err)
	}
	e.click("#embed-load")
	if _, err := mounted(e.ctx); err != nil {
		t.Fatalf("embed did not mount: %v", err)
	}
	e.waitFor(`[data-node="queue:main"]`)
	e.settle()
	s := e.smallestText()
	t.Logf("720×480 embed, retry-loop: smallest canvas text %.1f px, zoom %s", s, e.text("#zoom-level"))
	if s < 9 {
		t.Errorf("embed: smallest canvas text %.1f px", s)
	}
	e.screenshot("graph-embed-720x480.png")
	e.check()
	p.check()
}
