package scenarios

// A body is written once, however many copies carry it: ten thousand
// deliveries of one 100 KB body would otherwise make a gigabyte of JSON
// (and hold it in memory while it is built). WithBodyRefs moves every body
// longer than InlineBodyMax into Observation.Bodies and leaves a 1-based
// body_ref in each message, so the output stays proportional to the events.

// InlineBodyMax is the longest body WithBodyRefs leaves in place.
const InlineBodyMax = 256

// WithBodyRefs returns a copy of the observation whose long bodies are
// referenced (Message.BodyRef, an index into Bodies from 1) instead of
// repeated. Short bodies stay in place, so small runs look as before.
func (o *Observation) WithBodyRefs() *Observation {
	c := *o
	c.Bodies = nil
	refs := map[string]int{}
	ref := func(m *Message) {
		if len(m.Body) <= InlineBodyMax {
			return
		}
		n, ok := refs[m.Body]
		if !ok {
			c.Bodies = append(c.Bodies, m.Body)
			n = len(c.Bodies)
			refs[m.Body] = n
		}
		m.Body, m.BodyRef = "", n
	}
	c.Deliveries = append([]Delivery(nil), o.Deliveries...)
	for i := range c.Deliveries {
		ref(&c.Deliveries[i].Message)
	}
	c.Returns = append([]Return(nil), o.Returns...)
	for i := range c.Returns {
		ref(&c.Returns[i].Message)
	}
	c.Drops = append([]Drop(nil), o.Drops...)
	for i := range c.Drops {
		ref(&c.Drops[i].Message)
	}
	c.Queues = refQueues(o.Queues, ref)
	c.Snapshots = append([]Snapshot(nil), o.Snapshots...)
	for i := range c.Snapshots {
		c.Snapshots[i].Queues = refQueues(o.Snapshots[i].Queues, ref)
	}
	return &c
}

func refQueues(qs map[string]QueueState, ref func(*Message)) map[string]QueueState {
	out := make(map[string]QueueState, len(qs))
	for name, q := range qs {
		msgs := append([]QueuedMessage(nil), q.Messages...)
		for i := range msgs {
			ref(&msgs[i].Message)
		}
		if msgs == nil {
			msgs = []QueuedMessage{}
		}
		out[name] = QueueState{Messages: msgs, Unacked: q.Unacked}
	}
	return out
}
