package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/ui/model"
)

// What makes a lesson teach: the checkpoint panel (the lesson pauses,
// says what to look at, asks before it shows), stepping one broker event
// at a time with a caption in plain words, going back, the scrubber, and
// the guided start of a first visit. The rules live in ui/model
// (checkpoint.go, stepper.go); this renders them and sends the commands.

// storeGuide remembers that the guided start was dismissed.
const storeGuide = "dlxlab.guide.v1"

// checkpointPanel is the open checkpoint: its text, its question (choices
// to pick before playing on) and, once the learner has played on, the
// answer and why.
func (h *page) checkpointPanel(snap model.Snapshot) app.UI {
	cp := snap.Checkpoint
	if cp == nil || h.Compact {
		return app.Text("")
	}
	var question app.UI = app.Text("")
	if cp.Question != "" {
		choices := make([]app.UI, 0, len(cp.Choices))
		for i, c := range cp.Choices {
			n := i + 1
			text := c
			if h.lang == langZH && i < len(cp.ChoicesZH) && cp.ChoicesZH[i] != "" {
				text = cp.ChoicesZH[i]
			}
			state := ""
			switch {
			case cp.Revealed && n == cp.Answer:
				state = "right"
			case cp.Revealed && n == cp.Picked:
				state = "wrong"
			case n == cp.Picked:
				state = "picked"
			}
			choices = append(choices, app.Li().Body(
				app.Button().Class("dl-choice").Type("button").DataSet("choice", n).DataSet("state", state).
					Aria("pressed", n == cp.Picked).Disabled(cp.Revealed).OnClick(h.onChoice, n).Body(richText(text)...),
			))
		}
		question = app.Div().Class("dl-cp-question").Body(
			app.P().Class("dl-cp-ask").Body(richText(h.local(cp.Question, cp.QuestionZH))...),
			app.Ol().ID("checkpoint-choices").Class("dl-choices").Body(choices...),
			app.If(!cp.Revealed, app.P().Class("dl-help").Text(h.t("cp.predict"))),
			app.If(cp.Revealed, h.answer(cp)),
		)
	}
	folded := h.cpFolded(cp, snap)
	return app.Section().ID("checkpoint").Class("dl-checkpoint").Aria("live", "polite").
		DataSet("index", cp.Index).DataSet("revealed", cp.Revealed).DataSet("waiting", cp.Waiting).DataSet("folded", folded).Body(
		app.Div().Class("dl-cp-head").Body(
			app.Span().Class("dl-kind").Text(h.t("cp.title", cp.Index, cp.Count)),
			h.foldButton(cp, folded),
			app.Button().ID("checkpoint-close").Class("dl-button", "dl-button--icon").Type("button").
				Aria("label", h.t("close")).OnClick(h.onCheckpointClose).Text("×"),
		),
		h.prevAnswer(cp.Prev),
		app.P().ID("checkpoint-text").Class("dl-cp-text").Body(richText(h.local(cp.Text, cp.TextZH))...),
		question,
		app.If(cp.Waiting, app.Button().ID("checkpoint-continue").Class("dl-button", "dl-button--primary").Type("button").
			OnClick(h.onCheckpointContinue).Body(icon("play"), app.Span().Text(h.t("cp.continue")))),
	)
}

func (h *page) answer(cp *model.CheckpointView) app.UI {
	right := ""
	if i := cp.Answer - 1; i >= 0 && i < len(cp.Choices) {
		right = cp.Choices[i]
		if h.lang == langZH && i < len(cp.ChoicesZH) && cp.ChoicesZH[i] != "" {
			right = cp.ChoicesZH[i]
		}
	}
	verdict := h.t("cp.answer", right)
	switch {
	case cp.Picked == cp.Answer:
		verdict = h.t("cp.right")
	case cp.Picked != 0:
		verdict = h.t("cp.wrong", right)
	}
	return app.Div().ID("checkpoint-answer").Class("dl-cp-answer").Body(
		app.P().Class("dl-cp-verdict").DataSet("right", verdictState(cp.Picked == cp.Answer, cp.Picked != 0)).Text(verdict),
		app.If(cp.Explain != "", app.P().Body(richText(h.local(cp.Explain, cp.ExplainZH))...)),
	)
}

