package scenarios

import (
	"math"
	"slices"

	"github.com/goccy/go-yaml/ast"
)

// step reads one entry of steps: a mapping with exactly one key, the kind.
func (d *decoder) step(n ast.Node) (Step, bool) {
	mvs, ok := d.mapping(n, "step")
	if !ok {
		return Step{}, false
	}
	if len(mvs) != 1 {
		if len(mvs) == 0 {
			d.errorf(n, "empty step: expected one of %v", stepKinds)
			return Step{}, false
		}
		k1, _ := d.keyOf(mvs[0])
		k2, _ := d.keyOf(mvs[1])
		d.errorf(mvs[1].Key, "a step does one thing: found %q and %q (write them as two steps, or indent the fields under %q)", k1, k2, k1)
		return Step{}, false
	}
	kind, ok := d.keyOf(mvs[0])
	if !ok {
		return Step{}, false
	}
	s := Step{Pos: pos(mvs[0].Key)}
	v := mvs[0].Value
	what := kind + " step"
	k := kindNamed(kind)
	if k == nil {
		d.errorf(mvs[0].Key, "unknown step %q%s", kind, suggestKnown(kind, stepKinds))
		return s, false
	}
	ok = k.decode(d, v, what, &s)
	return s, ok
}

func (d *decoder) publish(n ast.Node) (*PublishStep, bool) {
	f := d.object(n, "publish step", publishKeys)
	if f == nil {
		return nil, false
	}
	p := &PublishStep{Count: 1}
	f.short("exchange", &p.Exchange)
	f.short("routing_key", &p.RoutingKey)
	f.str("body", &p.Body)
	f.boolean("mandatory", &p.Mandatory)
	maxCount := int64(MaxPublishCount)
	if d.unbounded {
		maxCount = math.MaxInt32
	}
	f.intField("count", 1, maxCount, &p.Count)
	if pn, ok := f.vals["properties"]; ok {
		d.properties(pn, &p.Properties)
	}
	return p, true
}

func (d *decoder) properties(n ast.Node, p *Properties) {
	if _, null := n.(*ast.NullNode); null {
		return
	}
	f := d.object(n, "properties", propertyKeys)
	if f == nil {
		return
	}
	f.short("content_type", &p.ContentType)
	f.short("content_encoding", &p.ContentEncoding)
	f.intField("delivery_mode", 1, 2, &p.DeliveryMode)
	if v, ok := f.integer("priority", 0, 255); ok {
		pr := int(v)
		p.Priority = &pr
	}
	f.short("correlation_id", &p.CorrelationID)
	f.short("reply_to", &p.ReplyTo)
	f.short("expiration", &p.Expiration)
	f.short("message_id", &p.MessageID)
	if v, ok := f.integer("timestamp", math.MinInt64, math.MaxInt64); ok {
		p.Timestamp = &v
	}
	f.short("type", &p.Type)
	f.short("user_id", &p.UserID)
	f.short("app_id", &p.AppID)
	f.table("headers", &p.Headers)
}

func (d *decoder) get(n ast.Node) (*GetStep, bool) {
	f := d.object(n, "get step", getKeys)
	if f == nil {
		return nil, false
	}
	g := &GetStep{Action: "ack"}
	f.short("queue", &g.Queue)
	f.str("action", &g.Action)
	f.boolean("requeue", &g.Requeue)
	if g.Queue == "" {
		d.errorf(n, "get step needs a queue")
		return g, false
	}
	if !d.checkActionKind(f.valOr("action", n), g.Action, getActions) {
		return g, false
	}
	return g, true
}

func (f *fields) valOr(key string, n ast.Node) ast.Node {
	if v, ok := f.vals[key]; ok {
		return v
	}
	return n
}

func (d *decoder) closeStep(n ast.Node) (*CloseStep, bool) {
	f := d.object(n, "close step", []string{"consumer"})
	if f == nil {
		return nil, false
	}
	c := &CloseStep{}
	f.short("consumer", &c.Consumer)
	if c.Consumer != "" {
		d.refs = append(d.refs, ref{kind: "consumer", name: c.Consumer, what: "close step", at: f.valAt("consumer")})
	}
	return c, true
}

func (d *decoder) cancel(n ast.Node) (*CancelStep, bool) {
	f := d.object(n, "cancel step", []string{"consumer"})
	if f == nil {
		return nil, false
	}
	c := &CancelStep{}
	f.short("consumer", &c.Consumer)
	if c.Consumer == "" {
		d.errorf(n, "cancel step needs a consumer")
		return c, false
	}
	d.refs = append(d.refs, ref{kind: "consumer", name: c.Consumer, what: "cancel step", at: f.valAt("consumer")})
	return c, true
}

