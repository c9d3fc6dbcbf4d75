package ui

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

const svgNS = "http://www.w3.org/2000/svg"

// CanvasHint is shown while the topology is empty (English; the page
// shows the catalogue's text for the chosen language).
const CanvasHint = "Pick a scenario from the library or add an exchange"

// The canvas draws the session's graph: nodes, edges and moving messages.
//
// Styling SVG: do not use Class() on SVG elements. go-app v9 sets classes
// through the className property, which SVG elements ignore (it is an
// SVGAnimatedString), so the class shows in the pre-rendered page and
// vanishes once the wasm mounts. Use a data-role attribute (styled in
// dlxlab.css with [data-role=...]) or presentation attributes instead.
// Tokens are app.Raw SVG strings (parsed by the browser, so their class
// attributes stay): a token keeps its string, hence its element, for its
// whole animation, and a new token is a new element whose CSS animation
// starts from the beginning.

type dragState struct {
	key       string
	x0, y0    float64 // pointer at the start (CSS px)
	nx, ny    float64 // node at the start (SVG units)
	x, y      float64 // node now
	scale     float64
	moved     bool
	pointerID int
}

func (h *Canvas) canvas(snap model.Snapshot) app.UI {
	g := snap.Graph
	zp := h.zoom()
	if e := h.s.LayoutEpoch(); e != zp.epoch { // a fresh layout is framed again
		zp.epoch, zp.view.moved, zp.view.S = e, false, 0
	}
	zp.view.setContent(g.W, g.H)
	return app.Section().ID("canvas").Class("dl-canvas").Aria("label", h.t("canvas.label")).Body(
		app.If(!h.Compact, app.Div().Class("dl-canvas-bar").Body(h.canvasTools(snap), app.If(!snap.Empty, h.legend()))),
		app.Div().Class("dl-canvas-area").Body(
			svg("svg", "canvas").ID("canvas-svg").
				Attr("role", "group").
				Attr("tabindex", 0).
				Aria("label", h.t("canvas.label")).
				On("pointermove", h.onPointerMove).
				On("pointerup", h.onPointerUp).
				On("pointercancel", h.onPointerUp).
				Body(
					svgDefs(),
					app.If(snap.Empty,
						svg("text", "hint").ID("canvas-hint").
							Attr("x", "50%").Attr("y", "50%").
							Attr("text-anchor", "middle").Attr("dominant-baseline", "middle").
							Text(h.emptyHint(snap)),
					),
					svg("g", "view").ID("canvas-view").Attr("transform", zp.view.transform()).Body(
						svg("g", "edges").Body(h.edges(g)...),
						svg("g", "nodes").Body(h.nodes(g)...),
						svg("g", "labels").Body(h.edgeLabels(g)...),
						svg("g", "tokens").Body(h.tokens(snap)...),
					),
				),
			app.If(!snap.Empty, h.zoomTools()),
		),
		h.noticeBox(snap),
	)
}

// zoom is the canvas's zoom and pan (zoompan.go), made on first use.
func (h *Canvas) zoom() *zoomPan {
	if h.zp == nil {
		h.zp = &zoomPan{svgID: "canvas-svg", groupID: "canvas-view", levelID: "zoom-level"}
	}
	return h.zp
}

// OnMount listens for zoom and pan, and for the pane's size: the layout
// picks the direction (top down or left to right) that fits the pane best.
func (h *Canvas) OnMount(ctx app.Context) {
	zp := h.zoom()
	zp.onResize = func(w, ht float64) {
		ctx.Dispatch(func(ctx app.Context) {
			if h.s.SetPane(w, ht) {
				h.refresh()
			}
		})
	}
	zp.attach()
	zp.onResize(zp.view.W, zp.view.H)
}

// OnDismount stops listening.
func (h *Canvas) OnDismount() { h.zoom().detach() }

