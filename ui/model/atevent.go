package model

import "github.com/dlxlab/dlxlab/core"

// The inspector while an instant is only partly revealed. The broker ran
// the whole instant, so its queues are those of the instant's end; the
// learner stepped to an event in the middle of it. The inspector must show
// the state right after that event, so it reads a second broker, replayed
// from the scenario and stopped the moment that event happened: the run
// is deterministic and events are numbered in order (core.Event.Seq), so
// the replay reaches the very same event with the very same state behind
// it. The frozen broker is only read, never run on, and made again only
// when the learner steps to another event.

// frozen is a broker stopped right after event seq, and what its replay
// kept of the events.
type frozen struct {
	seq uint64
	b   *core.Broker
	ob  *observed
}

// stopHere is what the replay's event sink panics with to stop the
// broker at the event asked for. The broker tells an event once it has
// made the change (a copy is enqueued once it is in the queue, delivered
// once it is unacked), so the state behind the event is the state after
// it.
type stopHere struct{}

// inspected is the broker the inspector reads, and what was kept of its
// events: the run's, or, while an instant is partly revealed, one stopped
// right after the revealed event.
func (s *Session) inspected() (*core.Broker, *observed) {
	if len(s.st.pending) == 0 || s.st.last == nil {
		return s.b, s.ob
	}
	seq := s.st.last.ev.Seq
	if f := s.st.frozen; f != nil && f.seq == seq {
		return f.b, f.ob
	}
	sh := s.replayTo(seq, s.ob.trail, false)
	if sh == nil || sh.b == nil {
		return s.b, s.ob
	}
	s.st.frozen = &frozen{seq, sh.b, sh.ob}
	return sh.b, sh.ob
}

// atEvent points the session at the inspected broker for the length of
// one inspector read; call the function it returns to point it back.
//
//	defer s.atEvent()()
func (s *Session) atEvent() func() {
	run, ob := s.b, s.ob
	s.b, s.ob = s.inspected()
	return func() { s.b, s.ob = run, ob }
}

// replayTo replays the scenario to virtual time now, stopping right after
// event seq, in a session of its own that follows the lineage of tr (if
// any); nil if the replay never reached seq. A lean replay keeps nothing
// but that lineage's events.
func (s *Session) replayTo(seq uint64, tr trail, lean bool) (sh *Session) {
	sh = &Session{sc: s.sc, speed: 1, hold: s.hold, started: true, stopAt: seq, lean: lean}
	if tr.on {
		sh.ob = &observed{trail: trail{on: true, lineage: tr.lineage}}
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopHere); !ok {
				panic(r)
			}
		}
	}()
	sh.rebuild(s.b.Now())
	return nil
}