// prevAnswer shows the answer to the question before, when the next
// checkpoint came before the learner could read it.
func (h *page) prevAnswer(p *model.PrevAnswer) app.UI {
	if p == nil {
		return app.Text("")
	}
	key := "cp.prev"
	switch {
	case p.Right:
		key = "cp.prev.right"
	case p.Picked:
		key = "cp.prev.wrong"
	}
	return app.Div().ID("checkpoint-prev").Class("dl-cp-answer", "dl-cp-prev").Body(
		app.P().Class("dl-muted").Body(richText(h.local(p.Question, p.QuestionZH))...),
		app.P().Class("dl-cp-verdict").DataSet("right", verdictState(p.Right, p.Picked)).Text(h.t(key, h.local(p.Answer, p.AnswerZH))),
		app.If(p.Explain != "", app.P().Body(richText(h.local(p.Explain, p.ExplainZH))...)),
	)
}

// verdictState colours a verdict: "true" right, "false" wrong, "" when
// the learner did not answer.
func verdictState(right, picked bool) string {
	switch {
	case !picked:
		return ""
	case right:
		return "true"
	}
	return "false"
}

func (h *page) onChoice(ctx app.Context, e app.Event) {
	n, _ := strconv.Atoi(ctx.JSSrc().Get("dataset").Get("choice").String())
	h.s.PickChoice(n)
	h.changed()
}

func (h *page) onCheckpointContinue(ctx app.Context, e app.Event) {
	h.s.Continue()
	h.changed()
}

func (h *page) onCheckpointClose(ctx app.Context, e app.Event) {
	h.s.CloseCheckpoint()
	h.changed()
}

// stepButtons are the clock bar's event controls: back one event and
// forward one event (the "next instant" button is the older #step).
func (h *page) stepButtons() []app.UI {
	return []app.UI{
		app.Button().ID("step-back").Class("dl-button").Type("button").
			Title(h.t("clock.back.title")).Aria("label", h.t("clock.back")).OnClick(h.onStepBack).Body(
			app.Span().Aria("hidden", true).Text("◀"), app.Span().Text(h.t("clock.back"))),
		app.Button().ID("step-event").Class("dl-button").Type("button").
			Title(h.t("clock.event.title")).OnClick(h.onStepEvent).Body(
			icon("step"), app.Span().Text(h.t("clock.event"))),
	}
}

// stepRow is under the clock: what the event just stepped to did, in
// plain words (with a button to open its message), and the scrubber over
// the events reached so far.
func (h *page) stepRow(snap model.Snapshot) app.UI {
	if h.Compact || snap.EventsKnown == 0 && snap.Event == nil {
		return app.Text("")
	}
	var caption app.UI = app.Span().ID("event-caption").Class("dl-caption", "dl-muted").Text(h.t("clock.caption.none"))
	if ev := snap.Event; ev != nil {
		caption = app.P().ID("event-caption").Class("dl-caption").DataSet("kind", ev.Kind).DataSet("pos", ev.Pos).Body(
			app.Span().Class("dl-time").Text(h.t("clock.event.at", ev.Pos, clockLabel(ev.T))),
			app.Span().Class("dl-caption-text").Text(h.local(ev.Caption.EN, ev.Caption.ZH)),
			app.If(ev.Lineage != 0, app.Button().ID("event-open").Class("dl-button", "dl-button--small").Type("button").
				DataSet("queue", ev.Queue).DataSet("lineage", ev.Lineage).DataSet("instance", ev.Instance).
				OnClick(h.onOpenMessage, ev.Pos).Text(h.t("clock.event.open"))),
		)
	}
	return app.Div().ID("step-row").Class("dl-steprow").Body(
		caption,
		app.Label().Class("dl-scrub").Body(
			app.Span().Class("dl-clock-label").Text(h.t("clock.scrub")),
			app.Input().ID("scrubber").Type("range").Min(0).Max(snap.EventsKnown).Value(snap.EventPos).
				Title(h.t("clock.scrub.title")).Aria("valuetext", h.t("clock.scrub.value", snap.EventPos, snap.EventsKnown)).
				OnChange(h.onScrub),
			app.Output().ID("scrub-pos").Class("dl-muted").Text(strconv.Itoa(snap.EventPos)+" / "+strconv.Itoa(snap.EventsKnown)),
		),
	)
}

