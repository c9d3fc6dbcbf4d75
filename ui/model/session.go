// Package model is the playground's session: the scenario being edited,
// the broker built from it, what it keeps of the broker's events,
// playback (playing, speed, virtual time), the selection and the
// undo/redo history. It produces a Snapshot that the go-app components in
// ui/ render.
//
// It is a sub-package with no go-app (and no syscall/js) import on
// purpose: the whole behaviour of the playground is tested natively with
// `go test ./ui/model` (and under js/wasm), without a browser and without
// go-app's engine. State flows one way (docs/architecture.md "One-way flow"): a component calls a
// Session method (a command), the session changes, the component renders
// the new Snapshot. The session never decides broker behaviour: it sends
// commands to core (directly, or through a scenarios.Runner) and reads
// the broker's views and events back (docs/architecture.md "Parts").
//
// Replay is the only way back in time: Restart, undo, redo and every
// edit rebuild the broker from the scenario and run it again to the same
// virtual time. The run is deterministic, so the learner sees the same
// state, only with the edit applied.
package model

import (
	"time"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
	"github.com/dlxlab/dlxlab/scenarios/metrics"
)

// Limits of the session, named and loud.
const (
	// MaxHistory bounds the undo stack.
	MaxHistory = 200
	// MaxTokens bounds the messages drawn moving at once.
	MaxTokens = 240
	// MaxSamples bounds the depth samples kept per queue (older ones are
	// thinned out, not dropped, so the whole run stays visible).
	MaxSamples = 1200
	// MaxMarks bounds the timeline marks kept: the newest MaxMarks, and
	// older ones until there are twice as many (then let go in one copy).
	MaxMarks = 6000
	// MaxHops bounds the timer hops one advance makes; past it the rest of
	// the interval is run in one go (samples get coarser, nothing is lost).
	MaxHops = 20000
)

// Speeds offered by the clock bar (virtual ms per wall ms).
var Speeds = []float64{1, 2, 5, 10, 100, 1000}

// Session is one learner's playground. It is not safe for concurrent use:
// the UI goroutine owns it (the ticker dispatches onto that goroutine).
type Session struct {
	sc     *scenarios.Scenario
	runner *scenarios.Runner
	b      *core.Broker
	starts []core.Time // start time of each step (waits move time)

	started bool // the steps at t=0 have run (play / step / publish)
	playing bool
	speed   float64
	carry   float64 // fractional virtual ms between ticks

	hold int  // steps from this index wait (-1: none), see runInserted
	job  *job // a jump running in slices (job.go), nil if none

	undo, redo []histEntry
	sel        Selection
	notice     *Notice

	// derived from the events; rebuilt by every replay
	ob          *observed       // what is kept of the events (observe.go)
	touched     map[string]bool // queues the events since the last absorb touched
	lastTouched string
	marked      uint64 // the newest event given its timeline mark (takeWindow)
	tokened     uint64 // the newest event past which tokens may be made
	depth       map[string]*Series
	qorder      []string
	marks       []Mark
	live        bool // events become tokens (false while replaying)
	wall        time.Duration
	tokens      []Token
	nextID      uint64
	pubs        map[string]bool // exchanges something published to
	// errors the broker answered, by step (-1: the topology)
	curStep   int
	stepErrs  map[int][]string
	setupErrs []string
	// x-death change tracking of the selected message
	xdKey    uint64
	xdSeen   map[string]xdState
	xdMarked map[string]time.Duration
	xdPick   xdPick    // the x-death row whose history lines are marked (xdeath_link.go)
	cp       cpState   // the lesson's checkpoints (checkpoint.go)
	st       stepState // stepping one event at a time (stepper.go)
	stopAt   uint64    // a replay that stops right after this event (atevent.go)
	lean     bool      // a replay that keeps one lineage's events only (lineage.go)
	// a node being dragged (not an edit until it is dropped)
	dragKey string
	dragPos scenarios.Point
	// the canvas: its words, its direction, the layout it remembers (layout.go)
	words      Words
	horizontal bool
	paneW      float64
	paneH      float64
	memo       *layoutMemo
	epoch      int
	lcache     layoutCache
	// the Findings panel's last report and metrics (findings.go)
	lint       lintCache
	metricsFor *scenarios.Scenario
	metricsRep *metrics.Report
}

// Selection is what the inspector shows: a queue, an exchange, or a
// message (by lineage, which survives dead-lettering, and the copy).
type Selection struct {
	Kind     string `json:"kind,omitempty"` // "", "queue", "exchange", "message"
	Name     string `json:"name,omitempty"` // queue or exchange name; the queue a message was picked in
	Lineage  uint64 `json:"lineage,omitempty"`
	Instance uint64 `json:"instance,omitempty"`
	Position int    `json:"position,omitempty"` // where it was seen, to find it fast
}

// Notice is a message for the learner after a command: an error the
// broker answered (its own text, e.g. "PRECONDITION_FAILED - ...") or
// an info line. Key names the catalogue entry that frames it.
type Notice struct {
	Error bool
	Key   string   // catalogue key, e.g. "notice.rejected"
	Args  []string // values for the key's placeholders
	Text  string   // the broker's own text (never translated), may be ""
}

// journalEntry is a by-hand settle as builds before settle steps could
// name a delivery (`n`) kept it: in a journal beside the steps, in the
// autosave. Restore turns such entries into steps (adoptJournal).
type journalEntry struct {
	T        core.Time `json:"t"`
	Consumer string    `json:"consumer"`
	Instance uint64    `json:"instance"`
	Action   string    `json:"action"` // ack | reject | nack | requeue
}

// New returns a session with an empty scenario.
func New() *Session {
	s := &Session{speed: 1, hold: -1}
	s.sc = emptyScenario()
	s.rebuild(0)
	return s
}

