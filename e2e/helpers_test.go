package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// page is a mounted DLX Lab page in its own browser, with helpers that
// act the way a learner does (clicks, typing) and read what they see.
type page struct {
	t     *testing.T
	ctx   context.Context
	base  string
	check func()
	first float64 // ms from navigation start to the first mount (openPage)
}

// openPage starts a browser, opens path and waits for the wasm.
func openPage(t *testing.T, path string) *page {
	t.Helper()
	return openPageAt(t, siteURL(t), path)
}

// openPageAt is openPage on the site at base (its own server).
func openPageAt(t *testing.T, base, path string) *page {
	t.Helper()
	ctx := browser(t)
	p := &page{t: t, ctx: ctx, base: base, check: exceptions(t, ctx)}
	p.first = p.navigate(path)
	return p
}

// navigate opens path on the same browser and waits for the wasm.
func (p *page) navigate(path string) float64 {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.Navigate(p.base+path)); err != nil {
		p.t.Fatalf("navigate %s: %v", path, err)
	}
	ms, err := mounted(p.ctx)
	if err != nil {
		p.t.Fatalf("waiting for the wasm to mount on %s: %v", path, err)
	}
	return ms
}

// js evaluates an expression and decodes its value into T.
func js[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.t.Fatalf("evaluate %s: %v", clipText(expr), err)
	}
	return v
}

// click clicks the element (a real click event, as a mouse would).
func (p *page) click(sel string) {
	p.t.Helper()
	p.waitFor(sel)
	js[bool](p, fmt.Sprintf(`(() => { const el = document.querySelector(%s); el.click(); return true; })()`, quote(sel)))
	p.settle()
}

// autoContinue makes the page play on through every checkpoint it
// reaches (journeys about other things than the checkpoints).
func (p *page) autoContinue() {
	p.t.Helper()
	js[bool](p, `(() => { setInterval(() => { const b = document.querySelector('#checkpoint-continue'); if (b) b.click(); }, 50); return true; })()`)
}

// pointerClick presses and releases the pointer on an SVG element (the
// canvas nodes listen to pointer events).
func (p *page) pointerClick(sel string) {
	p.t.Helper()
	p.waitFor(sel)
	js[bool](p, fmt.Sprintf(`(() => {
		const el = document.querySelector(%s);
		const r = el.getBoundingClientRect();
		const o = {bubbles: true, clientX: r.x + 20, clientY: r.y + 20, pointerId: 1, isPrimary: true};
		el.dispatchEvent(new PointerEvent('pointerdown', o));
		el.dispatchEvent(new PointerEvent('pointerup', o));
		return true; })()`, quote(sel)))
	p.settle()
}

// fill types a value into an input, textarea or select (and fires the
// events a keyboard or a choice would).
func (p *page) fill(sel, value string) {
	p.t.Helper()
	p.waitFor(sel)
	js[bool](p, fmt.Sprintf(`(() => {
		const el = document.querySelector(%s);
		el.focus();
		el.value = %s;
		el.dispatchEvent(new Event('input', {bubbles: true}));
		el.dispatchEvent(new Event('change', {bubbles: true}));
		el.blur();
		return true; })()`, quote(sel), quote(value)))
	p.settle()
}

// key presses a key on the page body, with Ctrl and Shift if asked.
func (p *page) key(key string, mods ...string) {
	p.t.Helper()
	ctrl, shift := false, false
	for _, m := range mods {
		ctrl = ctrl || m == "ctrl"
		shift = shift || m == "shift"
	}
	js[bool](p, fmt.Sprintf(`(() => { document.activeElement && document.activeElement.blur();
		document.body.dispatchEvent(new KeyboardEvent('keydown', {key: %s, ctrlKey: %t, shiftKey: %t, bubbles: true}));
		return true; })()`, quote(key), ctrl, shift))
	p.settle()
}

// drag moves an SVG node by dx, dy CSS pixels with pointer events.
func (p *page) drag(sel string, dx, dy float64) {
	p.t.Helper()
	p.waitFor(sel)
	js[bool](p, fmt.Sprintf(`(() => {
		const el = document.querySelector(%s);
		const svg = document.getElementById('canvas-svg');
		const r = el.getBoundingClientRect();
		const at = (x, y) => ({bubbles: true, clientX: x, clientY: y, pointerId: 1, isPrimary: true});
		const x = r.x + 20, y = r.y + 20;
		el.dispatchEvent(new PointerEvent('pointerdown', at(x, y)));
		for (let i = 1; i <= 5; i++) svg.dispatchEvent(new PointerEvent('pointermove', at(x + %f*i/5, y + %f*i/5)));
		svg.dispatchEvent(new PointerEvent('pointerup', at(x + %f, y + %f)));
		return true; })()`, quote(sel), dx, dy, dx, dy))
	p.settle()
}

// settle lets go-app's UI goroutine run the handler and render.
func (p *page) settle() { time.Sleep(60 * time.Millisecond) }

// waitFor waits until an element exists.
func (p *page) waitFor(sel string) {
	p.t.Helper()
	p.waitJS(fmt.Sprintf(`document.querySelector(%s) !== null`, quote(sel)), "element "+sel)
}

// waitJS waits until a JavaScript condition holds.
func (p *page) waitJS(cond, what string) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](cond,
		chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		p.t.Fatalf("waiting for %s: %v\npage text: %s", what, err, clipText(p.text("body")))
	}
}

// text is an element's text content ("" if absent).
func (p *page) text(sel string) string {
	p.t.Helper()
	return js[string](p, fmt.Sprintf(`(() => { const el = document.querySelector(%s); return el ? el.textContent : ""; })()`, quote(sel)))
}

func (p *page) exists(sel string) bool {
	return js[bool](p, fmt.Sprintf(`document.querySelector(%s) !== null`, quote(sel)))
}

// screenshot saves what the learner sees.
func (p *page) screenshot(name string) {
	p.t.Helper()
	p.settle()
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	saveScreenshot(p.t, name, png)
}

// clock reads the virtual time in milliseconds.
func (p *page) clockMS() int64 {
	p.t.Helper()
	s := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(p.text("#clock-time")), "t = "), " s")
	var sec float64
	fmt.Sscanf(s, "%g", &sec)
	return int64(sec*1000 + 0.5)
}

// xdeath reads the inspector's x-death table: "queue/reason" → count text.
func (p *page) xdeath() map[string]string {
	p.t.Helper()
	return js[map[string]string](p, `(() => { const out = {};
		document.querySelectorAll('#xdeath tbody tr').forEach(tr => {
			out[tr.dataset.queue + '/' + tr.dataset.reason] = tr.querySelector('.xd-count').textContent.trim(); });
		return out; })()`)
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func clipText(s string) string {
	if len(s) > 600 {
		return s[:600] + "…"
	}
	return s
}

// loadLesson opens the library and picks a lesson.
func (p *page) loadLesson(name string) {
	p.t.Helper()
	p.click("#library-open")
	p.click(`[data-lesson="` + name + `"]`)
	p.waitJS(`document.querySelector('#library') === null`, "the library to close")
}

// chromedpNavigate opens path without waiting for the wasm (the embed
// waits for a click first).
func chromedpNavigate(p *page, path string) (struct{}, error) {
	return struct{}{}, chromedp.Do(p.ctx, chromedp.Navigate(p.base+path))
}

// jsAwait evaluates an expression that gives a promise and decodes what
// it resolves to.
func jsAwait[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("evaluate %s: %v", clipText(expr), err)
	}
	return v
}
