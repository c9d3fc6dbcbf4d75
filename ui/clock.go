package ui

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// tickEvery is how often a playing clock moves; each tick advances the
// virtual time by the same amount (speed 1x).
const tickEvery = 50 * time.Millisecond

// Clock is the bar under the canvas: play/pause, reset and the virtual
// time. It only keeps the time; when the broker exists, each tick will
// become a command (advance by d) and the display will show the broker's
// clock instead of this field (design.md §2: the UI never computes broker
// behaviour).
type Clock struct {
	app.Compo

	now     time.Duration // virtual time shown, owned by the UI goroutine
	mounted bool          // true only in the browser, after OnMount

	// playing is read by the ticker goroutine, so it is atomic.
	playing atomic.Bool
}

// OnMount starts the ticker. It is a plain goroutine that ends with the
// component's context, not ctx.Async: go-app's engine waits for every Async
// func, and an endless one hangs it (notes/stack-feasibility.md §1).
func (c *Clock) OnMount(ctx app.Context) {
	c.mounted = true
	go runTicker(ctx, tickEvery, func() {
		if !c.playing.Load() {
			return
		}
		ctx.Dispatch(func(app.Context) {
			// Check again on the UI goroutine: a pause may have run
			// between the check above and this dispatch.
			if c.playing.Load() {
				c.advance(tickEvery)
			}
		})
	})
}

// Render draws the clock bar.
func (c *Clock) Render() app.UI {
	playing := c.playing.Load()
	label, icon := "Play", "▶"
	if playing {
		label, icon = "Pause", "❚❚"
	}
	timeText := app.Output().ID("clock-time").Class("dl-clock-time").
		Aria("live", "off").Text(FormatClock(c.now))
	if c.mounted {
		// Only the wasm sets this: the pre-rendered page already contains
		// the clock, so tests wait for this marker, not for the element.
		timeText = timeText.DataSet("mounted", 1)
	}
	return app.Footer().ID("clock").Class("dl-clock").Body(
		app.Button().ID("play").Class("dl-button", "dl-button--primary").
			Type("button").
			Aria("pressed", playing).
			Title(label).
			OnClick(c.onPlay).
			Body(
				app.Span().Class("dl-button-icon").Aria("hidden", true).Text(icon),
				app.Span().Text(label),
			),
		app.Button().ID("reset").Class("dl-button").
			Type("button").
			Title("Reset the clock to zero").
			OnClick(c.onReset).
			Text("Reset"),
		timeText,
		app.Span().Class("dl-clock-label").Text("virtual time"),
	)
}

func (c *Clock) onPlay(ctx app.Context, e app.Event) {
	c.playing.Store(!c.playing.Load())
}

func (c *Clock) onReset(ctx app.Context, e app.Event) {
	c.playing.Store(false)
	c.now = 0
}

// advance moves the virtual time forward by d.
func (c *Clock) advance(d time.Duration) {
	c.now += d
}

// FormatClock shows a virtual time the way the clock bar does:
// "t = 1.250 s".
func FormatClock(d time.Duration) string {
	return fmt.Sprintf("t = %.3f s", d.Seconds())
}

// runTicker calls fn every interval until ctx is done.
func runTicker(ctx context.Context, every time.Duration, fn func()) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			fn()
		}
	}
}
