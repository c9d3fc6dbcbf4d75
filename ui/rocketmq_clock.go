package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	"github.com/dlxlab/dlxlab/ui/model"
)

// RocketClock is the clock bar in RocketMQ mode: play/pause, one event
// back and forward, the next instant, jumps of a minute and half an hour
// (the 4 h 46 min retry ladder is watchable in seconds), fast-forward to
// the end of the lesson, restart, speed, the virtual time; under it the
// caption of the event stepped to and the event scrubber.
type RocketClock struct {
	app.Compo
	*page
	Rev uint64
}

// rqJumps are the jump buttons.
var rqJumps = []struct {
	id, label string
	ms        rmq.Time
}{
	{"jump-1m", "+1 min", 60_000},
	{"jump-30m", "+30 min", 30 * 60_000},
}

// Render draws the clock bar.
func (h *RocketClock) Render() app.UI {
	snap := h.rsnap
	label, ic := h.t("clock.play"), "play"
	if snap.Playing {
		label, ic = h.t("clock.pause"), "pause"
	}
	timeText := app.Output().ID("clock-time").Class("dl-clock-time").Aria("live", "off").Text(rqClockLabel(snap.Now))
	if h.mounted {
		timeText = timeText.DataSet("mounted", 1)
	}
	next := h.t("clock.next.none")
	switch {
	case !snap.Started:
		next = h.t("clock.next.start")
	case snap.Next != rmq.Never:
		next = h.t("clock.next", rqClockLabel(snap.Next))
	}
	jumps := make([]app.UI, 0, len(rqJumps))
	for _, j := range rqJumps {
		jumps = append(jumps, app.Button().ID(j.id).Class("dl-button", "dl-button--small").Type("button").
			Title(h.t("clock.jump.title", j.label)).OnClick(h.onJump(j.ms)).Text(j.label))
	}
	return app.Footer().ID("clock").Class("dl-clock").Body(
		app.Button().ID("play").Class("dl-button", "dl-button--primary").Type("button").
			Aria("pressed", snap.Playing).Title(label+" ("+h.t("key.space")+")").OnClick(h.do((*model.RocketSession).TogglePlay)).Body(
			icon(ic), app.Span().Text(label)),
		app.If(!h.Compact,
			app.Button().ID("step-back").Class("dl-button").Type("button").Title(h.t("clock.back.title")).
				OnClick(h.do(func(s *model.RocketSession) { s.StepBack() })).Body(
				app.Span().Aria("hidden", true).Text("◀"), app.Span().Text(h.t("clock.back"))),
			app.Button().ID("step-event").Class("dl-button").Type("button").Title(h.t("rq.clock.event.title")).
				OnClick(h.do(func(s *model.RocketSession) { s.StepEvent() })).Body(
				icon("step"), app.Span().Text(h.t("clock.event"))),
		),
		app.Button().ID("step").Class("dl-button").Type("button").Title(h.t("rq.clock.next.title")).
			OnClick(h.do(func(s *model.RocketSession) { s.StepNext() })).Body(
			icon("hourglass"), app.Span().Text(h.t("rq.clock.next"))),
		app.Div().Class("dl-clock-jumps").Body(jumps...),
		app.If(!h.Compact, app.Button().ID("fast-forward").Class("dl-button").Type("button").
			Title(h.t("rq.clock.ff.title", rqClockLabel(snap.End))).Disabled(snap.Started && snap.Now >= snap.End).
			OnClick(h.do(func(s *model.RocketSession) { s.FastForward() })).Body(
			app.Span().Aria("hidden", true).Text("»"), app.Span().Text(h.t("rq.clock.ff")))),
		app.Button().ID("restart").Class("dl-button").Type("button").Title(h.t("rq.clock.restart.title")).
			OnClick(h.do(func(s *model.RocketSession) { s.SeekEvent(0) })).Body(
			icon("restart"), app.Span().Text(h.t("clock.restart"))),
		app.Label().Class("dl-field-inline").Body(
			app.Span().Class("dl-clock-label").Text(h.t("clock.speed")),
			app.Select().ID("speed").Class("dl-select").OnChange(h.onSpeed).Body(h.speedOptions(snap.Speed)...),
		),
		app.Div().Class("dl-clock-readout").Body(
			timeText,
			app.Span().Class("dl-clock-label").Text(h.t("clock.virtual")),
			app.Span().ID("clock-next").Class("dl-clock-next").Text(next),
		),
		h.stepRow(snap),
	)
}

// do makes a handler that runs a session command and tells the page.
func (h *RocketClock) do(cmd func(*model.RocketSession)) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		cmd(h.rq)
		h.changed()
	}
}

func (h *RocketClock) onJump(ms rmq.Time) app.EventHandler {
	return h.do(func(s *model.RocketSession) { s.JumpBy(ms) })
}

func (h *RocketClock) onSpeed(ctx app.Context, e app.Event) {
	if v, err := strconv.ParseFloat(ctx.JSSrc().Get("value").String(), 64); err == nil {
		h.rq.SetSpeed(v)
	}
	h.changed()
}

func (h *RocketClock) speedOptions(cur float64) []app.UI {
	out := make([]app.UI, 0, len(model.RocketSpeeds))
	for _, v := range model.RocketSpeeds {
		s := strconv.FormatFloat(v, 'f', -1, 64)
		out = append(out, app.Option().Value(s).Selected(v == cur).Text(s+"×"))
	}
	return out
}

// stepRow is the caption of the event stepped to and the scrubber.
func (h *RocketClock) stepRow(snap model.RocketSnapshot) app.UI {
	if h.Compact || snap.EventsKnown == 0 && snap.Event == nil {
		return app.Text("")
	}
	var caption app.UI = app.Span().ID("event-caption").Class("dl-caption", "dl-muted").Text(h.t("rq.clock.caption.none"))
	if ev := snap.Event; ev != nil {
		caption = app.P().ID("event-caption").Class("dl-caption").DataSet("kind", ev.Event.Kind.String()).DataSet("pos", ev.Pos).Body(
			app.Span().Class("dl-time").Text(h.t("clock.event.at", ev.Pos, rqClockLabel(ev.Event.T))),
			app.Span().Class("dl-caption-text").Text(h.local(ev.Caption.EN, ev.Caption.ZH)),
			app.If(ev.Event.MsgID != "", app.Button().ID("event-open").Class("dl-button", "dl-button--small").Type("button").
				OnClick(h.onOpen(ev.Event.MsgID)).Text(h.t("clock.event.open"))),
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

func (h *RocketClock) onOpen(msgID string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		h.rq.Select(model.RocketSelection{Kind: "message", MsgID: msgID})
		h.rtab = rtabInspect
		h.changed()
	}
}

func (h *RocketClock) onScrub(ctx app.Context, e app.Event) {
	if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
		h.rq.SeekEvent(n)
	}
	h.changed()
}

// rqClockLabel is a virtual time for the RocketMQ clock: "t = 1 h 15 min
// 40 s" once it is long, else seconds like the RabbitMQ clock.
func rqClockLabel(t rmq.Time) string {
	if t < 60_000 {
		return clockLabel(t)
	}
	return "t = " + model.FormatClockLong(t)
}
