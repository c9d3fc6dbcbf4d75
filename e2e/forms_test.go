package e2e

import (
	"strings"
	"testing"
)

// TestJourneyFormsGuide: a refused argument is told next to its field in
// plain words with the broker's text beside it; "+ Add argument" takes
// the next unused key and the list marks those set; a value is shown in
// words; a form keeps what was typed while another tab is open; "Edit"
// loads the queue; the explanation is in Chinese too. The exchange form
// picks its arguments the same way; binding and consumer refusals are
// told under their fields.
func TestJourneyFormsGuide(t *testing.T) {
	p := openPage(t, "/")
	if p.exists("#guide-close") {
		p.click("#guide-close")
	}
	p.click("#add-queue")
	p.fill("#q-name", "orders")
	p.click("#q-arg-add")
	if got := js[string](p, `document.querySelector('#q-arg-key-0').value`); got != "x-message-ttl" {
		t.Errorf("first argument = %q, want x-message-ttl", got)
	}
	p.fill("#q-arg-val-0", "5s")
	p.click("#q-save")
	p.waitFor("#q-arg-val-0-error")
	plain := p.text("#q-arg-val-0-error .dl-field-error-plain")
	if !strings.Contains(plain, "x-message-ttl needs a whole number of milliseconds, e.g. 5000") {
		t.Errorf("plain explanation = %q", plain)
	}
	if got := p.text("#q-arg-val-0-error .dl-field-error-broker"); !strings.Contains(got, "expected integer, got longstr") {
		t.Errorf("broker text beside it = %q", got)
	}
	if got := js[string](p, `document.querySelector('#q-arg-val-0').getAttribute('aria-invalid')`); got != "true" {
		t.Errorf("the field is not marked: aria-invalid = %q", got)
	}
	if p.exists(`[data-node="queue:orders"]`) {
		t.Error("the refused queue is drawn")
	}

	p.click("#q-arg-add")
	if got := js[string](p, `document.querySelector('#q-arg-key-1').value`); got != "x-dead-letter-exchange" {
		t.Errorf("second argument = %q, want the next unused x-dead-letter-exchange", got)
	}
	if !js[bool](p, `document.querySelector('#q-arg-key-1 option[value="x-message-ttl"]').disabled`) {
		t.Error("x-message-ttl, set in the first row, can be picked again in the second")
	}
	p.screenshot("forms-field-error.png")

	// Chinese: the same explanation in words, the broker's text unchanged.
	p.fill("#lang", "zh")
	p.waitJS(`document.querySelector('#q-arg-val-0-error .dl-field-error-plain').textContent.includes('毫秒')`,
		"the explanation in Chinese")
	p.fill("#lang", "en")

	p.fill("#q-arg-val-0", "30000")
	p.waitJS(`document.querySelector('#q-arg-val-0-words') && document.querySelector('#q-arg-val-0-words').textContent.includes('30 s')`,
		"30000 ms in words")
	if p.exists("#q-arg-val-0-error") {
		t.Error("the error stays after the value was changed")
	}
	p.fill("#q-arg-val-1", "orders.dlx")

	// Another tab and back: the draft is kept.
	p.click("#tab-publish")
	p.click("#tab-build")
	if got := js[string](p, `document.querySelector('#q-arg-val-1').value`); got != "orders.dlx" {
		t.Errorf("after a tab switch the draft holds %q", got)
	}
	p.screenshot("forms-arg-picker.png")
	p.click("#q-save")
	p.waitFor(`[data-node="queue:orders"]`)

	// Edit from the inspector loads the queue into the form.
	p.pointerClick(`[data-node="queue:orders"]`)
	p.click("#queue-edit")
	p.waitFor("#form-queue")
	if got := js[string](p, `document.querySelector('#q-name').value`); got != "orders" {
		t.Errorf("edit form name = %q", got)
	}
	if n := js[int](p, `document.querySelectorAll('#q-args [data-testid="arg-row"]').length`); n != 2 {
		t.Errorf("edit form has %d argument rows, want 2", n)
	}

	// A policy: a priority that is not a number is told on its field; a
	// TTL in the definition is repeated in words.
	p.click("#build-policy")
	p.fill("#p-name", "ttl")
	p.fill("#p-pattern", "^orders$")
	p.fill("#p-priority", "high")
	p.fill("#p-def", "message-ttl = 90000")
	p.waitJS(`document.querySelector('#p-def-words') && document.querySelector('#p-def-words').textContent.includes('1 min 30 s')`,
		"the policy TTL in words")
	p.click("#p-save")
	p.waitFor("#p-priority-error")
	if got := js[string](p, `document.querySelector('#p-priority').getAttribute('aria-invalid')`); got != "true" {
		t.Errorf("priority not marked: %q", got)
	}
	p.screenshot("forms-policy-error.png")
	p.fill("#p-priority", "1")
	p.click("#p-save")
	p.waitFor(`#policies li[data-policy="ttl"]`)
	exchangeArguments(p)
	refusalsUnderFields(p)
	p.check()
}

