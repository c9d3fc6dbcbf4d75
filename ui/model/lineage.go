package model

import "github.com/dlxlab/dlxlab/core"

// A message's story when the inspector opens it. The session keeps every
// event of the lineage it shows (its trail, observe.go); opening another
// one reads the window of recent events when that holds the whole run,
// and otherwise replays the run with an observer that keeps only that
// lineage's events. The replay stops at the very event the session has
// reached (events are numbered in order and the run is deterministic), so
// the story is the same as if every event had been kept.

// lineageEvents returns every event of a lineage so far, oldest first,
// and follows that lineage from now on.
func (s *Session) lineageEvents(lineage uint64) []core.Event {
	ob := s.ob
	if ob.trail.on && ob.trail.lineage == lineage {
		return ob.trail.evs
	}
	var evs []core.Event
	if ob.win.lost == 0 {
		for i := 0; i < ob.win.len(); i++ {
			if ev := ob.win.at(i); ev.Msg != nil && ev.Msg.Lineage == lineage {
				evs = append(evs, *ev)
			}
		}
		for _, ev := range ob.inst[ob.released:] { // captured, not revealed yet
			if ev.Msg != nil && ev.Msg.Lineage == lineage {
				evs = append(evs, ev)
			}
		}
	} else {
		evs = s.replayLineage(lineage, ob.last)
	}
	ob.trail = trail{on: true, lineage: lineage, evs: evs}
	return evs
}

// replayLineage replays the run up to event upTo and returns the events
// of one lineage.
func (s *Session) replayLineage(lineage, upTo uint64) []core.Event {
	if upTo == 0 {
		return nil
	}
	sh := s.replayTo(upTo, trail{on: true, lineage: lineage}, true)
	if sh == nil || sh.ob == nil {
		return nil
	}
	return sh.ob.trail.evs
}

// eventAt is the event numbered seq: from the window, or replayed.
func (s *Session) eventAt(seq uint64) (core.Event, bool) {
	if ev := s.ob.win.find(seq); ev != nil {
		return *ev, true
	}
	if seq == 0 || seq > s.ob.last {
		return core.Event{}, false
	}
	sh := s.replayTo(seq, trail{}, false)
	if sh == nil || sh.ob == nil || sh.ob.last != seq {
		return core.Event{}, false
	}
	return *sh.ob.win.at(sh.ob.win.len() - 1), true
}
