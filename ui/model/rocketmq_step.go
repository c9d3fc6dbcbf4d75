package model

import rmq "github.com/dlxlab/dlxlab/core/rocketmq"

// Stepping a RocketMQ run one event at a time, and back. The broker runs
// a whole instant at once (a send is stored, dispatched and consumed in one
// go), so StepEvent runs the next instant and reveals its events one per
// press. The canvas shows the broker as it is after the instant; the
// caption says which event the learner is at. Going back is a replay to
// the earlier position (the run is deterministic).

// RocketEventView is the event stepped to, for the caption under the clock.
type RocketEventView struct {
	Pos     int // 1 = the first event after the setup
	Event   rmq.Event
	Caption Caption
}

// EventPos is the position of the last revealed event (0: none yet) and
// the furthest position reached (the scrubber's end).
func (s *RocketSession) EventPos() (pos, known int) { return s.shown, max(s.known, s.shown) }

// Stepping reports that part of the current instant is not revealed yet.
func (s *RocketSession) Stepping() bool { return s.base+s.shown < len(s.b.Events()) }

// StepEvent reveals the next event, running the next instant when every
// event so far is shown. It reports whether there was one.
func (s *RocketSession) StepEvent() bool {
	s.notice = nil
	s.playing = false
	if !s.Stepping() {
		before := len(s.b.Events())
		if !s.started {
			s.started = true
			s.run.RunTo(0)
		} else if !s.instantQuiet() {
			return false
		}
		s.noteSpent()
		if len(s.b.Events()) == before {
			return false
		}
	}
	s.shown++
	s.known = max(s.known, s.shown)
	s.last = s.base + s.shown - 1
	s.addMoves(s.last, s.last+1)
	return true
}

// instantQuiet runs instants, without revealing, until one makes an event;
// false (with a notice) when nothing is left to happen.
func (s *RocketSession) instantQuiet() bool {
	before := len(s.b.Events())
	for hops := 0; hops < MaxRocketHops && len(s.b.Events()) == before; hops++ {
		t := s.Next()
		if t == rmq.Never || s.b.Spent() != nil {
			s.notice = &Notice{Key: "notice.idle"}
			return false
		}
		s.run.RunTo(t)
	}
	return true
}

// StepBack goes back one event by replaying to the position before it.
func (s *RocketSession) StepBack() bool {
	if s.shown == 0 {
		return false
	}
	s.SeekEvent(s.shown - 1)
	return true
}

// SeekEvent moves to event position k (0: before anything has run):
// back by replaying from the start, forward by stepping.
func (s *RocketSession) SeekEvent(k int) {
	s.notice = nil
	s.playing = false
	known := max(s.known, s.shown)
	if k < s.shown {
		if err := s.rebuild(); err != nil {
			return // the scenario built before: it builds again
		}
	}
	for s.shown < k && s.StepEvent() {
	}
	s.mv.list = nil // only the event arrived at moves, not the replayed ones
	if s.last >= 0 {
		s.addMoves(s.last, s.last+1)
	}
	s.known = known
	s.notice = nil
}

// Event is the event stepped to, nil unless the learner is stepping.
func (s *RocketSession) Event() *RocketEventView {
	if s.last < 0 || s.last >= len(s.b.Events()) {
		return nil
	}
	ev := s.b.Events()[s.last]
	return &RocketEventView{Pos: s.last - s.base + 1, Event: ev, Caption: RocketCaption(ev, s.b)}
}
