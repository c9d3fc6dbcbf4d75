package scenarios

import "github.com/dlxlab/dlxlab/core"

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
