package e2e

import (
	"strings"
	"testing"
)

// threeTraps is a definitions export with three planted traps: a DLX name
// with a typo, a DLX with no binding for the dead letters' key, and two
// TTL queues that dead-letter into each other.
const threeTraps = `{"rabbit_version": "3.12.13",
 "exchanges": [{"name": "dlx", "vhost": "/", "type": "direct", "durable": true, "auto_delete": false, "internal": false, "arguments": {}}],
 "queues": [
  {"name": "orders", "vhost": "/", "durable": true, "auto_delete": false, "arguments": {"x-queue-type": "quorum", "x-delivery-limit": 5, "x-dead-letter-exchange": "dlx.typo"}},
  {"name": "payments", "vhost": "/", "durable": true, "auto_delete": false, "arguments": {"x-queue-type": "quorum", "x-delivery-limit": 5, "x-dead-letter-exchange": "dlx"}},
  {"name": "ping", "vhost": "/", "durable": true, "auto_delete": false, "arguments": {"x-message-ttl": 1000, "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "pong"}},
  {"name": "pong", "vhost": "/", "durable": true, "auto_delete": false, "arguments": {"x-message-ttl": 1000, "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "ping"}}],
 "bindings": [], "policies": []}`

// TestJourneyFindings: import a definitions file with three planted
// traps, see three findings, pick one and see its objects outlined on the
// canvas, then "show me" plays a reproduction that loses a message at
// the missing exchange.
func TestJourneyFindings(t *testing.T) {
	p := openPage(t, "/")
	p.click("#tab-scenario")
	p.click("#new-scenario")
	p.fill("#defs-text", threeTraps)
	p.click("#defs-import")
	p.waitFor("#findings-list")
	p.waitJS(`document.querySelectorAll('#findings-list .dl-finding').length === 3`, "three findings")
	codes := js[[]string](p, `[...document.querySelectorAll('#findings-list .dl-finding')].map(li => li.dataset.code)`)
	if strings.Join(codes, " ") != "dlx-missing dlx-unroutable dead-letter-cycle" {
		t.Errorf("findings %v", codes)
	}
	if got := p.text("#findings-badge"); got != "3" {
		t.Errorf("tab badge %q", got)
	}

	// a finding about two objects on the canvas outlines both, and only them
	p.click(`#findings-list .dl-finding[data-code="dlx-unroutable"] .dl-finding-head`)
	p.waitJS(`document.querySelector('#findings-outline').dataset.nodes === 'queue:payments exchange:dlx'`, "outline of dlx-unroutable")
	for node, want := range map[string]bool{"queue:payments": true, "exchange:dlx": true, "queue:orders": false, "queue:ping": false} {
		w := js[string](p, `getComputedStyle(document.querySelector('[data-node="`+node+`"] > [data-role="node-box"]')).strokeWidth`)
		if outlined := w == "4px" || w == "4"; outlined != want {
			t.Errorf("dlx-unroutable: %s stroke width %q, outlined %v want %v", node, w, outlined, want)
		}
	}

	p.click(`#findings-list .dl-finding[data-code="dlx-missing"] .dl-finding-head`)
	p.waitJS(`document.querySelector('#findings-outline').dataset.nodes === 'exchange:dlx.typo queue:orders'`, "outline of dlx-missing")
	width := `getComputedStyle(document.querySelector('[data-node="queue:orders"] > [data-role="node-box"]')).strokeWidth`
	if w := js[string](p, width); w != "4px" && w != "4" {
		t.Errorf("outlined queue stroke width %q", w)
	}
	if w := js[string](p, `getComputedStyle(document.querySelector('[data-node="queue:payments"] > [data-role="node-box"]')).strokeWidth`); w == "4px" || w == "4" {
		t.Error("a queue of another finding is outlined too")
	}
	p.screenshot("findings-outlined.png")

	p.fill("#lang", "zh")
	p.waitJS(`document.querySelector('#tab-findings .dl-tab-label').textContent === '隐患'`, "Chinese tab")
	if got := p.text(`#findings-list .dl-finding[data-code="dlx-missing"] .dl-finding-text`); !strings.Contains(got, "死信交换机 'dlx.typo' 不存在") {
		t.Errorf("Chinese finding %q", got)
	}

	p.click("#finding-showme-dlx-missing")
	p.waitJS(`document.querySelector('#scenario-title').textContent.includes('dlx-missing')`, "the reproduction loaded")
	p.waitJS(`document.querySelector('#play').getAttribute('aria-pressed') === 'true' || document.querySelector('#clock-time').textContent !== 't = 0.000 s'`, "the reproduction playing")
	if w := js[string](p, width); w != "4px" && w != "4" {
		t.Errorf("the reproduction's queue is not outlined: %q", w)
	}
	// what the monitoring would show after the reproduction's run
	p.click("#tab-findings")
	p.click("#metrics-run")
	p.waitFor(`#metrics-alerts li[data-alert="RabbitMQDeadLettersDiscarded"][data-fired="true"]`)
	if got := p.text("#metrics-series"); !strings.Contains(got, `dead_letter_strategy="disabled"`) {
		t.Errorf("series that moved: %q", got)
	}
	p.screenshot("findings-metrics.png")
	p.click("#tab-inspect")
	p.waitJS(`[...document.querySelectorAll('#recent li')].some(li => li.textContent.includes('dlx-missing'))`,
		"the message dropped at the missing DLX in the recent events")
	p.screenshot("findings-showme.png")
	p.check()
}
