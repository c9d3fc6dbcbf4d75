package e2e

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// Journeys that answer a lesson's questions from what the screen says,
// as a learner who knows nothing of dead-lettering would: reach the
// checkpoint, read the question, look at the queues and messages the
// checkpoint points at, pick the choice that matches, play on and read
// the answer.

// atCheckpoint waits for checkpoint n to hold the clock and returns its
// question ("" when it asks none).
func atCheckpoint(p *page, n int) string {
	p.t.Helper()
	p.waitFor(`#checkpoint[data-index="` + strconv.Itoa(n) + `"][data-waiting="true"]`)
	return js[string](p, `(document.querySelector('#checkpoint .dl-cp-ask') || {textContent: ''}).textContent`)
}

// choose clicks the choice whose text is want, failing if there is none.
func choose(p *page, want string) {
	p.t.Helper()
	n := js[int](p, `(() => { const bs = [...document.querySelectorAll('#checkpoint-choices .dl-choice')];
		const i = bs.findIndex(b => b.textContent.trim() === `+quote(want)+`); return i + 1; })()`)
	if n == 0 {
		p.t.Fatalf("no choice %q in %s", want, p.text("#checkpoint-choices"))
	}
	p.click(`[data-choice="` + strconv.Itoa(n) + `"]`)
	p.waitFor(`[data-choice="` + strconv.Itoa(n) + `"][data-state="picked"]`)
}

// openQueue selects a queue on the canvas and returns the ready bodies its
// inspector lists, head first.
func openQueue(p *page, name string) []string {
	p.t.Helper()
	p.pointerClick(`[data-node="queue:` + name + `"]`)
	p.waitFor(`#inspect-queue[data-queue="` + name + `"]`)
	return js[[]string](p, `[...document.querySelectorAll('#inspect-queue [data-testid="msg-row"] .dl-body')].map(e => e.textContent)`)
}

// rowText is the text of the inspector's row for a ready message.
func rowText(p *page, body string) string {
	return js[string](p, `(() => { const r = [...document.querySelectorAll('#inspect-queue [data-testid="msg-row"]')]
		.find(r => r.querySelector('.dl-body').textContent === `+quote(body)+`); return r ? r.textContent : ''; })()`)
}

// openMessage clicks a ready message of the open queue.
func openMessage(p *page, body string) {
	p.t.Helper()
	js[bool](p, `(() => { [...document.querySelectorAll('#inspect-queue [data-testid="msg-row"]')]
		.find(r => r.querySelector('.dl-body').textContent === `+quote(body)+`).click(); return true; })()`)
	p.waitJS(`(document.querySelector('#msg-body') || {}).textContent === `+quote(body), "message "+body)
}

// openNewestReceived opens the newest delivery listed under Received.
func openNewestReceived(p *page) {
	p.t.Helper()
	p.click(`#received [data-testid="received-row"] button`)
	p.waitFor("#inspect-message")
}

// header reads a header of the open message ("" if it has none).
func header(p *page, key string) string {
	return js[string](p, `(() => { const r = [...document.querySelectorAll('#msg-headers tr')]
		.find(tr => tr.querySelector('th').textContent === `+quote(key)+`); return r ? r.querySelector('td').textContent : ''; })()`)
}

// xdeathField reads a field of the open message's x-death row.
func xdeathField(p *page, queue, reason, field string) string {
	return js[string](p, `(() => { const f = document.querySelector('#xdeath tr[data-queue=`+quote(queue)+`][data-reason=`+quote(reason)+`] [data-help=`+quote(field)+`]');
		return f ? f.lastChild.textContent : ''; })()`)
}

func expectText(t *testing.T, what, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %q, want %q", what, got, want)
	}
}

// holTexts are the head-of-line lesson's words in one language.
type holTexts struct {
	lang, q1, waits, a1, right1, why1, q3, right3 string
}

