package kernel

import (
	"strings"
	"testing"
)

type rec struct {
	fired    []string
	stale    map[string]bool
	settled  int
	limitErr error
	clock    *Clock[string]
	budget   uint64
	onFire   func(string)
}

func (r *rec) Fire(p string) {
	r.fired = append(r.fired, p)
	if r.onFire != nil {
		r.onFire(p)
	}
}
func (r *rec) Stale(p string) bool     { return r.stale[p] }
func (r *rec) Settled()                { r.settled++ }
func (r *rec) Limit(text string) error { r.limitErr = &limitError{text}; return r.limitErr }
func (r *rec) Halted() error {
	if r.budget > 0 && r.clock.events >= r.budget {
		return errBudget
	}
	return nil
}

var errBudget = &limitError{"budget"}

type limitError struct{ s string }

func (e *limitError) Error() string { return e.s }

// Timers due at the same instant fire in the order they were set; earlier
// times first; stale ones are skipped; the clock ends where it was sent.
func TestClockOrder(t *testing.T) {
	var c Clock[string]
	r := &rec{stale: map[string]bool{"gone": true}}
	c.At(20, "b1")
	c.At(10, "a")
	c.At(20, "b2")
	c.At(15, "gone")
	c.At(20, "b3")
	c.At(99, "late")
	if got := c.NextEventTime(r); got != 10 {
		t.Fatalf("next = %d", got)
	}
	if err := c.RunUntil(50, r); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(r.fired, ","); got != "a,b1,b2,b3" {
		t.Fatalf("fired %s", got)
	}
	if c.Now != 50 || r.settled != 3 {
		t.Fatalf("now %d settled %d", c.Now, r.settled)
	}
	if err := c.RunUntil(40, r); err == nil {
		t.Fatal("moved backwards")
	}
	if err := c.Advance(-1, r); err == nil {
		t.Fatal("negative advance")
	}
	c.At(10, "past") // due now, not in the past
	if err := c.Advance(0, r); err != nil || r.fired[len(r.fired)-1] != "past" {
		t.Fatalf("past timer: %v %v", err, r.fired)
	}
	if got := c.NextEventTime(r); got != 99 {
		t.Fatalf("next = %d", got)
	}
	c.Timers.Pop()
	if got := c.NextEventTime(r); got != Never {
		t.Fatalf("next = %d", got)
	}
}

// A timer that keeps adding a timer due now hits the per-instant limit;
// the due work is dropped so the caller can inspect the model.
func TestClockInstantLimit(t *testing.T) {
	c := Clock[string]{MaxPerInstant: 5}
	r := &rec{}
	r.onFire = func(string) { c.At(c.Now, "again") }
	c.At(1, "again")
	err := c.RunUntil(10, r)
	if err == nil || r.limitErr == nil || len(r.fired) != 5 || c.Timers.Len() != 0 {
		t.Fatalf("err %v fired %d left %d", err, len(r.fired), c.Timers.Len())
	}
}

// A halted model (its budget spent) stops the clock at the instant it was
// spent, and nothing is due any more.
func TestClockHalted(t *testing.T) {
	var c Clock[string]
	r := &rec{budget: 2, clock: &c}
	r.onFire = func(string) { c.Stamp() }
	for i := Time(1); i <= 5; i++ {
		c.At(i, "x")
	}
	if err := c.RunUntil(10, r); err != errBudget || c.Now != 3 || len(r.fired) != 2 {
		t.Fatalf("err %v now %d fired %d", err, c.Now, len(r.fired))
	}
	if c.NextEventTime(r) != Never {
		t.Fatal("halted clock has a next event")
	}
	if seq, at := c.Stamp(); seq != 3 || at != 3 {
		t.Fatalf("stamp %d %d", seq, at)
	}
}

// The per-instant count spans calls; Earn gives actions back.
func TestClockInstantSpansCalls(t *testing.T) {
	c := Clock[string]{MaxPerInstant: 3}
	r := &rec{}
	for i := 0; i < 3; i++ {
		c.At(0, "x")
		if err := c.RunDue(r); err != nil {
			t.Fatal(err)
		}
	}
	c.Earn(1)
	c.At(0, "y")
	if err := c.RunDue(r); err != nil {
		t.Fatal("earned action refused:", err)
	}
	c.At(0, "z")
	if err := c.RunDue(r); err == nil {
		t.Fatal("limit not reached")
	}
}

func TestTimersHeap(t *testing.T) {
	var q Timers[int]
	for i, at := range []Time{5, 3, 9, 1, 3, 7, 5, 0} {
		q.Add(at, i)
	}
	prev := Timer[int]{At: -1}
	for q.Len() > 0 {
		x := q.Pop()
		if x.At < prev.At || (x.At == prev.At && x.Seq < prev.Seq) {
			t.Fatalf("%v after %v", x, prev)
		}
		prev = x
	}
	q.Add(1, 1)
	q.Clear()
	if q.Len() != 0 {
		t.Fatal("Clear left timers")
	}
}

func TestWriteEventHead(t *testing.T) {
	var sb strings.Builder
	WriteEventHead(&sb, 300, 12, "dead-lettered")
	if sb.String() != "t=300ms #12 dead-lettered" {
		t.Fatal(sb.String())
	}
}
