package ui

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// The pictures tab: each queue's depth over time, and an event timeline
// with one lane per queue. Marks carry a symbol per event kind (and a
// <title> with the broker's words), so colour is never the only signal.

const (
	chartW, chartH = 330.0, 54.0
	laneH          = 22.0
	labelW         = 86.0
)

func (h *Charts) chartsPanel() app.UI {
	charts := h.s.DepthCharts(chartW, chartH)
	items := make([]app.UI, 0, len(charts))
	for _, c := range charts {
		items = append(items, app.Figure().Class("dl-chart").DataSet("queue", c.Queue).Body(
			app.FigCaption().Body(
				app.Span().Class("dl-name").Text(c.Queue),
				app.Span().Class("dl-muted").Text(" · "+h.t("count.ready", c.Ready)+" · "+h.t("count.unacked", c.Unacked)+
					" · "+h.peak(c)),
			),
			svg("svg", "chart").Attr("viewBox", fmt.Sprintf("0 0 %.0f %.0f", c.W, c.H)).
				Attr("role", "img").Aria("label", h.t("chart.depth", c.Queue)).Body(
				svg("line", "chart-axis").Attr("x1", 0).Attr("y1", c.H-1).Attr("x2", c.W).Attr("y2", c.H-1),
				svg("polyline", "chart-line").Attr("points", c.Points),
			),
		))
	}
	return app.Div().ID("charts").Body(
		app.Div().Class("dl-section").Body(
			app.H3().Text(h.t("chart.title")),
			app.If(len(items) == 0, app.P().Class("dl-help").Text(h.t("chart.none"))),
			app.Div().ID("depth-charts").Body(items...),
		),
		h.timeline(),
	)
}

var markGlyph = map[string]string{
	"enqueued": "●", "delivered": "▸", "acked": "✓", "requeued": "↺", "expired": "◷",
	"dead-lettered": "☠", "dropped": "✕", "returned": "↩", "publish-rejected": "⊘",
}

func (h *Charts) timeline() app.UI {
	w := chartW - labelW
	tl := h.s.Timeline(w, laneH)
	if len(tl.Lanes) == 0 {
		return app.Text("")
	}
	height := tl.H + 22
	lanes := make([]app.UI, 0, len(tl.Lanes)*2)
	for i, name := range tl.Lanes {
		y := float64(i)*laneH + laneH/2
		lanes = append(lanes,
			svg("line", "lane").Attr("x1", labelW).Attr("x2", labelW+w).Attr("y1", y).Attr("y2", y),
			svg("text", "lane-label").Attr("x", labelW-6).Attr("y", y+4).Attr("text-anchor", "end").Text(clip(name, 12)),
		)
	}
	marks := make([]app.UI, 0, len(tl.Marks))
	for _, m := range tl.Marks {
		y := float64(m.Lane)*laneH + laneH/2 + 4 + float64(m.Stack%3-1)*5
		if m.Stack == 0 {
			y = float64(m.Lane)*laneH + laneH/2 + 4
		}
		title := clockLabel(m.T) + " " + h.t("event."+m.Kind)
		if m.Reason != "" {
			title += " " + m.Reason
		}
		marks = append(marks, svg("text", "mark").DataSet("kind", m.Kind).
			Attr("x", labelW+m.X).Attr("y", y).Attr("text-anchor", "middle").Body(
			svg("title", "").Text(title), app.Text(markGlyph[m.Kind]),
		))
	}
	ticks := make([]app.UI, 0, len(tl.Ticks))
	lastX := -100.0
	for i, tk := range tl.Ticks {
		if tk.X-lastX < 46 && i > 0 {
			continue // too close to the previous label
		}
		lastX = tk.X
		anchor := "middle"
		switch {
		case i == 0:
			anchor = "start"
		case tk.X > w-24:
			anchor = "end"
		}
		ticks = append(ticks, svg("text", "tick").Attr("x", labelW+tk.X).Attr("y", tl.H+15).
			Attr("text-anchor", anchor).Text(tk.Label))
	}
	legend := make([]app.UI, 0, len(markGlyph))
	for _, k := range []string{"enqueued", "delivered", "acked", "requeued", "expired", "dead-lettered", "dropped", "returned"} {
		legend = append(legend, app.Li().DataSet("kind", k).Body(
			app.Span().Class("dl-glyph").Aria("hidden", true).Text(markGlyph[k]), app.Text(" "+h.t("event."+k))))
	}
	return app.Div().Class("dl-section").Body(
		app.H3().Text(h.t("timeline.title")),
		svg("svg", "timeline").ID("timeline").Attr("viewBox", fmt.Sprintf("0 0 %.0f %.0f", chartW, height)).
			Attr("role", "img").Aria("label", h.t("timeline.title")).DataSet("marks", strconv.Itoa(len(tl.Marks))).
			Body(svg("g", "").Body(lanes...), svg("g", "").Body(marks...), svg("g", "").Body(ticks...)),
		app.Ul().Class("dl-marklegend").Body(legend...),
	)
}

// peak says how full a queue has been: "peak 3", or that its depth
// stayed 0 (a message delivered the instant it arrived never waits; the
// scale's top of 1 is not a peak).
func (h *Charts) peak(c model.DepthChart) string {
	if c.Peak == 0 {
		return h.t("chart.never")
	}
	return h.t("chart.max", c.Peak)
}