// settle reads ack / reject / nack: {consumer: c, n: 2, requeue: true}
// or {consumer: c, multiple: true}; an empty value settles the oldest
// delivery held on the basic.get channel. n: 1 is the oldest, the
// default, and is stored as 0 so both spellings share one canonical form.
func (d *decoder) settle(n ast.Node, what string, requeueOK bool) (*SettleStep, bool) {
	s := &SettleStep{}
	if _, null := n.(*ast.NullNode); null {
		return s, true
	}
	keys := settleKeys
	if !requeueOK {
		keys = slices.DeleteFunc(slices.Clone(settleKeys), func(k string) bool { return k == "requeue" })
	}
	f := d.object(n, what, keys)
	if f == nil {
		return nil, false
	}
	f.short("consumer", &s.Consumer)
	f.boolean("requeue", &s.Requeue)
	f.boolean("multiple", &s.Multiple)
	ok := true
	if v, has := f.integer("n", -MaxPublishTotal*16, MaxPublishTotal*16); has {
		switch {
		case v == 0:
			d.errorAt(f.valAt("n"), "%s: n counts from 1 (the oldest delivery held); -1 is the newest", what)
			ok = false
		case v != 1 || s.Multiple:
			s.N = int(v)
		}
	} else if f.has("n") {
		ok = false
	}
	if s.Consumer != "" {
		d.refs = append(d.refs, ref{kind: "consumer", name: s.Consumer, what: what, at: f.valAt("consumer")})
	}
	return s, ok
}

func (d *decoder) declare(n ast.Node) (*DeclareStep, bool) {
	f := d.object(n, "declare step", declareKeys)
	if f == nil {
		return nil, false
	}
	s := &DeclareStep{Durable: true}
	f.short("queue", &s.Queue)
	f.short("exchange", &s.Exchange)
	f.str("type", &s.Type)
	f.boolean("durable", &s.Durable)
	f.boolean("auto_delete", &s.AutoDelete)
	f.boolean("internal", &s.Internal)
	f.table("arguments", &s.Arguments)
	if f.has("queue") == f.has("exchange") {
		d.errorf(n, "declare step needs either queue: NAME or exchange: NAME")
		return s, false
	}
	if f.has("queue") && (f.has("type") || f.has("internal")) {
		d.errorf(n, "declare queue: type and internal apply to exchanges (a queue's type is the argument x-queue-type)")
		return s, false
	}
	if f.has("exchange") && s.Type == "" {
		s.Type = "direct"
	}
	return s, true
}

func (d *decoder) deleteStep(n ast.Node) (*DeleteStep, bool) {
	f := d.object(n, "delete step", []string{"queue", "exchange"})
	if f == nil {
		return nil, false
	}
	s := &DeleteStep{}
	f.short("queue", &s.Queue)
	f.short("exchange", &s.Exchange)
	if f.has("queue") == f.has("exchange") {
		d.errorf(n, "delete step needs either queue: NAME or exchange: NAME")
		return s, false
	}
	return s, true
}

func (d *decoder) purge(n ast.Node) (*PurgeStep, bool) {
	f := d.object(n, "purge step", []string{"queue"})
	if f == nil {
		return nil, false
	}
	s := &PurgeStep{}
	f.short("queue", &s.Queue)
	if !f.has("queue") {
		d.errorf(n, "purge step needs a queue")
		return s, false
	}
	return s, true
}

func (d *decoder) clearPolicy(n ast.Node) (*ClearPolicyStep, bool) {
	f := d.object(n, "clear_policy step", []string{"name"})
	if f == nil {
		return nil, false
	}
	s := &ClearPolicyStep{}
	f.str("name", &s.Name)
	if s.Name == "" {
		d.errorf(n, "clear_policy step needs a name")
		return s, false
	}
	return s, true
}

// snapshot reads `snapshot: NAME` (a plain string: it names a point).
func (d *decoder) snapshot(n ast.Node) (*SnapshotStep, bool) {
	s := &SnapshotStep{}
	name, ok := d.stringOf(n, "snapshot")
	if !ok {
		return s, false
	}
	if s.Name = name; name == "" {
		d.errorf(n, "snapshot step needs a name, like `snapshot: after-30s`")
		return s, false
	}
	d.snapshots = append(d.snapshots, ref{kind: "snapshot", name: s.Name, what: "snapshot step", at: pos(n)})
	return s, true
}