func (h *page) onStepEvent(ctx app.Context, e app.Event) {
	h.s.StepEvent()
	h.changed()
}

func (h *page) onStepBack(ctx app.Context, e app.Event) {
	h.s.StepBack()
	h.changed()
}

func (h *page) onScrub(ctx app.Context, e app.Event) {
	if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
		h.s.SeekEvent(n)
	}
	h.changed()
}

// onOpenMessage opens the message an event, a drop or a recent event
// concerns: the copy if it is still there, else as last seen.
func (h *page) onOpenMessage(ctx app.Context, e app.Event) {
	h.openMessage(ctx, "")
}

func (h *page) openMessage(ctx app.Context, queue string) {
	ds := ctx.JSSrc().Get("dataset")
	lineage, _ := strconv.ParseUint(ds.Get("lineage").String(), 10, 64)
	instance, _ := strconv.ParseUint(ds.Get("instance").String(), 10, 64)
	if lineage == 0 {
		return
	}
	if q := ds.Get("queue"); q.Truthy() {
		queue = q.String()
	}
	h.s.SelectMessage(queue, lineage, instance, -1)
	h.tab = tabInspect
	h.changed()
}

// receivedList is what the consumers of a queue (and basic.get) received
// from it: every delivery, with what was done with it, openable.
func (h *page) receivedList(queue string, consumers []model.Badge) app.UI {
	var rows []model.ReceivedRow
	for _, c := range append([]string{""}, badgeNames(consumers)...) {
		for _, r := range h.s.Received(c) {
			if r.Queue == queue {
				rows = append(rows, r)
			}
		}
	}
	if len(rows) == 0 {
		return app.Text("")
	}
	if len(rows) > 60 {
		rows = rows[len(rows)-60:]
	}
	items := make([]app.UI, 0, len(rows))
	for i := len(rows) - 1; i >= 0; i-- { // newest first
		r := rows[i]
		who := r.Consumer
		if who == "" {
			who = "basic.get"
		}
		li := app.Li().DataSet("testid", "received-row").DataSet("outcome", r.Outcome).Body(
			app.Button().Class("dl-linkbutton").Type("button").DataSet("consumer", r.Consumer).DataSet("seq", r.Seq).
				OnClick(h.onSelectReceived).Body(
				app.Span().Class("dl-time").Text(clockLabel(r.T)),
				app.Span().Class("dl-body").Text(" "+clip(r.Body, 20)),
				app.If(r.Deaths > 0, app.Span().Class("dl-chip").Title("x-death").Text("☠ "+strconv.FormatInt(r.Deaths, 10))),
				app.Span().Class("dl-muted").Text(" · "+who+" · "+h.outcome(r)),
			),
		)
		if r.Selected {
			li = li.DataSet("selected", "true")
		}
		items = append(items, li)
	}
	return app.Div().Class("dl-section").Body(
		app.H3().Body(app.Text(h.t("inspect.received")+" "), app.Span().Class("dl-muted").Text(h.t("inspect.received.help"))),
		app.Ul().ID("received").Class("dl-list").Body(items...),
	)
}

func (h *page) outcome(r model.ReceivedRow) string {
	switch r.Outcome {
	case model.OutcomeHeld:
		return h.t("outcome.held")
	case model.OutcomeAcked:
		return h.t("outcome.acked", model.FormatClock(r.At))
	case model.OutcomeRequeued:
		return h.t("outcome.requeued", model.FormatClock(r.At))
	case model.OutcomeDeadLettered:
		return h.t("outcome.deadlettered", r.Reason, model.FormatClock(r.At))
	}
	return h.t("outcome.dropped", r.Reason, model.FormatClock(r.At))
}

