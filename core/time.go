package core

import (
	"fmt"

	"github.com/dlxlab/dlxlab/core/kernel"
)

func (b *Broker) schedule(t timer) {
	b.clock.Timers.Add(t.at, t)
}

// At runs fn at virtual time t (or now, if t has passed) in timer order.
// The scenario runner uses it for timed publishes; fn may call commands.
func (b *Broker) At(t Time, fn func()) {
	b.schedule(timer{at: max(t, b.clock.Now), kind: timerFunc, fn: fn})
}

// NextEventTime is the time of the next pending timer (a TTL expiry, a
// scripted consumer's settle, a queue lease), or Never; a spent broker
// does nothing more. The UI's "jump to the next expiry" uses it.
func (b *Broker) NextEventTime() Time { return b.clock.NextEventTime(b.timerModel()) }

// Advance moves virtual time forward by d milliseconds, firing every timer
// on the way in (time, sequence) order.
func (b *Broker) Advance(d int64) error { return b.clock.Advance(d, b.timerModel()) }

// RunUntil fires every timer due at or before t, then sets the clock to t
// (a spent broker stays at the last instant reached).
func (b *Broker) RunUntil(t Time) error { return b.clock.RunUntil(t, b.timerModel()) }

// runDue fires every timer due now, including ones that firing adds. The
// per-instant count spans commands: ten thousand publishes at one instant
// into a zero-delay loop share one limit instead of each starting afresh.
func (b *Broker) runDue() error { return b.clock.RunDue(b.timerModel()) }

// earnInstant: a publish may cause a settle and an expiry timer of its
// own at this instant, so it pays for them. A burst of ten thousand
// messages to a consumer that acks at once never reaches the limit; a loop
// (unbounded timers for one message) still does.
func (b *Broker) earnInstant() { b.clock.Earn(2) }

// timerModel is the broker as the kernel's time loop sees it; a type
// conversion, so the loop's hooks stay out of the broker's exported API.
type timerModel Broker

var _ kernel.Model[timer] = (*timerModel)(nil)

func (b *Broker) timerModel() *timerModel { return (*timerModel)(b) }

func (m *timerModel) Fire(t timer)       { (*Broker)(m).fire(t) }
func (m *timerModel) Stale(t timer) bool { return (*Broker)(m).stale(t) }
func (m *timerModel) Settled()           { (*Broker)(m).retryBacklogs() }
func (m *timerModel) Limit(text string) error {
	return (*Broker)(m).hitLimit(text + ": a consumer is probably rejecting or requeueing in a loop with no delay")
}

// Halted returns the spent budget as a plain error (a nil *BudgetError must
// not become a non-nil error).
func (m *timerModel) Halted() error {
	if m.spent != nil {
		return m.spent
	}
	return nil
}

func (b *Broker) hitLimit(text string) error {
	if !b.limitHit {
		b.limitHit = true
		b.emit(Event{Kind: EvLimit, Detail: text})
	}
	// Drop what is due now so the caller can still inspect the broker.
	b.clock.DropDue()
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
