package e2e

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dlxlab/dlxlab/scenarios"
)

// TestUIFigures measures the UI figures of BENCHMARKS.md "Benchmarks" for BENCHMARKS.md
// ("## UI"). They are logged, not asserted: the machine decides them.
// FIGURES=0 skips it (it takes about 15 s).
func TestUIFigures(t *testing.T) {
	if os.Getenv("FIGURES") == "0" {
		t.Skip("FIGURES=0")
	}
	var lines []string
	start := time.Now()
	logf := func(format string, args ...any) {
		line := fmt.Sprintf(format, args...)
		t.Logf("[%4.1fs] %s", time.Since(start).Seconds(), line)
		lines = append(lines, line)
	}

	// First interactive render: navigation start → the wasm has mounted.
	p := openPage(t, "/")
	logf("first interactive render: %.0f ms after navigation start (fresh profile); reloads: %.0f / %.0f / %.0f ms",
		p.first, p.navigate("/"), p.navigate("/"), p.navigate("/"))

	// 1,000 messages in flight: a retry loop with 1,000 messages, playing.
	link := encodeScenario(t, inFlightScenario)
	p.navigate("/#" + link)
	p.waitFor(`[data-node="queue:work"]`)
	p.click("#play")
	p.waitJS(`document.querySelector('#clock-time').textContent !== 't = 0.000 s'`, "play")
	time.Sleep(300 * time.Millisecond)
	st := p.measurePlay(1)
	tokens := js[int](p, `document.querySelectorAll('[data-token]').length`)
	logf("1,000 messages in flight (retry loop, 1× speed): %s; %d tokens drawn at the end", st, tokens)
	p.screenshot("figures-in-flight.png")
	p.click("#play")

	// 10,000 messages in flight, spread over time (spreadScenario): the
	// link opens at t = 20 s, when all are in the loop and about 25 expire
	// and are rejected in every 50 ms of virtual time; played at 1×.
	p.navigate("/#" + encodeScenario(t, spreadScenario) + "&t=20000")
	p.waitFor(`[data-node="queue:work"]`)
	p.click("#play")
	p.waitJS(`!document.querySelector('#clock-time').textContent.startsWith('t = 20.000 s')`, "play")
	time.Sleep(300 * time.Millisecond)
	prof := p.cpuProfile("in-flight-10000", func() { st = p.measurePlay(1) })
	logf("10,000 messages in flight (retry loop sent over 20 s, 1× speed, from t = 20 s): %s; %d tokens drawn at the end",
		st, js[int](p, `document.querySelectorAll('[data-token]').length`))
	if prof != "" {
		logf("where the main thread's time went (self time): %s", prof)
	}
	p.screenshot("figures-in-flight-10000.png")
	p.click("#play")

	// A queue with 100,000 messages: time from the click to the first
	// paint of its (virtualised) list.
	link = encodeScenario(t, bigQueueScenario)
	t0 := time.Now()
	p.navigate("/#" + link + "&t=1")
	p.waitJS(`(document.querySelector('#count-big') || {textContent: ''}).textContent.includes('100000')`, "the big queue")
	logf("opening a link that publishes 100,000 messages (replay to t=1 ms): %v", time.Since(t0).Round(time.Millisecond))
	open := jsAwait[float64](p, `new Promise(done => {
		const t0 = performance.now();
		const el = document.querySelector('[data-node="queue:big"]');
		const r = el.getBoundingClientRect();
		const o = {bubbles: true, clientX: r.x + 20, clientY: r.y + 20, pointerId: 1, isPrimary: true};
		el.dispatchEvent(new PointerEvent('pointerdown', o));
		el.dispatchEvent(new PointerEvent('pointerup', o));
		const wait = () => {
			if (document.querySelector('#msg-list [data-testid="msg-row"]')) {
				requestAnimationFrame(() => done(performance.now() - t0));
			} else { requestAnimationFrame(wait); }
		};
		wait(); })`)
	rows := js[int](p, `document.querySelectorAll('#msg-list [data-testid="msg-row"]').length`)
	logf("open a queue holding 100,000 messages: first paint of its list %.0f ms after the click (%d rows in the page)", open, rows)
	scroll := jsAwait[float64](p, `new Promise(done => {
		const list = document.querySelector('#msg-list');
		const t0 = performance.now();
		list.scrollTop = 50000 * 32;
		const wait = () => {
			const row = document.querySelector('#msg-list [data-position="50000"]');
			if (row) { requestAnimationFrame(() => done(performance.now() - t0)); } else { requestAnimationFrame(wait); }
		};
		wait(); })`)
	logf("scroll that list to message 50,000: rows painted %.0f ms later", scroll)
	// Opening that message: its story is older than the window of events
	// the session keeps, so the session replays the run to tell it.
	story := jsAwait[float64](p, `new Promise(done => {
		const t0 = performance.now();
		document.querySelector('#msg-list [data-position="50000"]').click();
		const wait = () => {
			if (document.querySelectorAll('#history li').length >= 2) {
				requestAnimationFrame(() => done(performance.now() - t0));
			} else { requestAnimationFrame(wait); }
		};
		wait(); })`)
	logf("open message 50,001 of that queue: its history painted %.0f ms after the click (replayed)", story)
	p.screenshot("figures-big-queue.png")

	// app.wasm sizes: build.sh caches them by the file's hash (brotli -q 11
	// takes about 14 s), else they are measured here.
	logf("app.wasm: %s", wasmSizes(t))
	_ = os.MkdirAll("screenshots", 0o755)
	_ = os.WriteFile(filepath.Join("screenshots", "figures.txt"), []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	p.check()
}

func encodeScenario(t *testing.T, yaml string) string {
	t.Helper()
	sc, err := scenarios.Parse("figures.yaml", []byte(yaml))
	if err != nil {
		t.Fatal(err)
	}
	v, err := scenarios.Encode(sc)
	if err != nil {
		t.Fatal(err)
	}
	return "s=" + v
}

// inFlightScenario keeps 1,000 messages moving: work rejects each
// delivery into retry, whose 1 s TTL sends it back.
const inFlightScenario = `version: 1
title: 1,000 messages in a retry loop
queues:
  - {name: work, arguments: {x-dead-letter-exchange: "", x-dead-letter-routing-key: retry}}
  - {name: retry, arguments: {x-message-ttl: 1000, x-dead-letter-exchange: "", x-dead-letter-routing-key: work}}
consumers:
  - {name: worker, queue: work, prefetch: 0, actions: [reject]}
steps:
  - publish: {routing_key: work, body: m, count: 1000}
  - wait: 1h
`

// spreadScenario keeps 10,000 messages moving without a burst: the same
// loop with a 20 s TTL, the messages sent 50 every 100 ms over the first
// 20 s. Sent at once they would all expire at the same instant, 70,000
// events in one frame, and spend the run's work budget (50,000 + 5 per
// message) in the second round; spread, each 50 ms of virtual time
// expires and rejects about 25 of them, and the budget lasts until about
// t = 36 s.
var spreadScenario = func() string {
	var b strings.Builder
	b.WriteString(`version: 1
title: 10,000 messages in a retry loop, sent over 20 s
queues:
  - {name: work, arguments: {x-dead-letter-exchange: "", x-dead-letter-routing-key: retry}}
  - {name: retry, arguments: {x-message-ttl: 20000, x-dead-letter-exchange: "", x-dead-letter-routing-key: work}}
consumers:
  - {name: worker, queue: work, prefetch: 0, actions: [reject]}
steps:
`)
	for i := 0; i < 200; i++ {
		b.WriteString("  - publish: {routing_key: work, body: m, count: 50}\n  - wait: 100ms\n")
	}
	b.WriteString("  - wait: 1h\n")
	return b.String()
}()

// fps counts requestAnimationFrame callbacks over 2 s: the frames the
// page could paint while it plays.
func (p *page) fps() float64 {
	p.t.Helper()
	return jsAwait[float64](p, `new Promise(done => { let n = 0; const t0 = performance.now();
		const f = () => { n++; if (performance.now() - t0 < 2000) requestAnimationFrame(f); else done(n * 1000 / (performance.now() - t0)); };
		requestAnimationFrame(f); })`)
}

// bigQueueScenario fills one queue with 100,000 messages.
var bigQueueScenario = func() string {
	var b strings.Builder
	b.WriteString("version: 1\ntitle: 100,000 messages in one queue\nqueues:\n  - {name: big}\nsteps:\n")
	for i := 0; i < 10; i++ {
		b.WriteString("  - publish: {routing_key: big, body: message, count: 10000}\n")
	}
	return b.String()
}()

func wasmSizes(t *testing.T) string {
	path := filepath.Join(distDir, "web", "app.wasm")
	wasm, err := os.ReadFile(path)
	if err != nil {
		return "not built"
	}
	sum := sha256.Sum256(wasm)
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		home, _ := os.UserHomeDir()
		cache = filepath.Join(home, ".cache")
	}
	if b, err := os.ReadFile(filepath.Join(cache, "dlxlab", "sizes", hex.EncodeToString(sum[:]))); err == nil {
		return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(string(b)), "app.wasm"))
	}
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	w.Write(wasm)
	w.Close()
	br := "n/a (no brotli)"
	if out, err := exec.Command("brotli", "-q", "11", "-c", path).Output(); err == nil {
		br = fmt.Sprintf("%d B", len(out))
	}
	return fmt.Sprintf("raw %d B, gzip -9 %d B, brotli -q 11 %s", len(wasm), gz.Len(), br)
}
