package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dlxlab/dlxlab/ui"
	"github.com/dlxlab/dlxlab/ui/model"
)

// lessonFragment is a library lesson's share fragment ("s=1.…"), made the
// way the playground's "Copy link" makes it.
func lessonFragment(t *testing.T, name string) string {
	t.Helper()
	s := model.New()
	if !s.LoadLesson(name) {
		t.Fatalf("lesson %s: %+v", name, s.Notice())
	}
	frag, err := s.ShareFragment()
	if err != nil {
		t.Fatal(err)
	}
	return frag
}

// docsPage is a documentation page with two embeds side by side, each
// 640×400, sized afterwards by the height messages the way
// docs/links-and-http.md "Embed options" shows (the heights it got are
// kept in window.__heights).
const docsPage = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Dead-lettering, explained</title>
<style>body{margin:10px;font:14px sans-serif} .row{display:flex;gap:12px;align-items:flex-start} iframe{border:1px solid #ccc}</style>
</head><body>
<div class="row">
<iframe id="a" src="%s" width="640" height="400" title="DLX Lab: the retry loop"></iframe>
<iframe id="b" src="%s" width="640" height="400" title="DLX Lab: reject into a DLQ"></iframe>
</div>
<script>
window.__heights = {a: [], b: []};
addEventListener("message", (e) => {
  for (const f of document.querySelectorAll("iframe")) {
    if (e.source === f.contentWindow && e.data && e.data.type === "dlxlab:height") {
      window.__heights[f.id].push(e.data.height);
      if (window.__follow) f.style.height = Math.max(400, Math.min(e.data.height, 900)) + "px";
    }
  }
});
</script>
</body></html>`

// TestJourneyEmbedDocs: a documentation page embeds two scenarios side by
// side at 640×400. The first pins the message waiting in wait at 1 s, and
// its x-death shows inside the embed; the second starts at a lesson's
// second checkpoint with the dead-letter queue pinned, in Chinese, without
// clock buttons. Both report the height they want.
func TestJourneyEmbedDocs(t *testing.T) {
	dist := siteURL(t)
	_ = dist // the built site must exist; it is served below with the docs page beside it
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	a := "/embed#" + lessonFragment(t, "retry-loop") + "&t=1s&sel=queue%3Await&msg=1&load=1"
	b := "/embed#" + lessonFragment(t, "basics-reject-to-dlq") + "&cp=2&sel=queue%3Adlq&load=1&lang=zh&controls=0"
	mux.HandleFunc("/docs.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, docsPage, a, b)
	})
	mux.Handle("/", ui.SiteHandler(distDir))

	p := &page{t: t, ctx: browser(t), base: srv.URL}
	p.check = exceptions(t, p.ctx)
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(1320, 430)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedpNavigate(p, "/docs.html"); err != nil {
		t.Fatal(err)
	}
	// inside runs an expression in a frame's document (same origin here).
	inside := func(id, expr string) string {
		return fmt.Sprintf(`(() => { const d = document.getElementById(%q).contentDocument; return %s; })()`, id, expr)
	}
	for _, id := range []string{"a", "b"} {
		// Two programs compile at once: give them the time a busy machine takes.
		if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](inside(id, `d && !d.getElementById('app-wasm-loader') && d.querySelector('#clock-time[data-mounted="1"]') !== null`),
			chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(70*time.Second))); err != nil {
			t.Fatalf("embed %s did not mount: %v", id, err)
		}
	}

	// a: the pinned message's x-death, visible inside the 640×400 frame.
	p.waitJS(inside("a", `d.querySelector('#embed-panel #xdeath tbody tr') !== null`), "x-death in embed a")
	box := js[[]float64](p, inside("a", `(() => { const r = d.querySelector('#xdeath').getBoundingClientRect();
		return [r.left, r.top, r.right, r.bottom, d.documentElement.clientWidth, d.documentElement.clientHeight]; })()`))
	if box[2]-box[0] < 100 || box[1] < 0 || box[1] > box[5]-30 || box[0] < 0 || box[2] > box[4]+1 {
		t.Errorf("x-death table at %v in a %vx%v frame: not in view", box[:4], box[4], box[5])
	}
	if got := js[string](p, inside("a", `d.querySelector('#xdeath tr[data-queue="main"][data-reason="rejected"] .xd-count').textContent.trim()`)); got == "" {
		t.Error("embed a: no main/rejected x-death row")
	}
	if !js[bool](p, inside("a", `d.querySelector('#view-tabs') !== null && d.querySelector('#view-panel').getAttribute('aria-selected') === 'true'`)) {
		t.Error("embed a: a 640 px embed with a pinned message should open on its inspector tab")
	}
	if js[bool](p, inside("a", `d.querySelector('#queue-delete, #exchange-delete') !== null && d.querySelector('#queue-delete, #exchange-delete').offsetParent !== null`)) {
		t.Error("embed a: an edit button shows in the read-only embed")
	}
	p.screenshot("embed-docs-xdeath.png")

	// b: cp=2 is the checkpoint at 100 ms; the queue dlq pinned; 中文; no buttons.
	if got := js[string](p, inside("b", `d.getElementById('clock-time').textContent`)); got != "t = 0.100 s" {
		t.Errorf("embed b: clock %q, want t = 0.100 s (cp=2)", got)
	}
	if js[bool](p, inside("b", `d.getElementById('play').offsetParent !== null`)) {
		t.Error("embed b: controls=0 still shows the play button")
	}
	if got := js[string](p, inside("b", `d.getElementById('view-panel').textContent`)); got != "检查器" {
		t.Errorf("embed b: lang=zh tab reads %q", got)
	}
	p.waitJS(inside("b", `d.querySelector('#embed-panel [data-queue="dlq"]') !== null`), "embed b: dlq pinned")

	// The diagram tab of a.
	js[bool](p, inside("a", `(d.getElementById('view-canvas').click(), true)`))
	p.settle()
	if !js[bool](p, inside("a", `d.getElementById('canvas').offsetParent !== null && d.getElementById('embed-panel').offsetParent === null`)) {
		t.Error("embed a: the Diagram tab does not show the canvas alone")
	}
	p.screenshot("embed-docs-diagram.png")

	// Heights: both frames said what they want, within the documented bounds.
	p.waitJS(`window.__heights.a.length > 0 && window.__heights.b.length > 0`, "height messages from both embeds")
	hs := js[map[string][]float64](p, `window.__heights`)
	for id, list := range hs {
		for _, h := range list {
			if h < 300 || h > 900 {
				t.Errorf("embed %s asked for height %v, outside 300..900", id, h)
			}
		}
	}
	// Following them settles: the last answer is the same after the resize.
	js[bool](p, `(window.__follow = true, document.querySelectorAll('iframe').forEach(f => {
		const l = window.__heights[f.id]; f.style.height = l[l.length - 1] + 'px'; }), true)`)
	p.settle()
	p.settle()
	after := js[map[string][]float64](p, `window.__heights`)
	for id, list := range after {
		if n := len(list) - len(hs[id]); n > 2 {
			t.Errorf("embed %s sent %d more heights after its frame followed: %v", id, n, list)
		}
	}
	t.Logf("heights asked: %v", after)
	p.check()
}

// TestJourneyEmbedPoster: without load=1 the embed shows the lesson's title
// and summary and what the download weighs, and fetches no app.wasm.
func TestJourneyEmbedPoster(t *testing.T) {
	p := &page{t: t, ctx: browser(t), base: siteURL(t)}
	p.check = exceptions(t, p.ctx)
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(640, 400)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedpNavigate(p, "/embed#"+lessonFragment(t, "retry-loop")); err != nil {
		t.Fatal(err)
	}
	p.waitJS(`document.querySelector('#embed-poster h2') && document.querySelector('#embed-poster h2').textContent.includes('Retry loop')`, "the lesson title")
	p.waitJS(`/about [0-9.]+ MB/.test(document.querySelector('#embed-poster').textContent)`, "the download size")
	if got := p.text("#embed-poster p"); got == "" || strings.Contains(got, "`") {
		t.Errorf("poster summary %q", got)
	}
	if js[bool](p, `performance.getEntriesByType('resource').some(r => r.name.includes('app.wasm') && r.decodedBodySize > 0)`) {
		t.Error("app.wasm was downloaded before the click")
	}
	p.screenshot("embed-poster-640.png")
	p.check()
}
