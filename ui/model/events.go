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

// observe is the runner's event sink: every broker event passes here once,
// as it happens, and only what the views need is kept (observe.go). The
// depth samples and the tokens are made by absorb, after each command.
func (s *Session) observe(ev core.Event) {
	if s.lean { // a replay for one message's story: nothing else is read
		s.ob.follow(&ev)
		if ev.Seq == s.stopAt {
			panic(stopHere{})
		}
		return
	}
	s.ob.note(&ev)
	if s.st.capturing { // stepping: the instant's events wait to be revealed
		s.ob.inst = append(s.ob.inst, ev)
	} else {
		s.ob.releaseAll()
		s.ob.win.push(ev)
	}
	s.st.shown += shownCount(ev.Kind)
	s.touch(ev.Queue)
	for _, q := range ev.Targets {
		s.touch(q)
	}
	switch ev.Kind {
	case core.EvError, core.EvLimit:
		s.stepErrs[s.curStep] = append(s.stepErrs[s.curStep], ev.Detail)
	case core.EvPublished:
		if !s.pubs[ev.Exchange] {
			s.pubs[ev.Exchange] = true
		}
	}
	if s.stopAt != 0 && ev.Seq == s.stopAt { // a replay for the inspector (atevent.go)
		panic(stopHere{})
	}
}

// touch notes a queue the events touched (most events touch the queue the
// one before touched: that costs no map write).
func (s *Session) touch(q string) {
	if q == "" || q == s.lastTouched {
		return
	}
	s.lastTouched = q
	if !s.touched[q] {
		s.touched[q] = true
	}
}

// absorb ends a batch of events (a command, a clock move): timeline marks
// and, when live, tokens to animate for the newest of them, and depth
// samples for the queues they touched.
func (s *Session) absorb() {
	s.takeWindow(s.live)
	s.lastTouched = ""
	now := s.b.Now()
	for q := range s.touched {
		delete(s.touched, q)
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

// takeWindow makes the timeline marks of the events that entered the
// window since the last call and, with tokens, the tokens of the newest
// of them. Only the window is read: in a batch longer than EventWindow
// the older events' marks would be thinned out (MaxMarks) and their
// tokens cut short anyway, and nothing is done per event as it happens.
// Events captured while stepping enter the window as they are revealed,
// with their tokens made there (reveal): they get marks here, not tokens.
func (s *Session) takeWindow(tokens bool) {
	win := &s.ob.win
	i := win.len()
	for i > 0 && win.at(i-1).Seq > s.marked {
		i--
	}
	if i == win.len() {
		return
	}
	for j := i; j < win.len(); j++ {
		if ev := win.at(j); markWorthy(ev.Kind) {
			s.marks = append(s.marks, Mark{T: ev.T, Queue: ev.Queue, Kind: ev.Kind, Reason: ev.Reason})
		}
	}
	// Forget the oldest once there are twice MaxMarks, in one copy in
	// place: not a copy per batch, and no new list every few batches.
	s.marks = keepNewest(s.marks, MaxMarks)
	if tokens {
		first, room := win.len(), s.tokenRoom()
		for j := win.len() - 1; j >= i && room > 0; j-- {
			if ev := win.at(j); tokenWorthy(ev.Kind) && ev.Seq > s.tokened {
				first, room = j, room-1
			}
		}
		for j := first; j < win.len(); j++ {
			if ev := win.at(j); tokenWorthy(ev.Kind) && ev.Seq > s.tokened {
				s.tokensFor(ev)
			}
		}
	}
	s.marked = win.at(win.len() - 1).Seq
	s.tokened = max(s.tokened, s.ob.last)
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
