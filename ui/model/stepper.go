package model

import "github.com/dlxlab/dlxlab/core"

// Stepping one broker event at a time, and back. The broker runs a whole
// instant in one go (a publish is published, routed, enqueued and
// delivered within one command), so StepEvent runs the next instant and
// then reveals its events one per press; what is not revealed yet is
// pending. While part of an instant is pending, the canvas counts are
// those right after the revealed event, worked out from the events
// themselves (where each copy is: ready, unacked, or gone). Going back is
// a replay: the run is deterministic, so replaying to the same event
// position gives the same state (SeekEvent).

// depth is a queue's ready and unacked counts.
type depth struct{ Ready, Unacked int }

// frame is one shown event: a core event (a publish is shown twice:
// sent, then routed).
type frame struct {
	ev     core.Event
	routed bool // the second half of a publish: the exchange's choice
}

// stepState is the stepping part of the session.
type stepState struct {
	shown   int     // shown events absorbed so far in this run
	pending []frame // absorbed but not revealed yet, oldest first
	base    map[string]depth
	where   map[uint64]string // copies seen in this instant: "ready", "unacked" or ""
	last    *frame            // the event revealed last (the caption)
	known   int               // the furthest position reached: the scrubber's end
	// stalls counts, per position, the presses that revealed no event
	// (the clock ran to a time checkpoint): a replay repeats them.
	stalls map[int]int
	frozen *frozen // the broker right after the revealed event (atevent.go)
	// capturing: the instant being stepped through is running, and its
	// events wait (observed.inst) until each is revealed.
	capturing bool
}

func (st *stepState) reset() {
	st.shown, st.pending, st.base, st.where, st.last, st.frozen = 0, nil, nil, nil, nil, nil
	st.capturing = false
}

// stepWorthy reports whether an event is shown as a step of its own.
func stepWorthy(k core.EventKind) bool {
	switch k {
	case core.EvPublished, core.EvEnqueued, core.EvDelivered, core.EvAcked, core.EvRequeued, core.EvExpired,
		core.EvDeadLettered, core.EvDropped, core.EvReturned, core.EvPublishRejected, core.EvError:
		return true
	}
	return false
}

// shownCount is how many steps an event makes: a publish makes two.
func shownCount(k core.EventKind) int {
	switch {
	case k == core.EvPublished:
		return 2
	case stepWorthy(k):
		return 1
	}
	return 0
}

// framesOf turns events into shown frames.
func framesOf(evs []core.Event) []frame {
	var out []frame
	for _, ev := range evs {
		if !stepWorthy(ev.Kind) {
			continue
		}
		out = append(out, frame{ev: ev})
		if ev.Kind == core.EvPublished {
			out = append(out, frame{ev: ev, routed: true})
		}
	}
	return out
}

// apply moves the counts by one event: a copy enters a queue ready, is
// delivered (unacked), comes back (ready), or leaves. A copy not seen
// earlier in the instant was ready, unless a consumer's answer (ack, a
// rejection, a delivery limit) is what made it leave.
func (st *stepState) apply(ev core.Event) {
	if ev.Queue == "" || ev.Instance == 0 {
		return
	}
	d := st.base[ev.Queue]
	from := func() string {
		if w, seen := st.where[ev.Instance]; seen {
			return w
		}
		switch {
		case ev.Kind == core.EvAcked, ev.Kind == core.EvRequeued,
			ev.Reason == core.ReasonRejected, ev.Reason == core.ReasonDeliveryLimit,
			ev.Death == core.ReasonRejected, ev.Death == core.ReasonDeliveryLimit:
			return "unacked"
		}
		return "ready"
	}
	leave := func() {
		switch from() {
		case "ready":
			d.Ready--
		case "unacked":
			d.Unacked--
		}
		st.where[ev.Instance] = ""
	}
	switch ev.Kind {
	case core.EvEnqueued:
		d.Ready++
		st.where[ev.Instance] = "ready"
	case core.EvPublishRejected:
		st.where[ev.Instance] = ""
	case core.EvDelivered:
		if from() == "ready" {
			d.Ready--
		}
		d.Unacked++
		st.where[ev.Instance] = "unacked"
	case core.EvRequeued:
		if from() == "unacked" {
			d.Unacked--
		}
		d.Ready++
		st.where[ev.Instance] = "ready"
	case core.EvAcked, core.EvExpired, core.EvDeadLettered, core.EvDropped:
		leave()
	default:
		return
	}
	st.base[ev.Queue] = depth{max(d.Ready, 0), max(d.Unacked, 0)}
}

// depthsNow is every queue's depth as the broker has it.
func (s *Session) depthsNow() map[string]depth {
	out := map[string]depth{}
	for _, q := range s.b.Queues() {
		out[q.Name] = depth{q.Ready, q.Unacked}
	}
	return out
}

// EventPos is the position of the last revealed event (0: none yet),
// and the furthest position reached so far (the scrubber's end).
func (s *Session) EventPos() (pos, known int) {
	pos = s.st.shown - len(s.st.pending)
	return pos, max(s.st.known, pos)
}

// StepEvent reveals the next broker event. It reports whether there was
// one.
func (s *Session) StepEvent() bool {
	pos, _ := s.EventPos()
	moved := s.stepEvent()
	if now, _ := s.EventPos(); now == pos && moved {
		if s.st.stalls == nil {
			s.st.stalls = map[int]int{}
		}
		s.st.stalls[pos]++
	}
	return moved
}

