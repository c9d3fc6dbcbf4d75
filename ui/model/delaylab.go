package model

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/core/delay"
	"github.com/dlxlab/dlxlab/scenarios"
	"github.com/dlxlab/dlxlab/scenarios/delaylab"
)

// DelayLab is the state of the delay-lab view (docs/delay-lab.md): a
// workload, the strategies with their parameters, and their results. An
// edit re-runs only the strategy it changed.
type DelayLab struct {
	lessons []DelayLesson
	lesson  string // file name of the open lesson; "" after a link
	lab     *scenarios.DelayLab
	msgs    []delay.Message
	specs   []delay.Spec
	results []delay.Result
}

// DelayLesson is one lesson of the view's picker.
type DelayLesson struct {
	Name string
	Lab  *scenarios.DelayLab
}

// MaxBrowserMessages keeps the picker to lessons a browser runs at once;
// larger files (the benchmark) are for the CLI.
const MaxBrowserMessages = 20_000

// NewDelayLab loads the lessons and opens the first (head-of-line).
func NewDelayLab() *DelayLab {
	d := &DelayLab{}
	for _, f := range delaylab.Files() {
		l, err := scenarios.ParseDelayLab(f.Name, f.Data)
		if err != nil {
			continue // TestDelayLabFiles keeps every file valid
		}
		if msgs, err := l.Workload.Expand(); err == nil && len(msgs) <= MaxBrowserMessages {
			d.lessons = append(d.lessons, DelayLesson{Name: f.Name, Lab: l})
		}
	}
	for i, l := range d.lessons { // head-of-line first: it is the story the others build on
		if l.Name == "head-of-line.yaml" {
			d.lessons[0], d.lessons[i] = d.lessons[i], d.lessons[0]
		}
	}
	if len(d.lessons) > 0 {
		_ = d.Open(d.lessons[0].Name)
	}
	return d
}

// Lessons lists the picker's lessons.
func (d *DelayLab) Lessons() []DelayLesson { return d.lessons }

// Lesson is the open lesson's file name ("" when a link was opened).
func (d *DelayLab) Lesson() string { return d.lesson }

// Lab is the open lab (title, summary, workload).
func (d *DelayLab) Lab() *scenarios.DelayLab { return d.lab }

// Messages is the workload in send order.
func (d *DelayLab) Messages() []delay.Message { return d.msgs }

// Results are the strategies' results in table order.
func (d *DelayLab) Results() []delay.Result { return d.results }

// Open opens a lesson by file name.
func (d *DelayLab) Open(name string) error {
	for _, l := range d.lessons {
		if l.Name == name {
			lab := *l.Lab // edits change the copy, never the lesson
			if err := d.load(&lab); err != nil {
				return err
			}
			d.lesson = name
			return nil
		}
	}
	return fmt.Errorf("no delay-lab lesson %q", name)
}

// OpenLink opens a #d= fragment; a bad link leaves the lab as it was.
func (d *DelayLab) OpenLink(frag string) error {
	l, err := scenarios.DecodeDelayLab(frag)
	if err != nil {
		return err
	}
	if err := d.load(l); err != nil {
		return err
	}
	d.lesson = ""
	return nil
}

// YAML is the open lab as a delay-lab file, for the workload editor.
func (d *DelayLab) YAML() string {
	y, err := scenarios.FormatDelayLabYAML(d.lab)
	if err != nil {
		return ""
	}
	return string(y)
}

// Edit replaces the lab with a delay-lab file typed by the learner (their
// own delays). Errors carry line and column; on an error nothing changes.
func (d *DelayLab) Edit(text string) error {
	l, err := scenarios.ParseDelayLab("workload", []byte(text))
	if err != nil {
		return err
	}
	if err := d.load(l); err != nil {
		return err
	}
	d.lesson = ""
	return nil
}

func (d *DelayLab) load(l *scenarios.DelayLab) error {
	msgs, err := l.Workload.Expand()
	if err != nil {
		return err
	}
	if len(msgs) > MaxBrowserMessages {
		return fmt.Errorf("the workload has %d messages; the browser runs at most %d (MaxBrowserMessages): use dlxlab delay for more", len(msgs), MaxBrowserMessages)
	}
	specs := append([]delay.Spec(nil), l.Specs()...)
	results, err := delay.Run(msgs, specs)
	if err != nil {
		return err
	}
	d.lab, d.msgs, d.specs, d.results = l, msgs, specs, results
	return nil
}

// Link is the fragment value that reopens the lab as it is now: "d=1.…".
func (d *DelayLab) Link() (string, error) {
	s, err := scenarios.EncodeDelayLab(d.lab)
	if err != nil {
		return "", err
	}
	return "d=" + s, nil
}

// ParamText is a parameter's value as the form shows it: "100ms", "512",
// "5s 30s 2m".
func (d *DelayLab) ParamText(i int, p delay.Param) string {
	s := d.specs[i]
	switch p.Kind {
	case delay.ParamDurations:
		parts := make([]string, 0, len(s.List(p.Name)))
		for _, t := range s.List(p.Name) {
			parts = append(parts, delay.FormatTime(t))
		}
		return strings.Join(parts, " ")
	case delay.ParamCount:
		return strconv.FormatInt(s.Value(p.Name), 10)
	}
	return delay.FormatTime(core.Time(s.Value(p.Name)))
}