func badgeNames(bs []model.Badge) []string {
	out := make([]string, 0, len(bs))
	for _, b := range bs {
		out = append(out, b.Name)
	}
	return out
}

func (h *page) onSelectReceived(ctx app.Context, e app.Event) {
	ds := ctx.JSSrc().Get("dataset")
	seq, _ := strconv.ParseUint(ds.Get("seq").String(), 10, 64)
	h.s.SelectReceived(ds.Get("consumer").String(), seq)
	h.changed()
}

// onOpenDrop opens the newest message a drop chip counts.
func (h *page) onOpenDrop(ctx app.Context, e app.Event) {
	ds := ctx.JSSrc().Get("dataset")
	queue := h.s.Selection().Name
	if lineage, instance, ok := h.s.LastDrop(queue, ds.Get("reason").String()); ok {
		h.s.SelectMessage(queue, lineage, instance, -1)
	}
	h.changed()
}

// xdeathHelp is the explanation of an x-death field or death header for
// the profile being run, with its version note.
func (h *page) xdeathHelp(field string) string {
	for _, f := range model.XDeathHelp(core.Profile(h.s.Snapshot().Profile)) {
		if f.Field == field {
			text := h.local(f.EN, f.ZH)
			if note := h.local(f.Note, f.NoteZH); note != "" {
				text += " " + note
			}
			return text
		}
	}
	return ""
}

// xdeathNote says whether this broker version writes x-last-death-*.
func (h *page) xdeathNote() app.UI {
	for _, f := range model.XDeathHelp(h.s.Broker().Profile()) {
		if f.Note != "" {
			return app.P().ID("xdeath-note").Class("dl-help").DataSet("writes", f.Writes).Text(h.local(f.Note, f.NoteZH))
		}
	}
	return app.Text("")
}

// guide is the guided start: what this is and three things to try. It
// shows on a first visit (until dismissed) and from the "?" button.
func (h *page) guide(snap model.Snapshot) app.UI {
	if h.Compact || !h.mounted || !(h.guideOpen || snap.Empty && !h.guideSeen) {
		return app.Text("")
	}
	steps := []app.UI{}
	for _, k := range []string{"guide.try1", "guide.try2", "guide.try3"} {
		steps = append(steps, app.Li().Text(h.t(k)))
	}
	return app.Div().ID("guide").Class("dl-guide").Role("dialog").Aria("labelledby", "guide-title").Body(
		app.H2().ID("guide-title").Text(h.t("guide.title")),
		app.P().Text(h.t("guide.what")),
		app.Ol().Class("dl-guide-steps").Body(steps...),
		app.Div().Class("dl-actions").Body(
			app.Button().ID("guide-start").Class("dl-button", "dl-button--primary").Type("button").
				OnClick(h.onGuideStart).Body(icon("library"), app.Span().Text(h.t("guide.start"))),
			app.Button().ID("guide-close").Class("dl-button").Type("button").
				OnClick(h.onGuideClose).Text(h.t("guide.close")),
		),
	)
}

// helpButton reopens the guided start.
func (h *page) helpButton() app.UI {
	return app.Button().ID("help-open").Class("dl-button", "dl-button--icon").Type("button").
		Title(h.t("guide.help")).Aria("label", h.t("guide.help")).OnClick(h.onHelp).Text("?")
}

func (h *page) onHelp(ctx app.Context, e app.Event) { h.guideOpen = true }

func (h *page) onGuideClose(ctx app.Context, e app.Event) { h.dismissGuide() }

// onGuideStart opens the library at its "Start here" group.
func (h *page) onGuideStart(ctx app.Context, e app.Event) {
	h.dismissGuide()
	h.libOpen = true
}

func (h *page) dismissGuide() {
	h.guideOpen, h.guideSeen = false, true
	storageSet(storeGuide, "dismissed")
}
