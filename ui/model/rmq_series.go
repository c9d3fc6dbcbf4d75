package model

import (
	"sort"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
)

// The RocketMQ charts are computed from the broker's events as they
// happen, keeping only what the charts draw: the ladder of the first few
// messages, counts per minute, and the DLQ depth where it changes. A
// replay feeds the same events again, so the charts after an edit, undo
// or step back are the same as if the run had been watched.

// Limits of the series, named.
const (
	// MaxLadderLanes is how many messages the ladder chart follows one by
	// one; every other message is counted in the rung totals only.
	MaxLadderLanes = 12
	// MaxRateMinutes bounds the per-minute counts (6 days of virtual time);
	// later minutes are counted in the last one.
	MaxRateMinutes = 6 * 24 * 60
	// MaxRungs bounds the reconsumeTimes the rung totals tell apart.
	MaxRungs = 64
)

// RMQSeries accumulates what the RocketMQ charts draw. Feed it every event
// of a run in order; a run that starts again (a replay) starts it again.
type RMQSeries struct {
	run     *rmq.Broker // the run the series are of
	last    uint64      // Seq of the last event taken
	lanes   []LadderLane
	laneOf  map[string]int // group + msgId → lane
	others  int            // messages not followed one by one
	rungs   [MaxRungs + 1]int
	perMin  []RateMinute
	dlq     []DLQSeries
	dlqOf   map[string]int // DLQ topic → series
	lastT   rmq.Time
	dropped int // dead letters removed by retention
}

// LadderLane is one message's deliveries to one group.
type LadderLane struct {
	Group, MsgID string
	Keys         string
	First        rmq.Time // its first delivery
	Hits         []LadderHit
	DLQAt        rmq.Time // when it went to %DLQ% (-1: it did not)
}

// LadderHit is one delivery of a followed message.
type LadderHit struct {
	T              rmq.Time
	ReconsumeTimes int
	Result         string
}

// RateMinute counts one minute of virtual time.
type RateMinute struct {
	Sent       int // producer messages stored
	Deliveries int // listener calls (retries included, resends too)
	Retries    int // of which reconsumeTimes > 0
}

// DLQSeries is the depth of one %DLQ% topic where it changed.
type DLQSeries struct {
	Topic  string
	Points []DepthPoint
	Max    int
}

// DepthPoint is a depth from time T on.
type DepthPoint struct {
	T     rmq.Time
	Depth int
}

// Feed takes the events of run b in order. Events already taken are
// skipped, so the caller may pass its whole log each time; another broker
// (a replay builds a new one) starts the series again.
func (s *RMQSeries) Feed(b *rmq.Broker, evs []rmq.Event) {
	if b != s.run {
		*s = RMQSeries{run: b}
	}
	// Sequence numbers grow along the log: start after the last one taken.
	i := sort.Search(len(evs), func(i int) bool { return evs[i].Seq > s.last })
	for _, e := range evs[i:] {
		s.last = e.Seq
		s.take(e)
	}
}

// Reset forgets everything (a new run).
func (s *RMQSeries) Reset() { *s = RMQSeries{} }

func (s *RMQSeries) take(e rmq.Event) {
	s.lastT = e.T
	switch e.Kind {
	case rmq.EvSent:
		s.minute(e.T).Sent++
	case rmq.EvDelivered, rmq.EvResent:
		m := s.minute(e.T)
		m.Deliveries++
		if e.ReconsumeTimes > 0 {
			m.Retries++
		}
		if e.Kind == rmq.EvDelivered {
			s.rungs[min(e.ReconsumeTimes, MaxRungs)]++
			s.hit(e)
		}
	case rmq.EvDeadLettered:
		if l := s.lane(e.Group, e.MsgID, false); l != nil && l.DLQAt < 0 {
			l.DLQAt = e.T
		}
		s.depth(e.Topic, e.T, +1)
	case rmq.EvExpired:
		if s.dlqOf[e.Topic] > 0 {
			s.depth(e.Topic, e.T, -1)
			s.dropped++
		}
	}
}

func (s *RMQSeries) minute(t rmq.Time) *RateMinute {
	i := min(int(t/60_000), MaxRateMinutes-1)
	for len(s.perMin) <= i {
		s.perMin = append(s.perMin, RateMinute{})
	}
	return &s.perMin[i]
}

func (s *RMQSeries) hit(e rmq.Event) {
	l := s.lane(e.Group, e.MsgID, e.ReconsumeTimes == 0)
	if l == nil {
		return
	}
	if len(l.Hits) == 0 {
		l.First = e.T
	}
	l.Hits = append(l.Hits, LadderHit{T: e.T, ReconsumeTimes: e.ReconsumeTimes, Result: e.Result})
}

// lane finds the lane of a message, making one for a first delivery while
// there is room.
func (s *RMQSeries) lane(group, msgID string, create bool) *LadderLane {
	if s.laneOf == nil {
		s.laneOf = map[string]int{}
	}
	k := group + "\x00" + msgID
	if i, ok := s.laneOf[k]; ok {
		return &s.lanes[i]
	}
	if !create {
		return nil
	}
	if len(s.lanes) == MaxLadderLanes {
		s.others++
		return nil
	}
	s.laneOf[k] = len(s.lanes)
	s.lanes = append(s.lanes, LadderLane{Group: group, MsgID: msgID, DLQAt: -1})
	return &s.lanes[len(s.lanes)-1]
}

func (s *RMQSeries) depth(topic string, t rmq.Time, d int) {
	if s.dlqOf == nil {
		s.dlqOf = map[string]int{}
	}
	i, ok := s.dlqOf[topic]
	if !ok {
		s.dlq = append(s.dlq, DLQSeries{Topic: topic, Points: []DepthPoint{{0, 0}}})
		i = len(s.dlq)
		s.dlqOf[topic] = i
	}
	se := &s.dlq[i-1]
	cur := se.Points[len(se.Points)-1]
	p := DepthPoint{T: t, Depth: cur.Depth + d}
	if cur.T == t {
		se.Points[len(se.Points)-1] = p
	} else {
		se.Points = append(se.Points, p)
	}
	se.Max = max(se.Max, p.Depth)
	if len(se.Points) > MaxSamples {
		se.Points = thinDepth(se.Points)
	}
}

// thinDepth halves a step series, keeping the first and last points and
// every other one between: the shape stays, steps get coarser.
func thinDepth(ps []DepthPoint) []DepthPoint {
	out := ps[:1]
	for i := 1; i < len(ps)-1; i += 2 {
		out = append(out, ps[i])
	}
	return append(out, ps[len(ps)-1])
}

// Lanes returns the followed messages, in the order they were first
// delivered.
func (s *RMQSeries) Lanes() []LadderLane { return s.lanes }

// Others is how many messages were delivered but not followed one by one.
func (s *RMQSeries) Others() int { return s.others }

// Rungs returns how many deliveries each reconsumeTimes had, up to the
// highest reached (the last entry also counts anything above MaxRungs).
func (s *RMQSeries) Rungs() []int {
	n := 0
	for i, c := range s.rungs {
		if c > 0 {
			n = i + 1
		}
	}
	return s.rungs[:n]
}

// PerMinute returns the counts per minute of virtual time, from minute 0.
func (s *RMQSeries) PerMinute() []RateMinute { return s.perMin }

// DLQ returns the depth series of every %DLQ% topic, in the order each
// first received a dead letter.
func (s *RMQSeries) DLQ() []DLQSeries { return s.dlq }
