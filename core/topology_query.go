package core

import "slices"

// Questions a topology checker asks about a declared topology without
// sending a message: where a key would route, where a queue's dead letters
// would go, which policy reaches which entity, and which setting the broker
// quietly ignores. They answer with the same rules the broker runs, so a
// checker never keeps a second copy of them. None of them changes state
// that a later publish could observe.

// Route lists the queues a publish to exchange with these routing keys
// (and no headers) would reach, in routing order, alternate exchanges
// included. ok is false when the exchange does not exist.
func (b *Broker) Route(exchange string, keys []string) (queues []string, ok bool) {
	x := b.exchanges[exchange]
	if x == nil {
		return nil, false
	}
	return queueNames(b.route(x, &Message{Keys: keys})), true
}

// DeadLetterRoute says what happens to a dead letter of a queue.
type DeadLetterRoute struct {
	HasDLX    bool     // a DLX is configured (argument or policy)
	DLX       string   // its name
	DLXFrom   string   // "argument x-dead-letter-exchange" or "policy NAME"
	DLXExists bool     // the exchange exists now
	Keys      []string // the routing keys the dead letter is republished with
	FixedKey  bool     // Keys is the queue's dead-letter routing key, whatever the message carried
	Targets   []string // the queues it reaches (cycle detection not applied)
}

// DeadLetterRoute answers for a message that arrived in queue with the
// given routing keys (publish key, CC and BCC). ok is false when the queue
// does not exist.
func (b *Broker) DeadLetterRoute(queue string, keys []string) (DeadLetterRoute, bool) {
	q := b.queues[queue]
	if q == nil {
		return DeadLetterRoute{}, false
	}
	r := DeadLetterRoute{HasDLX: q.cfg.hasDLX, DLX: q.cfg.dlx, DLXFrom: q.cfg.dlxFrom, Keys: keys}
	if q.cfg.hasDLRK {
		r.Keys, r.FixedKey = []string{q.cfg.dlrk}, true
	}
	if !r.HasDLX {
		return r, true
	}
	x := b.exchanges[r.DLX]
	if x == nil {
		return r, true
	}
	r.DLXExists = true
	r.Targets = queueNames(b.route(x, &Message{Keys: r.Keys}))
	return r, true
}

// ProbeMessage is a message as a client would publish it to exchange with
// these routing keys (publish key, CC and BCC) and headers, for
// DeadLetterAs. It is never enqueued.
func ProbeMessage(exchange string, keys []string, headers Table) *Message {
	return &Message{Exchange: exchange, Keys: keys, Headers: headers, ttl: -1}
}

// WithHeaders is m with its client headers replaced (its death history,
// if any, kept): a probe for a header the checker does not know.
func (m *Message) WithHeaders(h Table) *Message {
	c := *m
	c.Headers = h
	return &c
}

// DeadLetterAs answers like DeadLetterRoute for message m dying in queue
// for reason, and returns the dead letter as the broker makes it: the
// death recorded in x-death, x-first-death-* and x-last-death-* as this
// version writes them, its routing keys replaced by a dead-letter routing
// key. Targets are routed with those headers, so a headers exchange on the
// way matches what the dead letter really carries; the dead letter is
// what arrives in them (pass it on to ask about the next death). dead is
// nil when the queue has no usable DLX; ok is false when the queue does
// not exist.
func (b *Broker) DeadLetterAs(queue string, m *Message, reason string) (r DeadLetterRoute, dead *Message, ok bool) {
	q := b.queues[queue]
	if q == nil {
		return DeadLetterRoute{}, nil, false
	}
	r = DeadLetterRoute{HasDLX: q.cfg.hasDLX, DLX: q.cfg.dlx, DLXFrom: q.cfg.dlxFrom, Keys: m.Keys}
	if q.cfg.hasDLRK {
		r.Keys, r.FixedKey = []string{q.cfg.dlrk}, true
	}
	x := b.exchanges[r.DLX]
	if !r.HasDLX || x == nil {
		return r, nil, true
	}
	r.DLXExists = true
	dead = b.withDeath(q, &entry{msg: m}, reason)
	r.Targets = queueNames(b.route(x, dead))
	return r, dead, true
}

// PublishKeys are the routing keys a publish carries: its routing key,
// then the CC and BCC header keys. A CC or BCC header of the wrong type is
// the broker's 406.
func PublishKeys(routingKey string, headers Table) ([]string, error) {
	cc, err := routeHeader(headers, "CC")
	if err != nil {
		return nil, err
	}
	bcc, err := routeHeader(headers, "BCC")
	if err != nil {
		return nil, err
	}
	return newMessageWithKey(routingKey, cc, bcc).Keys, nil
}

