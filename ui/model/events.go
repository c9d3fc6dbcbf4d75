package model

import (
	"time"

	"github.com/dlxlab/dlxlab/core"
)

// Sample is a queue's depth at a virtual time.
type Sample struct {
	T       core.Time
	Ready   int
	Unacked int
}

// Series is one queue's depth over time, oldest first.
type Series struct {
	Samples []Sample
	Max     int // the largest Ready+Unacked seen
}

func (se *Series) add(sm Sample) {
	if n := len(se.Samples); n > 0 {
		last := &se.Samples[n-1]
		if last.T == sm.T {
			*last = sm
			se.Max = max(se.Max, sm.Ready+sm.Unacked)
			return
		}
		if last.Ready == sm.Ready && last.Unacked == sm.Unacked {
			return
		}
	}
	se.Samples = append(se.Samples, sm)
	se.Max = max(se.Max, sm.Ready+sm.Unacked)
	if len(se.Samples) > MaxSamples {
		// Thin out: keep every other sample, and always the newest.
		kept := se.Samples[:0]
		for i, x := range se.Samples {
			if i%2 == 0 || i == len(se.Samples)-1 {
				kept = append(kept, x)
			}
		}
		se.Samples = kept
	}
}

// Mark is one event on the timeline: what happened to a message in a queue.
type Mark struct {
	T      core.Time
	Queue  string // "" for events at an exchange (unroutable, returned)
	Kind   core.EventKind
	Reason string
}

// Token is a message moving on the canvas (or a label appearing on a
// node) for one event. From, Via and To are node keys.
type Token struct {
	ID     uint64
	Slot   int // stable position in the drawing, so a token keeps its element
	Born   time.Duration
	Dur    time.Duration
	Kind   string // route, dead-letter, deliver, drop, return, expire, ack, requeue, refuse
	From   string
	Via    string
	To     string
	Label  string
	Reason string
}

// Token kinds.
const (
	TokRoute      = "route"
	TokDeadLetter = "dead-letter"
	TokDeliver    = "deliver"
	TokDrop       = "drop"
	TokReturn     = "return"
	TokExpire     = "expire"
	TokAck        = "ack"
	TokRequeue    = "requeue"
	TokRefuse     = "refuse"
)

// absorb reads the events since the last call: depth samples for the
// queues they touched, timeline marks, errors by step, and, when live,
// tokens to animate.
func (s *Session) absorb() {
	evs := s.b.Events()
	if s.seen >= len(evs) {
		return
	}
	batch := evs[s.seen:]
	s.seen = len(evs)
	touched := map[string]bool{}
	firstToken := len(batch) // none, unless room is found below
	if s.live {
		n, room := 0, s.tokenRoom()
		for i := len(batch) - 1; i >= 0 && n < room; i-- {
			if tokenWorthy(batch[i].Kind) {
				n++
				firstToken = i
			}
		}
	}
	for i := range batch {
		ev := &batch[i]
		s.st.shown += shownCount(ev.Kind)
		if ev.Queue != "" {
			touched[ev.Queue] = true
		}
		for _, q := range ev.Targets {
			touched[q] = true
		}
		switch ev.Kind {
		case core.EvError, core.EvLimit:
			s.stepErrs[s.curStep] = append(s.stepErrs[s.curStep], ev.Detail)
		case core.EvPublished:
			s.pubs[ev.Exchange] = true
		case core.EvTopology:
			continue
		}
		if markWorthy(ev.Kind) {
			s.marks = append(s.marks, Mark{T: ev.T, Queue: ev.Queue, Kind: ev.Kind, Reason: ev.Reason})
		}
		if s.live && i >= firstToken {
			s.tokensFor(ev)
		}
	}
	if len(s.marks) > MaxMarks {
		// Forget the oldest without copying the rest: append copies the
		// list once every few thousand marks, not on every batch.
		s.marks = s.marks[len(s.marks)-MaxMarks:]
	}
	now := s.b.Now()
	for q := range touched {
		v, ok := s.b.Queue(q)
		if !ok {
			continue
		}
		se := s.depth[q]
		if se == nil {
			se = &Series{Samples: []Sample{{T: 0}}}
			s.depth[q] = se
		}
		se.add(Sample{T: now, Ready: v.Ready, Unacked: v.Unacked})
	}
}

