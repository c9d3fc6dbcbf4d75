package core

import "fmt"

func (b *Broker) schedule(t timer) {
	b.timerSeq++
	t.seq = b.timerSeq
	b.timers.push(t)
}

// At runs fn at virtual time t (or now, if t has passed) in timer order.
// The scenario runner uses it for timed publishes; fn may call commands.
func (b *Broker) At(t Time, fn func()) {
	b.schedule(timer{at: max(t, b.now), kind: timerFunc, fn: fn})
}

// NextEventTime is the time of the next pending timer (a TTL expiry, a
// scripted consumer's settle, a queue lease), or Never. The UI's "jump to
// the next expiry" uses it.
func (b *Broker) NextEventTime() Time {
	if b.spent != nil {
		return Never // a spent broker does nothing more
	}
	for len(b.timers) > 0 && b.stale(b.timers[0]) {
		b.timers.pop()
	}
	if len(b.timers) == 0 {
		return Never
	}
	return b.timers[0].at
}

// Advance moves virtual time forward by d milliseconds, firing every timer
// on the way in (time, sequence) order.
func (b *Broker) Advance(d int64) error {
	if d < 0 {
		return fmt.Errorf("cannot move time backwards (%d ms)", d)
	}
	return b.RunUntil(b.now + Time(d))
}

// RunUntil fires every timer due at or before t, then sets the clock to t.
func (b *Broker) RunUntil(t Time) error {
	if t < b.now {
		return fmt.Errorf("cannot move time backwards (to %d ms, now %d ms)", t, b.now)
	}
	for len(b.timers) > 0 && b.timers[0].at <= t {
		b.now = b.timers[0].at
		if err := b.runDue(); err != nil {
			return err
		}
		b.retryBacklogs()
	}
	if b.spent != nil {
		return b.spent // the clock stays at the last instant reached
	}
	b.now = t
	return nil
}

// runDue fires every timer due now, including ones that firing adds. The
// per-instant count spans commands: ten thousand publishes at one instant
// into a zero-delay loop share one limit instead of each starting afresh.
func (b *Broker) runDue() error {
	if b.now != b.instantAt {
		b.instantAt, b.instantN = b.now, 0
	}
	for len(b.timers) > 0 && b.timers[0].at <= b.now {
		if b.spent != nil {
			return b.spent
		}
		if b.instantN++; b.instantN > b.maxPerInstant {
			return b.hitLimit(fmt.Sprintf("more than %d actions at t=%d ms without time moving: "+
				"a consumer is probably rejecting or requeueing in a loop with no delay", b.maxPerInstant, b.now))
		}
		b.fire(b.timers.pop())
	}
	return nil
}

// earnInstant: a publish may cause a settle and an expiry timer of its
// own at this instant, so it pays for them. A burst of ten thousand
// messages to a consumer that acks at once never reaches the limit; a loop
// (unbounded timers for one message) still does.
func (b *Broker) earnInstant() {
	if b.now == b.instantAt {
		b.instantN = max(b.instantN-2, 0)
	}
}

func (b *Broker) hitLimit(text string) error {
	if !b.limitHit {
		b.limitHit = true
		b.emit(Event{Kind: EvLimit, Detail: text})
	}
	// Drop what is due now so the caller can still inspect the broker.
	for len(b.timers) > 0 && b.timers[0].at <= b.now {
		b.timers.pop()
	}
	return fmt.Errorf("limit: %s", text)
}

// stale reports timers whose subject is gone, so NextEventTime skips them.
func (b *Broker) stale(t timer) bool {
	switch t.kind {
	case timerExpireHead:
		return b.queues[t.q.Name] != t.q || t.q.headTimer != t.at
	case timerQueueLease:
		return b.queues[t.q.Name] != t.q || t.q.leaseTimer != t.at
	case timerSettle:
		return t.ch.closed || t.ch.find(t.tag) < 0
	}
	return false
}

func (b *Broker) fire(t timer) {
	if b.stale(t) {
		return
	}
	switch t.kind {
	case timerExpireHead:
		t.q.headTimer = Never
		b.dropExpired(t.q)
		b.dispatch(t.q)
	case timerQueueLease:
		t.q.leaseTimer = Never
		b.checkLease(t.q)
	case timerSettle:
		b.runScriptedAction(t.ch, t.tag)
	case timerFunc:
		t.fn()
	}
}

// settle runs whatever became due at the current instant; every command
// ends with it so zero-delay consumer actions happen "at once".
// It also retries held at-least-once dead letters, which a command may
// have unblocked (a binding added, a queue drained).
func (b *Broker) settle() error {
	b.retryBacklogs()
	if err := b.runDue(); err != nil {
		return err
	}
	return b.Spent()
}
