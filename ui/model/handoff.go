package model

import "github.com/dlxlab/dlxlab/core"

// A copy handed straight to a waiting consumer. The broker picks the
// consumer, tells "enqueued", then tells "delivered": between the two the
// copy is in neither the queue's ready list nor its unacked ones. Stepping
// event by event the learner can stop right there; the inspector then
// shows the copy as being delivered, so that no message is ever hidden.

// HandoffRow is a copy on its way from a queue to a consumer.
type HandoffRow struct {
	Consumer string
	Lineage  uint64
	Instance uint64
	Body     string
	Selected bool
}

// handoff is the copy the revealed event put in queue on its way to a
// consumer, nil if there is none. Call it with the inspected broker in
// s.b (atEvent). The queue's ready count right after such an "enqueued"
// is 0: the broker hands a copy over only when nothing is ready, and a
// copy it keeps is in the queue when it tells the event.
func (s *Session) handoff(queue string) *HandoffRow {
	f := s.st.last
	if len(s.st.pending) == 0 || f == nil || f.ev.Kind != core.EvEnqueued || f.ev.Queue != queue || f.ev.Msg == nil {
		return nil
	}
	if v, ok := s.b.Queue(queue); !ok || v.Ready > 0 {
		return nil
	}
	r := &HandoffRow{Lineage: f.ev.Msg.Lineage, Instance: f.ev.Instance, Body: f.ev.Msg.Body,
		Selected: s.sel.Kind == "message" && s.sel.Instance == f.ev.Instance}
	for _, p := range s.st.pending { // the delivery the learner has not revealed yet
		if p.ev.Kind == core.EvDelivered && p.ev.Instance == f.ev.Instance {
			r.Consumer = p.ev.Consumer
			break
		}
	}
	return r
}

// locateHandoff is locate for a copy being handed over: where it is, and
// the headers it will be delivered with.
func (s *Session) locateHandoff(md *MessageDetail) (*core.Message, core.Table, bool) {
	r := s.handoff(s.sel.Name)
	if r == nil || r.Instance != s.sel.Instance {
		return nil, nil, false
	}
	md.Instance = r.Instance
	md.WhereKey, md.WhereArgs = "where.handoff", []string{s.sel.Name, r.Consumer}
	msg := s.st.last.ev.Msg
	return msg, s.b.MessageHeaders(msg), true
}
