package conform

import (
	"time"

	"github.com/dlxlab/dlxlab/scenarios"
)

// maxDrain bounds how many messages are read back from one queue.
const maxDrain = scenarios.MaxPublishTotal

// finish freezes the run after the last step and reads the final state
// without changing what it records:
//
//  1. delayed actions still pending are dropped (the simulator's run ends
//     before they fire), but what is due at the last instant still
//     happens: zero-delay actions run while the runner settles (see
//     settle); then no action runs any more;
//  2. consumers are cancelled with basic.cancel, which stops deliveries
//     but keeps their unacked messages unacked (closing the channel would
//     requeue them into the queues about to be read);
//  3. unacked counts come from the runner's own books (every delivery not
//     yet settled, per queue), taken before anything is read;
//  4. each queue's ready messages are read in order with basic.get
//     no-ack, which removes them (the vhost is deleted afterwards anyway)
//     and neither requeues nor dead-letters anything.
func (s *Session) finish() *scenarios.Observation {
	s.mu.Lock()
	s.ending = true
	for _, c := range s.order {
		for _, t := range c.timers {
			t.Stop()
		}
		c.timers = map[uint64]*time.Timer{}
	}
	s.mu.Unlock()
	s.settle()

	s.mu.Lock()
	s.stopped = true
	var open []*consumer
	for _, c := range s.order {
		if !c.closed {
			open = append(open, c)
		}
	}
	s.mu.Unlock()

	for _, c := range open {
		_ = c.ch.Cancel(c.spec.Name, false)
	}
	for _, c := range open {
		select {
		case <-c.done:
		case <-time.After(5 * time.Second):
		}
	}

	unacked := s.unackedByQueue()

	if s.beforeDrain != nil {
		s.beforeDrain()
	}
	queues := map[string]scenarios.QueueState{}
	for _, name := range queueNames(s.sc) {
		if msgs, ok := s.drain(name); ok {
			queues[name] = scenarios.QueueState{Messages: msgs, Unacked: unacked[name]}
		}
	}
	s.closeAll()

	s.mu.Lock()
	defer s.mu.Unlock()
	return &scenarios.Observation{Profile: s.profile, ClockMS: s.clock.End(), Queues: queues,
		Deliveries: append([]scenarios.Delivery{}, s.deliveries...),
		Returns:    append([]scenarios.Return{}, s.returned...),
		Drops:      []scenarios.Drop{}, // RabbitMQ drops silently: nothing to observe
		Errors:     append([]scenarios.StepError{}, s.errs...),
		Snapshots:  append([]scenarios.Snapshot(nil), s.snapshots...)}
}

// snapshotPlaceholder stands for each ready message a snapshot counted.
// A real queue cannot be read without taking messages out (a basic.get
// and requeue would mark them redelivered, and move them in a quorum
// queue), so a snapshot on the broker counts ready messages (passive
// queue.declare) and Diff compares counts only.
const snapshotPlaceholder = "(counted by a snapshot, not read)"

// snapshot runs a snapshot step: every queue's ready count and unacked
// count, and how many deliveries, returns and errors there have been.
// The passive declare renews a classic queue's x-expires lease
// (docs/rabbitmq.md "Queue expiry"), which the simulator's snapshot does not: a scenario that
// snapshots a queue it expects to expire may need a known divergence.
func (s *Session) snapshot(i int, name string) {
	unacked := s.unackedByQueue()
	queues := map[string]scenarios.QueueState{}
	for _, q := range queueNames(s.sc) {
		st, err := s.topo.ch.QueueDeclarePassive(q, false, false, false, false, nil)
		if err != nil {
			_ = s.reopenTopo()
			continue
		}
		msgs := make([]scenarios.QueuedMessage, st.Messages)
		for k := range msgs {
			msgs[k].Message = scenarios.Message{Body: snapshotPlaceholder, Properties: map[string]any{}}
		}
		queues[q] = scenarios.QueueState{Messages: msgs, Unacked: unacked[q]}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.snapshots = append(s.snapshots, scenarios.Snapshot{Name: name, Step: i, ClockMS: s.clock.End(), Queues: queues,
		Deliveries: len(s.deliveries), Returns: len(s.returned), Drops: 0, Errors: len(s.errs)})
}

// unackedByQueue counts the deliveries not yet settled, per queue.
func (s *Session) unackedByQueue() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	unacked := map[string]int{}
	for _, c := range s.order {
		if !c.closed {
			unacked[c.spec.Queue] += len(c.out)
		}
	}
	for _, q := range s.getOut {
		unacked[q]++
	}
	return unacked
}

// drain reads a queue's ready messages, head first; ok is false when the
// queue does not exist (deleted, expired, never declared).
func (s *Session) drain(name string) (msgs []scenarios.QueuedMessage, ok bool) {
	if !s.queueExists(name) {
		return nil, false
	}
	msgs = []scenarios.QueuedMessage{}
	for len(msgs) < maxDrain {
		d, ok, err := s.topo.ch.Get(name, true)
		if err != nil || !ok {
			break
		}
		m := deliveryMessage(&d, s.scale)
		dropGetCount(&m)
		msgs = append(msgs, scenarios.QueuedMessage{Message: m, Redelivered: d.Redelivered})
	}
	return msgs, true
}

// queueNames lists the queues a scenario can create (topology, then
// declare steps), each once: the candidates for the final state.
func queueNames(sc *scenarios.Scenario) []string {
	var names []string
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	for _, q := range sc.Queues {
		add(q.Name)
	}
	for _, st := range sc.Steps {
		if st.Declare != nil && st.Declare.Queue != "" {
			add(st.Declare.Queue)
		}
	}
	return names
}

// dropGetCount removes the x-delivery-count 0 that RabbitMQ 3.x adds when
// basic.get takes a never-delivered message from a quorum queue
// (rabbit_fifo_client:dequeue adds the header whatever the count; consumer
// deliveries add it only after a return). The final state is the queue as
// it stands, not a delivery, so the reading must not add it; a count above
// 0 is the message's own history and stays.
func dropGetCount(m *scenarios.Message) {
	if n, ok := m.Headers["x-delivery-count"].(int64); ok && n == 0 {
		delete(m.Headers, "x-delivery-count")
		if len(m.Headers) == 0 {
			m.Headers = nil
		}
	}
}
