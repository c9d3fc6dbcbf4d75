package e2e

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// startupMarks wraps WebAssembly.instantiate(Streaming) before any script of
// the page runs, so the moment the compiled module is ready is a
// performance mark. wasm/app marks "go:main" when main starts (after the Go
// runtime and every package's init) and "go:routes" after ui.Routes.
const startupMarks = `(() => {
	for (const k of ['instantiateStreaming', 'instantiate']) {
		const f = WebAssembly[k];
		if (!f) continue;
		WebAssembly[k] = async function (...args) {
			const r = await f.apply(this, args);
			if (!performance.getEntriesByName('wasm:ready').length) performance.mark('wasm:ready');
			return r;
		};
	}
})()`

// startup is where the milliseconds of one first visit go, each counted
// from navigation start (performance.now()).
type startup struct {
	html, wasmStart, wasmEnd, ready, goMain, routes, mounted float64
	wasmBytes                                                float64 // bytes on the wire (encodedBodySize)
}

// TestStartupFigures measures the first interactive render of a fresh
// profile, split into its phases (BENCHMARKS.md "app.wasm: where the bytes
// go"): the page, the app.wasm download, compiling and instantiating it
// (streaming: it overlaps the download), the Go runtime and package inits,
// then go-app's start and the first render of the playground. Logged, not
// asserted. STARTUP_RUNS (default 3) fresh browsers; FIGURES=0 skips it.
// FIGURES_PROFILE=DIR also records a V8 CPU profile of the first visit
// (Go function names need an app.wasm built without -s -w).
//
// Two experiments, to run A/B against the plain visit on a quiet machine:
// STARTUP_DEFER_SW=1 holds go-app's service worker registration back 15 s
// (its precache downloads and decodes app.wasm a second time while the
// page compiles it); STARTUP_PRELOAD=1 starts the app.wasm download when
// the document starts, as a <link rel="preload" as="fetch"> in the HTML
// would, instead of when the deferred app.js runs.
func TestStartupFigures(t *testing.T) {
	if os.Getenv("FIGURES") == "0" {
		t.Skip("FIGURES=0")
	}
	runs := 3
	if n, err := strconv.Atoi(os.Getenv("STARTUP_RUNS")); err == nil && n > 0 {
		runs = n
	}
	base := siteURL(t)
	var all []startup
	for i := range runs {
		s, prof := firstVisit(t, base, i == 0)
		all = append(all, s)
		t.Logf("run %d: %s", i+1, s)
		if prof != "" {
			t.Logf("run %d: main thread self time until mounted: %s", i+1, prof)
		}
	}
	med := func(f func(startup) float64) float64 {
		v := make([]float64, len(all))
		for i, s := range all {
			v[i] = f(s)
		}
		sort.Float64s(v)
		return v[len(v)/2]
	}
	t.Logf("median of %d: first interactive render %.0f ms; html %.0f, app.wasm downloaded %.0f (%.0f B on the wire), compiled %.0f, Go runtime and inits %.0f, ui.Routes %.0f, go-app start and first render %.0f ms",
		len(all), med(func(s startup) float64 { return s.mounted }), med(func(s startup) float64 { return s.html }),
		med(func(s startup) float64 { return s.wasmEnd }), med(func(s startup) float64 { return s.wasmBytes }),
		med(func(s startup) float64 { return s.ready }), med(func(s startup) float64 { return s.goMain - s.ready }),
		med(func(s startup) float64 { return s.routes - s.goMain }), med(func(s startup) float64 { return s.mounted - s.routes }))
}

func (s startup) String() string {
	return fmt.Sprintf("first interactive render %.0f ms: html at %.0f; app.wasm requested at %.0f, downloaded at %.0f (%.0f B on the wire); compiled and instantiated at %.0f; "+
		"Go runtime and package inits %.0f ms (main at %.0f); ui.Routes %.0f ms; go-app start and first render %.0f ms",
		s.mounted, s.html, s.wasmStart, s.wasmEnd, s.wasmBytes, s.ready, s.goMain-s.ready, s.goMain, s.routes-s.goMain, s.mounted-s.routes)
}

// firstVisit opens / in a fresh browser with the startup marks and reads them.
func firstVisit(t *testing.T, base string, profile bool) (startup, string) {
	t.Helper()
	ctx := browser(t)
	p := &page{t: t, ctx: ctx, base: base, check: exceptions(t, ctx)}
	src := startupMarks
	if os.Getenv("STARTUP_DEFER_SW") == "1" {
		src += `;(() => { const r = navigator.serviceWorker.register.bind(navigator.serviceWorker); navigator.serviceWorker.register = (a, b) => new Promise(ok => setTimeout(() => ok(r(a, b)), 15000)); })()`
	}
	if os.Getenv("STARTUP_PRELOAD") == "1" {
		src += `;new MutationObserver((_, o) => {
			if (!document.head) return;
			o.disconnect();
			const l = document.createElement('link');
			Object.assign(l, {rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href: '/web/app.wasm'});
			document.head.appendChild(l);
		}).observe(document, {childList: true, subtree: true})`
	}
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: src}); err != nil {
		t.Fatalf("startup marks: %v", err)
	}
	var prof string
	if profile {
		prof = p.cpuProfile("startup", func() { p.first = p.navigate("/") })
	} else {
		p.first = p.navigate("/")
	}
	p.check()
	v := js[[]float64](p, `(() => {
		const mark = n => { const e = performance.getEntriesByName(n); return e.length ? e[0].startTime : -1; };
		const nav = performance.getEntriesByType('navigation')[0];
		const w = performance.getEntriesByType('resource').find(r => r.name.endsWith('/web/app.wasm')) || {};
		return [nav.responseEnd, w.startTime || -1, w.responseEnd || -1, w.encodedBodySize || 0,
			mark('wasm:ready'), mark('go:main'), mark('go:routes'),
			performance.getEntriesByType('resource').filter(r => r.name.endsWith('/web/app.wasm')).length];
	})()`)
	if len(v) != 8 || strings.Contains(fmt.Sprint(v), "-1") {
		t.Fatalf("startup marks incomplete (an app.wasm built before the marks?): %v", v)
	}
	if v[7] != 1 {
		t.Errorf("app.wasm was fetched %v times by the page: a preload was not reused", v[7])
	}
	return startup{html: v[0], wasmStart: v[1], wasmEnd: v[2], wasmBytes: v[3], ready: v[4], goMain: v[5], routes: v[6], mounted: p.first}, prof
}
