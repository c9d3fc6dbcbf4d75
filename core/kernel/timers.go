package kernel

// Timer is one pending action of a model: P is the model's own description
// of what to do. Timers fire in (At, Seq) order, so two timers due at the
// same instant fire in the order they were set.
type Timer[P any] struct {
	At  Time
	Seq uint64
	P   P
}

// Timers is a binary min-heap on (At, Seq), kept by hand (not
// container/heap) so the hot path has no interface boxing.
type Timers[P any] struct {
	h   []Timer[P]
	seq uint64
}

// Add schedules p at time at; the sequence number is given here.
func (q *Timers[P]) Add(at Time, p P) {
	q.seq++
	q.h = append(q.h, Timer[P]{At: at, Seq: q.seq, P: p})
	s := q.h
	i := len(s) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !less(s, i, p) {
			break
		}
		s[i], s[p] = s[p], s[i]
		i = p
	}
}

// Len is the number of pending timers.
func (q *Timers[P]) Len() int { return len(q.h) }

// Head is the next timer to fire; only valid when Len() > 0.
func (q *Timers[P]) Head() *Timer[P] { return &q.h[0] }

// Pop removes and returns the next timer; only valid when Len() > 0.
func (q *Timers[P]) Pop() Timer[P] {
	s := q.h
	top := s[0]
	last := len(s) - 1
	s[0] = s[last]
	s[last] = Timer[P]{}
	s = s[:last]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(s) && less(s, l, m) {
			m = l
		}
		if r < len(s) && less(s, r, m) {
			m = r
		}
		if m == i {
			break
		}
		s[i], s[m] = s[m], s[i]
		i = m
	}
	q.h = s
	return top
}

func less[P any](s []Timer[P], i, j int) bool {
	if s[i].At != s[j].At {
		return s[i].At < s[j].At
	}
	return s[i].Seq < s[j].Seq
}

// Clear drops every pending timer (a model whose budget is spent).
func (q *Timers[P]) Clear() {
	clear(q.h)
	q.h = q.h[:0]
}
