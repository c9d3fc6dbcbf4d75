package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// openDelayLab opens a delay-lab page and waits for its wasm to mount
// (the lab has no clock, so it says so on its own root).
func openDelayLab(t *testing.T, p *page, path string) {
	t.Helper()
	if _, err := chromedpNavigate(p, path); err != nil {
		t.Fatalf("navigate %s: %v", path, err)
	}
	p.waitDelayLab()
}

func (p *page) waitDelayLab() {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](`document.getElementById('app-wasm-loader') === null &&
		document.querySelector('#delaylab[data-mounted="1"]') !== null`,
		chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		p.t.Fatalf("waiting for the delay lab to mount: %v", err)
	}
}

func cellSel(kind, col string) string {
	return fmt.Sprintf(`#delay-table tr[data-kind="%s"] td[data-col="%s"]`, kind, col)
}

// TestJourneyDelayLab: the lab opens on the A/B/C example, a parameter
// change re-runs its strategy and the table shows it, the link carries the
// change (also into the embed), and the page speaks Chinese.
func TestJourneyDelayLab(t *testing.T) {
	// The playground's header leads to the lab.
	p := openPage(t, "/")
	defer func() { p.check() }()
	p.click("#delay-open")
	p.waitDelayLab()

	// A/B/C: per-message TTL holds B and C behind A, 25 s late.
	p.waitJS(fmt.Sprintf(`document.querySelector(%s).textContent === '25s'`, quote(cellSel("rabbitmq-ttl", "max"))), "per-message TTL max 25s")
	if got := p.text(cellSel("table-scan", "max")); got != "55s" {
		t.Fatalf("table scan max %q, want 55s (the next minute's scan)", got)
	}
	if !p.exists("#delay-timeline") || !p.exists(`#delay-charts figure[data-kind="redis-zset"] rect`) {
		t.Fatal("no timeline or no lateness chart")
	}

	// Scan every 5 s instead of every minute: the row changes, the others do not.
	p.fill(`#delay-table tr[data-kind="table-scan"] input[data-param="every"]`, "5s")
	p.waitJS(fmt.Sprintf(`document.querySelector(%s).textContent === '5s'`, quote(cellSel("table-scan", "max"))), "table scan max 5s")
	if got := p.text(cellSel("rabbitmq-ttl", "max")); got != "25s" {
		t.Fatalf("per-message TTL changed too: %q", got)
	}
	// A bad value is refused with a message, and the figures stay.
	p.fill(`#delay-table tr[data-kind="redis-zset"] input[data-param="poll"]`, "soon")
	p.waitFor(`#delay-table tr[data-kind="redis-zset"] .dl-error`)
	p.screenshot("delaylab.png")
	js[bool](p, `(() => { document.getElementById('delay-timeline').scrollIntoView(); return true; })()`)
	p.screenshot("delaylab-charts.png")

	// Their own delays: a typo is shown with its line and column, then a
	// fixed workload runs (Y waits 1 s behind X in one per-message-TTL queue).
	p.click("#delay-editor summary")
	p.fill("#delay-yaml", "messages:\n  - {name: X, delay: 2s}\n  - {name: Y, dealy: 1s}\n")
	p.click("#delay-apply")
	p.waitJS(`(document.getElementById('delay-yaml-error') || {textContent: ''}).textContent.includes('workload:3:')`, "the editor's positioned error")
	p.fill("#delay-yaml", "messages:\n  - {name: X, delay: 2s}\n  - {name: Y, delay: 1s}\n")
	p.click("#delay-apply")
	p.waitJS(fmt.Sprintf(`document.querySelector(%s).textContent === '1s'`, quote(cellSel("rabbitmq-ttl", "max"))), "the edited workload's figures")
	p.screenshot("delaylab-edited.png")
	p.fill("#delay-lesson", "head-of-line.yaml")
	p.waitJS(fmt.Sprintf(`document.querySelector(%s).textContent === '25s'`, quote(cellSel("rabbitmq-ttl", "max"))), "back to A/B/C")
	p.fill(`#delay-table tr[data-kind="table-scan"] input[data-param="every"]`, "5s")
	p.waitJS(fmt.Sprintf(`document.querySelector(%s).textContent === '5s'`, quote(cellSel("table-scan", "max"))), "table scan max 5s again")

	// The link carries the edit; the embed opens it too.
	p.click("#delay-share")
	link := js[string](p, `document.getElementById('delay-share-link').value`)
	if !strings.Contains(link, "/delay#d=1.") {
		t.Fatalf("link %q", link)
	}
	frag := link[strings.Index(link, "#"):]
	openDelayLab(t, p, "/embed/delay"+frag)
	p.waitJS(fmt.Sprintf(`document.querySelector(%s).textContent === '5s'`, quote(cellSel("table-scan", "max"))), "the embed shows the edit")
	if p.exists("#delay-lesson") {
		t.Fatal("the embed shows the lesson picker")
	}
	p.screenshot("delaylab-embed.png")

	// Chinese, then the next lesson from the picker.
	openDelayLab(t, p, "/delay")
	p.fill("#lang", "zh")
	p.waitJS(`document.querySelector('.dl-delaylab h1').textContent === '延迟实验室'`, "the Chinese title")
	if got := p.text(`#delay-table tr[data-kind="rabbitmq-ttl"] th`); !strings.Contains(got, "单消息 TTL") {
		t.Fatalf("strategy name in Chinese: %q", got)
	}
	p.screenshot("delaylab-zh.png")
	p.fill("#delay-lesson", "order-timeout-vs-retry-backoff.yaml")
	p.waitJS(`document.getElementById('delay-workload').textContent.startsWith('5000')`, "the order-timeout lesson")
	if p.exists("#delay-timeline") {
		t.Fatal("a timeline for 5,000 messages")
	}
	p.fill("#lang", "en") // leave English for the next test's browser storage
}
