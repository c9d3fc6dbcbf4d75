package ui

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Exporting the diagram as an SVG or PNG picture. The picture is the
// drawing as shown (boxes, edges, labels, in the page's language) without
// the moving messages, at scale 1 whatever the zoom, with the page's
// styles written onto every element so it looks the same outside the page.

// exportStyles are the style properties the canvas's CSS sets.
var exportStyles = []string{"fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "opacity",
	"font-family", "font-size", "font-weight", "letter-spacing", "text-transform", "paint-order"}

// onExport downloads the diagram as "svg" or "png".
func (h *Canvas) onExport(kind string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		g := h.snap.Graph
		text := exportSVG(g.W, g.H)
		if text == "" {
			return
		}
		name := exportName(h.snap.Title)
		if kind == "svg" {
			download(name+".svg", "image/svg+xml", text)
			return
		}
		downloadPNG(name+".png", text, g.W, g.H)
	}
}

// exportName makes a file name from the scenario's title.
func exportName(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '.':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	s := strings.Trim(b.String(), "-.")
	if s == "" {
		s = "dlxlab"
	}
	return s
}

// exportSVG serialises a copy of the canvas: the view at scale 1, no
// tokens, the computed styles inlined, a white ground.
func exportSVG(w, h float64) string {
	doc := app.Window().Get("document")
	src := doc.Call("getElementById", "canvas-svg")
	if !src.Truthy() {
		return ""
	}
	cp := src.Call("cloneNode", true)
	orig := src.Call("querySelectorAll", "*")
	copies := cp.Call("querySelectorAll", "*")
	win := app.Window()
	for i := 0; i < orig.Length(); i++ {
		cs := win.Call("getComputedStyle", orig.Index(i))
		st := copies.Index(i).Get("style")
		for _, p := range exportStyles {
			st.Call("setProperty", p, cs.Call("getPropertyValue", p))
		}
	}
	for _, sel := range []string{`[data-role="tokens"]`, `#canvas-hint`} {
		if el := cp.Call("querySelector", sel); el.Truthy() {
			el.Call("remove")
		}
	}
	if v := cp.Call("querySelector", "#canvas-view"); v.Truthy() {
		v.Call("removeAttribute", "transform")
	}
	cp.Call("setAttribute", "xmlns", svgNS)
	cp.Call("setAttribute", "width", fmt.Sprintf("%.0f", w))
	cp.Call("setAttribute", "height", fmt.Sprintf("%.0f", h))
	cp.Call("setAttribute", "viewBox", fmt.Sprintf("0 0 %.0f %.0f", w, h))
	cp.Call("removeAttribute", "tabindex")
	bg := doc.Call("createElementNS", svgNS, "rect")
	bg.Call("setAttribute", "width", "100%")
	bg.Call("setAttribute", "height", "100%")
	bg.Call("setAttribute", "fill", "#ffffff")
	cp.Call("insertBefore", bg, cp.Get("firstChild"))
	return app.Window().Get("XMLSerializer").New().Call("serializeToString", cp).String()
}

// download offers text as a file.
func download(name, mime, text string) {
	blob := app.Window().Get("Blob").New([]any{text}, map[string]any{"type": mime})
	downloadBlob(name, blob)
}

func downloadBlob(name string, blob app.Value) {
	url := app.Window().Get("URL")
	href := url.Call("createObjectURL", blob)
	a := app.Window().Get("document").Call("createElement", "a")
	a.Set("href", href)
	a.Set("download", name)
	a.Call("click")
	app.Window().Call("setTimeout", app.FuncOf(func(this app.Value, args []app.Value) any {
		url.Call("revokeObjectURL", href)
		return nil
	}), 60_000)
}

// downloadPNG draws the SVG on a canvas at twice the size (sharp on
// high-density screens) and offers the PNG.
func downloadPNG(name, svgText string, w, h float64) {
	img := app.Window().Get("Image").New()
	var onload app.Func
	onload = app.FuncOf(func(this app.Value, args []app.Value) any {
		defer onload.Release()
		c := app.Window().Get("document").Call("createElement", "canvas")
		c.Set("width", int(w*2))
		c.Set("height", int(h*2))
		ctx := c.Call("getContext", "2d")
		ctx.Call("scale", 2, 2)
		ctx.Call("drawImage", img, 0, 0)
		var done app.Func
		done = app.FuncOf(func(this app.Value, args []app.Value) any {
			defer done.Release()
			if len(args) > 0 && args[0].Truthy() {
				downloadBlob(name, args[0])
			}
			return nil
		})
		c.Call("toBlob", done, "image/png")
		return nil
	})
	img.Set("onload", onload)
	img.Set("src", "data:image/svg+xml;charset=utf-8,"+app.Window().Call("encodeURIComponent", svgText).String())
}