func (s *Session) stepEvent() bool {
	s.notice = nil
	s.moveOn()
	s.playing = false
	if len(s.st.pending) > 0 {
		s.reveal()
		return true
	}
	for {
		before := s.st.shown
		base := s.depthsNow()
		s.ob.releaseAll()
		s.live, s.st.capturing = false, true
		moved := s.runInstant()
		s.live, s.st.capturing = true, false
		if s.st.shown > before {
			s.st.pending, s.st.base, s.st.where = framesOf(s.ob.inst), base, map[uint64]string{}
			s.reveal()
			return true
		}
		s.ob.releaseAll() // nothing to reveal: what it made (if anything) is shown
		if !moved || s.cp.stop {
			if !moved {
				s.notice = &Notice{Key: "notice.idle"}
			}
			return moved
		}
	}
}

// runInstant runs the next instant (or the steps at t=0), stopping early
// at a checkpoint; it reports whether anything was left to run.
func (s *Session) runInstant() bool {
	if !s.started {
		s.start()
		return true
	}
	t := min(s.b.NextEventTime(), s.nextStepTime())
	if t == core.Never {
		return false
	}
	s.runTo(t)
	return true
}

// reveal shows the next pending event: its caption, its token, and the
// depths after it.
func (s *Session) reveal() {
	f := s.st.pending[0]
	s.st.pending = s.st.pending[1:]
	if len(s.st.pending) == 0 {
		s.st.pending = nil
	}
	if !f.routed {
		s.st.apply(f.ev)
	}
	s.st.last = &f
	if f.ev.Kind != core.EvPublished || f.routed {
		s.tokensFor(&f.ev)
	}
	pos, _ := s.EventPos()
	s.st.known = max(s.st.known, pos)
	s.releaseShown()
}

// releaseShown moves the captured events revealed so far into the
// window, in order.
func (s *Session) releaseShown() {
	ob, hidden := s.ob, s.hiddenFrom()
	for ob.released < len(ob.inst) && ob.inst[ob.released].Seq < hidden {
		ob.win.push(ob.inst[ob.released])
		ob.released++
	}
	if ob.released == len(ob.inst) {
		ob.releaseAll()
	}
	s.takeWindow(false) // their timeline marks (reveal made their tokens)
}

// releaseAll moves every captured event into the window (the instant is
// shown whole, or newer events come after it).
func (ob *observed) releaseAll() {
	if len(ob.inst) == 0 {
		return
	}
	for _, ev := range ob.inst[ob.released:] {
		ob.win.push(ev)
	}
	clear(ob.inst)
	ob.inst, ob.released = ob.inst[:0], 0
}

// flushPending reveals whatever of the instant is still pending (the
// learner moved on another way). It reports whether there was any.
func (s *Session) flushPending() bool {
	if len(s.st.pending) == 0 {
		return false
	}
	s.st.last = &s.st.pending[len(s.st.pending)-1]
	s.st.pending, s.st.base, s.st.where = nil, nil, nil
	s.ob.releaseAll()
	s.takeWindow(false)
	return true
}

// StepBack goes back one event, by replaying the run to the position
// before it. It reports whether there was an event to go back over.
func (s *Session) StepBack() bool {
	pos, _ := s.EventPos()
	if pos == 0 {
		return false
	}
	s.SeekEvent(pos - 1)
	return true
}

// SeekEvent moves to event position k (0: before anything has run) —
// back by replaying from the start, forward by stepping. The replay
// steps exactly as the learner did, so checkpoints split the instants
// the same way and the state (the checkpoint panel too) is the same.
func (s *Session) SeekEvent(k int) {
	s.notice = nil
	s.playing = false
	pos, _ := s.EventPos()
	known := s.st.known
	if k < pos {
		s.started = false
		s.rebuild(0)
		s.st.known = known
	}
	for {
		pos, _ = s.EventPos()
		if pos >= k || !s.stepEvent() {
			break
		}
	}
	for i := 0; i < s.st.stalls[k] && pos == k; i++ {
		s.stepEvent()
	}
	s.notice = nil
}

// EventView is the event the learner stepped to, for the caption under
// the clock: what happened, in plain words, and to which message.
type EventView struct {
	Pos      int
	T        core.Time
	Kind     string // the core event kind; "routed" for a publish's second half
	Queue    string
	Lineage  uint64
	Instance uint64
	Caption  Caption
}

// Event is the last revealed event, nil when the learner is not stepping
// events (or nothing has happened yet).
func (s *Session) Event() *EventView {
	f := s.st.last
	if f == nil {
		return nil
	}
	pos, _ := s.EventPos()
	v := &EventView{Pos: pos, T: f.ev.T, Kind: f.ev.Kind.String(), Queue: f.ev.Queue, Instance: f.ev.Instance,
		Caption: CaptionFor(f.ev, f.routed)}
	if f.routed {
		v.Kind = "routed"
	}
	if f.ev.Msg != nil {
		v.Lineage = f.ev.Msg.Lineage
	}
	return v
}

// hiddenFrom is the first event number not revealed yet while stepping
// one event at a time (the largest number when everything is shown).
func (s *Session) hiddenFrom() uint64 {
	if len(s.st.pending) == 0 {
		return ^uint64(0)
	}
	f := s.st.pending[0]
	if f.routed { // its first half, the publish, is shown
		return f.ev.Seq + 1
	}
	return f.ev.Seq
}

// Stepping reports whether part of the current instant is not revealed
// yet: the canvas counts are then those right after the revealed event.
func (s *Session) Stepping() bool { return len(s.st.pending) > 0 }

// overlayDepths puts the revealed depths on the graph's queue nodes
// while an instant is only partly revealed.
func (s *Session) overlayDepths(g *Graph) {
	if len(s.st.pending) == 0 {
		return
	}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Kind != NodeQueue {
			continue
		}
		if d, ok := s.st.base[n.Name]; ok {
			n.Ready, n.Unacked = d.Ready, d.Unacked
		}
	}
}
