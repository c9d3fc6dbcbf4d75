package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	"github.com/dlxlab/dlxlab/ui/model"
)

// RMQCharts draws the RocketMQ pictures: the retry ladder as a timeline
// (each followed message's deliveries since its first, on a log or linear
// axis), deliveries per minute against arrivals (the retry storm), and the
// depth of each %DLQ% over time. The series are fed from the session's
// events on every render (model.RMQSeries skips what it has seen, and
// starts again when a replay made a new broker).
type RMQCharts struct {
	app.Compo
	host rmqHost
	Rev  uint64

	series model.RMQSeries
	linear bool // the ladder's axis is linear (log by default)
}

// NewRMQCharts makes the charts for a host page.
func NewRMQCharts(h rmqHost, rev uint64) *RMQCharts { return &RMQCharts{host: h, Rev: rev} }

const (
	rmqChartW   = 330.0
	rmqPadR     = 10.0 // room for the last dot and the DLQ mark
	rmqLabelW   = 64.0
	rmqLaneH    = 16.0
	rmqRateH    = 70.0
	rmqDLQH     = 44.0
	rmqRateCols = 60
)

// Render draws the charts.
func (c *RMQCharts) Render() app.UI {
	s := c.host.rocket()
	if s == nil {
		return app.Div().ID("rmq-charts")
	}
	c.series.Feed(s.Broker(), s.Events())
	return app.Div().ID("rmq-charts").Body(
		c.ladder(),
		c.rate(),
		c.dlq(s),
	)
}

func (c *RMQCharts) t(key string, args ...any) string { return c.host.t(key, args...) }

func (c *RMQCharts) ladder() app.UI {
	w := rmqChartW - rmqLabelW - rmqPadR
	l := c.series.Ladder(w, rmqLaneH, !c.linear)
	axis := func(id, key string, linear bool) app.UI {
		return app.Button().ID(id).Class("dl-button", "dl-button--small").Type("button").Aria("pressed", c.linear == linear).
			OnClick(func(ctx app.Context, e app.Event) { c.linear = linear }, linear).Text(c.t(key))
	}
	head := app.Div().Class("rmq-chart-head").Body(
		app.H3().Text(c.t("rmqchart.ladder")),
		app.Div().Class("dl-actions").Role("group").Aria("label", c.t("rmqchart.axis")).Body(
			axis("rmq-axis-log", "rmqchart.axis.log", false), axis("rmq-axis-linear", "rmqchart.axis.linear", true)),
	)
	if len(l.Lanes) == 0 {
		return app.Div().ID("rmq-ladder").Class("dl-section").Body(head, app.P().Class("dl-help").Text(c.t("rmqchart.none")))
	}
	h := l.H + 16
	items := make([]app.UI, 0, 4*len(l.Lanes)+2*len(l.Ticks))
	last := len(l.Ticks) - 1
	for i, t := range l.Ticks {
		x := rmqLabelW + t.X
		items = append(items, svg("line", "lane").Attr("x1", x).Attr("x2", x).Attr("y1", 0).Attr("y2", l.H))
		anchor := "middle"
		switch {
		case i == last && i > 0:
			anchor = "end" // the last label reads leftwards from the end of the axis
		case i < last && l.Ticks[last].X-t.X < 48:
			continue // too close to the last label to have one of its own
		}
		items = append(items, svg("text", "lane-label").Attr("x", x).Attr("y", h-3).Attr("text-anchor", anchor).Text(tickLabel(t.T)))
	}
	for _, ln := range l.Lanes {
		items = append(items,
			svg("line", "lane").Attr("x1", rmqLabelW).Attr("x2", rmqLabelW+w).Attr("y1", ln.Y).Attr("y2", ln.Y),
			svg("text", "lane-label").Attr("x", rmqLabelW-4).Attr("y", ln.Y+4).Attr("text-anchor", "end").Text(shortID(ln.MsgID)),
		)
		for _, d := range ln.Dots {
			role := "rmq-dot"
			if d.Failed {
				role = "rmq-dot rmq-dot--failed"
			}
			items = append(items, svg("circle", role).Attr("cx", rmqLabelW+d.X).Attr("cy", ln.Y).Attr("r", 3).Body(
				svg("title", "").Text(c.t("rmqchart.dot", d.ReconsumeTimes, rmqTime(d.T), model.FormatDuration(d.Since))),
			))
		}
		if ln.DLQX >= 0 {
			items = append(items, svg("text", "mark").DataSet("kind", "dead-lettered").Attr("x", rmqLabelW+ln.DLQX).
				Attr("y", ln.Y-4).Attr("text-anchor", "middle").Body(svg("title", "").Text(c.t("rmqchart.todlq")), app.Text("☠")))
		}
	}
	return app.Div().ID("rmq-ladder").Class("dl-section").DataSet("lanes", len(l.Lanes)).Body(
		head,
		app.P().Class("dl-help").Text(c.t("rmqchart.ladder.help")),
		svg("svg", "rmq-chart").Attr("viewBox", fmt.Sprintf("0 0 %.0f %.0f", rmqChartW, h)).
			Attr("role", "img").Aria("label", c.t("rmqchart.ladder")).Body(items...),
		app.P().ID("rmq-rungs").Class("dl-muted").Text(c.t("rmqchart.rungs", rungsText(l.Rungs))),
		app.If(l.Others > 0, app.P().Class("dl-muted").Text(c.t("rmqchart.others", l.Others))),
	)
}

