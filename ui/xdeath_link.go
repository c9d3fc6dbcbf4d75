package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// An x-death row opens the lines of the message's history that wrote it
// (model.Session.MarkDeaths): a click marks them and scrolls the first
// into view; a second click clears the mark.

// linkRow makes an x-death row a button when the history tells its deaths.
func (h *Inspector) linkRow(tr app.HTMLTr, r model.XDeathRow) app.HTMLTr {
	if r.Events == 0 {
		return tr
	}
	tr = tr.Class("dl-xd-link").DataSet("events", r.Events).TabIndex(0).
		Title(h.t("xdeath.link", r.Events)).OnClick(h.onMarkDeaths(r.Queue, r.Reason)).
		On("keydown", h.onMarkDeathsKey(r.Queue, r.Reason))
	if r.Marked {
		tr = tr.Class("dl-xd-marked").DataSet("marked", "true")
	}
	return tr
}

func (h *Inspector) onMarkDeaths(queue, reason string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		h.s.MarkDeaths(queue, reason)
		h.changed()
		ctx.Defer(func(app.Context) {
			li := app.Window().Get("document").Call("querySelector", `#history li[data-marked="true"]`)
			if li.Truthy() {
				li.Call("scrollIntoView", map[string]any{"block": "nearest"})
			}
		})
	}
}

// onMarkDeathsKey marks on Enter, for a row reached with the keyboard.
func (h *Inspector) onMarkDeathsKey(queue, reason string) app.EventHandler {
	mark := h.onMarkDeaths(queue, reason)
	return func(ctx app.Context, e app.Event) {
		if e.Get("key").String() == "Enter" {
			mark(ctx, e)
		}
	}
}

func markedClass(on bool) string {
	if on {
		return "dl-hist-marked"
	}
	return ""
}
