package core

// Queue is a declared queue: its arguments, the policy applied to it, the
// configuration that results (args and policy resolved per docs/rabbitmq.md "Arguments versus policies"), its
// ready messages and its consumers.
type Queue struct {
	Name       string
	Type       QueueType
	Durable    bool
	AutoDelete bool
	Exclusive  bool
	Args       Table

	policy   *Policy
	cfg      queueConfig
	ready    readyList
	returns  readyList // quorum with a delivery limit: returned messages, served first (docs/rabbitmq.md "Requeue position")
	backlog  []held    // at-least-once dead letters not yet taken by their targets (docs/rabbitmq.md "At-least-once dead-lettering")
	nameList []string  // []string{Name}, shared by events that name this queue alone (targetNames)
	dlrkList []string  // [cfg.dlrk], shared by dead letters
	dlxRef   xRef      // cfg.dlx as last resolved (resolve.go)
	bytes    int64     // bodies of ready messages (x-max-length-bytes)
	unacked  int

	consumers []*Consumer // in subscription order; rr picks the next one
	rr        int

	// blocked: a quorum reject-publish queue over its limit refuses publishes
	// until it drains to 80 % of the limit (docs/rabbitmq.md "Length limits and overflow").
	blocked bool
	// headTimer is the time a head-expiry timer is armed for (Never if none).
	headTimer Time
	// lease is when x-expires last started counting (docs/rabbitmq.md "Queue expiry").
	lease      Time
	leaseTimer Time
	mark       uint64 // routing visit mark
	order      uint64 // declaration order, for listings
}

// queueConfig is what a queue does, resolved from arguments and policy.
// -1 means "not set" for the numeric fields.
type queueConfig struct {
	dlx           string
	hasDLX        bool
	dlxFrom       string // "argument x-dead-letter-exchange" or "policy NAME"
	dlrk          string
	hasDLRK       bool
	dlrkFrom      string
	messageTTL    int64
	expires       int64
	maxLength     int64
	maxBytes      int64
	overflow      string
	overflowFrom  string
	deliveryLimit int64 // quorum only; -1 = no limit
	maxPriority   int64
	strategy      string
}

const (
	OverflowDropHead         = "drop-head"
	OverflowRejectPublish    = "reject-publish"
	OverflowRejectPublishDLX = "reject-publish-dlx"
)

// resolveConfig applies docs/rabbitmq.md "Arguments versus policies": the DLX, DL routing key and strategy
// argument wins over the policy; TTLs and limits take the minimum; overflow
// is the argument's on classic queues and the policy's on quorum queues;
// the delivery limit is the minimum unless one side is negative (then the max).
func resolveConfig(p Profile, q *Queue) queueConfig {
	var def Table
	if q.policy != nil {
		def = q.policy.Definition
	}
	c := queueConfig{}
	c.dlx, c.hasDLX, c.dlxFrom = argWins(q.Args, "x-dead-letter-exchange", def, "dead-letter-exchange", q.policy)
	c.dlrk, c.hasDLRK, c.dlrkFrom = argWins(q.Args, "x-dead-letter-routing-key", def, "dead-letter-routing-key", q.policy)
	c.strategy, _, _ = argWins(q.Args, "x-dead-letter-strategy", def, "dead-letter-strategy", q.policy)
	c.messageTTL = minOf(q.Args, "x-message-ttl", def, "message-ttl")
	c.expires = minOf(q.Args, "x-expires", def, "expires")
	c.maxLength = minOf(q.Args, "x-max-length", def, "max-length")
	c.maxBytes = minOf(q.Args, "x-max-length-bytes", def, "max-length-bytes")
	c.maxPriority = -1
	if v, ok := AsInteger(q.Args["x-max-priority"]); ok && q.Type == Classic {
		c.maxPriority = v
	}
	c.overflow, c.overflowFrom = resolveOverflow(q, def)
	c.deliveryLimit = -1
	if q.Type == Quorum {
		c.deliveryLimit = resolveDeliveryLimit(p, q.Args, def)
	}
	return c
}