func markWorthy(k core.EventKind) bool {
	switch k {
	case core.EvEnqueued, core.EvDelivered, core.EvAcked, core.EvRequeued, core.EvExpired,
		core.EvDeadLettered, core.EvDropped, core.EvReturned, core.EvPublishRejected:
		return true
	}
	return false
}

func tokenWorthy(k core.EventKind) bool {
	switch k {
	case core.EvPublished, core.EvDeadLettered, core.EvDelivered, core.EvDropped, core.EvReturned,
		core.EvExpired, core.EvAcked, core.EvRequeued, core.EvPublishRejected:
		return true
	}
	return false
}

// Token durations (wall time).
const (
	moveFor  = 1100 * time.Millisecond
	hopFor   = 600 * time.Millisecond
	labelFor = 1800 * time.Millisecond
)

// maxCopies bounds the tokens one publish or dead-letter makes (a fanout
// to 200 queues draws the first few).
const maxCopies = 6

func (s *Session) tokensFor(ev *core.Event) {
	body := ""
	if ev.Msg != nil {
		body = ev.Msg.Body
	}
	switch ev.Kind {
	case core.EvPublished:
		if len(ev.Targets) == 0 {
			s.addToken(Token{Kind: TokRoute, Dur: hopFor, From: PublisherKey, To: ExchangeKey(ev.Exchange), Label: body})
		}
		for i, q := range ev.Targets {
			if i == maxCopies {
				break
			}
			s.addToken(Token{Kind: TokRoute, Dur: moveFor, From: PublisherKey, Via: ExchangeKey(ev.Exchange), To: QueueKey(q), Label: body})
		}
	case core.EvDeadLettered:
		for i, q := range ev.Targets {
			if i == maxCopies {
				break
			}
			s.addToken(Token{Kind: TokDeadLetter, Dur: moveFor, From: QueueKey(ev.Queue), Via: ExchangeKey(ev.Exchange),
				To: QueueKey(q), Label: ev.Reason, Reason: ev.Reason})
		}
	case core.EvDelivered:
		s.addToken(Token{Kind: TokDeliver, Dur: hopFor, From: QueueKey(ev.Queue), To: ConsumerKey(ev.Queue, ev.Consumer), Label: body})
	case core.EvDropped:
		at := QueueKey(ev.Queue)
		if ev.Queue == "" {
			at = ExchangeKey(ev.Exchange)
		}
		s.addToken(Token{Kind: TokDrop, Dur: labelFor, From: at, Label: ev.Reason, Reason: ev.Reason})
	case core.EvReturned:
		s.addToken(Token{Kind: TokReturn, Dur: labelFor, From: ExchangeKey(ev.Exchange), Label: "312 NO_ROUTE", Reason: "returned"})
	case core.EvExpired:
		s.addToken(Token{Kind: TokExpire, Dur: labelFor, From: QueueKey(ev.Queue), Label: "expired", Reason: core.ReasonExpired})
	case core.EvAcked:
		s.addToken(Token{Kind: TokAck, Dur: hopFor, From: QueueKey(ev.Queue), Label: "ack"})
	case core.EvRequeued:
		s.addToken(Token{Kind: TokRequeue, Dur: labelFor, From: QueueKey(ev.Queue), Label: "requeued", Reason: ev.Reason})
	case core.EvPublishRejected:
		s.addToken(Token{Kind: TokRefuse, Dur: labelFor, From: QueueKey(ev.Queue), Label: "overflow", Reason: core.DropOverflow})
	}
}

// addToken gives the token the first free slot; when every slot is
// taken the oldest token makes room.
func (s *Session) addToken(tk Token) {
	if len(s.tokens) >= MaxTokens {
		// Drop the oldest without moving the others: append copies the
		// list once every MaxTokens or so drops, not on every token.
		s.tokens = s.tokens[1:]
	}
	var used [MaxTokens]bool
	for _, o := range s.tokens {
		used[o.Slot] = true
	}
	for i, u := range used {
		if !u {
			tk.Slot = i
			break
		}
	}
	s.nextID++
	tk.ID = s.nextID
	tk.Born = s.wall
	s.tokens = append(s.tokens, tk)
}
