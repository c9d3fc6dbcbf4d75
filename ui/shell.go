package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Shell is the page frame: header, canvas, side panel and clock bar. It
// only lays things out; each region is its own component so later work can
// replace one without touching the others.
type Shell struct {
	app.Compo

	// Compact is the /embed variant: a one-line header and no side panel.
	Compact bool
}

// Render lays out the page.
func (s *Shell) Render() app.UI {
	class := "dl-shell"
	if s.Compact {
		class += " dl-shell--compact"
	}
	return app.Div().ID("shell").Class(class).Body(
		s.header(),
		app.Main().Class("dl-main").Body(
			&Canvas{},
			app.If(!s.Compact, &Side{}),
		),
		&Clock{},
	)
}

func (s *Shell) header() app.UI {
	return app.Header().Class("dl-header").Body(
		app.Img().Class("dl-logo").Src("/web/icon.svg").Alt("").Width(32).Height(32),
		app.Div().Class("dl-title").Body(
			app.H1().Text(Name),
			app.If(!s.Compact, app.P().Class("dl-tagline").Text(Tagline)),
		),
	)
}
