package model

import (
	"sort"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// Checkpoints: a lesson's pauses (scenarios.Checkpoint). The clock stops
// when the run reaches one, and its panel stays until the learner moves
// on (Play, a step, or Continue). A question's answer is revealed when
// the learner moves on, and stays shown until the next checkpoint or
// Close. Playing and stepping stop at checkpoints; jumps (+1 s, next
// expiry) and replays (edits, undo, step back) pass over them silently,
// as a learner who skips ahead asks.

// checkpointAt is a checkpoint in run order.
type checkpointAt struct {
	idx  int       // index in the scenario's checkpoints list
	step int       // the step it follows, -1 for a time checkpoint
	at   core.Time // when: the step's end, or the time
}

// cpState is the checkpoint part of the session.
type cpState struct {
	order    []checkpointAt
	next     int  // the first checkpoint not reached yet
	open     int  // the one the panel shows (-1: none)
	waiting  bool // the learner has not moved on from it yet
	revealed bool // its answer is shown
	picked   int  // the learner's choice, 1-based (0: none)
	prev     *PrevAnswer
	off      bool // replaying: pass over checkpoints
	stop     bool // one was reached: stop running now
	ignore   bool // never stop (an embed, which has no panel)
}

// CheckpointView is the checkpoint panel: the texts in both languages
// (the UI picks), the learner's choice and, once revealed, the answer.
type CheckpointView struct {
	Index, Count         int // 1-based position in run order, and how many
	Text, TextZH         string
	Question, QuestionZH string
	Choices, ChoicesZH   []string
	Picked               int  // the learner's choice (0: none yet)
	Waiting              bool // the clock is held here
	Revealed             bool // Answer and Explain may be shown
	Answer               int  // 1-based; 0 until revealed
	Explain, ExplainZH   string
	// Prev is the answer to the question before, when the run reached
	// this checkpoint while that answer was still shown: a quick next
	// checkpoint does not hide it.
	Prev *PrevAnswer
}

// PrevAnswer is a revealed answer carried over to the next checkpoint.
type PrevAnswer struct {
	Question, QuestionZH string
	Answer, AnswerZH     string // the right choice's text
	Explain, ExplainZH   string
	Right                bool // the learner picked it
	Picked               bool // the learner picked anything
}

// orderCheckpoints puts the scenario's checkpoints in the order the run
// reaches them: by time; at the same time, step checkpoints in step
// order, then time checkpoints (which wait for everything at that time).
func orderCheckpoints(sc *scenarios.Scenario, starts []core.Time) []checkpointAt {
	out := make([]checkpointAt, 0, len(sc.Checkpoints))
	for i, c := range sc.Checkpoints {
		switch {
		case c.Step != nil && *c.Step < len(sc.Steps):
			n := *c.Step
			t := starts[n]
			if w := sc.Steps[n].Wait; w != nil {
				t += core.Time(*w)
			}
			out = append(out, checkpointAt{idx: i, step: n, at: t})
		case c.At != nil:
			out = append(out, checkpointAt{idx: i, step: -1, at: core.Time(*c.At)})
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		x, y := out[a], out[b]
		if x.at != y.at {
			return x.at < y.at
		}
		if (x.step < 0) != (y.step < 0) {
			return y.step < 0
		}
		return x.step < y.step
	})
	return out
}

// resetCheckpoints starts the checkpoints again (a new run from t=0).
func (s *Session) resetCheckpoints() {
	s.cp = cpState{order: orderCheckpoints(s.sc, s.starts), open: -1, ignore: s.cp.ignore}
}

// IgnoreCheckpoints makes the run never stop at checkpoints (an embed
// shows no panel to move on from).
func (s *Session) IgnoreCheckpoints(on bool) { s.cp.ignore = on }

// skipReached marks every checkpoint the run is already past as passed,
// without showing it (after a replay to a time).
func (s *Session) skipReached() {
	for s.cp.next < len(s.cp.order) && s.reached(s.cp.order[s.cp.next]) {
		s.cp.next++
	}
}

// passOver ends a jump: the checkpoints it went past are passed.
func (s *Session) passOver() {
	s.cp.off = false
	s.skipReached()
}

// reached reports whether the run has got to a checkpoint: its step has
// run, or the clock is at or past its time with nothing left due before it.
func (s *Session) reached(c checkpointAt) bool {
	if !s.started {
		return false
	}
	if c.step >= 0 {
		return s.runner.Done() || s.runner.Next() > c.step
	}
	now := s.b.Now()
	return now > c.at || now == c.at && s.nextStepTime() > now
}

// checkpointDue opens the next checkpoint if the run has reached it, and
// tells the caller to stop there. It reports whether it did.
func (s *Session) checkpointDue() bool {
	if s.cp.off || s.cp.ignore || s.cp.next >= len(s.cp.order) || !s.reached(s.cp.order[s.cp.next]) {
		return false
	}
	s.cp.prev = nil
	if s.cp.open >= 0 && s.cp.revealed {
		s.cp.prev = s.prevAnswer()
	}
	s.cp.open, s.cp.next = s.cp.next, s.cp.next+1
	s.cp.waiting, s.cp.revealed, s.cp.picked = true, false, 0
	s.cp.stop = true
	s.playing = false
	return true
}

// prevAnswer is the open checkpoint's revealed answer.
func (s *Session) prevAnswer() *PrevAnswer {
	c := s.checkpointAt(s.cp.open)
	if c.Answer < 1 || c.Answer > len(c.Choices) {
		return nil
	}
	p := &PrevAnswer{Question: c.Question, QuestionZH: c.QuestionZH, Answer: c.Choices[c.Answer-1],
		Explain: c.Explain, ExplainZH: c.ExplainZH, Right: s.cp.picked == c.Answer, Picked: s.cp.picked != 0}
	if c.Answer <= len(c.ChoicesZH) {
		p.AnswerZH = c.ChoicesZH[c.Answer-1]
	}
	return p
}

// moveOn is called by every command that moves the clock forward: the
// open checkpoint lets go; a question's answer is revealed, a plain
// checkpoint closes.
func (s *Session) moveOn() {
	s.cp.stop = false
	if s.cp.open < 0 || !s.cp.waiting || s.cpHidden() {
		return
	}
	s.cp.waiting = false
	if s.checkpointAt(s.cp.open).Question != "" {
		s.cp.revealed = true
		return
	}
	s.cp.open = -1
}

func (s *Session) checkpointAt(i int) scenarios.Checkpoint {
	return s.sc.Checkpoints[s.cp.order[i].idx]
}

// PickChoice records the learner's answer (1-based) to the open question
// before the answer is revealed; it reports whether it was taken.
func (s *Session) PickChoice(n int) bool {
	if s.cp.open < 0 || s.cp.revealed {
		return false
	}
	c := s.checkpointAt(s.cp.open)
	if c.Question == "" || n < 1 || n > len(c.Choices) {
		return false
	}
	s.cp.picked = n
	return true
}

// Continue moves on from the open checkpoint and plays on.
func (s *Session) Continue() { s.Play() }

// CloseCheckpoint hides the panel. A checkpoint the clock is held at is
// moved on from (the clock stays paused).
func (s *Session) CloseCheckpoint() {
	s.cp.open, s.cp.waiting, s.cp.stop, s.cp.prev = -1, false, false, nil
}

// cpHidden: the checkpoint is reached but the learner, stepping one
// event at a time, has not seen the events before it yet.
func (s *Session) cpHidden() bool { return s.cp.waiting && len(s.st.pending) > 0 }

// Checkpoint is the panel to show, nil when none.
func (s *Session) Checkpoint() *CheckpointView {
	if s.cp.open < 0 || s.cpHidden() {
		return nil
	}
	c := s.checkpointAt(s.cp.open)
	v := &CheckpointView{Index: s.cp.open + 1, Count: len(s.cp.order), Text: c.Text, TextZH: c.TextZH,
		Question: c.Question, QuestionZH: c.QuestionZH, Choices: c.Choices, ChoicesZH: c.ChoicesZH,
		Picked: s.cp.picked, Waiting: s.cp.waiting, Revealed: s.cp.revealed, Prev: s.cp.prev}
	if v.Revealed {
		v.Answer, v.Explain, v.ExplainZH = c.Answer, c.Explain, c.ExplainZH
	}
	return v
}

// CheckpointsLeft is how many checkpoints the run has not reached yet.
func (s *Session) CheckpointsLeft() int { return len(s.cp.order) - s.cp.next }