// tickLabel writes an axis tick short enough to sit between its
// neighbours: "10s", "1m", "1h", "4h46m" (to the minute).
func tickLabel(t rmq.Time) string {
	s := (int64(t) + 500) / 1000
	switch {
	case s < 60:
		return strconv.FormatInt(s, 10) + "s"
	case s < 3600:
		return strconv.FormatInt((s+30)/60, 10) + "m"
	}
	m := (s + 30) / 60
	if m%60 == 0 {
		return strconv.FormatInt(m/60, 10) + "h"
	}
	return strconv.FormatInt(m/60, 10) + "h" + strconv.FormatInt(m%60, 10) + "m"
}

// rungsText writes "0:1 1:1 …": deliveries per reconsumeTimes.
func rungsText(rungs []int) string {
	parts := make([]string, 0, len(rungs))
	for i, n := range rungs {
		parts = append(parts, strconv.Itoa(i)+":"+strconv.Itoa(n))
	}
	return strings.Join(parts, " ")
}

func (c *RMQCharts) rate() app.UI {
	r := c.series.Rate(rmqChartW, rmqRateH, rmqRateCols)
	if r.Minutes == 0 {
		return app.Text("")
	}
	items := make([]app.UI, 0, 2*len(r.Columns)+1)
	for _, col := range r.Columns {
		bw := max(col.W-1, 0.5)
		items = append(items,
			svg("rect", "rmq-bar").Attr("x", col.X).Attr("y", col.Y).Attr("width", bw).Attr("height", rmqRateH-col.Y).Body(
				svg("title", "").Text(c.t("rmqchart.minute", col.Minute, col.Deliveries, col.Retries))),
			svg("rect", "rmq-bar rmq-bar--retry").Attr("x", col.X).Attr("y", col.Y).Attr("width", bw).
				Attr("height", col.RetryY-col.Y),
		)
	}
	items = append(items, svg("polyline", "chart-line").Attr("points", r.Sent))
	return app.Div().ID("rmq-rate").Class("dl-section").DataSet("peak", r.Peak).DataSet("arrivals", r.Arrivals).Body(
		app.H3().Text(c.t("rmqchart.rate")),
		app.P().Class("dl-help").Text(c.t("rmqchart.rate.help")),
		svg("svg", "rmq-chart").Attr("viewBox", fmt.Sprintf("0 0 %.0f %.0f", rmqChartW, rmqRateH)).
			Attr("role", "img").Aria("label", c.t("rmqchart.rate")).Body(items...),
		app.P().ID("rmq-rate-peak").Class("dl-muted").Text(c.t("rmqchart.peak", r.Peak, r.PeakAt, r.Arrivals)),
	)
}

func (c *RMQCharts) dlq(s *model.RocketSession) app.UI {
	charts := c.series.DLQCharts(s.Now(), rmqChartW, rmqDLQH)
	items := make([]app.UI, 0, len(charts))
	for _, d := range charts {
		items = append(items, app.Figure().Class("dl-chart").DataSet("topic", d.Topic).DataSet("depth", d.Depth).Body(
			app.FigCaption().Body(app.Span().Class("dl-mono").Text(d.Topic),
				app.Span().Class("dl-muted").Text(" · "+c.t("rmqchart.depth", d.Depth, d.Max))),
			svg("svg", "chart").Attr("viewBox", fmt.Sprintf("0 0 %.0f %.0f", d.W, d.H)).
				Attr("role", "img").Aria("label", c.t("rmqchart.dlq.label", d.Topic)).Body(
				svg("line", "chart-axis").Attr("x1", 0).Attr("y1", d.H-1).Attr("x2", d.W).Attr("y2", d.H-1),
				svg("polyline", "chart-line").Attr("points", d.Points),
			),
		))
	}
	return app.Div().ID("rmq-dlq-depth").Class("dl-section").Body(
		app.H3().Text(c.t("rmqchart.dlq")),
		app.If(len(items) == 0, app.P().Class("dl-help").Text(c.t("rmqchart.dlq.none"))),
		app.Div().Body(items...),
	)
}
