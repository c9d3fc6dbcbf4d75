package lint

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// Reproductions of the policy findings: each picks a queue the policy
// does not reach (or loses on) and a key of the policy whose effect can be
// seen on the clock, then shows that effect missing. What it shows is
// written as the scenario's expectations, so the playground (and the
// tests) check it.

// policyRefused: mirroring-removed on 4.x. The whole policy is refused
// (an error of the topology); what else it set is then missing on a queue
// it covered on 3.x.
func (r *repro) policyRefused() error {
	if r.t.profile == core.Rabbit312 {
		return fmt.Errorf("mirroring-removed: 3.x still applies the policy")
	}
	name := r.f.Objects[0].Name
	i := slices.IndexFunc(r.t.sc.Policies, func(p scenarios.Policy) bool { return p.Name == name })
	if i < 0 {
		return fmt.Errorf("mirroring-removed: no policy %s", name)
	}
	step := -1
	r.expect(scenarios.Expectation{Error: &scenarios.ErrorRef{Step: &step, Where: fmt.Sprintf("policies[%d]", i)}})
	for _, o := range r.f.Objects[1:] {
		if r.policyNotInForce(o.Name, name) == nil {
			return nil
		}
	}
	return nil // the refusal alone is what there is to see
}

// policyUnused: policy-matches-nothing. The queue it was probably meant
// for (the one whose name shares the longest start with the pattern's
// letters) does not get it.
func (r *repro) policyUnused() error {
	name := r.f.Objects[0].Name
	for _, p := range r.t.sc.Policies {
		if p.Name == name {
			if q := r.t.nearestQueue(p.Pattern); q != "" {
				return r.policyNotInForce(q, name)
			}
		}
	}
	return fmt.Errorf("policy-matches-nothing: no queue named like its pattern")
}

// policyLost: policy-not-applied and policy-dlx-overridden. The finding's
// first queue does not get what the policy sets.
func (r *repro) policyLost() error {
	var policy string
	for _, o := range r.f.Objects {
		if o.Kind == "policy" && policy == "" {
			policy = o.Name
		}
	}
	for _, o := range r.f.Objects {
		if _, ok := r.t.queue[o.Name]; ok && o.Kind == "queue" {
			return r.policyNotInForce(o.Name, policy)
		}
	}
	return fmt.Errorf("%s: no queue to show it on", r.f.Code)
}

// policyNotInForce shows one setting of the policy missing on queue: its
// dead-letter exchange or key (a rejected message does not go where the
// policy says), its message TTL (a message outlives it), or its length
// limit (one message more than the limit stays).
func (r *repro) policyNotInForce(queue, policy string) error {
	def := r.t.policyDef(policy)
	q := r.t.queue[queue]
	c := q.Config
	dlx, hasDLX := def["dead-letter-exchange"].(string)
	dlrk, hasDLRK := def["dead-letter-routing-key"].(string)
	ttl, hasTTL := core.AsInteger(def["message-ttl"])
	limit, hasLimit := core.AsInteger(def["max-length"])
	switch {
	case hasDLX && (!c.HasDLX || c.DLX != dlx) || hasDLRK && c.DLRoutingKey != dlrk:
		return r.deadLetterElsewhere(queue, policy, dlx, hasDLX, dlrk, hasDLRK)
	case hasTTL && ttl >= 0 && ttl < int64(scenarios.MaxVirtualTime)-1000 && (c.MessageTTL < 0 || c.MessageTTL > ttl+1000):
		r.publishDirect(queue, 1, "")
		r.wait(ttl + 500)
		r.snapshot("policy TTL passed")
		one := 1
		r.expect(scenarios.Expectation{Queue: queue, Depth: &one, Snapshot: "policy TTL passed"})
		r.note(fmt.Sprintf("Policy '%s' would expire messages in '%s' after %s: the message is still there after that.", policy, queue, ms(ttl)),
			fmt.Sprintf("按策略 '%s'，'%s' 中的消息应在 %s 后过期：过了这段时间消息仍然在。", policy, queue, ms(ttl)))
		return nil
	case hasLimit && limit >= 0 && limit < maxFill && (c.MaxLength < 0 || c.MaxLength > limit):
		n := int(limit) + 1
		r.publishDirect(queue, n, "")
		r.wait(1000)
		r.expect(scenarios.Expectation{Queue: queue, Depth: &n})
		r.note(fmt.Sprintf("Policy '%s' would keep at most %d messages in '%s': all %d stay.", policy, limit, queue, n),
			fmt.Sprintf("按策略 '%s'，'%s' 最多保留 %d 条消息：实际 %d 条都留下了。", policy, queue, limit, n))
		return nil
	}
	return fmt.Errorf("%s: no setting of policy %s whose absence shows on %s", r.f.Code, policy, queue)
}

