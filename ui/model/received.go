package model

import "github.com/dlxlab/dlxlab/core"

// What a consumer received. A message a consumer acks is gone from the
// broker, but the learner still needs to see it as it arrived (its
// x-death, its redelivered flag) and what the consumer did with it. The
// session keeps the newest deliveries of each consumer as they happen
// (observe.go): the headers as delivered, and, once the copy's next event
// comes, what became of it.

// MaxReceived bounds the deliveries listed per consumer (the newest).
const MaxReceived = 200

// SelReceived is the selection kind of a received delivery: Name is the
// consumer ("" for basic.get), Position the delivery's event number.
const SelReceived = "received"

// Outcomes of a delivery.
const (
	OutcomeHeld         = "held"          // still unacked
	OutcomeAcked        = "acked"         // done
	OutcomeRequeued     = "requeued"      // back in its queue
	OutcomeDeadLettered = "dead-lettered" // rejected (or over the delivery limit) to the DLX
	OutcomeDropped      = "dropped"       // rejected with nowhere to go
)

// ReceivedRow is one delivery to a consumer.
type ReceivedRow struct {
	Seq         uint64 // the delivery's event number: names it (SelectReceived)
	Consumer    string // "" for basic.get
	T           core.Time
	Queue       string
	Tag         uint64
	Lineage     uint64
	Instance    uint64
	Body        string
	Redelivered bool
	Deaths      int64  // the sum of x-death counts as delivered
	Action      string // what the consumer's script does with it
	Outcome     string // Outcome*
	Reason      string // the dead-letter or drop reason
	At          core.Time
	Selected    bool
}

// Received lists the deliveries a consumer got ("" lists basic.get),
// oldest first, at most MaxReceived (the newest).
func (s *Session) Received(consumer string) []ReceivedRow {
	defer s.atEvent()()
	kept := newest(s.ob.recv[consumer], MaxReceived)
	rows := make([]ReceivedRow, len(kept))
	for i, e := range kept {
		rows[i] = e.row
		rows[i].Selected = s.sel.Kind == SelReceived && s.sel.Name == consumer && uint64(s.sel.Position) == e.row.Seq
	}
	return rows
}

func outcomeOf(ev core.Event) string {
	switch ev.Kind {
	case core.EvAcked:
		return OutcomeAcked
	case core.EvRequeued:
		return OutcomeRequeued
	case core.EvDeadLettered:
		return OutcomeDeadLettered
	}
	return OutcomeDropped
}

func deathCount(h core.Table) int64 {
	arr, _ := h[core.HeaderXDeath].([]any)
	var n int64
	for _, v := range arr {
		if t, ok := v.(core.Table); ok {
			c, _ := core.AsInteger(t["count"])
			n += c
		}
	}
	return n
}

// SelectReceived opens a delivery in the inspector (Seq of a ReceivedRow).
func (s *Session) SelectReceived(consumer string, seq uint64) {
	s.sel = Selection{Kind: SelReceived, Name: consumer, Position: int(seq)}
	if e := s.ob.receivedAt(consumer, seq); e != nil {
		s.sel.Lineage, s.sel.Instance = e.row.Lineage, e.row.Instance
		return
	}
	if ev, ok := s.eventAt(seq); ok && ev.Kind == core.EvDelivered && ev.Msg != nil {
		s.sel.Lineage, s.sel.Instance = ev.Msg.Lineage, ev.Instance
	}
}

// receivedDetail is the inspector's view of a received delivery: the
// message with the headers the consumer saw, and what it did.
func (s *Session) receivedDetail() MessageDetail {
	md := MessageDetail{Lineage: s.sel.Lineage, Instance: s.sel.Instance}
	var row *ReceivedRow
	for _, r := range s.Received(s.sel.Name) {
		if r.Seq == uint64(s.sel.Position) {
			row = &r
			break
		}
	}
	md.History = s.History(s.sel.Lineage)
	e := s.ob.receivedAt(s.sel.Name, uint64(s.sel.Position))
	if row == nil || e == nil {
		md.WhereKey = "where.none"
		return md
	}
	md.Found, md.Gone = true, row.Outcome != OutcomeHeld
	who := row.Queue
	if s.sel.Name != "" {
		who = s.sel.Name
	}
	md.WhereKey = "where.received"
	then := row.Outcome
	if row.Reason != "" {
		then += " (" + row.Reason + ")"
	}
	md.WhereArgs = []string{who, row.Queue, FormatClock(row.T), then}
	msg, headers := e.msg, e.headers
	md.Body, md.Exchange, md.RoutingKey = msg.Body, msg.Exchange, joinKeys(msg.Keys)
	md.Props = propRows(msg.Properties())
	md.Received = row
	for _, k := range headers.SortedKeys() {
		if k != core.HeaderXDeath {
			md.Headers = append(md.Headers, KV{k, Shown(headers[k])})
		}
	}
	md.XDeath = s.xdeathRows(md.Lineage, headers)
	s.linkDeaths(&md, row.Seq)
	return md
}

func joinKeys(keys []string) string {
	out := ""
	for i, k := range keys {
		if i > 0 {
			out += ", "
		}
		out += k
	}
	return out
}

// LastDrop finds the newest message dropped from a queue with a reason
// (a drop chip's), so the inspector can open it; ok is false if none.
func (s *Session) LastDrop(queue, reason string) (lineage, instance uint64, ok bool) {
	ref, ok := s.ob.lastDrop[[2]string{queue, reason}]
	return ref[0], ref[1], ok
}

// Returns lists the newest returned messages (basic.return), oldest
// first, at most MaxReturns, and how many there were in all.
func (s *Session) Returns() (rows []ReturnRow, total int) {
	return newest(s.ob.returns, MaxReturns), s.ob.returned
}
