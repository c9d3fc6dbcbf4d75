package delay

import "github.com/dlxlab/dlxlab/core"

// transferPerTick is how many new timeouts a HashedWheelTimer moves into
// its buckets per tick; the rest wait for the next tick.
const transferPerTick = 100_000

// runWheel models Netty's HashedWheelTimer. The worker starts with the
// first timeout (here: the first send) and processes tick n at (n+1)·tick:
// it moves new timeouts into bucket ⌊deadline/tick⌋ mod wheel (never a
// past tick) with (⌊deadline/tick⌋ − n) / wheel remaining rounds, then
// walks bucket n mod wheel, firing timeouts with no rounds left and
// counting the others down. So a timeout fires at the end of the tick its
// deadline falls in: up to one tick late, never early. The wheel size is
// rounded up to a power of two, as Netty does; it changes the work (how
// often a long timeout is visited), not the timing.
func runWheel(l *lab, sp Spec, o *outcome) {
	tick := core.Time(sp.Value("tick"))
	wheel := int64(1)
	for wheel < sp.Value("wheel") {
		wheel <<= 1
	}
	start := l.msgs[0].At
	var visits, lastTick int64
	cur, moved := int64(-1), 0
	for i, m := range l.msgs {
		s := int64(m.At - start)
		n := max(0, (s+int64(tick)-1)/int64(tick)-1) // the first tick processed at or after the send
		if n > cur {
			cur, moved = n, 0
		}
		if moved == transferPerTick {
			cur, moved = cur+1, 0
		}
		moved++
		calc := (s + int64(m.Delay)) / int64(tick)
		fire := max(calc, cur)
		o.release[i] = start + core.Time(fire+1)*tick
		visits += (fire-cur)/wheel + 1
		lastTick = max(lastTick, fire)
	}
	o.count("ticks", lastTick+1)
	o.count("timeouts visited", visits)
	o.count("timeouts added", int64(len(l.msgs)))
}
