package model

import "github.com/dlxlab/dlxlab/core"

// What a consumer received. A message a consumer acks is gone from the
// broker, but the learner still needs to see it as it arrived (its
// x-death, its redelivered flag) and what the consumer did with it. The
// event log has all of it: every delivery carries the headers as
// delivered, and the copy's next event says what became of it.

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
	var rows []ReceivedRow
	open := map[uint64]int{} // instance → its row while the delivery is unsettled
	for _, ev := range s.b.Events() {
		switch ev.Kind {
		case core.EvDelivered:
			if ev.Consumer != consumer || ev.Msg == nil {
				continue
			}
			r := ReceivedRow{Seq: ev.Seq, Consumer: consumer, T: ev.T, Queue: ev.Queue, Tag: ev.Tag, Lineage: ev.Msg.Lineage, Instance: ev.Instance,
				Body: ev.Msg.Body, Redelivered: ev.Redelivered, Deaths: deathCount(ev.Headers), Action: ev.Action, Outcome: OutcomeHeld,
				Selected: s.sel.Kind == SelReceived && s.sel.Name == consumer && uint64(s.sel.Position) == ev.Seq}
			open[ev.Instance] = len(rows)
			rows = append(rows, r)
		case core.EvAcked, core.EvRequeued, core.EvDeadLettered, core.EvDropped:
			i, ok := open[ev.Instance]
			if !ok {
				continue
			}
			delete(open, ev.Instance)
			rows[i].Outcome, rows[i].Reason, rows[i].At = outcomeOf(ev), ev.Reason, ev.T
		}
	}
	if len(rows) > MaxReceived {
		rows = rows[len(rows)-MaxReceived:]
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
	for _, ev := range s.b.Events() {
		if ev.Seq == seq && ev.Kind == core.EvDelivered && ev.Msg != nil {
			s.sel.Lineage, s.sel.Instance = ev.Msg.Lineage, ev.Instance
			return
		}
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
	var ev *core.Event
	evs := s.b.Events()
	for i := range evs {
		if evs[i].Seq == uint64(s.sel.Position) {
			ev = &evs[i]
			break
		}
	}
	md.History = s.History(s.sel.Lineage)
	if row == nil || ev == nil || ev.Msg == nil {
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
	msg := ev.Msg
	md.Body, md.Exchange, md.RoutingKey = msg.Body, msg.Exchange, joinKeys(msg.Keys)
	md.Props = propRows(msg.Properties())
	md.Received = row
	for _, k := range ev.Headers.SortedKeys() {
		if k != core.HeaderXDeath {
			md.Headers = append(md.Headers, KV{k, Shown(ev.Headers[k])})
		}
	}
	md.XDeath = s.xdeathRows(md.Lineage, ev.Headers)
	s.linkDeaths(&md, ev.Seq)
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
	evs := s.b.Events()
	for i := len(evs) - 1; i >= 0; i-- {
		ev := &evs[i]
		if ev.Kind == core.EvDropped && ev.Queue == queue && ev.Msg != nil && (ev.Reason == reason || ev.Death == reason) {
			return ev.Msg.Lineage, ev.Instance, true
		}
	}
	return 0, 0, false
}