// TestJourneyAnswerHeadOfLine: the head-of-line lesson, in English and
// in Chinese, answered from the queue rows and from the x-death the
// screen shows.
func TestJourneyAnswerHeadOfLine(t *testing.T) {
	for _, tx := range []holTexts{
		{"en", "Which message is dead-lettered first, and when?", "then waits for the head",
			"msg1 at 60 s and the other two right after it", "You were right: msg1 at 60 s and the other two right after it",
			"only at its head", "msg2's own expiration was 10 s. What time does its x-death entry show?", "You were right: 60"},
		{"zh", "哪条消息最先成为死信？在什么时候？", "之后要等前面的消息",
			"msg1，在 60 秒时，另两条紧随其后", "你答对了：msg1，在 60 秒时，另两条紧随其后",
			"队列只在队头处理过期", "msg2 自己的 expiration 是 10 秒。它的 x-death 记录里的 time 是多少？", "你答对了：60"},
	} {
		t.Run(tx.lang, func(t *testing.T) { answerHeadOfLine(t, tx) })
	}
}

func answerHeadOfLine(t *testing.T, tx holTexts) {
	p := openPage(t, "/")
	p.fill("#lang", tx.lang)
	p.loadLesson("ttl-head-of-line-blocking")
	p.fill("#speed", "1000")
	p.click("#play")
	expectText(t, "question 1", atCheckpoint(p, 1), tx.q1)
	// The screen: delay lists msg1 at the head; msg2 and msg3 say they
	// wait for the head, so nothing leaves before msg1 does.
	if got := openQueue(p, "delay"); !reflect.DeepEqual(got, []string{"msg1", "msg2", "msg3"}) {
		t.Fatalf("delay lists %v", got)
	}
	if r := rowText(p, "msg2"); !strings.Contains(r, tx.waits) {
		t.Errorf("msg2's row does not say it waits for the head: %q", r)
	}
	choose(p, tx.a1)
	p.screenshot("answer-hol-question-" + tx.lang + ".png")
	p.click("#checkpoint-continue")

	atCheckpoint(p, 2)
	expectText(t, "clock at checkpoint 2", p.text("#clock-time"), "t = 35.000 s")
	if got := p.text("#checkpoint-prev"); !strings.Contains(got, tx.right1) || !strings.Contains(got, tx.why1) {
		t.Errorf("answer 1 revealed = %q", got)
	}
	if got := openQueue(p, "delay"); !reflect.DeepEqual(got, []string{"msg1", "msg2", "msg3"}) {
		t.Errorf("at 35 s delay lists %v, want all three", got)
	}
	if got := openQueue(p, "done"); len(got) != 0 {
		t.Errorf("at 35 s done lists %v, want nothing", got)
	}
	p.click("#checkpoint-continue")

	expectText(t, "question 3", atCheckpoint(p, 3), tx.q3)
	expectText(t, "clock at checkpoint 3", p.text("#clock-time"), "t = 1 min")
	if got := openQueue(p, "done"); !reflect.DeepEqual(got, []string{"msg1", "msg2", "msg3"}) {
		t.Fatalf("at 60 s done lists %v", got)
	}
	openMessage(p, "msg2")
	tm := xdeathField(p, "delay", "expired", "time")
	expectText(t, "msg2's x-death time", tm, "60 s")
	expectText(t, "msg2's original-expiration", js[string](p, `document.querySelector('#xdeath .xd-origexp').lastChild.textContent`), "10000")
	p.screenshot("answer-hol-xdeath-" + tx.lang + ".png")
	choose(p, strings.TrimSuffix(tm, " s")) // the choice is what the screen says
	p.click("#checkpoint-continue")

	atCheckpoint(p, 4)
	if got := p.text("#checkpoint-prev"); !strings.Contains(got, tx.right3) || !strings.Contains(got, "original-expiration") {
		t.Errorf("answer 3 revealed = %q", got)
	}
	openQueue(p, "done")
	if n := js[int](p, `document.querySelectorAll('#received [data-outcome="held"]').length`); n != 3 {
		t.Errorf("closer holds %d dead letters, want 3", n)
	}
	p.screenshot("answer-hol-end-" + tx.lang + ".png")
	p.check()
}

