package model

import (
	"sort"

	"github.com/dlxlab/dlxlab/core"
)

// What the session keeps of the broker's events. A run can make hundreds
// of thousands of events (100,000 messages dead-lettered once are 500,000),
// and keeping every one cost about 1,000 bytes a message, more than the
// broker holding the messages. So the session watches the events as they
// happen (a runner sink, no broker log) and keeps only:
//   - the newest EventWindow events, for the lists of recent events, and all
//     of a small run (every lesson fits): a message's story is then read
//     from it directly;
//   - what a view reads at every frame, in compact form: the deliveries not
//     settled yet (by copy), the newest MaxReceived deliveries of each
//     consumer with what became of them, drop counts by queue and reason
//     and the newest drop of each, the newest MaxReturns returns;
//   - every event of one message lineage, the one the inspector shows (its
//     trail), kept up to date as the run goes on.
//
// What is older than the window is recomputed when it is asked for: the run
// is deterministic, so replaying the scenario to the same event with an
// observer that keeps only one message's events gives exactly that
// message's story (replayLineage), as stepping back already replays.

// EventWindow is how many of the newest events the session keeps whole.
// A run with more has the older ones replayed when a view needs them (a
// message's history); the lists of recent events show the newest only.
const EventWindow = 4096

// MaxReturns bounds the returned messages (basic.return) listed: the
// newest are kept, and the count of all of them.
const MaxReturns = 200

// observed is what the session keeps of one run's events (see above).
type observed struct {
	win      eventRing
	inst     []core.Event               // captured while stepping, not all revealed (stepper.go)
	released int                        // inst[:released] are in win
	open     map[uint64]openDelivery    // deliveries not settled yet, by copy
	recv     map[string][]receivedEntry // by consumer ("" basic.get), oldest first
	drops    map[string]map[string]int  // queue → drop reason → copies
	lastDrop map[[2]string][2]uint64    // (queue, reason) → (lineage, copy) of the newest
	returns  []ReturnRow                // the newest, oldest first
	returned int                        // every return so far
	trail    trail                      // one lineage's events
	last     uint64                     // the newest event's number
}

// openDelivery is a delivery not settled yet: what the consumer's script
// does with it and the headers the consumer saw.
type openDelivery struct {
	consumer string
	seq      uint64
	action   string
	headers  core.Table
}

// receivedEntry is a row of a consumer's deliveries and the message as
// delivered (the inspector opens it).
type receivedEntry struct {
	row     ReceivedRow
	msg     *core.Message
	headers core.Table
}

// trail is every event of one lineage so far, oldest first.
type trail struct {
	on      bool
	lineage uint64
	evs     []core.Event
}

// ReturnRow is a mandatory message no queue took (basic.return).
type ReturnRow struct {
	T          core.Time
	Code       int
	Detail     string
	Body       string
	Exchange   string
	RoutingKey string
}

// newObserved starts an empty record; a trail that was followed is
// followed again (the replay that follows refills it).
func newObserved(prev *observed) *observed {
	ob := &observed{open: map[uint64]openDelivery{}, recv: map[string][]receivedEntry{},
		drops: map[string]map[string]int{}, lastDrop: map[[2]string][2]uint64{}}
	if prev != nil && prev.trail.on {
		ob.trail = trail{on: true, lineage: prev.trail.lineage}
	}
	return ob
}

// note records one event in the compact views and the trail.
func (ob *observed) note(ev *core.Event) {
	ob.follow(ev)
	switch ev.Kind {
	case core.EvDelivered:
		ob.delivered(ev)
	case core.EvAcked, core.EvRequeued, core.EvDeadLettered, core.EvDropped:
		ob.settled(ev)
	case core.EvReturned:
		if ev.Msg != nil {
			ob.returned++
			ob.returns = keepNewest(append(ob.returns, ReturnRow{T: ev.T, Code: ev.Code, Detail: ev.Detail,
				Body: ev.Msg.Body, Exchange: ev.Exchange, RoutingKey: ev.Msg.RoutingKey()}), MaxReturns)
		}
	}
}

