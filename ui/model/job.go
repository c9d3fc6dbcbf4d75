package model

import "github.com/dlxlab/dlxlab/core"

// A long jump (+30 min of a busy scenario) can be a lot of broker work.
// Run in one go it would block the page until it ends: no redraw, no
// click, and the browser offering to kill the tab. So a jump is a job run
// in slices of at most SliceEvents broker events: the first slice runs at
// once, the rest one per Tick, and between two ticks the page draws the
// progress and stays usable (Cancel, or any other command, ends the job
// where it is; the state reached is a real state of the run). The work
// budget still bounds the whole job (core/budget.go).

// SliceEvents is the most broker events one slice of a job runs before it
// yields to the page (a few tens of milliseconds in the browser).
const SliceEvents = 20_000

// job is a jump in progress: from, to, and the hops made so far.
type job struct {
	from, to core.Time
	hops     int
}

// JobView is a job as the page shows it.
type JobView struct {
	To       core.Time
	Progress float64 // 0..1 of the virtual time to cover
}

// Busy reports that a job is running: the page should keep ticking.
func (s *Session) Busy() bool { return s.job != nil }

// Job is the running job, nil if none.
func (s *Session) Job() *JobView {
	if s.job == nil {
		return nil
	}
	p := 1.0
	if span := s.job.to - s.job.from; span > 0 {
		p = float64(s.b.Now()-s.job.from) / float64(span)
	}
	return &JobView{To: s.job.to, Progress: min(max(p, 0), 1)}
}

// CancelJob stops the running job where it is, and says so.
func (s *Session) CancelJob() {
	if s.job == nil {
		return
	}
	s.endJob()
	s.notice = &Notice{Key: "notice.cancelled"}
}

// startJob runs virtual time to t as a job: the first slice now.
func (s *Session) startJob(t core.Time) {
	s.endJob()
	s.job = &job{from: s.b.Now(), to: t}
	s.jobSlice()
}

// endJob forgets the job (commands call it: a new command wins) and lets
// checkpoints pass as a finished jump does.
func (s *Session) endJob() {
	if s.job == nil {
		return
	}
	s.job = nil
	s.passOver()
}

// jobSlice runs the job on until it is done or SliceEvents events were
// spent in this slice. It is runTo in pieces: hops from one pending timer
// (or step) to the next, then the rest of the interval at once.
func (s *Session) jobSlice() {
	j := s.job
	spent := s.b.Work().Events
	for {
		s.runDue()
		next := min(s.b.NextEventTime(), s.nextStepTime())
		if next > j.to || j.hops >= MaxHops {
			break
		}
		s.advance(next)
		j.hops++
		if s.b.Work().Events-spent >= SliceEvents {
			return // more next tick
		}
	}
	if j.to > s.b.Now() {
		s.advance(j.to)
	}
	s.runDue()
	s.endJob()
}