// SetParam sets strategy i's parameter from the form's text and re-runs
// that strategy. On an error nothing changes and the error says why.
func (d *DelayLab) SetParam(i int, name, text string) error {
	if i < 0 || i >= len(d.specs) {
		return fmt.Errorf("no strategy %d", i)
	}
	k, _ := delay.LookupKind(d.specs[i].Kind)
	p, ok := k.Param(name)
	if !ok {
		return fmt.Errorf("%s has no parameter %q", k.Name, name)
	}
	spec, err := withParamText(d.specs[i], p, strings.TrimSpace(text))
	if err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	r, err := delay.RunOne(d.msgs, spec)
	if err != nil {
		return err
	}
	d.specs[i], d.results[i] = spec, r
	d.lab.Strategies = append([]delay.Spec(nil), d.specs...) // the link carries the edit
	return nil
}

func withParamText(s delay.Spec, p *delay.Param, text string) (delay.Spec, error) {
	switch p.Kind {
	case delay.ParamCount:
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return s, fmt.Errorf("%q is not a whole number", text)
		}
		return s.With(p.Name, n), nil
	case delay.ParamDurations:
		var ts []core.Time
		for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' }) {
			v, err := scenarios.ParseDuration(f)
			if err != nil {
				return s, err
			}
			ts = append(ts, core.Time(v))
		}
		return s.WithList(p.Name, ts), nil
	}
	v, err := scenarios.ParseDuration(text)
	if err != nil {
		return s, err
	}
	return s.With(p.Name, int64(v)), nil
}

// DelayBar is one bar of a lateness histogram.
type DelayBar struct {
	X, Y, W, H float64
	N          int
	Label      string
}

// LatenessBars draws a result's histogram in a w×h box, one bar per
// bucket, heights on a square-root scale so a bucket of one message next
// to one of thousands is still visible.
func LatenessBars(r delay.Result, w, h float64) []DelayBar {
	top := 0
	for _, n := range r.Histogram {
		top = max(top, n)
	}
	bw := w / delay.NumBuckets
	bars := make([]DelayBar, delay.NumBuckets)
	for i, n := range r.Histogram {
		bh := 0.0
		if top > 0 && n > 0 {
			bh = math.Max(1, (h-1)*math.Sqrt(float64(n)/float64(top)))
		}
		bars[i] = DelayBar{X: float64(i)*bw + 1, Y: h - bh, W: bw - 2, H: bh, N: n, Label: delay.BucketLabels[i]}
	}
	return bars
}

// HeldPoints is a result's held-over-time series as SVG polyline points
// in a w×h box (step shape), scaled to top (the largest of all results, so
// the strategies' charts compare).
func HeldPoints(r delay.Result, w, h float64, top int) string {
	if len(r.Held) == 0 || top == 0 {
		return ""
	}
	var b strings.Builder
	dx := w / float64(len(r.Held))
	for i, n := range r.Held {
		y := h - 1 - (h-2)*float64(n)/float64(top)
		fmt.Fprintf(&b, "%.1f,%.1f %.1f,%.1f ", float64(i)*dx, y, float64(i+1)*dx, y)
	}
	return strings.TrimSpace(b.String())
}

// DelayTimeline is the small-workload picture: one row per strategy, a
// mark per message at its release, and a dashed line per due time (Due is
// sorted by X).
type DelayTimeline struct {
	W, H  float64
	Rows  []DelayTimelineRow
	Due   []DelayTimelineMark
	Ticks []TimelineTick
}

// DelayTimelineRow is one strategy's releases.
type DelayTimelineRow struct {
	Kind  string
	Marks []DelayTimelineMark
}

// DelayTimelineMark is a message (Label) at X; Late is its lateness.
type DelayTimelineMark struct {
	X     float64
	Label string
	Late  core.Time
	Stack int // how many marks of the row are already at this X
}

// MaxTimelineMessages is the largest workload drawn as a timeline.
const MaxTimelineMessages = 12

// Timeline draws the releases on a time axis of width w, rows rowH apart;
// false when the workload is too large to draw message by message.
func (d *DelayLab) Timeline(w, rowH float64) (DelayTimeline, bool) {
	if len(d.msgs) == 0 || len(d.msgs) > MaxTimelineMessages {
		return DelayTimeline{}, false
	}
	end := core.Time(1)
	for _, r := range d.results {
		for _, t := range r.Release {
			end = max(end, t)
		}
	}
	x := func(t core.Time) float64 { return w * float64(t) / float64(end) }
	tl := DelayTimeline{W: w, H: rowH * float64(len(d.results))}
	seen := map[core.Time]bool{}
	for _, m := range d.msgs {
		if !seen[m.Due()] {
			seen[m.Due()] = true
			tl.Due = append(tl.Due, DelayTimelineMark{X: x(m.Due()), Label: delay.FormatShort(m.Due())})
		}
	}
	slices.SortFunc(tl.Due, func(a, b DelayTimelineMark) int { return cmp.Compare(a.X, b.X) })
	for _, r := range d.results {
		row := DelayTimelineRow{Kind: r.Kind}
		at := map[core.Time]int{}
		for i, t := range r.Release {
			if t < 0 {
				continue
			}
			label := d.msgs[i].Name
			if label == "" {
				label = strconv.Itoa(i + 1)
			}
			row.Marks = append(row.Marks, DelayTimelineMark{X: x(t), Label: label, Late: t - d.msgs[i].Due(), Stack: at[t]})
			at[t]++
		}
		tl.Rows = append(tl.Rows, row)
	}
	for i := 0; i <= 4; i++ {
		t := end * core.Time(i) / 4
		tl.Ticks = append(tl.Ticks, TimelineTick{X: x(t), Label: delay.FormatShort(t)})
	}
	return tl, true
}
