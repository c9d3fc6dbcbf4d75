package lint

import (
	"fmt"
	"slices"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// deliveryLimitLoop: a quorum queue with a delivery limit inside a
// dead-letter loop (a retry loop through a delay queue, or a DLX that
// routes back to the queue itself). Rejections keep such a loop alive, but
// a message requeued past the limit dies with reason delivery_limit, not
// rejected; when it comes back round, the broker's cycle detection finds
// a loop without a rejection and drops it silently. On 4.x every quorum
// queue has a limit (20 by default), so every quorum retry loop has this
// exit. Checked on RabbitMQ 3.10.8, 4.0.5 and 4.3.6 (the log line is the
// cycle warning).
func deliveryLimitLoop(t *topology) []Finding {
	var out []Finding
	plain := map[string]bool{} // on a loop dead-letter-cycle reports (nothing rejects)
	for _, scc := range t.components(t.passive) {
		for _, q := range scc {
			plain[q] = true
		}
	}
	for _, scc := range t.loops() {
		for _, q := range scc {
			v := t.queue[q]
			if plain[q] || v.Type != core.Quorum || v.Config.DeliveryLimit < 0 || !t.mayRequeue(q) || !t.loopsBackAutomatically(q, scc) {
				continue
			}
			f := finding("delivery-limit-loop", Warning, []Object{queueObj(q)},
				"Quorum queue '%[1]s' is on a dead-letter loop (%[2]s) and has a delivery limit of %[3]d: a message requeued more often than that dies with reason delivery_limit, not rejected, so when it comes back round the broker's cycle detection drops it silently. Only retries that reject (requeue=false) go round again.",
				"仲裁队列 '%[1]s' 位于死信循环（%[2]s）上，投递上限为 %[3]d：被重新入队超过上限的消息以 delivery_limit 而不是 rejected 原因进入死信，绕回来时会被 broker 的循环检测静默丢弃。只有拒绝（requeue=false）的重试才会继续循环。",
				q, quote(scc), v.Config.DeliveryLimit)
			f.Via = &Via{Key: q}
			out = append(out, f)
		}
	}
	return out
}

// mayRequeue: something may requeue q's messages: unknown for an export,
// a consumer that requeues in a scenario.
func (t *topology) mayRequeue(q string) bool {
	if t.fromDefinitions() {
		return true
	}
	for _, c := range t.consumers[q] {
		for _, a := range c.Actions {
			// 4.3 counts basic.reject requeue=true, not basic.nack
			if a.Kind == core.ActRequeue || a.Kind == core.ActNackRequeue && t.profile != core.Rabbit43 {
				return true
			}
		}
	}
	return false
}

// requeueUntilLimit: a consumer requeues one message until the delivery
// limit takes it round the loop, where it is dropped.
func (r *repro) requeueUntilLimit() error {
	q, err := r.queue()
	if err != nil {
		return err
	}
	var round int64
	for _, s := range r.t.loops() {
		if slices.Contains(s, q.Name) {
			for _, n := range s {
				round += max(r.t.queue[n].Config.MessageTTL, 0)
			}
		}
	}
	if round > int64(scenarios.MaxVirtualTime)-2000 {
		return fmt.Errorf("delivery-limit-loop: the loop takes longer than a scenario may wait")
	}
	r.consumer(q.Name, core.ActRequeue)
	r.publishDirect(q.Name, 1, "")
	r.wait(round + 2000)
	r.expect(scenarios.Expectation{Drop: &scenarios.DropRef{Reason: core.DropCycle}})
	return nil
}

// loopsBackAutomatically: q's dead letters come back to q through queues
// of the loop that only expire (a delay stage) or straight away (q's DLX
// routes to q): nothing on the way back rejects.
func (t *topology) loopsBackAutomatically(q string, scc []string) bool {
	if slices.Contains(t.targetsOf(q), q) {
		return true
	}
	for _, s := range scc {
		if s != q && !t.delayStage(s) {
			return false
		}
	}
	return true
}

// loops lists every loop of the dead-letter graph, computed once.
func (t *topology) loops() [][]string {
	if t.allLoops == nil {
		t.allLoops = append([][]string{}, t.components(func(string) bool { return true })...)
	}
	return t.allLoops
}
