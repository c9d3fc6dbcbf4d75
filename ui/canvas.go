package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

const svgNS = "http://www.w3.org/2000/svg"

// CanvasHint is shown while the topology is empty.
const CanvasHint = "Pick a scenario from the library or add an exchange"

// Canvas is the drawing area for the topology (exchanges, queues,
// bindings and moving messages). For now it is an empty grid with a hint.
// Its SVG coordinates are a fixed 800x500 viewBox, scaled to fit.
//
// Styling SVG: do not use Class() on SVG elements. go-app v9 sets classes
// through the className property, which SVG elements ignore (it is an
// SVGAnimatedString), so the class shows in the pre-rendered page and
// vanishes once the wasm mounts. Use a data-role attribute (styled in
// dlxlab.css with [data-role=...]) or presentation attributes instead.
type Canvas struct {
	app.Compo
}

// Render draws the empty canvas.
func (c *Canvas) Render() app.UI {
	return app.Section().ID("canvas").Class("dl-canvas").Aria("label", "Topology").Body(
		svg("svg", "canvas").
			Attr("viewBox", "0 0 800 500").
			Attr("preserveAspectRatio", "xMidYMid meet").
			Attr("role", "img").
			Aria("label", "Empty topology").
			Body(
				// The grid is the section's CSS background, so it fills
				// the whole region whatever the aspect ratio.
				svg("text", "hint").ID("canvas-hint").
					Attr("x", 400).Attr("y", 250).
					Attr("text-anchor", "middle").Attr("dominant-baseline", "middle").
					Text(CanvasHint),
			),
	)
}

// svg makes an element in the SVG namespace, so the browser creates it
// with createElementNS and actually draws it. role, if set, becomes the
// data-role attribute that dlxlab.css styles.
func svg(tag, role string) app.HTMLElem {
	e := app.Elem(tag).XMLNS(svgNS)
	if role != "" {
		e = e.Attr("data-role", role)
	}
	return e
}
