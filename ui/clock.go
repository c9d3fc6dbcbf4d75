package ui

import (
	"context"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/ui/model"
)

// The clock bar: play / pause, speed, step to the next event, jump to
// the next expiry, jump by a duration, restart (a replay). The virtual
// time is always shown. Keyboard: space plays or pauses, → steps.

// jumps are the "jump by" buttons.
var jumps = []struct {
	id    string
	label string
	ms    core.Time
}{
	{"jump-1s", "+1 s", 1000},
	{"jump-1m", "+1 min", 60_000},
	{"jump-30m", "+30 min", 30 * 60_000},
}

func (h *ClockBar) clock(snap model.Snapshot) app.UI {
	label, ic := h.t("clock.play"), "play"
	if snap.Playing {
		label, ic = h.t("clock.pause"), "pause"
	}
	timeText := app.Output().ID("clock-time").Class("dl-clock-time").Aria("live", "off").Text(clockLabel(snap.Now))
	if h.mounted {
		// Only the wasm sets this: the pre-rendered page already contains
		// the clock, so tests wait for this marker, not for the element.
		timeText = timeText.DataSet("mounted", 1)
	}
	next := h.t("clock.next.none")
	switch {
	case !snap.Started:
		next = h.t("clock.next.start")
	case snap.Next != core.Never:
		next = h.t("clock.next", clockLabel(snap.Next))
	}
	jumpButtons := make([]app.UI, 0, len(jumps))
	if !h.Compact {
		for _, j := range jumps {
			jumpButtons = append(jumpButtons, app.Button().ID(j.id).Class("dl-button", "dl-button--small").Type("button").
				Title(h.t("clock.jump.title", j.label)).OnClick(h.onJump, j.ms).Text(j.label))
		}
	}
	return app.Footer().ID("clock").Class("dl-clock").Body(
		app.Button().ID("play").Class("dl-button", "dl-button--primary").Type("button").
			Aria("pressed", snap.Playing).Title(label+" ("+h.t("key.space")+")").OnClick(h.onPlay).Body(
			icon(ic),
			app.Span().Text(label),
		),
		app.If(!h.Compact, h.stepButtons()...),
		app.Button().ID("step").Class("dl-button").Type("button").
			Title(h.t("clock.step.title")).OnClick(h.onStep).Body(
			icon("step"),
			app.Span().Text(h.t("clock.step")),
		),
		app.If(!h.Compact, app.Button().ID("next-expiry").Class("dl-button").Type("button").
			Title(h.t("clock.expiry.title")).OnClick(h.onNextExpiry).Body(
			icon("hourglass"),
			app.Span().Text(h.t("clock.expiry")),
		)),
		app.Div().Class("dl-clock-jumps").Body(jumpButtons...),
		app.Button().ID("restart").Class("dl-button").Type("button").
			Title(h.t("clock.restart.title")).OnClick(h.onRestart).Body(
			icon("restart"),
			app.Span().Text(h.t("clock.restart")),
		),
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

func (h *ClockBar) speedOptions(cur float64) []app.UI {
	out := make([]app.UI, 0, len(model.Speeds))
	for _, v := range model.Speeds {
		out = append(out, app.Option().Value(strconv.FormatFloat(v, 'f', -1, 64)).Selected(v == cur).
			Text(strconv.FormatFloat(v, 'f', -1, 64)+"×"))
	}
	return out
}

func (h *ClockBar) onPlay(ctx app.Context, e app.Event) {
	h.s.TogglePlay()
	h.changed()
}

func (h *ClockBar) onStep(ctx app.Context, e app.Event) {
	h.s.StepNext()
	h.changed()
}

func (h *ClockBar) onNextExpiry(ctx app.Context, e app.Event) {
	h.s.JumpNextExpiry()
	h.changed()
}

func (h *ClockBar) onJump(ctx app.Context, e app.Event) {
	for _, j := range jumps {
		if j.id == ctx.JSSrc().Get("id").String() {
			h.s.JumpBy(j.ms)
		}
	}
	h.changed()
}

func (h *ClockBar) onRestart(ctx app.Context, e app.Event) {
	h.s.Restart()
	h.changed()
}

func (h *ClockBar) onSpeed(ctx app.Context, e app.Event) {
	if v, err := strconv.ParseFloat(ctx.JSSrc().Get("value").String(), 64); err == nil {
		h.s.SetSpeed(v)
	}
	h.changed()
}

// clockLabel is a virtual time as the clock bar and the event lists show
// it: "t = 1.250 s", "t = 1 d" (model.FormatClock after "t = ").
func clockLabel(t core.Time) string { return "t = " + model.FormatClock(t) }

// runTicker calls fn, then waits every, until ctx is done. The wait comes
// after fn, not on a fixed rate: when fn's work takes longer than every (a
// slice of a long jump on a busy machine), the Go program still goes idle
// between two calls, and only then does the browser draw and take clicks.
func runTicker(ctx context.Context, every time.Duration, fn func()) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(every):
			fn()
		}
	}
}
