package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	rscn "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// rocketLink is the share-link fragment of a RocketMQ lesson file, opened
// at virtual time t (ms).
func rocketLink(t *testing.T, lesson string, at int64) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "scenarios", "library", "rocketmq", lesson+".yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return rocketLinkText(t, lesson, data, at)
}

func rocketLinkText(t *testing.T, name string, data []byte, at int64) string {
	t.Helper()
	sc, err := rscn.Parse(name, data)
	if err != nil {
		t.Fatal(err)
	}
	v, err := rscn.Encode(sc)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("/#s=%s&t=%d", v, at)
}

// openOps opens the operations tab of the RocketMQ side panel.
func (p *page) openOps() {
	p.t.Helper()
	p.click("#tab-rq-ops")
	p.waitFor("#rmq-ops")
}

func (p *page) count(sel string) int {
	p.t.Helper()
	return js[int](p, fmt.Sprintf(`document.querySelectorAll(%s).length`, quote(sel)))
}

// TestJourneyRocketMQResend: the learner opens the re-drive lesson after
// the bug fix, resends the dead letter from the operations panel and sees
// the new consumer consume it, while the dead letter stays in %DLQ% (the
// console's resend is consumeMessageDirectly). Then republish.
func TestJourneyRocketMQResend(t *testing.T) {
	p := openPage(t, rocketLink(t, "rocketmq-correct-redrive", 360_000))
	p.waitFor("#canvas-svg")
	p.openOps()
	p.waitFor(`#rmq-dlq [data-testid="dlq-row"]`)
	if n := p.count(`#rmq-dlq [data-testid="dlq-row"]`); n != 1 {
		t.Fatalf("%d dead letters, want 1", n)
	}
	before := p.count(`[data-testid="resent"]`)
	p.click(`#rmq-dlq [data-testid="dlq-row"] [data-testid="resend"]`)
	p.waitJS(fmt.Sprintf(`document.querySelectorAll('[data-testid="resent"]').length === %d`, before+1), "the resend outcome")
	last := js[string](p, `[...document.querySelectorAll('[data-testid="resent"]')].pop().dataset.result`)
	text := js[string](p, `[...document.querySelectorAll('[data-testid="resent"]')].pop().textContent`)
	if last != "success" || !strings.Contains(text, "fixed") {
		t.Fatalf("resend outcome %q: %s", last, text)
	}
	if n := p.count(`#rmq-dlq [data-testid="dlq-row"]`); n != 1 {
		t.Fatalf("after the resend %d dead letters: the copy must stay", n)
	}
	js[bool](p, `(document.querySelector('#rmq-resent').scrollIntoView(), true)`)
	p.screenshot("rocketmq-ops-resend.png")

	// Republish: a new message to the original topic, consumed by the group.
	lagBefore := p.text(`#rmq-progress [data-group="order-consumer"] h4`)
	p.click(`#rmq-dlq [data-testid="dlq-row"] [data-testid="republish"]`)
	p.waitJS(`!document.querySelector('#rmq-ops-error')`, "no refusal")
	if got := p.text(`#rmq-progress [data-group="order-consumer"] h4`); got == "" {
		t.Fatalf("progress vanished (was %q)", lagBefore)
	}

	// The same panel in 简体中文.
	p.fill("#lang", "zh")
	p.waitJS(`document.querySelector('#rmq-progress h3').textContent === '消费进度'`, "the panel in Chinese")
	if txt := p.text("#rmq-dlq"); !strings.Contains(txt, "重发（控制台）") || !strings.Contains(txt, "死信仍在") {
		t.Fatalf("the dead letters in Chinese: %s", txt)
	}
	js[bool](p, `(document.querySelector('#rmq-resent').scrollIntoView(), true)`)
	p.screenshot("rocketmq-ops-zh.png")
	p.check()
}

// TestJourneyRocketMQResetOffset: after an outage the operator resets the
// group's offsets to the start in the safe order: execute stays refused
// until the consumers are stopped and a dry run is taken; the dry run
// lists what will be delivered again; after execute and resume the
// outage orders fail again and the DLQ grows (a reset does not re-drive it).
func TestJourneyRocketMQResetOffset(t *testing.T) {
	p := openPage(t, rocketLink(t, "rocketmq-reset-offset-not-redrive", 660_000))
	p.waitFor("#canvas-svg")
	p.openOps()
	p.waitFor("#rmq-reset")
	dlq0 := p.count(`#rmq-dlq [data-testid="dlq-row"]`)
	if js[bool](p, `!document.querySelector('#rmq-reset-execute').disabled`) {
		t.Fatal("execute is offered with consumers online and no dry run")
	}
	p.fill("#rmq-reset-time", "0s")
	p.click("#rmq-reset-stop")
	p.waitJS(`document.querySelector('#rmq-reset-stop').disabled`, "the consumers stopped")
	if js[bool](p, `!document.querySelector('#rmq-reset-execute').disabled`) {
		t.Fatal("execute is offered before the dry run")
	}
	p.click("#rmq-reset-dryrun")
	p.waitFor("#rmq-reset-preview")
	replayed, _ := strconv.Atoi(js[string](p, `document.querySelector('#rmq-reset-summary').dataset.replayed`))
	if replayed != 20 {
		// 8 good orders and 2 outage orders, each consumed or sent back
		// twice already (the lesson reset once at 5 min).
		t.Logf("dry run: %s", p.text("#rmq-reset-summary"))
	}
	if replayed == 0 || p.count(`[data-testid="preview-copy"][data-kind="replay"]`) == 0 {
		t.Fatalf("the dry run lists nothing to replay: %s", p.text("#rmq-reset-preview"))
	}
	js[bool](p, `(document.querySelector('#rmq-reset-preview').scrollIntoView(), true)`)
	p.screenshot("rocketmq-ops-dryrun.png")
	p.waitJS(`!document.querySelector('#rmq-reset-execute').disabled`, "execute offered after the dry run")
	p.click("#rmq-reset-execute")
	p.click("#rmq-reset-resume")
	p.waitJS(`document.querySelector('#rmq-reset-resume').disabled`, "the consumers resumed")
	// The outage orders fail again: one retry 10 s later, then %DLQ%.
	p.click("#jump-1m")
	if n := p.count(`#rmq-dlq [data-testid="dlq-row"]`); n != dlq0+2 {
		t.Logf("clock %s; refused %q", p.text("#clock-time"), p.text("#rmq-ops-error"))
		t.Fatalf("%d dead letters after the reset, want %d", n, dlq0+2)
	}
	p.screenshot("rocketmq-ops-reset.png")
	p.check()
}
