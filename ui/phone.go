package ui

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// The phone layout (docs/ui.md "Small screens"): below 640 px the header
// keeps the logo, the scenario's title and "Copy link", and folds the rest
// into a menu; the canvas and the side panel become two tabs (ViewTabs,
// embed.go); the clock bar stays at the bottom of the screen. All of it is
// CSS (static/web/layout.css) except the menu's open state.

// menuButton opens and closes the header's menu (shown only on a narrow
// screen).
func (h *Header) menuButton() app.UI {
	label := h.t("menu.open")
	if h.menuOpen {
		label = h.t("menu.close")
	}
	return app.Button().ID("menu-toggle").Class("dl-button", "dl-button--icon", "dl-menu-toggle").Type("button").
		Aria("expanded", h.menuOpen).Aria("label", label).Title(label).OnClick(h.onMenu).Text("☰")
}

func (h *Header) onMenu(ctx app.Context, e app.Event) {
	h.menuOpen = !h.menuOpen
}

// showPanelOnPhone brings the side panel's tabs into view on a phone,
// after a tap on a node switched to the panels tab: an open checkpoint
// sits above the inspector and would fill the screen.
func showPanelOnPhone() {
	w := app.Window()
	mq := w.Call("matchMedia", "(max-width: 640px)")
	if !mq.Truthy() || !mq.Get("matches").Bool() {
		return
	}
	if el := w.Get("document").Call("querySelector", "#side .dl-tabs"); el.Truthy() {
		el.Call("scrollIntoView", map[string]any{"block": "start"})
	}
}
