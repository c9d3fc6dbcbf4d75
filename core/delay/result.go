package delay

import (
	"slices"

	"github.com/dlxlab/dlxlab/core"
)

// Result is what one strategy did with the workload. Lateness is the
// release time minus the due time (negative: released early); the
// percentiles and Max are over released messages.
type Result struct {
	Kind         string
	Title        string
	Plugin       bool
	Spec         Spec
	Released     int
	Rejected     int
	RejectReason string // why the last refused message was refused
	P50, P95     core.Time
	P99, Max     core.Time
	Early        int // released before their due time
	OutOfOrder   int // released after some message that was due later (see outOfOrder)
	MaxHeld      int // most messages waiting at one instant
	Histogram    [NumBuckets]int
	// Held is the most messages waiting within each of (at most HeldBins)
	// equal slices of HeldStep from HeldStart to the last release.
	Held      []int
	HeldStart core.Time
	HeldStep  core.Time
	Work      []Counter
	Warnings  []string    // codes: see WarningText
	Release   []core.Time // per message in publish order; -1: refused
}

// Lateness histogram buckets: early, exactly on time, then decades.
const NumBuckets = 10

// BucketLabels names the histogram buckets (upper bounds, inclusive).
var BucketLabels = [NumBuckets]string{"early", "0", "≤10ms", "≤100ms", "≤1s", "≤10s", "≤1m", "≤10m", "≤1h", ">1h"}

var bucketUpper = [NumBuckets - 3]core.Time{10, 100, 1000, 10_000, 60_000, 600_000, 3_600_000}

func bucketOf(late core.Time) int {
	switch {
	case late < 0:
		return 0
	case late == 0:
		return 1
	}
	for i, u := range bucketUpper {
		if late <= u {
			return i + 2
		}
	}
	return NumBuckets - 1
}

// HeldBins is how many points the held-over-time series has.
const HeldBins = 120

func summarize(k *Kind, s Spec, msgs []Message, o *outcome) Result {
	r := Result{Kind: k.Name, Title: k.Title, Plugin: k.Plugin, Spec: s, Rejected: o.rejected,
		RejectReason: o.reason, Work: o.work, Warnings: o.warnings, Release: o.release}
	late := make([]core.Time, 0, len(msgs))
	for i, m := range msgs {
		t := o.release[i]
		if t == notReleased {
			continue
		}
		d := t - m.Due()
		late = append(late, d)
		r.Histogram[bucketOf(d)]++
		if d < 0 {
			r.Early++
		}
	}
	r.Released = len(late)
	if len(late) > 0 {
		slices.Sort(late)
		r.P50, r.P95, r.P99 = percentile(late, 50), percentile(late, 95), percentile(late, 99)
		r.Max = late[len(late)-1]
	}
	r.OutOfOrder = outOfOrder(msgs, o.release)
	r.heldOverTime(msgs, o.release)
	if k.check != nil {
		k.check(&r)
	}
	return r
}

// percentile is the nearest-rank percentile of sorted values.
func percentile(sorted []core.Time, p int) core.Time {
	rank := (p*len(sorted) + 99) / 100
	return sorted[max(rank, 1)-1]
}

// outOfOrder counts messages released strictly after a message that was
// due strictly later. Messages released at the same instant are not out of
// order among themselves: a consumer cannot tell their order apart.
func outOfOrder(msgs []Message, release []core.Time) int {
	keys := make([]timeIndex, 0, len(msgs))
	for i, t := range release {
		if t != notReleased {
			keys = append(keys, timeIndex{t, int32(i)})
		}
	}
	sortTimeIndex(keys)
	n := 0
	maxDue := core.Time(-1) // latest due among messages released before the current instant
	for g := 0; g < len(keys); {
		end := g
		groupMax := core.Time(-1)
		for ; end < len(keys) && keys[end].t == keys[g].t; end++ {
			due := msgs[keys[end].i].Due()
			if due < maxDue {
				n++
			}
			groupMax = max(groupMax, due)
		}
		maxDue = max(maxDue, groupMax)
		g = end
	}
	return n
}

// heldOverTime fills MaxHeld and the Held series: a message is held from
// its send time until its release (a refused one is never held).
func (r *Result) heldOverTime(msgs []Message, release []core.Time) {
	rel := make([]core.Time, 0, len(release))
	var sends []core.Time
	for i, t := range release {
		if t != notReleased {
			rel = append(rel, t)
			sends = append(sends, msgs[i].At)
		}
	}
	if len(rel) == 0 {
		return
	}
	slices.Sort(rel)
	start, end := sends[0], rel[len(rel)-1] // sends are in publish order, which is send order
	step := max((end-start+HeldBins-1)/HeldBins, 1)
	r.HeldStart, r.HeldStep = start, step
	r.Held = make([]int, HeldBins)
	level, bin := 0, 0
	for si, ri := 0, 0; si < len(sends) || ri < len(rel); {
		var t core.Time
		switch {
		case ri >= len(rel), si < len(sends) && sends[si] < rel[ri]:
			t = sends[si]
		default:
			t = rel[ri]
		}
		b := min(int((t-start)/step), HeldBins-1)
		for ; bin <= b; bin++ {
			r.Held[bin] = max(r.Held[bin], level)
		}
		for si < len(sends) && sends[si] == t {
			level++
			si++
		}
		for ri < len(rel) && rel[ri] == t {
			level--
			ri++
		}
		r.Held[b] = max(r.Held[b], level)
		r.MaxHeld = max(r.MaxHeld, level)
	}
	r.Held = r.Held[:min(HeldBins, int((end-start)/step)+1)] // no bins past the last release
}