// maxlenTexts are the max-length lesson's words in one language.
type maxlenTexts struct {
	lang, q1, ready3, a1, right1, q3, a3, right3 string
}

// TestJourneyAnswerMaxLength: the max-length lesson, in English and in
// Chinese, answered from the queue's settings, the dead letter's x-death
// and the counts.
func TestJourneyAnswerMaxLength(t *testing.T) {
	for _, tx := range []maxlenTexts{
		{"en", "msg3 is published next. What happens?", "ready 3", "msg0, the oldest, is pushed out of the head and dead-lettered",
			"You were right: msg0, the oldest, is pushed out of the head and dead-lettered",
			"How many of the six messages did the broker lose?", "None", "You were right: None"},
		{"zh", "接下来发布 msg3。会发生什么？", "就绪 3", "最旧的 msg0 被挤出队头并成为死信", "你答对了：最旧的 msg0 被挤出队头并成为死信",
			"六条消息中，Broker 丢失了几条？", "一条也没有", "你答对了：一条也没有"},
	} {
		t.Run(tx.lang, func(t *testing.T) { answerMaxLength(t, tx) })
	}
}

func answerMaxLength(t *testing.T, tx maxlenTexts) {
	p := openPage(t, "/")
	p.fill("#lang", tx.lang)
	p.loadLesson("dlx-maxlen-drop-head")
	p.click("#play")
	expectText(t, "question 1", atCheckpoint(p, 1), tx.q1)
	if got := openQueue(p, "m3"); !reflect.DeepEqual(got, []string{"msg0", "msg1", "msg2"}) {
		t.Fatalf("m3 lists %v", got)
	}
	expectText(t, "m3 ready", p.text("#q-ready"), tx.ready3)
	if got := p.text("#q-config"); !strings.Contains(got, "max-length3") || !strings.Contains(got, "drop-head") {
		t.Errorf("m3's settings do not show its length limit and overflow: %q", got)
	}
	choose(p, tx.a1)
	p.screenshot("answer-maxlen-question-" + tx.lang + ".png")
	p.click("#checkpoint-continue")

	atCheckpoint(p, 2)
	if got := p.text("#checkpoint-prev"); !strings.Contains(got, tx.right1) || !strings.Contains(got, "drop-head") {
		t.Errorf("answer 1 revealed = %q", got)
	}
	if got := openQueue(p, "dlq"); !reflect.DeepEqual(got, []string{"msg0"}) {
		t.Fatalf("dlq lists %v, want msg0", got)
	}
	openMessage(p, "msg0")
	if xd := p.xdeath(); xd["m3/maxlen"] != "1" || len(xd) != 1 {
		t.Errorf("msg0's x-death = %v, want m3/maxlen 1", xd)
	}
	p.click("#checkpoint-continue")

	expectText(t, "question 3", atCheckpoint(p, 3), tx.q3)
	// The screen: three messages in m3, three in dlq, no drop anywhere.
	kept := openQueue(p, "m3")
	keptDrops := p.exists("#q-drops")
	dead := openQueue(p, "dlq")
	if len(kept)+len(dead) != 6 || keptDrops || p.exists("#q-drops") {
		t.Errorf("m3 %v and dlq %v: want all six accounted for, and no drops", kept, dead)
	}
	choose(p, tx.a3)
	p.click("#checkpoint-continue")

	atCheckpoint(p, 4)
	if got := p.text("#checkpoint-prev"); !strings.Contains(got, tx.right3) {
		t.Errorf("answer 3 revealed = %q", got)
	}
	openQueue(p, "dlq")
	if n := js[int](p, `document.querySelectorAll('#received [data-outcome="held"]').length`); n != 3 {
		t.Errorf("audit holds %d dead letters, want 3", n)
	}
	p.screenshot("answer-maxlen-end-" + tx.lang + ".png")
	p.check()
}

