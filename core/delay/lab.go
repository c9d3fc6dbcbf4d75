package delay

import (
	"errors"
	"fmt"
	"slices"

	"github.com/dlxlab/dlxlab/core"
)

// notReleased marks a message a strategy refused (Result.RejectReason says why).
const notReleased core.Time = -1

// lab is one workload being run: the messages in publish order and, built
// once on demand, their order by due time (what the polling models read).
type lab struct {
	msgs  []Message
	byDue []int32
}

// dueOrder is the message indexes sorted by due time, ties in publish order.
func (l *lab) dueOrder() []int32 {
	if l.byDue == nil {
		keys := make([]timeIndex, len(l.msgs))
		for i, m := range l.msgs {
			keys[i] = timeIndex{m.Due(), int32(i)}
		}
		sortTimeIndex(keys)
		l.byDue = make([]int32, len(keys))
		for i, k := range keys {
			l.byDue[i] = k.i
		}
	}
	return l.byDue
}

// timeIndex is a sort key: a time, then a message index (a total order, so
// an unstable sort gives the same result every time, and fast).
type timeIndex struct {
	t core.Time
	i int32
}

func sortTimeIndex(ks []timeIndex) {
	slices.SortFunc(ks, func(a, b timeIndex) int {
		if c := cmpTime(a.t, b.t); c != 0 {
			return c
		}
		return int(a.i - b.i)
	})
}

// outcome is what a model produces: when each message came out, what it
// refused, and the work it did. Everything else is computed from these.
type outcome struct {
	release  []core.Time
	rejected int
	reason   string
	work     []Counter
	warnings []string
}

// Counter is one kind of work a strategy did ("polls", "ticks").
type Counter struct {
	Name string
	N    int64
}

func (o *outcome) count(name string, n int64) { o.work = append(o.work, Counter{name, n}) }

func (o *outcome) reject(i int, reason string) {
	o.release[i] = notReleased
	o.rejected++
	o.reason = reason
}

// Run runs every spec on the messages (publish order, as Expand returns
// them) and returns one result per spec, in order.
func Run(msgs []Message, specs []Spec) ([]Result, error) {
	if err := checkMessages(msgs); err != nil {
		return nil, err
	}
	for _, s := range specs {
		if err := s.Check(); err != nil {
			return nil, err
		}
	}
	l := &lab{msgs: msgs}
	out := make([]Result, len(specs))
	for i, s := range specs {
		out[i] = l.run(s)
	}
	return out, nil
}

// RunOne runs a single spec (the UI re-runs only the strategy whose
// parameter changed).
func RunOne(msgs []Message, s Spec) (Result, error) {
	if err := checkMessages(msgs); err != nil {
		return Result{}, err
	}
	if err := s.Check(); err != nil {
		return Result{}, err
	}
	return (&lab{msgs: msgs}).run(s), nil
}

func (l *lab) run(s Spec) Result {
	k, _ := LookupKind(s.Kind)
	o := &outcome{release: make([]core.Time, len(l.msgs))}
	k.run(l, s, o)
	return summarize(k, s, l.msgs, o)
}

// checkMessages: at least one, at most MaxMessages, each within MaxTime,
// in send order (the order they are published in).
func checkMessages(msgs []Message) error {
	if len(msgs) == 0 {
		return errors.New("the workload has no messages")
	}
	if len(msgs) > MaxMessages {
		return fmt.Errorf("the workload has more than %d messages (MaxMessages)", MaxMessages)
	}
	for i, m := range msgs {
		if err := m.Check(); err != nil {
			return fmt.Errorf("message %d: %w", i+1, err)
		}
		if i > 0 && m.At < msgs[i-1].At {
			return fmt.Errorf("message %d is sent before message %d: list messages in send order", i+1, i)
		}
	}
	return nil
}
