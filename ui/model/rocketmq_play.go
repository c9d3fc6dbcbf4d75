package model

import (
	"time"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
)

// RocketMQ playback. Virtual time moves only here, always through the
// runner (so scenario steps run when their time comes): Tick while
// playing, StepNext, JumpBy, FastForward, and the event stepping of
// rocketmq_step.go.

// MaxRocketHops bounds the instants StepNext looks through for one that
// shows something (a timer can fire and change nothing visible).
const MaxRocketHops = 10_000

// Play starts the clock (and the run, if it has not begun).
func (s *RocketSession) Play() {
	s.notice = nil
	s.revealAll()
	s.last = -1
	s.playing = true
	s.start()
}

// Pause stops the clock.
func (s *RocketSession) Pause() { s.playing = false }

// TogglePlay plays or pauses.
func (s *RocketSession) TogglePlay() {
	if s.playing {
		s.Pause()
	} else {
		s.Play()
	}
}

// start runs the steps due at t=0: before it, the learner sees the
// topology with nothing sent yet.
func (s *RocketSession) start() {
	if s.started {
		return
	}
	s.started = true
	s.runTo(0)
}

// Tick moves a playing clock by the wall time since the last Tick times
// the speed. It reports whether the page should draw again.
func (s *RocketSession) Tick(wall time.Duration) bool {
	delta := wall - s.wall
	if s.wall == 0 || delta < 0 || delta > time.Second {
		delta = 0 // first tick, or the tab slept: do not leap
	}
	animating := s.SetWall(wall)
	if !s.playing {
		return animating
	}
	v := float64(delta.Microseconds())/1000*s.speed + s.carry
	whole := int64(v)
	s.carry = v - float64(whole)
	if whole > 0 {
		s.runTo(s.b.Now() + rmq.Time(whole))
	}
	return true
}

// Next is when the next thing happens: a step of the scenario or a broker
// timer (rmq.Never: nothing will). Before the start it is 0.
func (s *RocketSession) Next() rmq.Time {
	if !s.started {
		return 0
	}
	return min(s.b.NextEventTime(), s.run.Due())
}

// StepNext runs to the next instant at which something happens (the
// first press runs the steps at t=0). It reports whether there was one.
func (s *RocketSession) StepNext() bool {
	s.notice = nil
	s.playing = false
	s.revealAll()
	s.last = -1
	if !s.started {
		s.start()
		return true
	}
	return s.nextInstant()
}

// nextInstant runs instants until one makes an event (or nothing is left).
func (s *RocketSession) nextInstant() bool {
	before := len(s.b.Events())
	for hops := 0; hops < MaxRocketHops; hops++ {
		t := s.Next()
		if t == rmq.Never {
			s.notice = &Notice{Key: "notice.idle"}
			return false
		}
		s.runTo(t)
		if len(s.b.Events()) > before || s.notice != nil {
			return true
		}
	}
	return true
}

// JumpBy moves virtual time forward by d milliseconds.
func (s *RocketSession) JumpBy(d rmq.Time) {
	s.notice = nil
	s.revealAll()
	s.last = -1
	s.start()
	if d > 0 {
		s.runTo(s.b.Now() + d)
	}
}

// EndTime is when the scenario's last step ends (its last wait).
func (s *RocketSession) EndTime() rmq.Time {
	_, ends := rocketSpans(s.sc.Steps)
	if len(ends) == 0 {
		return 0
	}
	return ends[len(ends)-1]
}

// FastForward runs to the end of the scenario's steps. It reports false
// (with a notice) when the clock is already there.
func (s *RocketSession) FastForward() bool {
	s.notice = nil
	s.playing = false
	s.revealAll()
	s.last = -1
	s.start()
	end := s.EndTime()
	if s.b.Now() >= end && s.run.Done() {
		s.notice = &Notice{Key: "rq.notice.atend"}
		return false
	}
	s.runTo(max(end, s.b.Now()))
	return true
}

// runTo runs the scenario and the broker to virtual time t and shows
// every event (stepping keeps its own count: rocketmq_step.go).
func (s *RocketSession) runTo(t rmq.Time) {
	before := len(s.b.Events())
	s.run.RunTo(t)
	s.addMoves(before, len(s.b.Events()))
	s.noteSpent()
	s.revealAll()
}

// revealAll shows every event made so far: the learner left stepping.
func (s *RocketSession) revealAll() {
	s.shown = len(s.b.Events()) - s.base
	s.known = max(s.known, s.shown)
}

// noteSpent stops the clock and says why once the work budget is spent.
func (s *RocketSession) noteSpent() {
	if err := s.b.Spent(); err != nil {
		s.playing = false
		if s.notice == nil || s.notice.Key != "notice.limit" {
			s.notice = &Notice{Error: true, Key: "notice.limit", Text: err.Error()}
		}
	}
}
