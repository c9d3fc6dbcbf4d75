package model

import (
	"time"

	"github.com/dlxlab/dlxlab/core"
)

// Snapshot is what the page renders on every update: the canvas, the
// clock and what the header needs. The side panels ask the session for
// their own parts (QueueDetail, MessageDetail, DepthCharts, Timeline),
// each only when shown, so a hidden panel costs nothing.
type Snapshot struct {
	Title     string
	Summary   string
	TitleZH   string // "" when the scenario has no title_zh
	SummaryZH string // "" when the scenario has no summary_zh
	Profile   string
	Empty     bool
	Now       core.Time
	Next      core.Time // when the next thing happens (core.Never: nothing will)
	End       core.Time // when the scenario's last step runs
	Started   bool
	Playing   bool
	Speed     float64
	Graph     Graph
	Tokens    []TokenView
	CanUndo   bool
	CanRedo   bool
	Notice    *Notice
	Sel       Selection
	Errors    int // broker errors so far (topology and steps)
	Warnings  []string
	Steps     int
	// Checkpoint is the lesson's panel, nil when none is open.
	Checkpoint *CheckpointView
	// Event is the event stepped to (its caption), nil unless stepping.
	Event *EventView
	// EventPos and EventsKnown place the run on the event scrubber:
	// the events shown so far, and the furthest position reached.
	EventPos, EventsKnown int
	// Stepping: the instant is only partly revealed; the queue counts
	// are those right after Event.
	Stepping bool
	// Job is a jump running in slices (progress, Cancel), nil if none.
	Job *JobView
}

// TokenView is a token placed on the canvas: a path to move along, or
// a point where a label appears.
type TokenView struct {
	Token
	Path  string
	X, Y  float64
	Delay time.Duration // negative: how far into its animation it already is
}

// Snapshot renders the session.
func (s *Session) Snapshot() Snapshot {
	g := s.Graph()
	s.overlayDepths(&g)
	snap := Snapshot{
		Title: s.sc.Title, Summary: s.sc.Summary, TitleZH: s.sc.TitleZH, SummaryZH: s.sc.SummaryZH,
		Profile: string(s.b.Profile()),
		Empty:   len(g.Nodes) == 0, Now: s.b.Now(), Next: s.NextEventTime(), End: s.EndTime(),
		Started: s.started, Playing: s.playing, Speed: s.speed, Graph: g,
		CanUndo: s.CanUndo(), CanRedo: s.CanRedo(), Notice: s.notice, Sel: s.sel,
		Errors: len(s.setupErrs) + len(s.StepErrors()), Warnings: s.sc.Warnings, Steps: len(s.sc.Steps),
		Checkpoint: s.Checkpoint(), Event: s.Event(), Stepping: s.Stepping(), Job: s.Job(),
	}
	snap.EventPos, snap.EventsKnown = s.EventPos()
	snap.Tokens = make([]TokenView, 0, len(s.tokens))
	for _, tk := range s.tokens {
		path, x, y, ok := g.TokenPath(tk)
		if !ok {
			continue
		}
		snap.Tokens = append(snap.Tokens, TokenView{Token: tk, Path: path, X: x, Y: y, Delay: tk.Born - s.wall})
	}
	return snap
}
