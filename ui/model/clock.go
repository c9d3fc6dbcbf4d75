package model

import (
	"time"

	"github.com/dlxlab/dlxlab/core"
)

// Playback. Virtual time moves only here: Tick (while playing), StepNext,
// JumpNextExpiry, JumpBy. Each runs the broker to a target time in hops
// from one pending timer to the next, running scenario steps when their
// time comes (what the learner did by hand is steps too), and absorbing the
// events after each hop (samples, marks and, when live, tokens).

// Play starts the clock (and the run, if it has not begun).
func (s *Session) Play() {
	s.endJob()
	s.notice = nil
	if s.flushPending() && s.cp.waiting {
		return // the rest of the instant led to a checkpoint: show it first
	}
	s.moveOn()
	s.st.last = nil
	s.playing = true
	if s.started {
		s.runTo(s.b.Now()) // what waited at this instant behind a checkpoint
	}
	s.start()
}

// Pause stops the clock.
func (s *Session) Pause() { s.playing = false }

// TogglePlay plays or pauses.
func (s *Session) TogglePlay() {
	if s.playing {
		s.Pause()
	} else {
		s.Play()
	}
}

// SetSpeed sets the playback speed, clamped to 1×–1000×.
func (s *Session) SetSpeed(v float64) {
	s.speed = min(max(v, 1), 1000)
}

// start runs the steps due at t=0: before it, the learner sees the
// topology with nothing published yet.
func (s *Session) start() {
	if s.started {
		return
	}
	s.started = true
	s.runTo(s.b.Now())
}

// SetWall tells the session the wall time (monotonic, from any origin):
// tokens and highlights older than their duration go away. It reports
// whether anything is animating, i.e. whether the UI should keep drawing.
func (s *Session) SetWall(wall time.Duration) bool {
	s.wall = wall
	kept := s.tokens[:0]
	for _, tk := range s.tokens {
		if wall-tk.Born < tk.Dur {
			kept = append(kept, tk)
		}
	}
	clear(s.tokens[len(kept):])
	s.tokens = kept
	for k, at := range s.xdMarked {
		if wall-at > highlightFor {
			delete(s.xdMarked, k)
		}
	}
	return len(s.tokens) > 0 || len(s.xdMarked) > 0 || s.job != nil
}

// Tick moves a playing clock by the wall time since the last Tick times
// the speed. It reports whether the UI needs to render again.
func (s *Session) Tick(wall time.Duration) bool {
	if s.job != nil { // a jump in progress: its next slice, the clock waits
		s.wall = wall
		s.jobSlice()
		return s.SetWall(wall)
	}
	delta := wall - s.wall
	if s.wall == 0 || delta < 0 || delta > time.Second {
		delta = 0 // first tick, or the tab slept: do not leap
	}
	if s.playing {
		v := float64(delta.Microseconds())/1000*s.speed + s.carry
		whole := int64(v)
		s.carry = v - float64(whole)
		s.wall = wall
		if whole > 0 {
			// Finished tokens give up their slots first: a new token then
			// takes one directly, and the canvas replaces one element per
			// slot, not two (the finished token, then its empty slot).
			s.SetWall(wall)
			s.runTo(s.b.Now() + core.Time(whole))
		}
	}
	animating := s.SetWall(wall)
	return s.playing || animating
}

// StepNext moves to the next thing that happens: the first press runs
// the steps at t=0; after that, the next step or timer (a TTL expiry, a
// consumer's scripted settle). It reports whether anything was left to
// happen.
func (s *Session) StepNext() bool {
	s.endJob()
	s.notice = nil
	if s.flushPending() {
		return true
	}
	s.moveOn()
	s.st.last = nil
	if !s.started {
		s.start()
		return true
	}
	t := min(s.b.NextEventTime(), s.nextStepTime())
	if t == core.Never {
		s.notice = &Notice{Key: "notice.idle"}
		return false
	}
	s.runTo(t)
	return true
}

// JumpNextExpiry jumps to the broker's next timer (core NextEventTime):
// the next TTL expiry, queue lease or scripted settle.
func (s *Session) JumpNextExpiry() bool {
	s.endJob()
	s.notice = nil
	s.moveOn()
	s.flushPending()
	s.st.last = nil
	s.cp.off = true
	defer s.passOver()
	s.start()
	t := s.b.NextEventTime()
	if t == core.Never {
		s.notice = &Notice{Key: "notice.noexpiry"}
		return false
	}
	s.runTo(t)
	return true
}

