package ui

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// Icons are small inline SVGs in currentColor, so they need no icon font
// and look the same everywhere. They are decoration: every button that
// has one also has a text label (or an aria-label).
var iconPaths = map[string]struct {
	d    string
	fill bool
}{
	"play":      {"M7 4l13 8-13 8z", true},
	"pause":     {"M6 4h4v16H6zM14 4h4v16h-4z", true},
	"step":      {"M4 4l10 8-10 8zM16 4h3.5v16H16z", true},
	"hourglass": {"M6 3h12M6 21h12M7 3c0 5 10 6 10 9s-10 4-10 9M17 3c0 5-10 6-10 9s10 4 10 9", false},
	"restart":   {"M4 12a8 8 0 1 0 2.4-5.7M4 3.5v5h5", false},
	"link":      {"M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1", false},
	"undo":      {"M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3", false},
	"redo":      {"M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3", false},
	"library":   {"M4 5h4v14H4zM10 5h4v14h-4zM16.5 5.5l3.8-1 3.5 13.5-3.8 1z", false},
	"send":      {"M3 11l18-8-8 18-2-8z", false},
	"plus":      {"M12 5v14M5 12h14", false},
}

func icon(name string) app.UI {
	p, ok := iconPaths[name]
	if !ok {
		return app.Text("")
	}
	path := svg("path", "").Attr("d", p.d)
	if p.fill {
		path = path.Attr("fill", "currentColor")
	} else {
		path = path.Attr("fill", "none").Attr("stroke", "currentColor").Attr("stroke-width", 2).
			Attr("stroke-linecap", "round").Attr("stroke-linejoin", "round")
	}
	return svg("svg", "icon").Attr("viewBox", "0 0 24 24").Attr("width", 16).Attr("height", 16).
		Aria("hidden", true).Attr("focusable", "false").Body(path)
}
