package model

import (
	"encoding/json"
	"time"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	rscn "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// RocketSession is the playground for a `broker: rocketmq` scenario: the
// scenario, the core/rocketmq broker a scenarios/rocketmq Runner plays it
// on, its event log, and playback on the virtual clock (play, step one
// event, the next instant, jumps, fast-forward, step back). Like Session
// it is pure (no go-app) and never decides broker behaviour: it moves the
// runner's clock and reads the broker's View and events back.
//
// Going back in time is a replay: the run is deterministic, so rebuilding
// the broker and running to the same event position gives the same state.
// What the learner does by hand (a send, an operation) becomes a step of
// the scenario at the virtual time it was done (Apply), so a replay, an
// autosave and a share link all carry it.
type RocketSession struct {
	sc  *rscn.Scenario
	run *rscn.Runner
	b   *rmq.Broker

	started bool // the steps at t=0 have run
	playing bool
	speed   float64
	carry   float64 // fractional virtual ms between ticks
	wall    time.Duration

	base  int // events of the setup (topics, groups): not shown as steps
	shown int // events revealed, counted from base
	known int // the furthest position reached (the scrubber's end)
	last  int // the event stepped to (index into Events), -1: not stepping

	sel    RocketSelection
	notice *Notice
	mv     moveState // messages moving on the canvas (rocketmq_moves.go)
}

// RocketSelection is what the RocketMQ inspector shows: a message (by its
// msgId, the same on every copy), a topic queue, or a group.
type RocketSelection struct {
	Kind  string `json:"kind,omitempty"` // "", "message", "queue", "group"
	MsgID string `json:"msg_id,omitempty"`
	Topic string `json:"topic,omitempty"`
	Queue int    `json:"queue,omitempty"`
	Group string `json:"group,omitempty"`
}

// RocketSpeeds are the playback speeds offered (virtual ms per wall ms):
// the full retry ladder (4 h 46 min) plays in 17 s at 1000×.
var RocketSpeeds = []float64{1, 10, 100, 1000, 10000}

// NewRocket opens a RocketMQ scenario at t=0, nothing run yet.
func NewRocket(sc *rscn.Scenario) (*RocketSession, error) {
	s := &RocketSession{speed: 100, last: -1}
	if err := s.replace(sc); err != nil {
		return nil, err
	}
	return s, nil
}

// replace loads a scenario; on an error the session is unchanged.
func (s *RocketSession) replace(sc *rscn.Scenario) error {
	old := s.sc
	s.sc = cloneRocket(sc)
	if err := s.rebuild(); err != nil {
		s.sc = old
		return err
	}
	s.sel, s.playing, s.notice, s.known = RocketSelection{}, false, nil, 0
	return nil
}

// Load replaces the scenario and starts again at t=0.
func (s *RocketSession) Load(sc *rscn.Scenario) error { return s.replace(sc) }

// cloneRocket copies a scenario deeply (through its JSON form), so the
// session's copy never shares a list with the caller's.
func cloneRocket(sc *rscn.Scenario) *rscn.Scenario {
	data, err := json.Marshal(sc)
	c := &rscn.Scenario{}
	if err == nil && json.Unmarshal(data, c) == nil {
		c.Name, c.Warnings = sc.Name, append([]string(nil), sc.Warnings...)
		return c
	}
	cp := *sc
	return &cp
}

// rebuild makes a new broker from the scenario at t=0, nothing run.
func (s *RocketSession) rebuild() error {
	r, err := rscn.NewRunner(s.sc, rmq.WithEventLog())
	if err != nil {
		return err
	}
	s.run, s.b = r, r.Broker()
	s.started, s.carry = false, 0
	s.base = len(s.b.Events())
	s.shown, s.last = 0, -1
	s.mv.list = nil
	return nil
}

// Scenario returns a copy of the scenario (with what was done by hand).
func (s *RocketSession) Scenario() *rscn.Scenario { return cloneRocket(s.sc) }

// Broker is the broker of the current run. Read it freely; do not command
// it (a command would be lost at the next replay): use Apply.
func (s *RocketSession) Broker() *rmq.Broker { return s.b }

// View is the broker's snapshot (topics, queues, copies, groups).
func (s *RocketSession) View() rmq.View { return s.b.View() }

// Now is the virtual time.
func (s *RocketSession) Now() rmq.Time { return s.b.Now() }

// Events are the events revealed so far, oldest first, setup included
// (the topics the broker creates). Do not modify the slice.
func (s *RocketSession) Events() []rmq.Event { return s.b.Events()[:s.base+s.shown] }

// Errors lists what the broker refused so far (each with its time).
func (s *RocketSession) Errors() []string { return s.run.Errors() }

// Started reports that the run has begun (steps at t=0 have run).
func (s *RocketSession) Started() bool { return s.started }

// Playing reports that the clock runs.
func (s *RocketSession) Playing() bool { return s.playing }

// Speed is the playback speed (virtual ms per wall ms).
func (s *RocketSession) Speed() float64 { return s.speed }

// SetSpeed sets the speed, clamped to the offered range.
func (s *RocketSession) SetSpeed(v float64) {
	s.speed = min(max(v, RocketSpeeds[0]), RocketSpeeds[len(RocketSpeeds)-1])
}

// Notice is the last notice (nil if none).
func (s *RocketSession) Notice() *Notice { return s.notice }

// DismissNotice clears the notice.
func (s *RocketSession) DismissNotice() { s.notice = nil }

// Selection is what the inspector shows.
func (s *RocketSession) Selection() RocketSelection { return s.sel }

// Select changes what the inspector shows.
func (s *RocketSession) Select(sel RocketSelection) { s.sel = sel }