// PolicyReach says which entities a policy's pattern and apply-to select
// and on which of them it is the policy in force.
type PolicyReach struct {
	Matched     []string // queues and exchanges the pattern and apply-to select
	Applied     []string // those on which this policy is in force
	Unsupported []string // queues skipped because the definition has a key their type does not support
	Outranked   []string // entities where another policy is in force instead
}

// PolicyReach answers for the policy called name; ok is false when no
// such policy is set. Names of queues and exchanges share one list, queues
// first (a policy with apply-to all can select both).
func (b *Broker) PolicyReach(name string) (PolicyReach, bool) {
	var p *Policy
	for _, c := range b.policies {
		if c.Name == name {
			p = c
		}
	}
	if p == nil {
		return PolicyReach{}, false
	}
	var r PolicyReach
	for _, q := range b.qOrder {
		if !appliesTo(p.ApplyTo, "queues", q.Type) || !p.re.MatchString(q.Name) {
			continue
		}
		r.Matched = append(r.Matched, q.Name)
		switch {
		case q.policy == p:
			r.Applied = append(r.Applied, q.Name)
		case !policyKeysSupported(q.Type, p.Definition):
			r.Unsupported = append(r.Unsupported, q.Name)
		default:
			r.Outranked = append(r.Outranked, q.Name)
		}
	}
	for _, x := range b.exOrder {
		if x.Name == "" || !appliesTo(p.ApplyTo, "exchanges", "") || !p.re.MatchString(x.Name) {
			continue
		}
		r.Matched = append(r.Matched, x.Name)
		if x.policy == p {
			r.Applied = append(r.Applied, x.Name)
		} else {
			r.Outranked = append(r.Outranked, x.Name)
		}
	}
	return r, true
}

// IgnoredSettings lists what a queue asks for that the broker does not do,
// each as the setting and what happens instead, in a fixed order:
// reject-publish-dlx on a quorum queue (acts as drop-head), and a quorum
// at-least-once strategy without its prerequisites (acts as at-most-once).
func (b *Broker) IgnoredSettings(queue string) []IgnoredSetting {
	q := b.queues[queue]
	if q == nil || q.Type != Quorum {
		return nil
	}
	var out []IgnoredSetting
	if b.requestedOverflow(q) == OverflowRejectPublishDLX {
		out = append(out, IgnoredSetting{Setting: "overflow " + OverflowRejectPublishDLX, Instead: OverflowDropHead})
	}
	if q.cfg.strategy == "at-least-once" && !q.atLeastOnce() {
		why := "no dead-letter exchange"
		if q.cfg.hasDLX {
			why = "overflow is " + q.cfg.overflow + ", not " + OverflowRejectPublish
		}
		out = append(out, IgnoredSetting{Setting: "dead-letter-strategy at-least-once", Instead: "at-most-once", Why: why})
	}
	return out
}

// IgnoredSetting is one setting the broker accepts and then does not apply.
type IgnoredSetting struct {
	Setting string // e.g. "overflow reject-publish-dlx"
	Instead string // what the queue does instead
	Why     string // "" when the setting is never honoured for this queue type
}

// requestedOverflow is the overflow the argument and policy ask for,
// before a quorum queue's replacement of reject-publish-dlx.
func (b *Broker) requestedOverflow(q *Queue) string {
	var def Table
	if q.policy != nil {
		def = q.policy.Definition
	}
	a, okA := q.Args["x-overflow"].(string)
	p, okP := def["overflow"].(string)
	switch {
	case q.Type == Quorum && okP:
		return p
	case okA:
		return a
	case okP:
		return p
	}
	return OverflowDropHead
}

// DeliveryLimitFrom says where a quorum queue's delivery limit comes from:
// "argument", "policy NAME", or "default" (the version's default, see
// ConfigView.DeliveryLimit). "" for other queue types.
func (b *Broker) DeliveryLimitFrom(queue string) string {
	q := b.queues[queue]
	if q == nil || q.Type != Quorum {
		return ""
	}
	if _, ok := AsInteger(q.Args["x-delivery-limit"]); ok {
		return "argument"
	}
	if q.policy != nil {
		if _, ok := AsInteger(q.policy.Definition["delivery-limit"]); ok {
			return "policy " + q.policy.Name
		}
	}
	return "default"
}

// AtLeastOnce reports a quorum queue whose dead-lettering really is
// at-least-once (strategy, DLX and reject-publish overflow all in place).
func (b *Broker) AtLeastOnce(queue string) bool {
	q := b.queues[queue]
	return q != nil && q.atLeastOnce()
}

// UnsupportedPolicyKeys lists the keys of a policy definition that a queue
// type does not support, sorted. A policy with any of them is not applied
// to queues of that type at all.
func UnsupportedPolicyKeys(qt QueueType, def Table) []string {
	var out []string
	for _, k := range def.SortedKeys() {
		if slices.Contains(unsupportedPolicies[qt], k) {
			out = append(out, k)
		}
	}
	return out
}
