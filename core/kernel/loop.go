package kernel

import "fmt"

// DefaultMaxPerInstant bounds the timers fired without virtual time moving,
// e.g. a consumer failing with no delay into a loop.
const DefaultMaxPerInstant = 100_000

// Model is what a Clock drives: the owner of the timers' payloads.
type Model[P any] interface {
	// Fire runs one due timer (already known not to be stale).
	Fire(P)
	// Stale reports a timer whose subject is gone: it is skipped.
	Stale(P) bool
	// Settled runs after each instant's timers (the RabbitMQ model retries
	// held dead letters there).
	Settled()
	// Limit is called when one instant needs more than MaxPerInstant
	// timers; it records the limit and returns the error to report. The
	// clock drops what is due at that instant afterwards.
	Limit(text string) error
	// Halted returns the model's work-budget error once it is spent (nil
	// before): no timer fires after that and the clock stops moving.
	Halted() error
}

// Clock is a model's virtual time, its pending timers and the per-instant
// limit. The count of timers fired at one instant spans calls: ten thousand
// commands at one instant into a zero-delay loop share one limit instead of
// each starting afresh.
type Clock[P any] struct {
	Now           Time
	Timers        Timers[P]
	MaxPerInstant int // 0: DefaultMaxPerInstant

	events    uint64
	instantAt Time
	instantN  int
}

// Stamp numbers a new event (1, 2, 3, ...) and returns its number and time.
func (c *Clock[P]) Stamp() (uint64, Time) {
	c.events++
	return c.events, c.Now
}

// At schedules p at t, or now if t has passed.
func (c *Clock[P]) At(t Time, p P) { c.Timers.Add(max(t, c.Now), p) }

// NextEventTime is the time of the next timer that is not stale, or Never
// (also Never once the model is halted: it does nothing more).
func (c *Clock[P]) NextEventTime(m Model[P]) Time {
	if m.Halted() != nil {
		return Never
	}
	for c.Timers.Len() > 0 && m.Stale(c.Timers.Head().P) {
		c.Timers.Pop()
	}
	if c.Timers.Len() == 0 {
		return Never
	}
	return c.Timers.Head().At
}

// Advance moves virtual time forward by d milliseconds.
func (c *Clock[P]) Advance(d int64, m Model[P]) error {
	if d < 0 {
		return fmt.Errorf("cannot move time backwards (%d ms)", d)
	}
	return c.RunUntil(c.Now+Time(d), m)
}

// RunUntil fires every timer due at or before t in (time, sequence) order,
// then sets the clock to t; a halted model keeps the clock at the last
// instant reached.
func (c *Clock[P]) RunUntil(t Time, m Model[P]) error {
	if t < c.Now {
		return fmt.Errorf("cannot move time backwards (to %d ms, now %d ms)", t, c.Now)
	}
	for c.Timers.Len() > 0 && c.Timers.Head().At <= t {
		c.Now = c.Timers.Head().At
		if err := c.RunDue(m); err != nil {
			return err
		}
		m.Settled()
	}
	if err := m.Halted(); err != nil {
		return err
	}
	c.Now = t
	return nil
}

// RunDue fires every timer due now, including ones that firing adds.
func (c *Clock[P]) RunDue(m Model[P]) error {
	if c.Now != c.instantAt {
		c.instantAt, c.instantN = c.Now, 0
	}
	limit := c.MaxPerInstant
	if limit <= 0 {
		limit = DefaultMaxPerInstant
	}
	for c.Timers.Len() > 0 && c.Timers.Head().At <= c.Now {
		if err := m.Halted(); err != nil {
			return err
		}
		if c.instantN++; c.instantN > limit {
			err := m.Limit(fmt.Sprintf("more than %d actions at t=%d ms without time moving", limit, c.Now))
			c.DropDue()
			return err
		}
		if t := c.Timers.Pop(); !m.Stale(t.P) {
			m.Fire(t.P)
		}
	}
	return nil
}

// Earn gives n actions back to the current instant's count: a command
// that legitimately causes timers at this instant pays for them, so a
// burst of commands never reaches the limit while a loop still does.
func (c *Clock[P]) Earn(n int) {
	if c.Now == c.instantAt {
		c.instantN = max(c.instantN-n, 0)
	}
}

// DropDue discards what is due now, so after a limit the caller can still
// inspect the model.
func (c *Clock[P]) DropDue() {
	for c.Timers.Len() > 0 && c.Timers.Head().At <= c.Now {
		c.Timers.Pop()
	}
}
