package scenarios

import "github.com/dlxlab/dlxlab/core"

// What a step kind means, in one place: the runner, the conformance
// runner and the UI ask these methods instead of re-deciding.

// Settle is the settle step (ack, reject or nack) a step is, or nil.
func (s *Step) Settle() *SettleStep {
	switch {
	case s.Ack != nil:
		return s.Ack
	case s.Reject != nil:
		return s.Reject
	}
	return s.Nack
}

// SettleAction is what a settle step does to each delivery it picks, as a
// consumer action: ack, reject, requeue (reject with requeue), nack or
// nack-requeue. "" for other steps.
func (s *Step) SettleAction() string {
	switch {
	case s.Ack != nil:
		return core.ActAck
	case s.Reject != nil && s.Reject.Requeue:
		return core.ActRequeue
	case s.Reject != nil:
		return core.ActReject
	case s.Nack != nil && s.Nack.Requeue:
		return core.ActNackRequeue
	case s.Nack != nil:
		return core.ActNack
	}
	return ""
}

// Who names the channel a settle step settles on, for texts: "consumer
// NAME", or "basic.get" when Consumer is "".
func (st *SettleStep) Who() string {
	if st.Consumer == "" {
		return "basic.get"
	}
	return "consumer " + st.Consumer
}

// DeclaresQueue reports a declare step for the queue: a consumer of a
// queue that does not exist yet waits for it instead of failing.
func (sc *Scenario) DeclaresQueue(queue string) bool {
	for _, s := range sc.Steps {
		if s.Declare != nil && s.Declare.Queue == queue {
			return true
		}
	}
	return false
}

// ActionFor is the script entry for the n-th delivery (0-based) of a
// message to the consumer: the last entry repeats, and no entries means
// hold (core.ActionIndex).
func (c *Consumer) ActionFor(n int) Action {
	i := core.ActionIndex(n, len(c.Actions))
	if i < 0 {
		return Action{Kind: core.ActHold}
	}
	return c.Actions[i]
}

// NewSettle makes the settle step that does action (ack, reject, requeue,
// nack or nack-requeue: SettleAction's values) to what st picks; ok is
// false for any other action.
func NewSettle(action string, st SettleStep) (s Step, ok bool) {
	st.Requeue = action == core.ActRequeue || action == core.ActNackRequeue
	switch action {
	case core.ActAck:
		s.Ack = &st
	case core.ActReject, core.ActRequeue:
		s.Reject = &st
	case core.ActNack, core.ActNackRequeue:
		s.Nack = &st
	default:
		return s, false
	}
	return s, true
}