func emptyScenario() *scenarios.Scenario {
	return &scenarios.Scenario{Version: scenarios.Version, Title: "Untitled"}
}

// Scenario returns a copy of the scenario being edited.
func (s *Session) Scenario() *scenarios.Scenario { return clone(s.sc) }

// Broker is the broker of the current run: read it, do not command it.
func (s *Session) Broker() *core.Broker { return s.b }

// Now is the virtual time.
func (s *Session) Now() core.Time { return s.b.Now() }

// Started reports that the run has begun (steps at t=0 have run).
func (s *Session) Started() bool { return s.started }

// Playing reports that the clock runs.
func (s *Session) Playing() bool { return s.playing }

// Speed is the playback speed (virtual ms per wall ms).
func (s *Session) Speed() float64 { return s.speed }

// Notice returns the last notice (nil if none) .
func (s *Session) Notice() *Notice { return s.notice }

// DismissNotice clears the notice.
func (s *Session) DismissNotice() { s.notice = nil }

// Load replaces the scenario (library, YAML, import, link), as one
// undoable edit, and starts again at t=0.
func (s *Session) Load(sc *scenarios.Scenario) {
	s.pushUndo()
	s.replaceScenario(sc)
}

func (s *Session) replaceScenario(sc *scenarios.Scenario) {
	s.sc = clone(sc)
	s.forgetLayout()
	s.sel = Selection{}
	s.playing = false
	s.notice = nil
	s.started = false
	s.st.known, s.st.stalls = 0, nil
	s.rebuild(0)
}

// clone copies a scenario so that the copy's lists can change without
// touching the original. Entries (steps, tables) are never changed in
// place anywhere in this package, so a shallow copy of each list suffices.
func clone(sc *scenarios.Scenario) *scenarios.Scenario {
	c := *sc
	c.Exchanges = append([]scenarios.Exchange(nil), sc.Exchanges...)
	c.Queues = append([]scenarios.Queue(nil), sc.Queues...)
	c.Bindings = append([]scenarios.Binding(nil), sc.Bindings...)
	c.Policies = append([]scenarios.Policy(nil), sc.Policies...)
	c.Consumers = append([]scenarios.Consumer(nil), sc.Consumers...)
	c.Steps = append([]scenarios.Step(nil), sc.Steps...)
	c.Expect = append([]scenarios.Expectation(nil), sc.Expect...)
	c.Checkpoints = append([]scenarios.Checkpoint(nil), sc.Checkpoints...)
	c.Warnings = append([]string(nil), sc.Warnings...)
	if sc.Layout != nil {
		c.Layout = make(map[string]scenarios.Point, len(sc.Layout))
		for k, v := range sc.Layout {
			c.Layout[k] = v
		}
	}
	return &c
}

// runnerCopy is the scenario the runner plays: every wait made 0, because
// the session moves time itself (at the speed the learner chose) and runs
// each step when its time comes. starts keeps the real step times.
func runnerCopy(sc *scenarios.Scenario) (*scenarios.Scenario, []core.Time) {
	c := clone(sc)
	c.Expect = nil
	starts := make([]core.Time, len(c.Steps))
	var t core.Time
	zero := scenarios.Duration(0)
	for i, st := range c.Steps {
		starts[i] = t
		if st.Wait != nil {
			t += core.Time(*st.Wait)
			st.Wait = &zero
			c.Steps[i] = st
		}
	}
	return c, starts
}

// rebuild makes a new broker from the scenario and replays it to virtual
// time t. Derived state (samples, marks) is rebuilt with it; no tokens
// are made for the replayed past.
func (s *Session) rebuild(t core.Time) {
	s.job = nil // a job runs on the broker being replaced
	rc, starts := runnerCopy(s.sc)
	// Derived state starts again first: the runner reports the topology's
	// events while it is made. The session reads the broker's events
	// through its own sink (observe), as they happen: no broker log and no
	// runner buffer keeps them, and no trace line is formatted.
	s.ob = newObserved(s.ob)
	s.touched = map[string]bool{}
	s.marked, s.tokened = 0, 0
	s.curStep = -1
	s.stepErrs = map[int][]string{}
	s.depth = map[string]*Series{}
	s.qorder = nil
	s.marks = nil
	s.tokens = nil
	s.pubs = map[string]bool{}
	s.xdKey, s.xdSeen, s.xdMarked = 0, nil, nil
	s.carry = 0
	s.live = false
	s.st.reset()
	opts := scenarios.Options{NoTrace: true, SinkOnly: true, Sink: s.observe}
	r, err := scenarios.NewRunner(rc, opts)
	if err != nil { // an unknown profile: fall back to the default one
		rc.Profile = ""
		r, _ = scenarios.NewRunner(rc, opts)
		s.notice = &Notice{Error: true, Key: "notice.profile", Text: err.Error()}
	}
	s.runner, s.b, s.starts = r, r.Broker(), starts
	s.absorb()
	s.setupErrs = s.stepErrs[-1]
	s.curStep = stepTimers
	open := s.cp
	s.resetCheckpoints()
	if s.started {
		s.cp.off = true
		s.runTo(t)
		s.cp.off = false
		s.skipReached()
		if open.open >= 0 && open.open < len(s.cp.order) && len(open.order) == len(s.cp.order) {
			s.cp.open, s.cp.waiting, s.cp.revealed, s.cp.picked = open.open, open.waiting, open.revealed, open.picked
		}
	}
	s.live = true
}

// Restart replays the scenario from the beginning (t=0, nothing run).
// What the learner did by hand stays: it happens again at its time.
func (s *Session) Restart() {
	s.endJob()
	s.notice = nil
	s.playing = false
	s.started = false
	s.rebuild(0)
}
