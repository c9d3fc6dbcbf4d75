package scenarios

import (
	"io"
	"sort"

	"github.com/dlxlab/dlxlab/core"
)

// A run's final queues can hold hundreds of thousands of messages. The
// broker holds them already: the callers below read them there, at the
// end, instead of copying every message into Observation.Queues (which
// costs a QueuedMessage per message even with Options.BodiesOnly, and a
// rendered header table each without it).

// Check compares the run so far with the scenario's expect block, as
// Check(sc, r.Observation()) does, reading the queues straight from the
// broker (a snapshot step's queues from what the step recorded).
// `dlxlab check` ends its runs with it.
func (r *Runner) Check() []Failure {
	r.collect(r.next-1, "")
	return check(r.sc, &r.obs, r.liveQueue)
}

// liveQueue reads a queue of the broker as it is now.
func (r *Runner) liveQueue(name string) (queueFacts, bool) {
	q, ok := r.b.Queue(name)
	return queueFacts{depth: q.Ready, unacked: q.Unacked, bodies: func() []string {
		got := make([]string, 0, q.Ready)
		r.b.EachReady(name, func(mv core.MessageView) bool {
			got = append(got, mv.Msg.Body)
			return true
		})
		return got
	}}, ok
}

// ObservationWithoutQueues is Observation with Queues left empty: for a
// caller that reads the final queues from Broker() itself (`dlxlab run`
// prints their depths and first bodies).
func (r *Runner) ObservationWithoutQueues() *Observation {
	r.collect(r.next-1, "")
	return r.observation(map[string]QueueState{})
}

// JSONOptions change what Runner.WriteJSON writes.
type JSONOptions struct {
	// BodyRefs writes long bodies once (Observation.WithBodyRefs).
	BodyRefs bool
	// Terminal also escapes DEL and the C1 control characters in strings
	// (\u007f, \u0080–\u009f): the same JSON data, with no byte that
	// a terminal would act on (docs/hostile-input.md), so `dlxlab run
	// --json` writes it out without passing it through its escaper.
	Terminal bool
}

// WriteJSON writes the observation of the run so far as JSON, what
// Observation().WriteJSON writes (with BodyRefs, what
// Observation().WithBodyRefs().WriteJSON writes), byte for byte (but for
// Terminal), and writes the final queues straight from the broker's
// messages: no queue state, header table or property map is built per
// message, and a header table equal to the previous message's is written
// by copying its bytes (core's EachReadyHeaders says when). `dlxlab run
// --json` ends with it.
func (r *Runner) WriteJSON(w io.Writer, opts JSONOptions) error {
	r.collect(r.next-1, "")
	o := r.obs // read only: the lists are not changed while it is written
	o.ClockMS = int64(r.b.Now())
	queues := r.b.Queues()
	sort.Slice(queues, func(a, b int) bool { return queues[a].Name < queues[b].Name })
	j := &jsonWriter{w: w, terminal: opts.Terminal}
	if opts.BodyRefs {
		j.refs = newBodyRefs()
		o.eachBody(j.refs.add, func(each func(string)) {
			for _, q := range queues {
				r.b.EachReady(q.Name, func(mv core.MessageView) bool {
					each(mv.Msg.Body)
					return true
				})
			}
		})
	}
	j.observation(&o, func() { j.liveQueues(r.b, queues) })
	return j.flush(true)
}

// liveQueues writes the broker's queues as queues writes their states.
func (j *jsonWriter) liveQueues(b *core.Broker, queues []core.QueueView) {
	j.begin('{')
	var headers, props, whole []byte // the last message's, written out
	var lastProps core.Properties
	var last *core.Message
	lastRedelivered := false
	for _, q := range queues {
		j.key(q.Name)
		j.begin('{')
		j.key("messages")
		j.begin('[')
		last = nil
		b.EachReadyHeaders(q.Name, func(mv core.MessageView, same bool) bool {
			m := mv.Msg
			j.item()
			// a message written just as the one before it (a publish step
			// with a count): its bytes again
			if same && last != nil && mv.Redelivered == lastRedelivered && sameWritten(last, m) {
				j.b = append(j.b, whole...)
				j.flush(false)
				return true
			}
			whole = j.capture(whole, func() {
				j.begin('{')
				ref := 0
				j.messageHead(m.Body, m.Exchange, m.RoutingKey(), &ref)
				j.key("properties")
				if p := m.Properties(); p == (core.Properties{}) {
					j.b = append(j.b, "{}"...)
				} else if props != nil && p == lastProps {
					j.b = append(j.b, props...)
				} else {
					props = j.capture(props, func() { j.table(PropertiesOf(p), false) })
					lastProps = p
				}
				j.bodyRef(ref)
				j.key("headers")
				if same {
					j.b = append(j.b, headers...)
				} else {
					headers = j.capture(headers, func() { j.table(tableOrEmpty(mv.Headers), true) })
				}
				j.key("redelivered")
				j.bool(mv.Redelivered)
				j.end('}')
			})
			last, lastRedelivered = m, mv.Redelivered
			j.flush(false)
			return true
		})
		j.end(']')
		j.key("unacked")
		j.int(int64(q.Unacked))
		j.end('}')
	}
	j.end('}')
}

// sameWritten reports that two messages with the same headers are written
// alike: body, exchange, routing key and properties.
func sameWritten(a, b *core.Message) bool {
	return a == b || a.Body == b.Body && a.Exchange == b.Exchange && a.RoutingKey() == b.RoutingKey() &&
		a.Properties() == b.Properties()
}

// capture writes a value with write and returns its bytes in dst (reused),
// to be written again by copying them where the same value recurs at the
// same depth.
func (j *jsonWriter) capture(dst []byte, write func()) []byte {
	start, held := len(j.b), j.hold
	j.hold = true
	write()
	j.hold = held
	return append(dst[:0], j.b[start:]...)
}
