package model

import (
	"math"
	"strconv"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
)

// Geometry of the RocketMQ charts in plain SVG coordinates, from the
// series (rmq_series.go). The components only draw what is computed here.

// FullLadder is the default ladder's length: delay levels 3..18 add up to
// 4 h 45 min 40 s (docs/rocketmq.md "Delay levels").
const FullLadder rmq.Time = 17_140_000

// LadderChart is the retry ladder as a timeline: one lane per followed
// message, a dot per delivery at its time since the first one.
type LadderChart struct {
	W, H   float64
	Log    bool // the time axis is logarithmic
	Lanes  []LadderLaneGeom
	Ticks  []AxisTick
	Rungs  []int // deliveries per reconsumeTimes, every message counted
	Others int   // messages counted in Rungs but not drawn
}

// LadderLaneGeom is one message's lane.
type LadderLaneGeom struct {
	LadderLane
	Y     float64
	Dots  []LadderDot
	DLQX  float64 // where it went to %DLQ% (-1: it did not)
	Label string
}

// LadderDot is one delivery.
type LadderDot struct {
	X              float64
	T, Since       rmq.Time
	ReconsumeTimes int
	Failed         bool
}

// AxisTick is a labelled point of an axis.
type AxisTick struct {
	X float64
	T rmq.Time
}

// Ladder lays the followed messages out in a w-wide box, laneH per lane.
// The span is at least the full default ladder, so the rungs keep their
// place as a run goes on; log spreads the first seconds apart from the
// hours at the end.
func (s *RMQSeries) Ladder(w, laneH float64, log bool) LadderChart {
	c := LadderChart{W: w, Log: log, Rungs: s.Rungs(), Others: s.others}
	span := FullLadder
	for _, l := range s.lanes {
		if n := len(l.Hits); n > 0 {
			span = max(span, l.Hits[n-1].T-l.First)
		}
		if l.DLQAt >= 0 {
			span = max(span, l.DLQAt-l.First)
		}
	}
	x := ladderX(w, span, log)
	for i, l := range s.lanes {
		g := LadderLaneGeom{LadderLane: l, Y: float64(i)*laneH + laneH/2, DLQX: -1, Label: l.MsgID}
		for _, h := range l.Hits {
			g.Dots = append(g.Dots, LadderDot{X: x(h.T - l.First), T: h.T, Since: h.T - l.First,
				ReconsumeTimes: h.ReconsumeTimes, Failed: h.Result != string(rmq.Success) && h.Result != string(rmq.Timeout)})
		}
		if l.DLQAt >= 0 {
			g.DLQX = x(l.DLQAt - l.First)
		}
		c.Lanes = append(c.Lanes, g)
	}
	c.H = float64(len(s.lanes)) * laneH
	ticks := []rmq.Time{0, 10_000, 60_000, 600_000, 3_600_000, FullLadder}
	if !log {
		ticks = []rmq.Time{0, 3_600_000, 7_200_000, 10_800_000, 14_400_000, FullLadder}
	}
	for _, t := range ticks {
		if t <= span {
			c.Ticks = append(c.Ticks, AxisTick{X: x(t), T: t})
		}
	}
	return c
}

// ladderX maps a time since the first delivery to x: log10(1 + t/1 s)
// when log, else linear, both over [0, span].
func ladderX(w float64, span rmq.Time, log bool) func(rmq.Time) float64 {
	if log {
		top := math.Log10(1 + float64(span)/1000)
		return func(t rmq.Time) float64 { return w * math.Log10(1+float64(max(t, 0))/1000) / top }
	}
	return func(t rmq.Time) float64 { return w * float64(max(t, 0)) / float64(span) }
}

// RateChart is deliveries per minute as columns (retries marked) with the
// producers' sends per minute as a line: the downstream's load against
// the arrivals.
type RateChart struct {
	W, H      float64
	Minutes   int // minutes covered
	PerColumn int // minutes one column stands for (its busiest minute is drawn)
	Columns   []RateColumn
	Sent      string // polyline points of sends per minute
	Peak      int    // the busiest minute's deliveries
	PeakAt    int    // and its minute
	Arrivals  int    // the busiest minute's sends
	MaxY      int
}

// RateColumn is one column.
type RateColumn struct {
	X, W                float64
	Minute              int
	Deliveries, Retries int
	Y, RetryY           float64 // tops of the bar and of its retry part
}

// Rate lays the counts out in a w × h box with at most maxCols columns.
func (s *RMQSeries) Rate(w, h float64, maxCols int) RateChart {
	c := RateChart{W: w, H: h, Minutes: len(s.perMin)}
	if len(s.perMin) == 0 || maxCols < 1 {
		return c
	}
	per := (len(s.perMin) + maxCols - 1) / maxCols
	c.PerColumn = per
	for i, m := range s.perMin {
		if m.Deliveries > c.Peak {
			c.Peak, c.PeakAt = m.Deliveries, i
		}
		c.Arrivals = max(c.Arrivals, m.Sent)
	}
	c.MaxY = max(c.Peak, c.Arrivals, 1)
	y := func(n int) float64 { return h - h*float64(n)/float64(c.MaxY) }
	n := (len(s.perMin) + per - 1) / per
	cw := w / float64(n)
	pts := make([]float64, 0, 2*n)
	for col := range n {
		best, sent := RateMinute{}, 0
		bestAt := col * per
		for i := col * per; i < min((col+1)*per, len(s.perMin)); i++ {
			if m := s.perMin[i]; m.Deliveries > best.Deliveries {
				best, bestAt = m, i
			}
			sent = max(sent, s.perMin[i].Sent)
		}
		c.Columns = append(c.Columns, RateColumn{X: float64(col) * cw, W: cw, Minute: bestAt, Deliveries: best.Deliveries,
			Retries: best.Retries, Y: y(best.Deliveries), RetryY: y(best.Deliveries - best.Retries)})
		pts = append(pts, float64(col)*cw+cw/2, y(sent))
	}
	c.Sent = points(pts)
	return c
}

// DLQChart is the depth of each %DLQ% topic over [0, now].
type DLQChart struct {
	Topic  string
	Points string
	Depth  int
	Max    int
	W, H   float64
}

// DLQCharts draws every DLQ's depth as a step line in w × h boxes.
func (s *RMQSeries) DLQCharts(now rmq.Time, w, h float64) []DLQChart {
	span := float64(max(now, s.lastT, 1000))
	var out []DLQChart
	for _, se := range s.dlq {
		c := DLQChart{Topic: se.Topic, Max: max(se.Max, 1), W: w, H: h}
		y := func(d int) float64 { return h - 1 - (h-2)*float64(d)/float64(c.Max) }
		pts := make([]float64, 0, 4*len(se.Points)+2)
		prev := 0
		for _, p := range se.Points {
			x := w * float64(p.T) / span
			pts = append(pts, x, y(prev), x, y(p.Depth))
			prev = p.Depth
		}
		c.Depth = prev
		pts = append(pts, w, y(prev))
		c.Points = points(pts)
		out = append(out, c)
	}
	return out
}

// points writes x,y pairs as SVG polyline points with one decimal.
func points(xy []float64) string {
	b := make([]byte, 0, len(xy)*6)
	for i, v := range xy {
		if i > 0 {
			if i%2 == 0 {
				b = append(b, ' ')
			} else {
				b = append(b, ',')
			}
		}
		b = appendFixed(b, v)
	}
	return string(b)
}

func appendFixed(b []byte, v float64) []byte {
	b = strconv.AppendFloat(b, math.Round(v*10)/10, 'f', -1, 64)
	return b
}
