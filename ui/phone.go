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
