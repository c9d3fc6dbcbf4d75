package conform

import (
	"context"
	"sync"
	"time"
)

// clock is the scenario's virtual time on the real broker: real time since
// the steps began, divided by the scale, so the times the runner records
// and the broker's own timers (TTLs, which it scaled) stay on one
// timeline. Two corrections keep it on the simulator's:
//
//   - waits are absolute: `wait 2s` sleeps until the virtual time reaches
//     the sum of the waits so far, so the small real cost of other steps
//     (a publish, a quorum queue declare) does not add up over a run;
//   - rabbitmqctl calls (a policy step, about a second each) are paused
//     out: the clock stands still while one runs. The broker's timers do
//     not, so a TTL that expires during a policy step shows early; such a
//     scenario needs a known divergence;
//   - the runner's settling before a step (Session.settle) is borrowed:
//     times recorded until the next wait begins leave it out, because in
//     the simulator those steps run at the instant the last wait ended.
//     The next wait, being absolute, pays it back, so the broker's timers
//     and the recorded times agree again from there on.
type clock struct {
	scale *Scaler

	mu       sync.Mutex
	start    time.Time
	paused   time.Duration // total time spent in paused sections
	pausedAt time.Time     // zero when not paused
	borrowed time.Duration // settling since the last wait began
	target   int64         // virtual ms: the sum of the waits so far
}

func newClock(scale *Scaler) *clock { return &clock{scale: scale, start: time.Now()} }

// Restart sets virtual time 0 to now (when the steps begin).
func (c *clock) Restart() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.start, c.paused, c.pausedAt, c.borrowed, c.target = time.Now(), 0, time.Time{}, 0, 0
}

// Now is the virtual time in milliseconds, as recorded.
func (c *clock) Now() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.scale.Virtual(c.elapsedLocked() - c.borrowed)
}

// elapsedLocked is the real time the steps have taken, pauses left out.
func (c *clock) elapsedLocked() time.Duration {
	end := time.Now()
	if !c.pausedAt.IsZero() {
		end = c.pausedAt
	}
	return end.Sub(c.start) - c.paused
}

// Borrow leaves d out of the recorded times until the next wait begins.
func (c *clock) Borrow(d time.Duration) {
	c.mu.Lock()
	c.borrowed += d
	c.mu.Unlock()
}

// End is the virtual time the run ends at: the sum of its waits, the
// simulator's clock_ms.
func (c *clock) End() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.target
}

// Pause stops the clock until the returned function is called.
func (c *clock) Pause() (resume func()) {
	c.mu.Lock()
	c.pausedAt = time.Now()
	c.mu.Unlock()
	return func() {
		c.mu.Lock()
		c.paused += time.Since(c.pausedAt)
		c.pausedAt = time.Time{}
		c.mu.Unlock()
	}
}

// Wait lets ms of virtual time pass, measured from the end of the previous
// wait. It returns early with ctx's error when ctx is cancelled (Ctrl-C).
func (c *clock) Wait(ctx context.Context, ms int64) error {
	c.mu.Lock()
	c.target += ms
	c.borrowed = 0
	left := c.scale.Real(c.target) - c.elapsedLocked()
	c.mu.Unlock()
	if left <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(left)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
