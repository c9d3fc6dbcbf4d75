package core

import (
	"regexp"
	"sort"
)

// Policy is a regular (user) policy. Exactly one policy applies to an
// entity: the matching one with the highest priority (docs/rabbitmq.md "Policies").
type Policy struct {
	Name       string
	Pattern    string
	ApplyTo    string // all (default) | queues | exchanges | classic_queues | quorum_queues
	Priority   int64
	Definition Table

	re *regexp.Regexp
}

// SetPolicy adds or replaces a policy and re-applies policies at once:
// DLX and limits change for queued messages too (excess is dropped or
// dead-lettered now); a TTL change affects only new messages (docs/rabbitmq.md "Message TTL", "Arguments versus policies").
func (b *Broker) SetPolicy(p Policy) error {
	if p.ApplyTo == "" {
		p.ApplyTo = "all"
	}
	if err := validatePolicyFor(b.profile, p.Name, p.Pattern, p.ApplyTo, p.Priority, p.Definition); err != nil {
		e := &Error{Code: CodePreconditionFailed, Text: err.Error()}
		return b.fail(e)
	}
	re, err := regexp.Compile(p.Pattern)
	if err != nil {
		return b.fail(&Error{Code: CodePreconditionFailed, Text: "invalid pattern: " + err.Error()})
	}
	np := p
	np.re = re
	np.Definition = p.Definition.Clone()
	b.policies = removeByName(b.policies, p.Name)
	b.policies = append(b.policies, &np)
	b.emit(Event{Kind: EvTopology, Detail: "policy " + p.Name + " set"})
	b.reapplyPolicies()
	return b.settle()
}

// ClearPolicy removes a policy by name.
func (b *Broker) ClearPolicy(name string) error {
	before := len(b.policies)
	b.policies = removeByName(b.policies, name)
	if len(b.policies) == before {
		return b.fail(notFound("policy '%s' not found in vhost '%s'", name, Vhost))
	}
	b.emit(Event{Kind: EvTopology, Detail: "policy " + name + " cleared"})
	b.reapplyPolicies()
	return b.settle()
}

// Policies lists policies by name.
func (b *Broker) Policies() []Policy {
	out := make([]Policy, 0, len(b.policies))
	for _, p := range b.policies {
		out = append(out, *p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func removeByName(ps []*Policy, name string) []*Policy {
	for i, p := range ps {
		if p.Name == name {
			return append(ps[:i:i], ps[i+1:]...)
		}
	}
	return ps
}

// policyFor picks the policy for an entity: highest priority wins; equal
// priorities are broken by name so the choice is stable (RabbitMQ leaves
// ties unspecified, docs/rabbitmq.md "Open questions"). A queue policy with a key the queue type
// does not support does not match at all (docs/rabbitmq.md "Policies").
func (b *Broker) policyFor(name, kind string, qt QueueType) *Policy {
	var best *Policy
	for _, p := range b.policies {
		if !appliesTo(p.ApplyTo, kind, qt) || !p.re.MatchString(name) {
			continue
		}
		if kind == "queues" && !policyKeysSupported(qt, p.Definition) {
			continue
		}
		if best == nil || p.Priority > best.Priority || (p.Priority == best.Priority && p.Name < best.Name) {
			best = p
		}
	}
	return best
}

func appliesTo(applyTo, kind string, qt QueueType) bool {
	switch applyTo {
	case "all":
		return true
	case "queues", "exchanges":
		return applyTo == kind
	case "classic_queues":
		return kind == "queues" && qt == Classic
	case "quorum_queues":
		return kind == "queues" && qt == Quorum
	}
	return false
}

func (b *Broker) reapplyPolicies() {
	for _, x := range b.exOrder {
		if x.Name != "" {
			x.policy = b.policyFor(x.Name, "exchanges", "")
		}
	}
	for _, q := range b.qOrder {
		q.policy = b.policyFor(q.Name, "queues", q.Type)
		q.cfg = resolveConfig(b.profile, q)
		b.enforceLimit(q) // a lower limit takes effect at once (docs/rabbitmq.md "Length limits and overflow")
		b.renewLeaseTimer(q)
		b.dispatch(q)
	}
}
