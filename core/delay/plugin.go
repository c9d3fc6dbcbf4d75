package delay

import (
	"container/heap"

	"github.com/dlxlab/dlxlab/core"
)

// erlMaxTimer is the longest Erlang timer, (2^32)−1 ms (about 49.7 days):
// the plugin delays only 0 < x-delay ≤ this and routes anything else at once.
const erlMaxTimer = 1<<32 - 1

// pluginComfort is the backlog past which the plugin's own documentation
// says its design does not fit ("hundreds of thousands" of delayed messages).
const pluginComfort = 100_000

// runPlugin models the x-delayed-message exchange as its documentation
// describes it: each message with a usable x-delay is written to a table on
// one node and one Erlang timer is kept for the earliest; when it fires,
// every message due is routed and the timer is set for the next. Release
// is exact to the millisecond. It is a plugin: one copy on one node (lost
// with that node), no mandatory flag, not meant for long delays or large
// backlogs, and unmaintained (it depends on Mnesia, which RabbitMQ 4.3
// removes).
func runPlugin(l *lab, _ Spec, o *outcome) {
	var pending dueHeap
	var writes, timers int64
	fireUntil := func(now core.Time, inclusive bool) {
		for len(pending) > 0 && (pending[0] < now || inclusive && pending[0] == now) {
			t := pending[0]
			for len(pending) > 0 && pending[0] == t {
				heap.Pop(&pending)
			}
			if len(pending) > 0 {
				timers++
			}
		}
	}
	for i, m := range l.msgs {
		fireUntil(m.At, false) // sends at an instant come before the timer then
		if m.Delay <= 0 || m.Delay > erlMaxTimer {
			o.release[i] = m.At
			continue
		}
		o.release[i] = m.Due()
		writes++
		if len(pending) == 0 || m.Due() < pending[0] {
			timers++
		}
		heap.Push(&pending, m.Due())
	}
	fireUntil(core.Never, true)
	o.count("table writes", 2*writes) // insert, and delete on delivery
	o.count("timers set", timers)
}

// checkPlugin flags a backlog past what the plugin's documentation says
// its design fits.
func checkPlugin(r *Result) {
	if r.MaxHeld >= pluginComfort {
		r.Warnings = append(r.Warnings, WarnPluginBacklog)
	}
}

// dueHeap is a min-heap of due times.
type dueHeap []core.Time

func (h dueHeap) Len() int           { return len(h) }
func (h dueHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h dueHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *dueHeap) Push(x any)        { *h = append(*h, x.(core.Time)) }
func (h *dueHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
