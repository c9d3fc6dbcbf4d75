package ui

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// RocketCanvas draws the RocketMQ picture (model.RocketLayout): the
// producer, topics with a lane per message queue and the copies stored in
// it, consumer groups with the queues each consumer holds, and where they
// appear %RETRY%, SCHEDULE_TOPIC_XXXX (a lane per delay level in use, with
// the waiting copies and their due times) and %DLQ%. A blocked orderly
// queue is a red lane that says until when and why. Messages move along
// the paths as the events happen. Click a lane, a group or a message.
//
// SVG elements are styled with data-role attributes (see canvas.go); moves
// are app.Raw strings so that each keeps its element (and its CSS
// animation) for its whole life.
type RocketCanvas struct {
	app.Compo
	*page
	Rev uint64
	tok *tokenTexts // the drawn moves' SVG texts (canvas.go)
}

// rsvg makes an SVG element with a data-role.
func rsvg(tag, role string) app.HTMLElem {
	e := app.Elem(tag).XMLNS("http://www.w3.org/2000/svg")
	if role != "" {
		e = e.Attr("data-role", role)
	}
	return e
}

// Render draws the canvas.
func (h *RocketCanvas) Render() app.UI {
	p := model.RocketLayout(h.rsnap.View)
	w, ht := max(p.W, 640), max(p.H, 360)
	body := []app.UI{h.defs()}
	for _, e := range p.Edges {
		body = append(body, rsvg("g", "rq-edge").Attr("data-kind", e.Kind).Body(
			rsvg("path", "edge-line").Attr("d", e.Path).Attr("marker-end", edgeMarker(e.Kind))))
	}
	for _, b := range p.Boxes {
		body = append(body, h.box(b))
	}
	body = append(body, h.moves(p)...)
	return app.Section().ID("canvas").Class("dl-canvas", "dl-canvas--rocketmq").Aria("label", h.t("rq.canvas.label")).Body(
		app.Div().Class("dl-canvas-bar").Body(h.legend()),
		app.Div().Class("dl-canvas-area").Body(
			rsvg("svg", "canvas").ID("canvas-svg").
				Attr("viewBox", fmt.Sprintf("0 0 %.0f %.0f", w, ht)).
				Attr("preserveAspectRatio", "xMidYMin meet").
				Attr("role", "group").Aria("label", h.t("rq.canvas.label")).Body(body...),
		),
		h.notice(),
	)
}

func edgeMarker(kind string) string {
	switch kind {
	case "dlq":
		return "url(#rq-arrow-dlx)"
	case "retry", "release":
		return "url(#rq-arrow-retry)"
	}
	return "url(#rq-arrow)"
}

func (h *RocketCanvas) defs() app.UI {
	marker := func(id, role string) app.UI {
		return rsvg("marker", "").ID(id).Attr("viewBox", "0 0 10 10").Attr("refX", 9).Attr("refY", 5).
			Attr("markerWidth", 7).Attr("markerHeight", 7).Attr("orient", "auto-start-reverse").Body(
			rsvg("path", role).Attr("d", "M0,0 L10,5 L0,10 z"))
	}
	return rsvg("defs", "").Body(
		marker("rq-arrow", "arrowhead"), marker("rq-arrow-dlx", "arrowhead-dlx"), marker("rq-arrow-retry", "rq-arrowhead-retry"))
}

// box draws one box: its frame, kind and name, then its lanes or consumers.
func (h *RocketCanvas) box(b model.RocketBox) app.UI {
	sel := h.rsnap.Sel
	g := rsvg("g", "rq-box").Attr("data-kind", b.Kind).Attr("data-key", b.Key).
		Attr("transform", fmt.Sprintf("translate(%.1f,%.1f)", b.X, b.Y))
	parts := []app.UI{
		rsvg("rect", "node-box").Attr("width", b.W).Attr("height", b.H).Attr("rx", 8),
		rsvg("text", "node-kind").Attr("x", 12).Attr("y", 16).Text(h.t("rq.box." + b.Kind)),
		rsvg("text", "node-title").Attr("x", 12).Attr("y", 33).Text(clip(h.boxName(b), 34)),
	}
	if b.Kind == "group" {
		g = g.Attr("data-selected", sel.Kind == "group" && sel.Group == b.Name).Attr("data-blocked", b.Blocked).
			Attr("tabindex", 0).Attr("role", "button").Aria("label", h.t("rq.group")+" "+b.Name).
			OnClick(h.onSelect(model.RocketSelection{Kind: "group", Group: b.Name}))
		parts = append(parts, h.groupRows(b)...)
	}
	for _, ln := range b.Lanes {
		parts = append(parts, h.lane(b, ln))
	}
	if len(b.Lanes) == 0 && (b.Kind == "schedule" || b.Kind == "timer") {
		parts = append(parts, rsvg("text", "node-fact").Attr("x", 12).Attr("y", 52).Text(h.t("rq.waiting.none")))
	}
	return g.Body(parts...)
}