func argWins(args Table, argKey string, def Table, polKey string, pol *Policy) (string, bool, string) {
	if v, ok := args[argKey].(string); ok {
		return v, true, "argument " + argKey
	}
	if v, ok := def[polKey].(string); ok {
		return v, true, "policy " + pol.Name
	}
	return "", false, ""
}

func minOf(args Table, argKey string, def Table, polKey string) int64 {
	a, okA := AsInteger(args[argKey])
	p, okP := AsInteger(def[polKey])
	switch {
	case okA && okP:
		return min(a, p)
	case okA:
		return a
	case okP:
		return p
	}
	return -1
}

func resolveOverflow(q *Queue, def Table) (string, string) {
	a, okA := q.Args["x-overflow"].(string)
	p, okP := def["overflow"].(string)
	v, from := OverflowDropHead, "default"
	switch {
	case q.Type == Quorum && okP:
		v, from = p, "policy "+q.policy.Name
	case okA:
		v, from = a, "argument x-overflow"
	case okP:
		v, from = p, "policy "+q.policy.Name
	}
	// reject-publish-dlx is accepted on quorum queues but acts as drop-head (docs/rabbitmq.md "Length limits and overflow").
	if q.Type == Quorum && v == OverflowRejectPublishDLX {
		v, from = OverflowDropHead, from+" (reject-publish-dlx is drop-head on quorum queues)"
	}
	return v, from
}

func resolveDeliveryLimit(p Profile, args, def Table) int64 {
	a, okA := AsInteger(args["x-delivery-limit"])
	d, okP := AsInteger(def["delivery-limit"])
	var v int64
	switch {
	case okA && okP:
		if a < 0 || d < 0 {
			v = max(a, d)
		} else {
			v = min(a, d)
		}
	case okA:
		v = a
	case okP:
		v = d
	default:
		v = p.defaultDeliveryLimit()
	}
	if v < 0 && (okA || okP) && !p.is4() {
		// 3.x compared the return count with the negative value as it
		// stood, so the first return is already over it (measured on
		// 3.10.8: x-delivery-limit -1 drops the message at its first return).
		return 0
	}
	if v < 0 {
		return -1
	}
	return v
}

// readyCount counts ready messages in both lists.
func (q *Queue) readyCount() int { return q.ready.len() + q.returns.len() }

// overLimit reports whether ready messages exceed a length limit (docs/rabbitmq.md "Length limits and overflow":
// only ready messages count).
func (q *Queue) overLimit() bool {
	return (q.cfg.maxLength >= 0 && int64(q.readyCount()+len(q.backlog)) > q.cfg.maxLength) ||
		(q.cfg.maxBytes >= 0 && q.bytes > q.cfg.maxBytes)
}

// wouldOverflow: classic reject-publish checks "ready + 1 > max" before
// anything else (docs/rabbitmq.md "Length limits and overflow").
func (q *Queue) wouldOverflow(size int64) bool {
	return (q.cfg.maxLength >= 0 && int64(q.readyCount())+1 > q.cfg.maxLength) ||
		(q.cfg.maxBytes >= 0 && q.bytes+size > q.cfg.maxBytes)
}

// head returns the message the queue would hand out next: quorum returns first.
func (q *Queue) head() (*entry, *readyList) {
	if e := q.returns.peek(); e != nil {
		return e, &q.returns
	}
	return q.ready.peek(), &q.ready
}

// dlrkKeys is the one-key routing list of the queue's DL routing key,
// shared by all its dead letters (keys are never modified).
func (q *Queue) dlrkKeys() []string {
	if len(q.dlrkList) != 1 || q.dlrkList[0] != q.cfg.dlrk {
		q.dlrkList = []string{q.cfg.dlrk}
	}
	return q.dlrkList
}
