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

// frozen is a broker stopped right after event seq.
type frozen struct {
	seq uint64
	b   *core.Broker
}

// stopHere is what the replay's event sink panics with to stop the
// broker at the event asked for.
type stopHere struct{}

// stopAfter stops a replay once event seq has happened: the broker tells
// an event once it has made the change (a copy is enqueued once it is in
// the queue, delivered once it is unacked), so the state behind the event
// is the state after it.
func stopAfter(seq uint64, ev core.Event) {
	if ev.Seq == seq {
		panic(stopHere{})
	}
}

// inspected is the broker the inspector reads: the run's, or, while an
// instant is partly revealed, one stopped right after the revealed event.
func (s *Session) inspected() *core.Broker {
	if len(s.st.pending) == 0 || s.st.last == nil {
		return s.b
	}
	seq := s.st.last.ev.Seq
	if f := s.st.frozen; f != nil && f.seq == seq {
		return f.b
	}
	b := s.brokerAt(seq)
	if b == nil {
		return s.b
	}
	s.st.frozen = &frozen{seq, b}
	return b
}

// atEvent points the session at the inspected broker for the length of
// one inspector read; call the function it returns to point it back.
//
//	defer s.atEvent()()
func (s *Session) atEvent() func() {
	run := s.b
	s.b = s.inspected()
	return func() { s.b = run }
}

// brokerAt replays the scenario to virtual time now, stopping right
// after event seq; nil if the replay never reached it.
func (s *Session) brokerAt(seq uint64) (b *core.Broker) {
	sh := &Session{sc: s.sc, speed: 1, hold: s.hold, started: true, stopAt: seq}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopHere); !ok {
				panic(r)
			}
			b = sh.b
		}
	}()
	sh.rebuild(s.b.Now())
	return nil
}