// deadLetterElsewhere: a consumer rejects one message of queue; it is
// dead-lettered where the queue's own settings say, and the queues the
// policy's DLX (or key) would have reached get nothing.
func (r *repro) deadLetterElsewhere(queue, policy, dlx string, hasDLX bool, dlrk string, hasDLRK bool) error {
	a := r.t.arrivalOf(queue)
	now, _, _ := r.t.b.DeadLetterAs(queue, a.msg, core.ReasonRejected)
	if !hasDLX {
		dlx = now.DLX
	}
	keys := a.keys
	if hasDLRK {
		keys = []string{dlrk}
	} else if now.FixedKey {
		keys = now.Keys
	}
	would, _ := r.t.b.Route(dlx, keys)
	var missed []string
	for _, w := range would {
		if !slices.Contains(now.Targets, w) && w != queue {
			missed = append(missed, w)
		}
	}
	zero := 0
	for _, w := range missed {
		r.expect(scenarios.Expectation{Queue: w, Depth: &zero})
	}
	switch {
	case !now.HasDLX:
		r.expect(scenarios.Expectation{Drop: &scenarios.DropRef{Queue: queue, Reason: core.DropNoDLX}})
	case !now.DLXExists:
		r.expect(scenarios.Expectation{Drop: &scenarios.DropRef{Queue: queue, Reason: core.DropDLXMissing}})
	case len(now.Targets) == 0:
		r.expect(scenarios.Expectation{Drop: &scenarios.DropRef{Queue: queue, Reason: core.DropDLXUnroutable}})
	case now.Targets[0] != queue && !slices.Contains(would, now.Targets[0]):
		one := 1
		r.expect(scenarios.Expectation{Queue: now.Targets[0], Depth: &one})
	}
	if len(r.sc.Expect) == 0 {
		return fmt.Errorf("%s: the policy's dead-letter route and the queue's reach the same queues", r.f.Code)
	}
	r.consumer(queue, core.ActReject)
	r.publishVia(a.via, 1, "", 0)
	r.wait(1000)
	where := quote(would)
	if where == "" {
		where = "'" + dlx + "'"
	}
	r.note(fmt.Sprintf("A message rejected in '%s' does not go where policy '%s' says (%s).", queue, policy, where),
		fmt.Sprintf("'%s' 中被拒绝的消息不会去往策略 '%s' 指定的地方（%s）。", queue, policy, where))
	return nil
}

// nearestQueue is the queue whose name shares the longest start with the
// letters of a policy pattern (a typo's target), at least four
// characters; "" when none does.
func (t *topology) nearestQueue(pattern string) string {
	lit := regexMeta.ReplaceAllString(strings.TrimPrefix(pattern, "^"), "")
	best, bestLen := "", 3
	for _, q := range t.queues {
		n := commonPrefix(lit, q.Name)
		if n > bestLen {
			best, bestLen = q.Name, n
		}
	}
	return best
}

// regexMeta matches what is not a literal letter of a pattern.
var regexMeta = regexp.MustCompile(`\\|[\^$*+?()\[\]{}|]`)

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// maxFill bounds the messages a reproduction publishes to fill a queue.
const maxFill = 1000
