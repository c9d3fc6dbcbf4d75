package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// The embed's options and panes, and the view tabs the embed and the
// phone layout share (docs/links-and-http.md "Embed options", docs/ui.md
// "Small screens").
//
// An embed shows the canvas and, when something is pinned, the inspector:
// side by side on a wide frame, as two tabs on a narrow one. The phone
// layout uses the same two tabs for the canvas and the side panel. Which
// one shows is the page's view; CSS shows the tabs only where they are
// needed (static/web/layout.css), so a wide screen ignores the view.

// Views: which pane the tabs show.
const (
	viewCanvas = "canvas"
	viewPanel  = "panel"
)

// applyEmbed reads the embed options from the fragment and does what
// they ask, once the scenario is open (from the fragment or the server).
func (h *page) applyEmbed(frag string) {
	if !h.Compact {
		return
	}
	h.embed = model.ParseEmbedOptions(frag)
	if h.embed.Lang != "" {
		h.lang = h.embed.Lang
		setDocLang(h.lang)
	}
	if h.rocketMode() { // no inspector, no checkpoints: t, play, controls and lang (rocketmq_embed.go)
		h.rq.ApplyEmbed(h.embed)
		return
	}
	h.s.ApplyEmbed(h.embed)
	if h.embed.ShowPanel(h.s.Selection()) && h.s.Selection().Kind != "" {
		h.view = viewPanel // what the page pinned is what it wants seen
	}
}

// embedPanel reports whether the embed shows the inspector.
func (h *page) embedPanel() bool {
	return h.Compact && h.embed.ShowPanel(h.s.Selection())
}

// shellClass is the page's root classes: the compact embed, whether the
// view tabs apply, hidden clock buttons, an open header menu.
func (h *page) shellClass() []string {
	class := []string{"dl-shell"}
	if h.Compact {
		class = append(class, "dl-shell--compact")
		if h.embedPanel() {
			class = append(class, "dl-shell--panel")
		}
		if !h.embed.Controls {
			class = append(class, "dl-shell--nocontrols")
		}
	}
	return class
}

// currentView is the pane a narrow screen shows: the canvas unless the
// panel was chosen.
func (h *page) currentView() string {
	if h.view == viewPanel {
		return viewPanel
	}
	return viewCanvas
}

// ViewTabs switch between the canvas and the panel on a narrow screen.
type ViewTabs struct {
	app.Compo
	*page
	Rev uint64
}

// Render draws the two tabs (nothing in an embed without a panel).
func (h *ViewTabs) Render() app.UI {
	if h.Compact && !h.embedPanel() {
		return app.Text("")
	}
	view := h.currentView()
	panelKey := "phone.panels"
	if h.Compact {
		panelKey = "embed.inspector"
	}
	tab := func(id, label string) app.UI {
		return app.Button().ID("view-"+id).Class("dl-viewtab").Type("button").Role("tab").
			Aria("selected", view == id).OnClick(h.onView, id).Text(label)
	}
	return app.Div().ID("view-tabs").Class("dl-viewtabs").Role("tablist").Body(
		tab(viewCanvas, h.t("embed.canvas")),
		tab(viewPanel, h.t(panelKey)),
	)
}

func (h *ViewTabs) onView(ctx app.Context, e app.Event) {
	if ctx.JSSrc().Get("id").String() == "view-"+viewPanel {
		h.view = viewPanel
	} else {
		h.view = viewCanvas
	}
	h.refresh()
}

// EmbedPanel is the embed's inspector, beside or instead of the canvas.
// The embed is read-only: the inspector's edit, delete and settle
// buttons are hidden by CSS there.
type EmbedPanel struct {
	app.Compo
	*page
	Rev uint64
}

// Render draws the pinned inspector.
func (h *EmbedPanel) Render() app.UI {
	return app.Aside().ID("embed-panel").Class("dl-embed-panel").Aria("label", h.t("embed.inspector")).Body(
		app.Div().ID("embed-panel-body").Class("dl-panel").Body(&Inspector{page: h.page, Rev: h.rev}),
	)
}