// exchangeArguments: the exchange form picks its arguments like the
// queue form, and says in words where unroutable messages will go.
func exchangeArguments(p *page) {
	p.t.Helper()
	p.click("#build-exchange")
	p.fill("#x-name", "orders.in")
	p.click("#x-arg-add")
	if got := js[string](p, `document.querySelector('#x-arg-key-0').value`); got != "alternate-exchange" {
		p.t.Errorf("the exchange's first argument = %q, want alternate-exchange", got)
	}
	if !js[bool](p, `document.querySelector('#x-arg-add').disabled`) {
		p.t.Error("+ Add argument is still offered with every exchange argument set")
	}
	words := func(want string) {
		p.t.Helper()
		p.waitJS(`(document.querySelector('#x-arg-val-0-words') || {}).textContent?.includes(`+quote(want)+`)`, "the value in words: "+want)
	}
	p.fill("#x-arg-val-0", "unrouted")
	words("unrouted is not declared")
	p.fill("#lang", "zh")
	words("尚未声明")
	p.fill("#lang", "en")
	p.fill("#x-arg-val-0", "amq.fanout")
	words("go on to exchange amq.fanout")
	p.screenshot("forms-exchange-args.png")
	p.click("#x-save")
	p.waitFor(`[data-node="exchange:orders.in"]`)
	p.waitFor(`[data-edge="alternate|orders.in"]`)
}

// refusalsUnderFields: a binding or a consumer the broker refuses is told
// under the field it is about.
func refusalsUnderFields(p *page) {
	p.t.Helper()
	p.click("#build-binding")
	p.fill("#b-source", "orders.in")
	p.fill("#b-dest", "queue:orders")
	p.fill("#b-key", "new")
	p.click("#b-save")
	p.waitFor(`[data-edge="binding|orders.in|queue:orders"]`)
	p.fill("#b-key", "new")
	p.click("#b-save")
	p.waitFor("#b-key-error")
	if p.exists("#form-error") {
		p.t.Errorf("the same binding again is told for the whole form: %q", p.text("#form-error"))
	}
	p.screenshot("forms-binding-error.png")

	p.click("#build-consumer")
	p.fill("#c-name", "neg")
	p.fill("#c-prefetch", "-1")
	p.click("#c-save")
	p.waitFor("#c-prefetch-error")
	if got := p.text("#c-prefetch-error .dl-field-error-broker"); !strings.Contains(got, "prefetch must not be negative") {
		p.t.Errorf("the broker's answer beside the prefetch = %q", got)
	}
	if p.exists("#form-error") {
		p.t.Errorf("a negative prefetch is told for the whole form: %q", p.text("#form-error"))
	}
	p.screenshot("forms-consumer-error.png")
}