// boxName is a box's title: the producer's in the page's language.
func (h *RocketCanvas) boxName(b model.RocketBox) string {
	if b.Kind == "producer" {
		return h.t("rq.producer")
	}
	return b.Name
}

func (h *RocketCanvas) groupRows(b model.RocketBox) []app.UI {
	out := []app.UI{rsvg("text", "node-fact").Attr("x", 12).Attr("y", 50).Text(strings.Join(b.Facts, " "))}
	for i, c := range b.Consumers {
		holds := c.Holds
		if holds == "" {
			holds = h.t("rq.holds.none")
		}
		out = append(out, rsvg("text", "node-fact").Attr("x", 12).Attr("y", 68+float64(i)*18).
			Text(clip(c.ID+": "+holds, 36)))
	}
	if len(b.Consumers) == 0 {
		out = append(out, rsvg("text", "node-fact").Attr("x", 12).Attr("y", 68).Text(h.t("rq.consumers.none")))
	}
	return out
}

// lane draws one message queue: its id, its copies as chips (with labels
// when few, and due times when waiting), its offsets, and a blocked mark.
func (h *RocketCanvas) lane(b model.RocketBox, ln model.RocketLane) app.UI {
	y := ln.Y - b.Y
	sel := h.rsnap.Sel
	selected := sel.Kind == "queue" && sel.Topic == ln.Topic && sel.Queue == ln.Queue
	g := rsvg("g", "rq-lane").Attr("data-topic", ln.Topic).Attr("data-queue", ln.Queue).
		Attr("data-blocked", ln.Blocked != nil).Attr("data-selected", selected).
		Attr("transform", fmt.Sprintf("translate(6,%.1f)", y)).Attr("tabindex", 0).Attr("role", "button").
		Aria("label", ln.Topic+" "+ln.Label).
		OnClick(h.onSelect(model.RocketSelection{Kind: "queue", Topic: ln.Topic, Queue: ln.Queue}))
	parts := []app.UI{
		rsvg("rect", "rq-lane-bg").Attr("width", b.W-12).Attr("height", ln.H-3).Attr("rx", 4),
		rsvg("text", "rq-lane-label").Attr("x", 5).Attr("y", 15).Text(ln.Label),
	}
	wide := len(ln.Chips) <= 3
	x := 40.0
	for _, c := range ln.Chips {
		cw := 11.0
		if wide {
			cw = 66
		}
		chip := rsvg("g", "rq-chip").Attr("data-done", c.Done).Attr("data-msgid", c.MsgID).
			Attr("data-selected", sel.Kind == "message" && sel.MsgID == c.MsgID).
			Attr("transform", fmt.Sprintf("translate(%.1f,3)", x)).
			OnClick(h.onChip(c.MsgID)).Body(
			rsvg("title", "").Text(c.Label+" · reconsumeTimes "+strconv.Itoa(c.RT)),
			rsvg("rect", "rq-chip-box").Attr("width", cw).Attr("height", 15).Attr("rx", 3),
			app.If(wide, rsvg("text", "rq-chip-text").Attr("x", 4).Attr("y", 11.5).Text(clip(c.Label, 9))),
		)
		parts = append(parts, chip)
		x += cw + 3
		if c.Due > 0 && wide {
			parts = append(parts, rsvg("text", "rq-due").Attr("x", x).Attr("y", 14).Text("→ "+rqClockLabel(c.Due)))
			x += 92
		}
	}
	if ln.More > 0 {
		parts = append(parts, rsvg("text", "rq-more").Attr("x", x+2).Attr("y", 14).Text("+"+strconv.Itoa(ln.More)))
	}
	if ln.Blocked != nil {
		parts = append(parts, rsvg("text", "rq-blocked").Attr("x", 40).Attr("y", 32).
			Text("‖ "+h.t("rq.blocked.short", ln.Blocked.Track, rqClockLabel(ln.Blocked.Until))))
	}
	if ln.Offsets != "" {
		parts = append(parts, rsvg("text", "rq-offsets").Attr("x", b.W-18).Attr("y", 15).Attr("text-anchor", "end").Text(ln.Offsets))
	}
	return g.Body(parts...)
}