// zoomTools: zoom out, the level, zoom in, fit; export as SVG or PNG.
func (h *Canvas) zoomTools() app.UI {
	zp := h.zoom()
	return app.Div().ID("zoom-tools").Class("dl-zoom-tools").Body(
		app.Button().ID("zoom-out").Class("dl-button", "dl-button--small").Type("button").
			Title(h.t("zoom.out")).Aria("label", h.t("zoom.out")).OnClick(h.onZoom(1/zoomStep)).Text("−"),
		app.Span().ID("zoom-level").Class("dl-zoom-level").Aria("live", "polite").Text(fmt.Sprintf("%d%%", zp.view.percent())),
		app.Button().ID("zoom-in").Class("dl-button", "dl-button--small").Type("button").
			Title(h.t("zoom.in")).Aria("label", h.t("zoom.in")).OnClick(h.onZoom(zoomStep)).Text("+"),
		app.Button().ID("zoom-fit").Class("dl-button", "dl-button--small").Type("button").
			Title(h.t("zoom.fit.title")).OnClick(h.onZoom(0)).Text(h.t("zoom.fit")),
		app.Button().ID("export-svg").Class("dl-button", "dl-button--small").Type("button").
			Title(h.t("export.svg.title")).OnClick(h.onExport("svg")).Text("⤓ "+h.t("export.svg")),
		app.Button().ID("export-png").Class("dl-button", "dl-button--small").Type("button").
			Title(h.t("export.png.title")).OnClick(h.onExport("png")).Text("⤓ "+h.t("export.png")),
	)
}

// onZoom zooms by f around the pane's centre; 0 fits.
func (h *Canvas) onZoom(f float64) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		zp := h.zoom()
		if f == 0 {
			zp.view.fit()
		} else {
			zp.view.zoomAt(f, zp.view.W/2, zp.view.H/2)
		}
		zp.apply()
	}
}

func (h *Canvas) emptyHint(snap model.Snapshot) string {
	if snap.Steps > 0 && !snap.Started {
		return h.t("canvas.hint.steps")
	}
	return h.t("canvas.hint")
}

func svgDefs() app.UI {
	marker := func(id, role string) app.UI {
		return svg("marker", "").ID(id).Attr("viewBox", "0 0 10 10").Attr("refX", 9).Attr("refY", 5).
			Attr("markerWidth", 7).Attr("markerHeight", 7).Attr("orient", "auto-start-reverse").Body(
			svg("path", role).Attr("d", "M0,0 L10,5 L0,10 z"),
		)
	}
	return svg("defs", "").Body(
		marker("arrow", "arrowhead"),
		marker("arrow-dlx", "arrowhead-dlx"),
		marker("arrow-alt", "arrowhead-alt"),
	)
}

func (h *Canvas) canvasTools(snap model.Snapshot) app.UI {
	return app.Div().Class("dl-canvas-tools").Body(
		app.Button().ID("add-exchange").Class("dl-button", "dl-button--small").Type("button").
			OnClick(h.onAddKind("exchange"), "exchange").Text("+ "+h.t("add.exchange")),
		app.Button().ID("add-queue").Class("dl-button", "dl-button--small").Type("button").
			OnClick(h.onAddKind("queue"), "queue").Text("+ "+h.t("add.queue")),
		app.Button().ID("add-binding").Class("dl-button", "dl-button--small").Type("button").
			OnClick(h.onAddKind("binding"), "binding").Text("+ "+h.t("add.binding")),
		app.Button().ID("add-consumer").Class("dl-button", "dl-button--small").Type("button").
			OnClick(h.onAddKind("consumer"), "consumer").Text("+ "+h.t("add.consumer")),
		app.Button().ID("auto-layout").Class("dl-button", "dl-button--small").Type("button").
			Title(h.t("layout.auto.title")).OnClick(h.onAutoLayout).Text(h.t("layout.auto")),
	)
}

func (h *Canvas) legend() app.UI {
	item := func(role, label string) app.UI {
		return app.Li().Body(
			svg("svg", "legend-swatch").Attr("width", 28).Attr("height", 10).Aria("hidden", true).Body(
				svg("line", role).Attr("x1", 0).Attr("y1", 5).Attr("x2", 28).Attr("y2", 5),
			),
			app.Span().Text(label),
		)
	}
	return app.Ul().ID("legend").Class("dl-legend").Aria("label", h.t("legend")).Body(
		item("legend-binding", h.t("legend.binding")),
		item("legend-dlx", h.t("legend.dlx")),
		item("legend-alt", h.t("legend.alternate")),
	)
}

func (h *Canvas) edges(g model.Graph) []app.UI {
	out := make([]app.UI, 0, len(g.Edges))
	for _, e := range g.Edges {
		marker := "url(#arrow)"
		switch e.Kind {
		case model.EdgeDLX:
			marker = "url(#arrow-dlx)"
		case model.EdgeAlternate:
			marker = "url(#arrow-alt)"
		}
		out = append(out, svg("g", "edge").DataSet("kind", e.Kind).DataSet("edge", e.ID).Body(
			svg("title", "").Text(h.edgeTitle(e)),
			svg("path", "edge-line").Attr("d", e.Path).Attr("marker-end", marker),
		))
	}
	return out
}

