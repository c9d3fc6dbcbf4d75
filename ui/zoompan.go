package ui

import (
	"fmt"
	"math"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Zoom and pan for an SVG drawing, usable by any canvas: the drawing sits
// in a <g> whose transform is the view's, the SVG itself has no viewBox
// (one SVG unit is one CSS pixel at scale 1). The wheel and a pinch zoom
// around the pointer, a drag on the background pans, + − 0 and the arrows
// work while the drawing has the focus. The automatic view never scales
// text below a readable size: a drawing too big for its pane is shown at
// that size and panned; "Fit" frames it as far as that allows.
//
// The listeners are the browser's own (not go-app's), so they can stop
// the page from scrolling and the page's own shortcuts (the arrows step
// the clock elsewhere) from firing, and they move the view without a
// render: they set the transform on the element directly.

const (
	// minReadable is the smallest automatic scale: the smallest canvas
	// text (10.5 px) stays at 9 px or more.
	minReadable = 0.86
	// minZoom and maxZoom bound what the learner can choose.
	minZoom, maxZoom = minReadable, 3.0
	fitMaxScale      = 1.25 // a small drawing is not blown up beyond this
	panStep          = 60.0 // an arrow key moves the view this far (CSS px)
	toolsH           = 40.0 // the zoom tools' strip at the bottom of the pane
	zoomStep         = 1.25
)

// viewport maps the drawing to the pane: screen = S·drawing + (X, Y).
type viewport struct {
	S, X, Y float64
	W, H    float64 // the pane, CSS px (0 until measured)
	CW, CH  float64 // the drawing's extent
	moved   bool    // the learner moved it: keep it until Fit
}

// setContent records the drawing's extent; an untouched view is framed again.
func (v *viewport) setContent(cw, ch float64) {
	if cw == v.CW && ch == v.CH && v.S != 0 {
		return
	}
	v.CW, v.CH = cw, ch
	if !v.moved || v.S == 0 {
		v.fit()
	}
}

// setPane records the pane's size; an untouched view is framed again.
func (v *viewport) setPane(w, h float64) {
	if w == v.W && h == v.H {
		return
	}
	v.W, v.H = w, h
	if !v.moved || v.S == 0 {
		v.fit()
	}
}

// fit frames the drawing: as large as fits, never below minReadable; a
// drawing that fits is centred, a bigger one starts at its top-left corner.
func (v *viewport) fit() {
	v.moved = false
	if v.W <= 0 || v.H <= 0 || v.CW <= 0 || v.CH <= 0 {
		v.S, v.X, v.Y = 1, 0, 0
		return
	}
	h := v.H
	if h > 4*toolsH {
		h -= toolsH // the zoom tools sit over the bottom edge
	}
	v.S = min(v.W/v.CW, h/v.CH, fitMaxScale)
	v.S = max(v.S, minReadable)
	v.X = (v.W - v.CW*v.S) / 2
	v.Y = (h - v.CH*v.S) / 2
	v.X, v.Y = min(v.X, v.W/2), min(v.Y, v.H/2)
	v.X, v.Y = max(v.X, 0), max(v.Y, 0)
	if v.CW*v.S > v.W {
		v.X = 0
	}
	if v.CH*v.S > h {
		v.Y = 0
	}
}

// zoomAt scales by f keeping the drawing's point under (px, py) in place.
func (v *viewport) zoomAt(f, px, py float64) {
	s := math.Min(math.Max(v.S*f, minZoom), maxZoom)
	if s == v.S {
		return
	}
	v.X = px - (px-v.X)*s/v.S
	v.Y = py - (py-v.Y)*s/v.S
	v.S = s
	v.moved = true
	v.clamp()
}

// panBy moves the drawing by (dx, dy) CSS px.
func (v *viewport) panBy(dx, dy float64) {
	v.X += dx
	v.Y += dy
	v.moved = true
	v.clamp()
}

// clamp keeps at least a quarter of the pane showing the drawing.
func (v *viewport) clamp() {
	if v.W <= 0 || v.H <= 0 {
		return
	}
	keepW, keepH := min(v.W/4, v.CW*v.S), min(v.H/4, v.CH*v.S)
	v.X = math.Min(math.Max(v.X, keepW-v.CW*v.S), v.W-keepW)
	v.Y = math.Min(math.Max(v.Y, keepH-v.CH*v.S), v.H-keepH)
}

// transform is the SVG transform of the drawing's group.
func (v viewport) transform() string {
	s := v.S
	if s == 0 {
		s = 1
	}
	return fmt.Sprintf("translate(%.1f,%.1f) scale(%.4f)", v.X, v.Y, s)
}

// percent is the scale for people.
func (v viewport) percent() int { return int(math.Round(max(v.S, 0.01) * 100)) }

// zoomPan wires a viewport to an SVG element and the group it moves.
type zoomPan struct {
	view     viewport
	svgID    string
	groupID  string
	levelID  string // an element showing the zoom level, "" for none
	onResize func(w, h float64)
	release  []func()
	pointers map[int][2]float64
	panning  bool
	pinch    float64 // distance between two pointers at the last move
	panned   bool    // the last press moved the view (it was no click)
	epoch    int     // the owner's count of fresh drawings (framed anew)
}

// wasPan tells whether the last press on the background moved the view
// (so it was no click), and forgets it.
func (z *zoomPan) wasPan() bool {
	p := z.panned
	z.panned = false
	return p
}

// apply shows the view: the group's transform and the level display.
func (z *zoomPan) apply() {
	doc := app.Window().Get("document")
	if !doc.Truthy() {
		return
	}
	if g := doc.Call("getElementById", z.groupID); g.Truthy() {
		g.Call("setAttribute", "transform", z.view.transform())
	}
	if z.levelID != "" {
		if el := doc.Call("getElementById", z.levelID); el.Truthy() {
			el.Set("textContent", fmt.Sprintf("%d%%", z.view.percent()))
		}
	}
}

// attach listens on the SVG element; detach stops.
func (z *zoomPan) attach() {
	el := app.Window().Get("document").Call("getElementById", z.svgID)
	if !el.Truthy() {
		return
	}
	z.pointers = map[int][2]float64{}
	on := func(target app.Value, name string, passive bool, f func(e app.Value)) {
		fn := app.FuncOf(func(this app.Value, args []app.Value) any {
			f(args[0])
			return nil
		})
		opts := map[string]any{"passive": passive}
		target.Call("addEventListener", name, fn, opts)
		z.release = append(z.release, func() {
			target.Call("removeEventListener", name, fn, opts)
			fn.Release()
		})
	}
	local := func(e app.Value) (float64, float64) {
		r := el.Call("getBoundingClientRect")
		return e.Get("clientX").Float() - r.Get("left").Float(), e.Get("clientY").Float() - r.Get("top").Float()
	}
	on(el, "wheel", false, func(e app.Value) {
		e.Call("preventDefault")
		dy := e.Get("deltaY").Float()
		if e.Get("deltaMode").Int() == 1 { // lines
			dy *= 16
		}
		x, y := local(e)
		z.view.zoomAt(math.Exp(-dy/300), x, y)
		z.apply()
	})
	on(el, "pointerdown", true, func(e app.Value) {
		if e.Get("target").Call("closest", "[data-node]").Truthy() {
			return // a box: the canvas drags it
		}
		x, y := local(e)
		z.pointers[e.Get("pointerId").Int()] = [2]float64{x, y}
		z.panning = len(z.pointers) == 1
		z.panned = false
		z.pinch = z.spread()
		if e.Get("isTrusted").Bool() {
			el.Call("setPointerCapture", e.Get("pointerId"))
		}
	})
	on(el, "pointermove", true, func(e app.Value) {
		id := e.Get("pointerId").Int()
		old, ok := z.pointers[id]
		if !ok {
			return
		}
		x, y := local(e)
		z.pointers[id] = [2]float64{x, y}
		if len(z.pointers) >= 2 {
			if d := z.spread(); z.pinch > 0 && d > 0 {
				cx, cy := z.centre()
				z.view.zoomAt(d/z.pinch, cx, cy)
				z.pinch = d
			}
			z.panned = true
		} else if z.panning {
			z.view.panBy(x-old[0], y-old[1])
			z.panned = z.panned || x != old[0] || y != old[1]
		}
		z.apply()
	})
	end := func(e app.Value) {
		delete(z.pointers, e.Get("pointerId").Int())
		z.pinch = z.spread()
		if len(z.pointers) == 0 {
			z.panning = false
		}
	}
	on(el, "pointerup", true, end)
	on(el, "pointercancel", true, end)
	on(el, "keydown", false, func(e app.Value) {
		w, h := z.view.W/2, z.view.H/2
		switch e.Get("key").String() {
		case "+", "=":
			z.view.zoomAt(zoomStep, w, h)
		case "-", "−", "_":
			z.view.zoomAt(1/zoomStep, w, h)
		case "0":
			z.view.fit()
		case "ArrowLeft":
			z.view.panBy(panStep, 0)
		case "ArrowRight":
			z.view.panBy(-panStep, 0)
		case "ArrowUp":
			z.view.panBy(0, panStep)
		case "ArrowDown":
			z.view.panBy(0, -panStep)
		default:
			return
		}
		e.Call("preventDefault")
		e.Call("stopPropagation") // not the page's shortcuts (→ steps the clock)
		z.apply()
	})
	if ro := app.Window().Get("ResizeObserver"); ro.Truthy() {
		fn := app.FuncOf(func(this app.Value, args []app.Value) any {
			w, h := el.Get("clientWidth").Float(), el.Get("clientHeight").Float()
			z.view.setPane(w, h)
			z.apply()
			if z.onResize != nil {
				z.onResize(w, h)
			}
			return nil
		})
		obs := ro.New(fn)
		obs.Call("observe", el)
		z.release = append(z.release, func() { obs.Call("disconnect"); fn.Release() })
	}
	z.view.setPane(el.Get("clientWidth").Float(), el.Get("clientHeight").Float())
}

func (z *zoomPan) detach() {
	for _, f := range z.release {
		f()
	}
	z.release = nil
}

// spread is the distance between the first two pointers down (0: fewer).
func (z *zoomPan) spread() float64 {
	var ps [][2]float64
	for _, p := range z.pointers {
		ps = append(ps, p)
	}
	if len(ps) < 2 {
		return 0
	}
	return math.Hypot(ps[0][0]-ps[1][0], ps[0][1]-ps[1][1])
}

func (z *zoomPan) centre() (float64, float64) {
	var x, y float64
	for _, p := range z.pointers {
		x, y = x+p[0], y+p[1]
	}
	n := float64(max(len(z.pointers), 1))
	return x / n, y / n
}