func (h *RocketCanvas) onSelect(sel model.RocketSelection) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		h.rq.Select(sel)
		h.rtab = rtabInspect
		h.changed()
	}
}

func (h *RocketCanvas) onChip(msgID string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		e.Call("stopPropagation") // the lane under it would select itself
		h.rq.Select(model.RocketSelection{Kind: "message", MsgID: msgID})
		h.rtab = rtabInspect
		h.changed()
	}
}

// moves renders one Raw per slot up to the highest slot in use.
func (h *RocketCanvas) moves(p model.RocketPicture) []app.UI {
	mv := h.rq.Moves(p)
	top := -1
	for _, m := range mv {
		top = max(top, m.Slot)
	}
	slots := make([]app.UI, top+1)
	for i := range slots {
		slots[i] = app.Raw(emptySlots[i])
	}
	if h.tok == nil {
		h.tok = &tokenTexts{}
	}
	many := len(mv) > 14
	for _, m := range mv {
		slots[m.Slot] = app.Raw(h.tok.text(m.ID, m.Path, m.X, m.Y, many, func() string { return moveSVG(m, many) }))
	}
	h.tok.done()
	return slots
}

// moveSVG is one move as SVG text (labels escaped: they come from the
// scenario). The text of a move never changes while it lives (no
// wall-time in it), so its element and its animation stay.
func moveSVG(m model.RocketMoveView, many bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg overflow="visible" data-slot="%d" data-move="%d" data-kind="%s">`, m.Slot, m.ID, m.Kind)
	dur := strconv.FormatInt(m.Dur.Milliseconds(), 10)
	if m.Path != "" {
		label := ""
		if !many && m.Label != "" {
			label = fmt.Sprintf(`<text x="10" y="-8">%s</text>`, html.EscapeString(clip(m.Label, 18)))
		}
		fmt.Fprintf(&b, `<g class="dl-tok dl-tok--%s" style="offset-path: path('%s'); animation-duration: %sms">`+
			`<circle r="6"></circle>%s</g>`, m.Kind, m.Path, dur, label)
	} else {
		text := clip(m.Label, 24)
		w := float64(len([]rune(text)))*6.6 + 14
		fmt.Fprintf(&b, `<g transform="translate(%.1f,%.1f)"><g class="dl-lbl dl-lbl--%s" style="animation-duration: %sms">`+
			`<rect x="%.1f" y="-15" width="%.1f" height="20" rx="10"></rect><text x="0" y="-1" text-anchor="middle">%s</text></g></g>`,
			m.X, m.Y, m.Kind, dur, -w/2, w, html.EscapeString(text))
	}
	b.WriteString(`</svg>`)
	return b.String()
}

func (h *RocketCanvas) legend() app.UI {
	item := func(role, key string) app.UI {
		return app.Li().Body(app.Span().Class("dl-rq-key").DataSet("role", role).Aria("hidden", true), app.Text(h.t(key)))
	}
	return app.Ul().ID("rq-legend").Class("dl-legend", "dl-legend--rocketmq").Body(
		item("pending", "rq.legend.pending"), item("done", "rq.legend.done"), item("blocked", "rq.legend.blocked"),
		item("retry", "rq.legend.retry"), item("dlq", "rq.legend.dlq"),
	)
}

// notice shows the session's notice, or a link that could not be opened.
func (h *RocketCanvas) notice() app.UI {
	n := h.rsnap.Notice
	if n == nil && h.linkErr == "" {
		return app.Text("")
	}
	key, text, class, sym := "link.bad", h.linkErr, "dl-notice--error", "⚠"
	if n != nil {
		key, text = n.Key, n.Text
		if !n.Error {
			class, sym = "dl-notice--info", "ℹ"
		}
	}
	return app.Div().ID("notice").Class("dl-notice", class).Role("alert").Body(
		app.Span().Class("dl-notice-icon").Aria("hidden", true).Text(sym),
		app.Div().Body(
			app.P().Text(h.t(key)),
			app.If(text != "", app.Code().ID("notice-text").Class("dl-notice-broker").Text(text)),
		),
		app.Button().ID("notice-close").Class("dl-button", "dl-button--icon").Type("button").
			Aria("label", h.t("close")).OnClick(func(ctx app.Context, e app.Event) {
			h.rq.DismissNotice()
			h.linkErr = ""
		}).Text("×"),
	)
}
