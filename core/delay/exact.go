package delay

// An in-process delay queue (Java's DelayQueue, or a ScheduledExecutor,
// which keeps the same kind of queue): a priority queue on due time and a
// thread blocked until the earliest is due. Every message comes out exactly
// on time; the price is that it lives in one process's memory.
func runExact(l *lab, _ Spec, o *outcome) {
	for i, m := range l.msgs {
		o.release[i] = m.Due()
	}
	n := int64(len(l.msgs))
	o.count("offers", n)
	o.count("takes", n)
}
