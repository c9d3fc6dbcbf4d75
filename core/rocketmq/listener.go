package rocketmq

import (
	"fmt"
	"slices"
)

// Result is what a listener call ends with.
type Result string

const (
	Success  Result = "success"         // CONSUME_SUCCESS / SUCCESS / ack
	Later    Result = "reconsume-later" // RECONSUME_LATER / FAILURE
	Throw    Result = "throw"           // the listener threw
	Null     Result = "null"            // the listener returned null
	Suspend  Result = "suspend"         // SUSPEND_CURRENT_QUEUE_A_MOMENT (orderly)
	NoAck    Result = "no-ack"          // SimpleConsumer: neither ack nor change
	Timeout  Result = "timeout"         // ran past consumeTimeout (then succeeded)
	noResult Result = ""
)

func (r Result) failed() bool { return r != Success && r != Timeout }

// Action is what the listener does with one delivery.
type Action struct {
	Result Result
	// TakeMs is how long the listener runs.
	TakeMs int64
	// DelayLevel is ConsumeConcurrentlyContext.delayLevelWhenNextConsume:
	// 0 broker decides, -1 straight to %DLQ%, > 0 that level.
	DelayLevel int
	// SuspendMs is ConsumeOrderlyContext.suspendCurrentQueueTimeMillis
	// (0: the consumer's setting).
	SuspendMs int64
	// AckIndex is ConsumeConcurrentlyContext.ackIndex for a batch: with
	// Success, messages after it failed. -1 (or unset via AckAll) is "all".
	AckIndex int
}

// Rule gives the actions for messages that match (all set fields must
// match; an empty rule matches every message). Actions[i] is used for the
// delivery whose reconsumeTimes is i; the last one repeats.
type Rule struct {
	Key     string
	Tag     string
	Body    string
	Actions []Action
}

// Listener is a scripted listener: the first matching rule decides; with
// no match the message is consumed successfully at once.
type Listener struct {
	Rules []Rule
}

// Always is a listener that does the same thing with every delivery.
func Always(a Action) Listener { return Listener{Rules: []Rule{{Actions: []Action{a}}}} }

func (l Listener) validate() error {
	for i, r := range l.Rules {
		if len(r.Actions) == 0 {
			return fmt.Errorf("listener rule %d has no actions", i+1)
		}
		for _, a := range r.Actions {
			switch a.Result {
			case Success, Later, Throw, Null, Suspend, NoAck, Timeout:
			default:
				return fmt.Errorf("listener rule %d: unknown result %q", i+1, a.Result)
			}
			if a.TakeMs < 0 || a.TakeMs > 24*3600*1000 || a.SuspendMs < 0 || a.DelayLevel < -1 {
				return fmt.Errorf("listener rule %d: take 0..24 h, suspend ≥ 0, delay level ≥ -1", i+1)
			}
		}
	}
	return nil
}

// actionFor picks the action for a delivery of m seen with reconsumeTimes rt.
func (l Listener) actionFor(m *Message, rt int) Action {
	for _, r := range l.Rules {
		if r.Key != "" && !slices.Contains(m.Keys, r.Key) || r.Tag != "" && r.Tag != m.Tags || r.Body != "" && r.Body != m.Body {
			continue
		}
		return r.Actions[min(rt, len(r.Actions)-1)]
	}
	return Action{Result: Success, AckIndex: -1}
}
