package core

import (
	"errors"
	"fmt"

	"github.com/dlxlab/dlxlab/core/kernel"
)

// The work budget bounds everything one run may do, so that no scenario,
// however small its text, can freeze a browser tab or exhaust memory. It is
// counted at every action, not per command and not only when time moves:
// a publish of 10,000 messages into a requeue loop spends the same budget
// as 10,000 waits would.
//
// Three quantities are bounded, each by a named limit:
//   - events: every state change the broker makes (a publish, an enqueue, a
//     delivery, a requeue, an expiry, a dead-lettering, a drop, an error),
//     whether or not anyone observes it;
//   - live copies: messages ready or unacked in all queues;
//   - bytes held: the body bytes of those copies (each copy counted, which
//     overstates memory when copies share a body: the bound stays safe).
//
// Once one is exceeded the broker is spent: it does no more work (timers
// stop firing, publishes are refused) and every call that would do some
// returns the same *BudgetError, so the caller can show it and the state
// reached so far stays readable and accounted for.

// Default limits of a budget (Budget fields left zero take these).
const (
	// MaxLiveCopies bounds the copies ready or unacked at once.
	MaxLiveCopies = 100_000
	// MaxBytesHeld bounds the body bytes of those copies.
	MaxBytesHeld = 256 << 20
)

// Budget is the work a broker may do. Zero fields take the defaults above;
// Events 0 means no bound on events (a broker driven by hand in tests).
type Budget struct {
	Events int64
	Copies int64
	Bytes  int64
}

// ErrBudget is what errors.Is finds in every *BudgetError.
var ErrBudget = errors.New("work budget spent")

// ErrEventBudget is the older name of ErrBudget.
var ErrEventBudget = ErrBudget

// BudgetError says which limit stopped the run and when.
type BudgetError struct {
	What  string // "broker events", "live message copies", "bytes held in queues"
	Limit int64
	At    Time
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("limit: the run stopped at %d ms: more than %d %s (the simulator's work budget)", e.At, e.Limit, e.What)
}

// Is makes errors.Is(err, ErrBudget) true.
func (e *BudgetError) Is(target error) bool { return target == ErrBudget }

// WithBudget sets the work budget (see Budget).
func WithBudget(bd Budget) Option {
	return func(b *Broker) {
		if bd.Copies <= 0 {
			bd.Copies = MaxLiveCopies
		}
		if bd.Bytes <= 0 {
			bd.Bytes = MaxBytesHeld
		}
		b.budget = bd
	}
}

// WithEventBudget bounds events only (the other limits take their defaults).
func WithEventBudget(n uint64) Option { return WithBudget(Budget{Events: int64(n)}) }

// Work is what the broker has spent so far: events, live copies, bytes held.
func (b *Broker) Work() Budget {
	return Budget{Events: b.work, Copies: b.liveCopies(), Bytes: b.bytesHeld}
}

// Spent returns the *BudgetError once a limit was exceeded, else nil.
func (b *Broker) Spent() error {
	if b.spent == nil {
		return nil
	}
	return b.spent
}

func (b *Broker) liveCopies() int64 {
	s := &b.stats
	return int64(s.Enqueued - s.Acked - s.DeadLettered - s.Dropped)
}

// spend counts one event; hot paths that skip building an event nobody
// reads still call it, so the count is the same observed or not.
func (b *Broker) spend() {
	b.work++
	kernel.Yield(uint64(b.work)) // under js/wasm, lets the garbage collector's marker run
	if b.budget.Events > 0 && b.work > b.budget.Events && b.spent == nil {
		b.overspent("broker events", b.budget.Events)
	}
}

// hold counts a new copy of m, and release the end of one.
func (b *Broker) hold(m *Message) {
	b.bytesHeld += m.size()
	if b.budget.Copies > 0 && b.spent == nil {
		if b.liveCopies() > b.budget.Copies {
			b.overspent("live message copies", b.budget.Copies)
		} else if b.bytesHeld > b.budget.Bytes {
			b.overspent("bytes held in queues", b.budget.Bytes)
		}
	}
}

func (b *Broker) releaseBytes(m *Message) { b.bytesHeld -= m.size() }

// overspent marks the broker spent and drops every pending timer, so the
// next NextEventTime says nothing is left to happen.
func (b *Broker) overspent(what string, limit int64) {
	b.spent = &BudgetError{What: what, Limit: limit, At: b.clock.Now}
	b.clock.Timers.Clear()
}