// quorumTexts are the quorum poison lesson's words in one language.
type quorumTexts struct {
	lang, q1, a1, right1, q2, a2, right2 string
}

// TestJourneyAnswerQuorumPoison: the quorum poison lesson on 4.3, in
// English and in Chinese, answered from the delivery headers and the dead
// letter's x-death.
func TestJourneyAnswerQuorumPoison(t *testing.T) {
	for _, tx := range []quorumTexts{
		{"en", "On RabbitMQ 4.3, which message ends up dead-lettered?", "Only poison-rejected", "You were right: Only poison-rejected",
			"What happens at the next reject of poison-rejected?", "It is dead-lettered with reason delivery_limit",
			"You were right: It is dead-lettered with reason delivery_limit"},
		{"zh", "在 RabbitMQ 4.3 上，哪条消息最终成为死信？", "只有 poison-rejected", "你答对了：只有 poison-rejected",
			"poison-rejected 再被 reject 一次会怎样？", "它以原因 delivery_limit 成为死信", "你答对了：它以原因 delivery_limit 成为死信"},
	} {
		t.Run(tx.lang, func(t *testing.T) { answerQuorumPoison(t, tx) })
	}
}

func answerQuorumPoison(t *testing.T, tx quorumTexts) {
	p := openPage(t, "/")
	p.fill("#lang", tx.lang)
	p.loadLesson("quorum-poison-message-4.3")
	p.click("#play")
	expectText(t, "question 1", atCheckpoint(p, 1), tx.q1)
	choose(p, tx.a1)
	p.click("#checkpoint-continue")

	expectText(t, "question 2", atCheckpoint(p, 2), tx.q2)
	expectText(t, "clock at checkpoint 2", p.text("#clock-time"), "t = 0.350 s")
	if got := p.text("#checkpoint-prev"); !strings.Contains(got, tx.right1) {
		t.Errorf("answer 1 revealed = %q", got)
	}
	openQueue(p, "q.reject")
	if n := js[int](p, `document.querySelectorAll('#received [data-testid="received-row"]').length`); n != 4 {
		t.Errorf("rejecter got %d deliveries by 350 ms, want 4", n)
	}
	openNewestReceived(p)
	expectText(t, "q.reject x-delivery-count", header(p, "x-delivery-count"), "3")
	p.screenshot("answer-quorum-reject-headers-" + tx.lang + ".png")
	openQueue(p, "q.nack")
	openNewestReceived(p)
	expectText(t, "q.nack x-delivery-count", header(p, "x-delivery-count"), "")
	expectText(t, "q.nack x-acquired-count", header(p, "x-acquired-count"), "3")
	choose(p, tx.a2)
	p.click("#checkpoint-continue")

	atCheckpoint(p, 3)
	if got := p.text("#checkpoint-prev"); !strings.Contains(got, tx.right2) {
		t.Errorf("answer 2 revealed = %q", got)
	}
	if got := openQueue(p, "pay.dlq"); !reflect.DeepEqual(got, []string{"poison-rejected"}) {
		t.Errorf("pay.dlq lists %v", got)
	}
	p.click("#checkpoint-continue")

	atCheckpoint(p, 4)
	openQueue(p, "pay.dlq")
	openNewestReceived(p)
	if xd := p.xdeath(); xd["q.reject/delivery_limit"] != "1" || len(xd) != 1 {
		t.Errorf("the dead letter's x-death = %v", xd)
	}
	// Its x-death row leads to the history line that wrote it.
	p.click(`#xdeath tr[data-queue="q.reject"]`)
	p.waitFor(`#history li[data-marked="true"]`)
	if got := p.text(`#history li[data-marked="true"]`); !strings.Contains(got, "q.reject") || !strings.Contains(got, "delivery_limit") {
		t.Errorf("the marked history line = %q", got)
	}
	p.screenshot("answer-quorum-end-" + tx.lang + ".png")
	p.check()
}
