package scenarios

import (
	"slices"
	"sort"
)

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
	refs := newBodyRefs()
	o.eachBody(func(body string) { refs.add(body) }, func(each func(string)) {
		for _, name := range sortedNames(o.Queues) {
			for _, m := range o.Queues[name].Messages {
				each(m.Body)
			}
		}
	})
	c.Bodies = refs.bodies
	ref := func(m *Message) {
		if n := refs.n[m.Body]; n != 0 {
			m.Body, m.BodyRef = "", n
		}
	}
	c.Deliveries = slices.Clone(o.Deliveries)
	for i := range c.Deliveries {
		ref(&c.Deliveries[i].Message)
	}
	c.Returns = slices.Clone(o.Returns)
	for i := range c.Returns {
		ref(&c.Returns[i].Message)
	}
	c.Drops = slices.Clone(o.Drops)
	for i := range c.Drops {
		ref(&c.Drops[i].Message)
	}
	c.Queues = refQueues(o.Queues, ref)
	c.Snapshots = slices.Clone(o.Snapshots)
	for i := range c.Snapshots {
		c.Snapshots[i].Queues = refQueues(o.Snapshots[i].Queues, ref)
	}
	return &c
}

// eachBody calls fn with every message body in the order the bodies list
// numbers them: deliveries, returns, drops, the final queues (which
// queues walks, by name), then the snapshots' queues.
func (o *Observation) eachBody(fn func(string), queues func(each func(string))) {
	for i := range o.Deliveries {
		fn(o.Deliveries[i].Message.Body)
	}
	for i := range o.Returns {
		fn(o.Returns[i].Message.Body)
	}
	for i := range o.Drops {
		fn(o.Drops[i].Message.Body)
	}
	queues(fn)
	for _, s := range o.Snapshots {
		for _, name := range sortedNames(s.Queues) {
			for _, m := range s.Queues[name].Messages {
				fn(m.Body)
			}
		}
	}
}

// bodyRefs numbers the long bodies, from 1, in the order they are added.
type bodyRefs struct {
	n      map[string]int
	bodies []string
}

func newBodyRefs() *bodyRefs { return &bodyRefs{n: map[string]int{}} }

func (r *bodyRefs) add(body string) {
	if len(body) <= InlineBodyMax {
		return
	}
	if _, ok := r.n[body]; !ok {
		r.bodies = append(r.bodies, body)
		r.n[body] = len(r.bodies)
	}
}

// of is the number of a long body (added now if it was not).
func (r *bodyRefs) of(body string) int {
	r.add(body)
	return r.n[body]
}

func sortedNames(qs map[string]QueueState) []string {
	names := make([]string, 0, len(qs))
	for name := range qs {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
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
