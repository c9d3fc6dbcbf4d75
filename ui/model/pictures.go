package model

import (
	"github.com/dlxlab/dlxlab/core"
)

// Pictures: each queue's depth over time, and a timeline with one lane
// per queue. Both are drawn in plain SVG coordinates computed here.

// DepthChart is one queue's depth (ready + unacked) as a step line.
type DepthChart struct {
	Queue   string
	Points  string // polyline points in a W × H box
	Ready   int
	Unacked int
	Max     int // the scale's top: at least 1
	Peak    int // the most messages the queue held at once (0: its depth stayed 0)
	W, H    float64
}

// DepthCharts draws a chart per queue, in declaration order, over
// [0, now], in boxes of w × h.
func (s *Session) DepthCharts(w, h float64) []DepthChart {
	now := chartSpan(s.b.Now())
	var out []DepthChart
	for _, q := range s.b.Queues() {
		c := DepthChart{Queue: q.Name, Ready: q.Ready, Unacked: q.Unacked, W: w, H: h}
		se := s.depth[q.Name]
		if se != nil {
			c.Max, c.Peak = max(se.Max, 1), se.Max
			x := func(t core.Time) float64 { return float64(t) / float64(now) * w }
			y := func(d int) float64 { return h - 2 - float64(d)/float64(c.Max)*(h-4) }
			c.Points = stepPoints(se.Samples, x, y, x(s.b.Now()))
		}
		out = append(out, c)
	}
	return out
}

// Timeline is the event timeline: a lane per queue, marks at event times.
type Timeline struct {
	Lanes []string
	Marks []TimelineMark
	Ticks []TimelineTick
	From  core.Time
	To    core.Time
	W, H  float64
	LaneH float64
}

// TimelineMark is one event on a lane.
type TimelineMark struct {
	X      float64
	Lane   int
	Kind   string // the event kind as core names it: enqueued, expired, dead-lettered…
	Reason string
	T      core.Time
	Stack  int // how many marks before it sit at the same place
}

// TimelineTick is a time label on the axis.
type TimelineTick struct {
	X     float64
	Label string
}

// maxTimelineMarks bounds the marks drawn (the newest are drawn).
const maxTimelineMarks = 1500

// Timeline lays out the marks over [0, now] in a w-wide drawing, laneH
// per lane. Lanes are the queues in declaration order, then "—" for
// events at an exchange (unroutable, returned) if there were any.
func (s *Session) Timeline(w, laneH float64) Timeline {
	now := chartSpan(s.b.Now())
	tl := Timeline{From: 0, To: now, W: w, LaneH: laneH}
	lane := map[string]int{}
	for _, q := range s.b.Queues() {
		lane[q.Name] = len(tl.Lanes)
		tl.Lanes = append(tl.Lanes, q.Name)
	}
	marks := s.marks
	if len(marks) > maxTimelineMarks {
		marks = marks[len(marks)-maxTimelineMarks:]
	}
	for _, m := range marks {
		l, ok := lane[m.Queue]
		if !ok {
			if m.Queue != "" {
				continue // a queue deleted since
			}
			if _, has := lane[""]; !has {
				lane[""] = len(tl.Lanes)
				tl.Lanes = append(tl.Lanes, "—")
			}
			l = lane[""]
		}
		x := float64(m.T) / float64(now) * w
		k := 0 // marks at the same place in a lane are spread a little, up and down
		if n := len(tl.Marks); n > 0 {
			if last := tl.Marks[n-1]; last.Lane == l && x-last.X < 3 {
				k = last.Stack + 1
			}
		}
		tl.Marks = append(tl.Marks, TimelineMark{X: x, Lane: l, Kind: m.Kind.String(), Reason: m.Reason, T: m.T, Stack: k})
	}
	tl.H = float64(len(tl.Lanes)) * laneH
	step := tickStep(now)
	for t := core.Time(0); t <= now; t += step {
		tl.Ticks = append(tl.Ticks, TimelineTick{X: float64(t) / float64(now) * w, Label: FormatDuration(t)})
	}
	return tl
}

// chartSpan is the time axis of the pictures: 0 to now, at least 1 s so
// a run that has not moved yet still has an axis.
func chartSpan(now core.Time) core.Time { return max(now, 1000) }

// tickStep picks a round interval giving 4–10 ticks.
func tickStep(span core.Time) core.Time {
	for _, s := range []core.Time{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000,
		60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 43_200_000, 86_400_000} {
		if span/s <= 8 {
			return s
		}
	}
	return span / 8
}
