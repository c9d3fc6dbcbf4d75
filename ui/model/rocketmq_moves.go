package model

import (
	"strings"
	"time"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
)

// Messages moving on the RocketMQ canvas: every event shown live (played,
// stepped, jumped over in a short hop) that takes a message somewhere
// becomes a move from one anchor of the picture to another: the producer
// to a topic queue, a queue to the group that consumes it, a failed
// message to its delay level in SCHEDULE_TOPIC_XXXX, from there to
// %RETRY%, a last failure to %DLQ%. Moves live for a while of wall time.

// Limits of the moves drawn at once and how long one lasts. About
// MaxRocketMoves per rocketMoveDur finish, three or four per 50 ms frame:
// a frame starts at least minNewMoves (the oldest make way when all are
// taken) and at most maxNewMoves, so that a busy run shows a steady
// sample of its newest moves, each drawn to its end, rather than
// replacing every move on every frame (a new element each).
const (
	MaxRocketMoves = 60
	rocketMoveDur  = 900 * time.Millisecond
	minNewMoves    = 4
	maxNewMoves    = 12
)

// RocketMove is one message moving (or a label at an anchor when From is "").
type RocketMove struct {
	ID       uint64
	Slot     int // stable position in the drawing, so a move keeps its element
	Kind     string
	From, To string // anchors of RocketPicture
	Label    string
	Born     time.Duration
}

// RocketMoveView is a move placed on the picture.
type RocketMoveView struct {
	RocketMove
	Path  string
	X, Y  float64
	Dur   time.Duration
	Delay time.Duration // negative: how far into its animation it is
}

type moveState struct {
	list   []RocketMove
	nextID uint64
}

// rocketMoveFor is the move an event makes (ok false: none).
func rocketMoveFor(ev rmq.Event, b *rmq.Broker) (RocketMove, bool) {
	lane := func(topic string, q int) string { return "lane:" + topic + ":" + itoa(q) }
	label := rocketName(ev, b)
	switch ev.Kind {
	case rmq.EvSent:
		return RocketMove{Kind: "send", From: "producer", To: lane(ev.Topic, ev.QueueID), Label: label}, true
	case rmq.EvDelivered:
		kind := "deliver"
		if rmq.Result(ev.Result) != rmq.Success && rmq.Result(ev.Result) != rmq.Timeout {
			kind = "fail"
		}
		return RocketMove{Kind: kind, From: lane(ev.Topic, ev.QueueID), To: "group:" + ev.Group, Label: label}, true
	case rmq.EvSentBack:
		if ev.Level > 0 {
			return RocketMove{Kind: "retry", From: "group:" + ev.Group, To: lane(rmq.ScheduleTopic, ev.Level-1), Label: label}, true
		}
	case rmq.EvStored:
		if from, ok := strings.CutPrefix(ev.Detail, "released from "); ok {
			return RocketMove{Kind: "release", From: "topic:" + from, To: lane(ev.Topic, ev.QueueID), Label: label}, true
		}
		return RocketMove{Kind: "retry", From: "group:" + strings.TrimPrefix(ev.Topic, rmq.RetryPrefix), To: lane(ev.Topic, ev.QueueID), Label: label}, true
	case rmq.EvDeadLettered:
		return RocketMove{Kind: "dead-letter", From: "group:" + ev.Group, To: lane(ev.Topic, ev.QueueID), Label: label}, true
	case rmq.EvResent:
		return RocketMove{Kind: "deliver", From: lane(ev.Topic, ev.QueueID), To: "group:" + ev.Group, Label: label}, true
	case rmq.EvDropped:
		return RocketMove{Kind: "drop", To: lane(ev.Topic, ev.QueueID), Label: "✕ " + ev.Reason}, true
	case rmq.EvSuspended:
		return RocketMove{Kind: "suspend", To: lane(ev.Topic, ev.QueueID), Label: "‖ " + label}, true
	}
	return RocketMove{}, false
}

// addMoves makes the moves of events [from, to) of the log: those of the
// newest events, as many as this frame has room for (moveRoom).
func (s *RocketSession) addMoves(from, to int) {
	evs := s.b.Events()
	room := s.moveRoom()
	var picked []RocketMove // newest first
	for i := to - 1; i >= max(from, to-MaxRocketMoves) && len(picked) < room; i-- {
		if mv, ok := rocketMoveFor(evs[i], s.b); ok {
			picked = append(picked, mv)
		}
	}
	for i := len(picked) - 1; i >= 0; i-- {
		s.addMove(picked[i])
	}
}

// moveRoom is how many moves the events being read may still start: the
// free places, at least minNewMoves and at most maxNewMoves per frame
// (one wall time), less those already started in it.
func (s *RocketSession) moveRoom() int {
	born := 0
	for i := len(s.mv.list) - 1; i >= 0 && s.mv.list[i].Born == s.wall; i-- {
		born++
	}
	room := min(maxNewMoves, max(MaxRocketMoves-len(s.mv.list), minNewMoves))
	return max(room-born, 0)
}

// addMove gives the move the first free slot; when all are taken the
// oldest move makes way (dropped without copying the others).
func (s *RocketSession) addMove(mv RocketMove) {
	if len(s.mv.list) >= MaxRocketMoves {
		s.mv.list = s.mv.list[1:]
	}
	var used [MaxRocketMoves]bool
	for _, m := range s.mv.list {
		used[m.Slot] = true
	}
	for i, u := range used {
		if !u {
			mv.Slot = i
			break
		}
	}
	s.mv.nextID++
	mv.ID, mv.Born = s.mv.nextID, s.wall
	s.mv.list = append(s.mv.list, mv)
}

// SetWall tells the session the wall time: finished moves go away. It
// reports whether anything still moves (the page keeps drawing).
func (s *RocketSession) SetWall(wall time.Duration) bool {
	s.wall = wall
	kept := s.mv.list[:0]
	for _, m := range s.mv.list {
		if wall-m.Born < rocketMoveDur {
			kept = append(kept, m)
		}
	}
	s.mv.list = kept
	return len(kept) > 0
}

// Moves places the live moves on a picture (moves whose anchors the
// picture lacks are left out).
func (s *RocketSession) Moves(p RocketPicture) []RocketMoveView {
	var out []RocketMoveView
	for _, m := range s.mv.list {
		to, ok := p.Anchor[m.To]
		if !ok {
			continue
		}
		v := RocketMoveView{RocketMove: m, X: to.X, Y: to.Y, Dur: rocketMoveDur, Delay: m.Born - s.wall}
		if m.From != "" {
			from, ok := p.Anchor[m.From]
			if !ok {
				continue
			}
			mid := (from.X + to.X) / 2
			v.Path = "M" + ftoa(from.X) + "," + ftoa(from.Y) + " C" + ftoa(mid) + "," + ftoa(from.Y) + " " +
				ftoa(mid) + "," + ftoa(to.Y) + " " + ftoa(to.X) + "," + ftoa(to.Y)
		}
		out = append(out, v)
	}
	return out
}
