package e2e

import "testing"

// TestTour walks through several lessons and panels, in both languages,
// saving a screenshot of each: a smoke test that every part renders
// without a page exception (and pictures to look at).
func TestTour(t *testing.T) {
	p := openPage(t, "/")
	p.loadLesson("dlx-fanout-several-dlqs")
	p.click("#jump-1s")
	p.click("#tab-publish")
	p.screenshot("tour-publish.png")
	p.loadLesson("policy-vs-queue-arguments")
	p.click("#jump-1s")
	p.click("#add-binding")
	p.click("#build-policy")
	p.screenshot("tour-policy.png")
	p.loadLesson("quorum-poison-message-4.3")
	p.click("#jump-1m")
	p.fill("#lang", "zh")
	p.click("#tab-charts")
	p.screenshot("tour-quorum-zh.png")
	p.click("#library-open")
	p.screenshot("tour-library-zh.png")
	p.click("#library-close")
	p.loadLesson("routing-alternate-exchange-mandatory")
	p.click("#jump-1s")
	p.pointerClick(`[data-node^="exchange:"]:not([data-node="exchange:"])`)
	p.screenshot("tour-alternate-exchange.png")
	p.fill("#lang", "en")
	p.loadLesson("ttl-head-of-line-blocking")
	p.click("#step")
	p.pointerClick(`[data-role="node"][data-kind="queue"]`)
	p.click("#jump-1s")
	p.screenshot("tour-head-of-line.png")
	p.check()
}
