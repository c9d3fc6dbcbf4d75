package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Side is the panel beside the canvas: the inspector (details of what is
// selected) and the scenario library. Both are placeholders for now.
type Side struct {
	app.Compo
}

// Render draws the panel.
func (s *Side) Render() app.UI {
	return app.Aside().ID("side").Class("dl-side").Body(
		section("inspector", "Inspector",
			"Select an exchange, a queue or a message to see its arguments, headers and history."),
		section("library", "Library",
			"Ready-made scenarios (retry loops, TTL waits, broken DLX) will be listed here."),
	)
}

func section(id, title, placeholder string) app.UI {
	return app.Section().ID(id).Class("dl-panel").Body(
		app.H2().Text(title),
		app.P().Class("dl-placeholder").Text(placeholder),
	)
}
