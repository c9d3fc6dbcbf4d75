package lint

import (
	"slices"
	"strings"

	"github.com/dlxlab/dlxlab/core"
)

// Policies: what they reach, what they lose to, and what a version refuses.

// policyReach: a policy whose pattern selects nothing, or that is in force
// on none of what it selects, or that silently skips queues of a type that
// does not support one of its keys (such a queue gets none of the policy,
// its DLX included).
func policyReach(t *topology) []Finding {
	var out []Finding
	for _, p := range t.b.Policies() {
		r, _ := t.b.PolicyReach(p.Name)
		switch {
		case len(r.Matched) == 0:
			out = append(out, finding("policy-matches-nothing", Warning, []Object{policyObj(p.Name)},
				"Policy '%[1]s' (pattern %[2]q, apply-to %[3]s) matches no queue or exchange here: whatever it sets is not in force anywhere. Patterns are unanchored regular expressions.",
				"策略 '%[1]s'（模式 %[2]q，apply-to %[3]s）在这里不匹配任何队列或交换机：它的设置在任何地方都不生效。模式是不锚定的正则表达式。",
				p.Name, p.Pattern, p.ApplyTo))
		case len(t.losing(p, r.Unsupported)) > 0:
			lost := t.losing(p, r.Unsupported)
			objs := []Object{policyObj(p.Name)}
			for _, q := range lost {
				objs = append(objs, queueObj(q))
			}
			bad := core.UnsupportedPolicyKeys(t.queue[lost[0]].Type, p.Definition)
			out = append(out, finding("policy-not-applied", Warning, objs,
				"Policy '%[1]s' matches %[2]s, but its key %[3]s is not supported by their queue type, so none of the policy applies to them: they do not get %[4]s either.",
				"策略 '%[1]s' 匹配了 %[2]s，但其中的 %[3]s 不被这些队列的类型支持，因此整个策略都不作用于它们：它们也得不到 %[4]s。",
				p.Name, quote(lost), strings.Join(bad, ", "), strings.Join(without(p.Definition.SortedKeys(), bad), ", ")))
		case len(r.Applied) == 0 && len(r.Outranked) > 0:
			objs := []Object{policyObj(p.Name)}
			for _, n := range r.Outranked {
				objs = append(objs, t.objectNamed(n))
			}
			out = append(out, finding("policy-not-applied", Warning, objs,
				"Policy '%[1]s' is shadowed: on everything it matches (%[2]s) another policy with a higher priority is in force, and policies are never merged.",
				"策略 '%[1]s' 被遮蔽：在它匹配的所有对象（%[2]s）上都有优先级更高的策略生效，而策略之间从不合并。",
				p.Name, quote(r.Outranked)))
		}
	}
	return out
}

// losing lists the queues skipped for an unsupported key that would
// have got something else from the policy (a policy whose only keys are
// unsupported by a type takes nothing away from it).
func (t *topology) losing(p core.Policy, skipped []string) []string {
	var out []string
	for _, q := range skipped {
		bad := core.UnsupportedPolicyKeys(t.queue[q].Type, p.Definition)
		if len(bad) < len(p.Definition) {
			out = append(out, q)
		}
	}
	return out
}

func without(keys, drop []string) []string {
	var out []string
	for _, k := range keys {
		if !slices.Contains(drop, k) {
			out = append(out, k)
		}
	}
	return out
}

// objectNamed is a queue if one has the name, else an exchange.
func (t *topology) objectNamed(n string) Object {
	if _, ok := t.queue[n]; ok {
		return queueObj(n)
	}
	return exchangeObj(n)
}