// edgeLabels are drawn after the nodes, in the boxes the layout kept
// free for them: one fact per line, in words ("dead letters → retry.dlx",
// "(queue argument)", "key wait"), on a light ground so a line crossing
// nearby never blurs them.
func (h *Canvas) edgeLabels(g model.Graph) []app.UI {
	out := make([]app.UI, 0, len(g.Edges))
	for _, e := range g.Edges {
		if len(e.Lines) == 0 {
			continue
		}
		body := []app.UI{
			svg("title", "").Text(h.edgeTitle(e)),
			svg("rect", "edge-label-bg").Attr("x", e.LX).Attr("y", e.LY).Attr("width", e.LW).Attr("height", e.LH).Attr("rx", 3),
		}
		for i, line := range e.Lines {
			body = append(body, svg("text", "edge-label").Attr("x", e.LX+3).Attr("y", e.LY+13+14*float64(i)).
				Attr("text-anchor", "start").Text(line))
		}
		out = append(out, svg("g", "edge-labels").DataSet("kind", e.Kind).DataSet("edge", e.ID).Body(body...))
	}
	return out
}

func (h *Canvas) nodes(g model.Graph) []app.UI {
	out := make([]app.UI, 0, len(g.Nodes))
	for _, n := range g.Nodes {
		out = append(out, h.node(n))
	}
	return out
}

func (h *Canvas) node(n model.Node) app.UI {
	name := n.Name
	if n.Kind == model.NodeExchange && n.Name == "" {
		name = h.t("exchange.default")
	}
	if n.Kind == model.NodePublisher {
		name = h.t("node.publisher")
	}
	el := svg("g", "node").ID(domID("node-"+n.Key)).DataSet("node", n.Key).DataSet("kind", n.Kind).
		Attr("transform", fmt.Sprintf("translate(%.1f,%.1f)", n.X, n.Y)).
		Attr("tabindex", 0).Attr("role", "button").
		Aria("label", n.Kind+" "+name).
		On("pointerdown", h.onNodeDown(n.Key), n.Key).
		On("keydown", h.onNodeKey(n.Key), n.Key)
	if n.Selected {
		el = el.DataSet("selected", "true")
	}
	if n.Missing {
		el = el.DataSet("missing", "true")
	}
	body := []app.UI{svg("rect", "node-box").Attr("width", n.W).Attr("height", n.H).Attr("rx", 8)}
	switch n.Kind {
	case model.NodePublisher:
		body = append(body, svgText("node-title", n.W/2, n.H/2+5, "middle", "✉ "+name))
	case model.NodeExchange:
		sub := n.Type
		if n.Internal {
			sub += " · internal"
		}
		kind := h.t("node.exchange")
		if sub != "" {
			kind += " · " + sub
		}
		body = append(body,
			svgText("node-kind", 10, 17, "start", kind),
			svgText("node-title", 10, 37, "start", clip(name, model.TitleChars(n.W))),
		)
		if n.Missing { // a line of its own: it must fit the box
			body = append(body, svgText("node-missing", 10, 58, "start", "⚠ "+h.t("node.missing")))
		}
		if len(n.Facts) > 0 {
			body = append(body, svgText("node-fact", 10, n.H-6, "start", clip(strings.Join(n.Facts, " · "), 28)))
		}
	case model.NodeQueue:
		body = append(body,
			svgText("node-kind", 10, 17, "start", h.t("node.queue")+" · "+n.Type),
			svgText("node-title", 10, 40, "start", clip(name, model.TitleChars(n.W))),
			svgText("node-fact", 10, 58, "start", clip(strings.Join(n.Facts, " · "), int((n.W-20)/6.7))),
			svg("text", "node-counts").ID(domID("count-"+n.Name)).Attr("x", 10).Attr("y", 81).Body(
				svg("tspan", "count-ready").Text(h.t("count.ready", n.Ready)),
				svg("tspan", "count-sep").Text("  "),
				svg("tspan", "count-unacked").Text(h.t("count.unacked", n.Unacked)),
			),
			svg("g", "").Attr("transform", fmt.Sprintf("translate(%.1f,%.1f)", n.W-74, 7.0)).Body(
				svg("rect", "spark-bg").Attr("x", -2).Attr("y", -2).Attr("width", 68).Attr("height", 24).Attr("rx", 3),
				svg("title", "").Text(h.t("chart.depth", name)),
				svg("polyline", "spark").Attr("points", n.Spark),
			),
		)
		body = append(body, h.badges(n)...)
	}
	return el.Body(body...)
}

