package rocketmq

type timerKind uint8

const (
	tDispatch timerKind = iota + 1 // look for work on a queue
	tFinish                        // a listener call ends
	tTimeout                       // the consume-timeout check finds a call past 15 min
	tResume                        // an orderly/FIFO queue's suspension ends
	tRelease                       // a scheduled or timer copy is due
	tRevive                        // a popped copy's invisible time ends
	tSweep                         // commit-log retention
)

type timer struct {
	kind timerKind
	at   Time
	q    *MQueue
	d    *delivery
	id   uint64 // copy id (tRelease, tRevive)
}

// timerModel is the broker as the kernel's time loop sees it.
type timerModel Broker

func (b *Broker) tm() *timerModel { return (*timerModel)(b) }

func (m *timerModel) Fire(t timer)       { (*Broker)(m).fire(t) }
func (m *timerModel) Stale(t timer) bool { return (*Broker)(m).stale(t) }
func (m *timerModel) Settled()           {}
func (m *timerModel) Limit(text string) error {
	b := (*Broker)(m)
	b.emit(Event{Kind: EvError, Detail: text})
	if b.spent == nil {
		b.spent = errLimit(text + ": a listener probably fails with no delay in a loop")
	}
	return b.spent
}
func (m *timerModel) Halted() error { return m.spent }

type errLimit string

func (e errLimit) Error() string { return "limit: " + string(e) }

func (b *Broker) stale(t timer) bool {
	switch t.kind {
	case tFinish, tTimeout, tResume:
		return t.d.void()
	}
	return false
}

func (b *Broker) fire(t timer) {
	switch t.kind {
	case tDispatch:
		t.q.dispatchArmed = false
		b.dispatch(t.q)
	case tFinish:
		b.finish(t.d)
	case tTimeout:
		b.consumeTimedOut(t.d)
	case tResume:
		b.resume(t.d)
	case tRelease:
		b.release(b.copies[t.id-1])
	case tRevive:
		b.revive(t.d.tr, b.copies[t.id-1])
	case tSweep:
		if b.sweep == t.at {
			b.sweepRetention()
		}
	}
}

// NextEventTime is the time of the next pending timer, or Never.
func (b *Broker) NextEventTime() Time { return b.clock.NextEventTime(b.tm()) }

// Advance moves virtual time forward by d ms, firing every timer on the way.
func (b *Broker) Advance(d int64) error { return b.clock.Advance(d, b.tm()) }

// RunUntil fires every timer due at or before t, then sets the clock to t.
func (b *Broker) RunUntil(t Time) error { return b.clock.RunUntil(t, b.tm()) }

// settle runs what is due now; every command ends with it.
func (b *Broker) settle() error {
	if err := b.clock.RunDue(b.tm()); err != nil {
		return err
	}
	return b.spent
}

// wake arranges a look at q at this instant (once).
func (b *Broker) wake(q *MQueue) {
	if !q.dispatchArmed {
		q.dispatchArmed = true
		b.clock.At(b.clock.Now, timer{kind: tDispatch, q: q})
	}
}

func (b *Broker) wakeAll() {
	for _, t := range b.tOrder {
		for _, q := range t.Queues {
			b.wake(q)
		}
	}
}