// JumpBy moves virtual time forward by d milliseconds, as a job: in
// slices when it is long (job.go), so the page stays usable.
func (s *Session) JumpBy(d core.Time) {
	s.endJob()
	s.notice = nil
	s.moveOn()
	s.flushPending()
	s.st.last = nil
	s.cp.off = true
	s.start()
	if d <= 0 {
		s.passOver()
		return
	}
	s.startJob(s.b.Now() + d)
}

// NextEventTime is when the next thing happens (core.Never if nothing will).
func (s *Session) NextEventTime() core.Time {
	return min(s.b.NextEventTime(), s.nextStepTime())
}

// runTo runs the broker to virtual time t, or until a checkpoint is
// reached on the way (the clock stops there).
func (s *Session) runTo(t core.Time) {
	s.cp.stop = false
	if s.checkpointDue() {
		return
	}
	t = s.untilCheckpoint(t)
	for hops := 0; ; hops++ {
		s.runDue()
		if s.cp.stop {
			return
		}
		next := min(s.b.NextEventTime(), s.nextStepTime())
		if next > t || hops >= MaxHops {
			break
		}
		s.advance(next)
	}
	if t > s.b.Now() {
		s.advance(t)
	}
	s.runDue()
	if !s.cp.stop {
		s.checkpointDue()
	}
}

// untilCheckpoint shortens a run to t so that it ends at the next time
// checkpoint, if that comes first.
func (s *Session) untilCheckpoint(t core.Time) core.Time {
	if s.cp.off || s.cp.ignore || s.cp.next >= len(s.cp.order) {
		return t
	}
	if c := s.cp.order[s.cp.next]; c.step < 0 && c.at >= s.b.Now() {
		return min(t, c.at)
	}
	return t
}

func (s *Session) advance(t core.Time) {
	if err := s.b.RunUntil(t); err != nil {
		s.playing = false
		s.notice = &Notice{Error: true, Key: "notice.limit", Text: err.Error()}
	}
	s.absorb()
}

// noteSpent stops the clock and says why once a step spent the work
// budget (a publish into a loop spends it inside the step, where no
// clock move reports it).
func (s *Session) noteSpent() {
	err := s.b.Spent()
	if err == nil || s.notice != nil && s.notice.Key == "notice.limit" {
		return
	}
	s.playing = false
	s.notice = &Notice{Error: true, Key: "notice.limit", Text: err.Error()}
}

// runDue runs the steps whose time has come.
func (s *Session) runDue() {
	if !s.started {
		return
	}
	now := s.b.Now()
	for !s.runner.Done() {
		i := s.runner.Next()
		end := s.starts[i]
		if w := s.sc.Steps[i].Wait; w != nil {
			end += core.Time(*w)
		}
		if end > now || s.hold >= 0 && i >= s.hold {
			break
		}
		s.curStep = i
		s.runner.Step()
		s.absorb()
		s.curStep = stepTimers
		s.noteSpent()
		if s.checkpointDue() {
			return
		}
	}
}

// nextStepTime is when the next step is due: the end of the wait in
// progress (steps between waits run as soon as the wait before them ends).
func (s *Session) nextStepTime() core.Time {
	if !s.started || s.runner.Done() || s.hold >= 0 && s.runner.Next() >= s.hold {
		return core.Never
	}
	i := s.runner.Next()
	t := s.starts[i]
	if w := s.sc.Steps[i].Wait; w != nil {
		t += core.Time(*w)
	}
	return t
}

// EndTime is when the scenario's last step runs.
func (s *Session) EndTime() core.Time {
	var t core.Time
	for i, st := range s.sc.Steps {
		t = s.starts[i]
		if st.Wait != nil {
			t += core.Time(*st.Wait)
		}
	}
	return t
}

// stepTimers is the step index errors are filed under when they come
// from the broker's timers (a scripted consumer's settle).
const stepTimers = -2

// highlightFor is how long a changed x-death entry stays highlighted.
const highlightFor = 1600 * time.Millisecond