// policyDLXOverridden: a policy sets a DLX (or DL routing key) for a queue
// whose own argument differs: the argument wins, the policy's value is ignored.
func policyDLXOverridden(t *topology) []Finding {
	var out []Finding
	for _, q := range t.queues {
		if q.Policy == "" {
			continue
		}
		def := t.policyDef(q.Policy)
		c := q.Config
		for _, k := range []struct{ pol, arg, got string }{
			{"dead-letter-exchange", "x-dead-letter-exchange", c.DLX},
			{"dead-letter-routing-key", "x-dead-letter-routing-key", c.DLRoutingKey},
		} {
			want, ok := def[k.pol].(string)
			if !ok || q.Args[k.arg] == nil || want == k.got {
				continue
			}
			out = append(out, finding("policy-dlx-overridden", Warning, []Object{queueObj(q.Name), policyObj(q.Policy)},
				"Policy '%[2]s' sets %[3]s '%[4]s' on queue '%[1]s', but the queue's own argument %[5]s '%[6]s' wins: changing the policy will not move these dead letters.",
				"策略 '%[2]s' 为队列 '%[1]s' 设置了 %[3]s '%[4]s'，但队列自己的参数 %[5]s '%[6]s' 优先：修改策略不会改变这些死信的去向。",
				q.Name, q.Policy, k.pol, want, k.arg, k.got))
		}
	}
	return out
}

func (t *topology) policyDef(name string) map[string]any {
	for _, p := range t.sc.Policies {
		if p.Name == name {
			return p.Definition
		}
	}
	return nil
}

// mirroring reports a scenario policy that uses classic-mirroring keys.
func (t *topology) mirroring(policy string) bool {
	for _, p := range t.sc.Policies {
		if p.Name == policy {
			return len(core.MirroringPolicyKeys(p.Definition)) > 0
		}
	}
	return false
}

// mirroringRemoved: classic queue mirroring (ha-* policy keys) was removed
// in 4.0: a 4.x broker refuses the whole policy, so the definitions import
// fails and whatever else the policy set (a DLX, limits) is lost.
func mirroringRemoved(t *topology) []Finding {
	var out []Finding
	for _, p := range t.sc.Policies {
		keys := core.MirroringPolicyKeys(p.Definition)
		if len(keys) == 0 {
			continue
		}
		if t.profile == core.Rabbit312 {
			out = append(out, finding("mirroring-removed", Warning, []Object{policyObj(p.Name)},
				"Policy '%[1]s' mirrors classic queues (%[2]s): mirroring is deprecated in 3.x and removed in 4.0, where this policy is refused. Move these queues to quorum queues before upgrading.",
				"策略 '%[1]s' 使用经典队列镜像（%[2]s）：镜像在 3.x 中已弃用，在 4.0 中被移除，届时这个策略会被拒绝。升级前请把这些队列迁移为仲裁队列。",
				p.Name, strings.Join(keys, ", ")))
			continue
		}
		objs := []Object{policyObj(p.Name)}
		for _, q := range t.appliedOn3(p.Name) {
			objs = append(objs, queueObj(q))
		}
		out = append(out, finding("mirroring-removed", Error, objs,
			"Policy '%[1]s' uses classic queue mirroring (%[2]s), removed in 4.0: RabbitMQ %[3]s refuses the whole policy, so importing these definitions fails and the rest of the policy (its DLX, TTL, limits) is not in force on %[4]s.",
			"策略 '%[1]s' 使用了 4.0 中已移除的经典队列镜像（%[2]s）：RabbitMQ %[3]s 会拒绝整个策略，导入这些定义会失败，策略中的其他设置（死信交换机、TTL、上限）在 %[4]s 上都不会生效。",
			p.Name, strings.Join(keys, ", "), versionOf(t.profile), quote(t.appliedOn3(p.Name))))
	}
	return out
}

// appliedOn3 lists the queues a policy is in force on under 3.x, where
// the broker still accepts it.
func (t *topology) appliedOn3(policy string) []string {
	old, err := newTopology(t.sc, string(core.Rabbit312))
	if err != nil {
		return nil
	}
	r, _ := old.b.PolicyReach(policy)
	var out []string
	for _, n := range r.Applied {
		if _, ok := old.queue[n]; ok {
			out = append(out, n)
		}
	}
	return out
}