// follow records the event's number, and the event in the trail if it
// is of the lineage followed.
func (ob *observed) follow(ev *core.Event) {
	ob.last = ev.Seq
	if ob.trail.on && ev.Msg != nil && ev.Msg.Lineage == ob.trail.lineage {
		ob.trail.evs = append(ob.trail.evs, *ev)
	}
}

func (ob *observed) delivered(ev *core.Event) {
	if ev.Msg == nil {
		return
	}
	ob.open[ev.Instance] = openDelivery{consumer: ev.Consumer, seq: ev.Seq, action: ev.Action, headers: ev.Headers}
	r := ReceivedRow{Seq: ev.Seq, Consumer: ev.Consumer, T: ev.T, Queue: ev.Queue, Tag: ev.Tag, Lineage: ev.Msg.Lineage,
		Instance: ev.Instance, Body: ev.Msg.Body, Redelivered: ev.Redelivered, Deaths: deathCount(ev.Headers),
		Action: ev.Action, Outcome: OutcomeHeld}
	ob.recv[ev.Consumer] = keepNewest(append(ob.recv[ev.Consumer], receivedEntry{row: r, msg: ev.Msg, headers: ev.Headers}), MaxReceived)
}

// settled ends a delivery (and counts a drop).
func (ob *observed) settled(ev *core.Event) {
	if ev.Kind == core.EvDropped {
		ob.dropped(ev)
	}
	od, ok := ob.open[ev.Instance]
	if !ok {
		return
	}
	delete(ob.open, ev.Instance)
	if e := ob.receivedAt(od.consumer, od.seq); e != nil {
		e.row.Outcome, e.row.Reason, e.row.At = outcomeOf(*ev), ev.Reason, ev.T
	}
}

func (ob *observed) dropped(ev *core.Event) {
	by := ob.drops[ev.Queue]
	if by == nil {
		by = map[string]int{}
		ob.drops[ev.Queue] = by
	}
	by[ev.Reason]++
	if ev.Msg == nil {
		return
	}
	ref := [2]uint64{ev.Msg.Lineage, ev.Instance}
	ob.lastDrop[[2]string{ev.Queue, ev.Reason}] = ref
	if ev.Death != "" {
		ob.lastDrop[[2]string{ev.Queue, ev.Death}] = ref
	}
}

// receivedAt finds a consumer's delivery by its event number; nil once
// it is older than the MaxReceived kept.
func (ob *observed) receivedAt(consumer string, seq uint64) *receivedEntry {
	l := ob.recv[consumer]
	i := sort.Search(len(l), func(i int) bool { return l[i].row.Seq >= seq })
	if i < len(l) && l[i].row.Seq == seq {
		return &l[i]
	}
	return nil
}

// keepNewest lets a list grow to twice n, then keeps its newest n (so
// trimming costs little per entry), clearing what it lets go.
func keepNewest[T any](l []T, n int) []T {
	if len(l) < 2*n {
		return l
	}
	k := copy(l, l[len(l)-n:])
	clear(l[k:])
	return l[:k]
}

// newest returns the newest n entries of a list kept by keepNewest.
func newest[T any](l []T, n int) []T { return l[max(0, len(l)-n):] }

// eventRing holds the newest EventWindow events.
type eventRing struct {
	buf  []core.Event
	next int // once full: the oldest, overwritten next
	lost int // events pushed out (0: it holds the whole run)
}

func (r *eventRing) push(ev core.Event) {
	if len(r.buf) < EventWindow {
		r.buf = append(r.buf, ev)
		return
	}
	r.buf[r.next] = ev
	r.next = (r.next + 1) % EventWindow
	r.lost++
}

func (r *eventRing) len() int { return len(r.buf) }

// at is the i-th event kept, 0 the oldest.
func (r *eventRing) at(i int) *core.Event { return &r.buf[(r.next+i)%len(r.buf)] }

// find is the kept event numbered seq, nil if it is not kept.
func (r *eventRing) find(seq uint64) *core.Event {
	n := r.len()
	i := sort.Search(n, func(i int) bool { return r.at(i).Seq >= seq })
	if i < n && r.at(i).Seq == seq {
		return r.at(i)
	}
	return nil
}
