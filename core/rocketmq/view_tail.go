package rocketmq

// TopicTails is View's topics for a picture of a busy broker, without
// copying every stored message: each queue has its offsets and only its
// last n copies; a schedule or timer queue has the copies still waiting
// (the first n of them) and how many wait. A full ladder of 1,000
// messages stores tens of thousands of copies, and a picture redrawn many
// times a second shows a handful per queue.
func (b *Broker) TopicTails(n int) []TopicView {
	n = max(n, 1)
	out := make([]TopicView, 0, len(b.tOrder))
	for _, t := range b.tOrder {
		tv := TopicView{Name: t.Name, Kind: t.Kind, Perm: t.Perm}
		for _, q := range t.Queues {
			qv := QueueView{ID: q.ID, MinOffset: q.MinOffset, MaxOffset: q.MaxOffset()}
			if t.delays() {
				qv.Waiting = q.waiting
				for i := int(max(q.scan-q.MinOffset, 0)); i < len(q.msgs) && len(qv.Messages) < n; i++ {
					if m := q.msgs[i]; !b.releasedIDs[m.ID] {
						qv.Messages = append(qv.Messages, b.messageView(t, m))
					}
				}
			} else {
				for _, m := range q.msgs[max(len(q.msgs)-n, 0):] {
					qv.Messages = append(qv.Messages, b.messageView(t, m))
				}
			}
			tv.Queues = append(tv.Queues, qv)
		}
		out = append(out, tv)
	}
	return out
}
