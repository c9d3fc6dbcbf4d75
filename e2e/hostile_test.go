package e2e

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"
)

// rawLink deflates a document into a share link as the app writes them,
// without parsing it first (the hostile ones do not parse).
func rawLink(doc string) string {
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression)
	w.Write([]byte(doc))
	w.Close()
	return "1." + base64.RawURLEncoding.EncodeToString(z.Bytes())
}

// The three worst links a probe found: each used to freeze or kill the
// page. Each must now end in a clear message, quickly, with the page
// still usable afterwards (a lesson loads and plays).
func TestHostileLinks(t *testing.T) {
	cases := []struct {
		name, doc string
		play      bool   // the damage happened when the run started
		want      string // in the notice
	}{
		{"requeue loop published 10,000 times",
			`{"version":1,"queues":[{"name":"q"}],"consumers":[{"name":"c","queue":"q","actions":["requeue"]}],"steps":[{"publish":{"exchange":"","routing_key":"q","body":"x","count":10000}}]}`,
			true, "work budget"},
		{"block sequences nested 20,000 deep", strings.Repeat("- ", 20_000) + "x\n", false, "(MaxNesting)"},
		{"topic: '#' binding and a 20,000-word key",
			`{"version":1,"queues":[{"name":"q"}],"bindings":[{"source":"amq.topic","destination":"q","routing_key":"#"}],"steps":[{"publish":{"exchange":"amq.topic","routing_key":"` +
				strings.Repeat("a.", 20_000) + `b","body":"m"}}]}`, false, "short strings of at most 255 bytes"},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			link := rawLink(c.doc)
			t.Logf("link: %d characters", len(link))
			ctx := browser(t)
			p := &page{t: t, ctx: ctx, base: siteURL(t)}
			// Timed from the mount: loading the wasm is not the link's doing
			// (and takes seconds on a loaded machine).
			p.navigate("/#s=" + link)
			// CPU time of the page's main thread, not wall time: the goal is
			// the page's own work, which a loaded machine does not change.
			cpu0 := mainThreadCPU(p)
			start := time.Now()
			if c.play {
				p.click("#play")
			}
			p.waitJS(`(() => { const n = document.querySelector('#notice'); return n !== null && n.textContent.includes(`+quote(c.want)+`); })()`,
				"the notice saying "+c.want)
			wall, cpu := time.Since(start), mainThreadCPU(p)-cpu0
			t.Logf("clear message after %v of main-thread CPU (%v wall): %s", cpu.Round(time.Millisecond),
				wall.Round(time.Millisecond), clipText(p.text("#notice")))
			if cpu > 3*time.Second {
				t.Errorf("the message took %v of CPU (goal: 3 s)", cpu)
			}
			p.screenshot("hostile-link-" + string(rune('1'+i)) + ".png")
			// Still usable: close the notice, load a lesson, step it.
			p.click("#notice-close")
			p.loadLesson("retry-loop")
			p.click("#step")
			p.waitJS(`document.querySelector('#guard') === null && document.querySelectorAll('[data-node]').length > 0`, "the lesson on the canvas")
		})
	}
}

// mainThreadCPU is the CPU time the page's main thread has used so far
// (the Performance domain's ThreadTime).
func mainThreadCPU(p *page) time.Duration {
	p.t.Helper()
	if _, err := chromedp.Call(p.ctx, performance.Enable, performance.EnableParams{}); err != nil {
		p.t.Fatal(err)
	}
	res, err := chromedp.Call(p.ctx, performance.GetMetrics, cdp.Empty{})
	if err != nil {
		p.t.Fatal(err)
	}
	for _, m := range res.Metrics {
		if m.Name == "ThreadTime" {
			return time.Duration(m.Value * float64(time.Second))
		}
	}
	p.t.Fatal("no ThreadTime metric")
	return 0
}

// A stopped Go program is a message with Reload and Start empty, never a
// frozen page. The stop is simulated with the error the browser reports
// once the program has exited.
func TestStoppedProgramGuard(t *testing.T) {
	p := openPage(t, "/")
	p.loadLesson("retry-loop")
	js[any](p, `window.dispatchEvent(new ErrorEvent("error", {message: "Go program has already exited"}))`)
	p.waitFor("#guard-empty")
	p.screenshot("hostile-guard.png")
	p.click("#guard-empty")
	if _, err := mounted(p.ctx); err != nil {
		t.Fatalf("the page did not come back: %v", err)
	}
	p.waitJS(`document.querySelector('#guard') === null && document.querySelectorAll('[data-node]').length === 0`, "an empty page")
}

// embed.js inflates a fragment link to at most 1 MiB: a bomb within the
// 64 KiB link limit leaves the poster with its default title.
func TestEmbedInflationCapped(t *testing.T) {
	bomb := rawLink(`{"title":"` + strings.Repeat("A", 40<<20) + `"}`)
	if len(bomb) > 64<<10 {
		t.Fatalf("bomb link %d characters", len(bomb))
	}
	ctx := browser(t)
	p := &page{t: t, ctx: ctx, base: siteURL(t)}
	if _, err := chromedpNavigate(p, "/embed#s="+bomb); err != nil {
		t.Fatal(err)
	}
	p.waitFor("#embed-load")
	time.Sleep(500 * time.Millisecond) // give the inflation time to be cut off
	if h := p.text("#embed-poster h2"); strings.Contains(h, "AAAA") {
		t.Fatalf("the poster shows the inflated title (%d characters)", len(h))
	}
}