func svgText(role string, x, y float64, anchor, text string) app.UI {
	return svg("text", role).Attr("x", x).Attr("y", y).Attr("text-anchor", anchor).Text(text)
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// tokens renders one Raw per slot up to the highest slot in use.
func (h *Canvas) tokens(snap model.Snapshot) []app.UI {
	top := -1
	for _, tv := range snap.Tokens {
		top = max(top, tv.Slot)
	}
	slots := make([]app.UI, top+1)
	for i := range slots {
		slots[i] = app.Raw(emptySlots[i])
	}
	many := len(snap.Tokens) > 14
	if h.tok == nil {
		h.tok = &tokenTexts{}
	}
	for _, tv := range snap.Tokens {
		slots[tv.Slot] = app.Raw(h.tok.text(tv.ID, tv.Path, tv.X, tv.Y, many, func() string { return h.tokenSVG(tv, many) }))
	}
	h.tok.done()
	return slots
}

// emptySlots are the placeholders of the token slots no token uses (the
// RocketMQ canvas's moves use the first model.MaxRocketMoves).
var emptySlots = func() (s [model.MaxTokens]string) {
	for i := range s {
		s[i] = `<svg data-slot="` + strconv.Itoa(i) + `"></svg>`
	}
	return s
}()

// tokenTexts keeps each drawn token's (or RocketMQ move's) SVG text from
// one render to the next. A token's text changes only when the graph
// moves under it or the canvas gets crowded (its label goes), so a
// playing frame formats only the tokens it starts, not all of the up to
// model.MaxTokens drawn.
type tokenTexts struct {
	prev, next map[uint64]tokenText
}

type tokenText struct {
	path string
	x, y float64
	many bool
	svg  string
}

// text is the SVG text of token id, made by format unless the last
// render made it from the same path, position and crowding.
func (c *tokenTexts) text(id uint64, path string, x, y float64, many bool, format func() string) string {
	if c.next == nil {
		c.prev, c.next = map[uint64]tokenText{}, map[uint64]tokenText{}
	}
	t, ok := c.prev[id]
	if !ok || t.path != path || t.x != x || t.y != y || t.many != many {
		t = tokenText{path: path, x: x, y: y, many: many, svg: format()}
	}
	c.next[id] = t
	return t.svg
}

// done ends a render: the tokens it did not draw are forgotten.
func (c *tokenTexts) done() {
	c.prev, c.next = c.next, c.prev
	clear(c.next)
}

// tokenSVG is one token as SVG text. Message bodies are escaped: they
// are always shown as text (docs/links-and-http.md "Fragment links").
func (h *Canvas) tokenSVG(tv model.TokenView, many bool) string {
	var b strings.Builder
	dur := strconv.FormatInt(tv.Dur.Milliseconds(), 10)
	fmt.Fprintf(&b, `<svg overflow="visible" data-slot="%d" data-token="%d" data-kind="%s">`, tv.Slot, tv.ID, tv.Kind)
	if tv.Path != "" {
		label := ""
		if !many && tv.Label != "" {
			label = fmt.Sprintf(`<text x="10" y="-8">%s</text>`, html.EscapeString(clip(tv.Label, 18)))
		}
		fmt.Fprintf(&b, `<g class="dl-tok dl-tok--%s" style="offset-path: path('%s'); animation-duration: %sms">`+
			`<circle r="6"></circle>%s</g>`, tv.Kind, tv.Path, dur, label)
	} else {
		text := tokenLabel(tv)
		w := float64(len([]rune(text)))*6.6 + 14
		fmt.Fprintf(&b, `<g transform="translate(%.1f,%.1f)"><g class="dl-lbl dl-lbl--%s" style="animation-duration: %sms">`+
			`<rect x="%.1f" y="-15" width="%.1f" height="20" rx="10"></rect><text x="0" y="-1" text-anchor="middle">%s</text></g></g>`,
			tv.X, tv.Y, tv.Kind, dur, -w/2, w, html.EscapeString(text))
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// tokenLabel: a symbol and the broker's own word, so colour is never the
// only signal.
func tokenLabel(tv model.TokenView) string {
	switch tv.Kind {
	case model.TokDrop:
		return "✕ " + tv.Label
	case model.TokReturn:
		return "↩ " + tv.Label
	case model.TokExpire:
		return "◷ " + tv.Label
	case model.TokAck:
		return "✓ " + tv.Label
	case model.TokRequeue:
		return "↺ " + tv.Label
	case model.TokRefuse:
		return "⊘ " + tv.Label
	}
	return tv.Label
}

// ---- canvas handlers ----

// onNodeDown starts dragging (or selecting) the node key.
func (h *Canvas) onNodeDown(key string) app.EventHandler {
	return func(ctx app.Context, e app.Event) { h.nodeDown(key, e) }
}

func (h *Canvas) nodeDown(key string, e app.Event) {
	if h.Compact {
		return
	}
	n, ok := h.s.Graph().Node(key)
	if !ok {
		return
	}
	e.PreventDefault()
	h.drag = &dragState{key: key, x0: e.Get("clientX").Float(), y0: e.Get("clientY").Float(), nx: n.X, ny: n.Y,
		x: n.X, y: n.Y, scale: 1 / max(h.zoom().view.S, 0.01), pointerID: e.Get("pointerId").Int()}
	// Capture the pointer so the drag goes on outside the node (only for
	// real pointers: capturing a synthetic one throws).
	if el := app.Window().GetElementByID("canvas-svg"); el.Truthy() && e.Get("isTrusted").Bool() {
		el.Call("setPointerCapture", e.Get("pointerId"))
	}
}

func (h *Canvas) onPointerMove(ctx app.Context, e app.Event) {
	d := h.drag
	if d == nil {
		return
	}
	dx := (e.Get("clientX").Float() - d.x0) * d.scale
	dy := (e.Get("clientY").Float() - d.y0) * d.scale
	if !d.moved && dx*dx+dy*dy < 16 {
		return
	}
	d.moved = true
	d.x, d.y = max(0, d.nx+dx), max(0, d.ny+dy)
	h.s.DragPreview(d.key, d.x, d.y)
}

func (h *Canvas) onPointerUp(ctx app.Context, e app.Event) {
	d := h.drag
	h.drag = nil
	if d == nil {
		if e.Get("type").String() == "pointerup" && !h.Compact && !h.zoom().wasPan() {
			h.s.Select("", "") // a click on the background
		}
		return
	}
	if d.moved {
		h.s.MoveNode(d.key, d.x, d.y)
	} else {
		h.selectNode(d.key)
		ctx.Defer(func(app.Context) { showPanelOnPhone() })
	}
	h.changed()
}

// onNodeKey selects the node key on Enter.
func (h *Canvas) onNodeKey(key string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if e.Get("key").String() == "Enter" {
			h.selectNode(key)
			h.changed()
		}
	}
}

func (h *Canvas) selectNode(key string) {
	kind, name, _ := strings.Cut(key, ":")
	switch kind {
	case "queue", "exchange":
		h.s.Select(kind, name)
		h.listTop = 0
		h.tab = tabInspect
	case model.PublisherKey:
		h.tab = tabPublish
	default:
		return
	}
	h.view = viewPanel // a phone shows canvas and panels as tabs: show the node's panel
}

func (h *Canvas) onAutoLayout(ctx app.Context, e app.Event) {
	h.s.ResetLayout()
	h.changed()
}

// noticeBox shows the last notice: the broker's own error text (never
// translated) framed by a translated sentence, with a symbol, not only
// colour.
func (h *Canvas) noticeBox(snap model.Snapshot) app.UI {
	n := snap.Notice
	if n == nil && h.linkErr == "" {
		return app.Text("")
	}
	if n == nil {
		return app.Div().ID("notice").Class("dl-notice", "dl-notice--error").Role("alert").Body(
			app.Span().Class("dl-notice-icon").Aria("hidden", true).Text("⚠"),
			app.Div().Body(
				app.P().Text(h.t("link.bad")),
				app.Code().ID("notice-text").Class("dl-notice-broker").Text(h.linkErr),
			),
			app.Button().ID("notice-close").Class("dl-button", "dl-button--icon").Type("button").
				Aria("label", h.t("close")).OnClick(h.onNoticeClose).Text("×"),
		)
	}
	class, icon := "dl-notice--info", "ℹ"
	if n.Error {
		class, icon = "dl-notice--error", "⚠"
	}
	args := make([]any, len(n.Args))
	for i, a := range n.Args {
		args[i] = a
	}
	return app.Div().ID("notice").Class("dl-notice", class).Role("alert").Body(
		app.Span().Class("dl-notice-icon").Aria("hidden", true).Text(icon),
		app.Div().Body(
			app.P().Text(h.t(n.Key, args...)),
			app.If(n.Text != "", app.Code().ID("notice-text").Class("dl-notice-broker").Text(n.Text)),
		),
		app.Button().ID("notice-close").Class("dl-button", "dl-button--icon").Type("button").
			Aria("label", h.t("close")).OnClick(h.onNoticeClose).Text("×"),
	)
}

func (h *Canvas) onNoticeClose(ctx app.Context, e app.Event) {
	h.s.DismissNotice()
	h.linkErr = ""
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
