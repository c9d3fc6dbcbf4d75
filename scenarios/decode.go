package scenarios

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/dlxlab/dlxlab/core"
)

// Keys of each mapping, in the order the canonical encoding writes them.
var (
	scenarioKeys = []string{"version", "title", "title_zh", "summary", "summary_zh", "profile", "seed", "exchanges", "queues",
		"bindings", "policies", "consumers", "steps", "checkpoints", "expect", "conform", "layout"}
	// definitionsOnlyKeys are the other top-level keys of a definitions.json
	// export: accepted so an export can be pasted, dropped, never stored.
	definitionsOnlyKeys = []string{"rabbit_version", "rabbitmq_version", "product_name", "product_version",
		"users", "vhosts", "permissions", "topic_permissions", "parameters", "global_parameters", "explanation"}
	exchangeKeys  = []string{"name", "type", "durable", "auto_delete", "internal", "arguments"}
	queueKeys     = []string{"name", "type", "durable", "auto_delete", "arguments"}
	bindingKeys   = []string{"source", "destination", "destination_type", "routing_key", "arguments"}
	policyKeys    = []string{"name", "pattern", "apply-to", "priority", "definition"}
	consumerKeys  = []string{"name", "queue", "prefetch", "actions"}
	actionKeys    = []string{"action", "delay", "exchange", "routing_key"}
	publishKeys   = []string{"exchange", "routing_key", "body", "properties", "mandatory", "count"}
	propertyKeys  = []string{"content_type", "content_encoding", "delivery_mode", "priority", "correlation_id", "reply_to", "expiration", "message_id", "timestamp", "type", "user_id", "app_id", "headers"}
	getKeys       = []string{"queue", "action", "requeue"}
	settleKeys    = []string{"consumer", "n", "requeue", "multiple"}
	declareKeys   = []string{"queue", "exchange", "type", "durable", "auto_delete", "internal", "arguments"}
	actionKinds   = []string{core.ActAck, core.ActReject, core.ActNack, core.ActRequeue, core.ActNackRequeue, core.ActHold, core.ActRepublish}
	getActions    = []string{core.ActAck, core.ActReject, core.ActNack, core.ActRequeue, core.ActNackRequeue, core.ActHold}
	applyToValues = []string{"all", "queues", "exchanges", "classic_queues", "quorum_queues"}
)

func (d *decoder) scenario(root ast.Node) *Scenario {
	sc := &Scenario{Version: Version}
	f := d.object(root, "scenario", scenarioKeys, definitionsOnlyKeys...)
	if f == nil {
		return sc
	}
	for _, k := range f.ignored {
		sc.Warnings = append(sc.Warnings, fmt.Sprintf("ignored %q: a scenario keeps only exchanges, queues, bindings and policies of a definitions export", k))
	}
	if v, ok := f.integer("version", math.MinInt64, math.MaxInt64); ok && v != Version {
		d.errorf(f.vals["version"], "version: this build reads scenario version %d, not %d", Version, v)
	}
	f.str("title", &sc.Title)
	f.str("title_zh", &sc.TitleZH)
	f.str("summary", &sc.Summary)
	f.str("summary_zh", &sc.SummaryZH)
	f.str("profile", &sc.Profile)
	if _, err := core.ParseProfile(sc.Profile); err != nil {
		d.errorAt(f.valAt("profile"), "profile: unknown profile %q%s", sc.Profile, suggestKnown(sc.Profile, profileNames()))
	}
	if v, ok := f.integer("seed", math.MinInt64, math.MaxInt64); ok {
		sc.Seed = v
	}
	for _, n := range d.list(f, "exchanges", MaxEntries) {
		if x, ok := d.exchange(n); ok {
			sc.Exchanges = append(sc.Exchanges, x)
		}
	}
	for _, n := range d.list(f, "queues", MaxEntries) {
		if q, ok := d.queue(n); ok {
			sc.Queues = append(sc.Queues, q)
		}
	}
	for _, n := range d.list(f, "bindings", MaxEntries) {
		if b, ok := d.binding(n, "binding"); ok {
			sc.Bindings = append(sc.Bindings, b)
		}
	}
	for _, n := range d.list(f, "policies", MaxEntries) {
		if p, ok := d.policy(n, "policy"); ok {
			sc.Policies = append(sc.Policies, p)
		}
	}
	for _, n := range d.list(f, "consumers", MaxConsumers) {
		if c, ok := d.consumer(n, "consumer"); ok {
			sc.Consumers = append(sc.Consumers, c)
		}
	}
	for _, n := range d.list(f, "steps", MaxSteps) {
		if s, ok := d.step(n); ok {
			sc.Steps = append(sc.Steps, s)
		}
	}
	for _, n := range d.list(f, "checkpoints", MaxCheckpoints) {
		if c, ok := d.checkpoint(n); ok {
			sc.Checkpoints = append(sc.Checkpoints, c)
		}
	}
	for _, n := range d.list(f, "expect", MaxEntries) {
		if e, ok := d.expectation(n); ok {
			sc.Expect = append(sc.Expect, e)
		}
	}
	if n, ok := f.vals["conform"]; ok {
		sc.Conform = d.conform(n)
	}
	if n, ok := f.vals["layout"]; ok {
		sc.Layout = d.layout(n)
	}
	return sc
}

// list reads a list field; null or absent is empty.
func (d *decoder) list(f *fields, key string, limit int) []ast.Node {
	n, ok := f.vals[key]
	if !ok {
		return nil
	}
	switch v := n.(type) {
	case *ast.NullNode:
		return nil
	case *ast.SequenceNode:
		if len(v.Values) > limit {
			d.errorf(n, "%s: %d entries; the limit is %d", key, len(v.Values), limit)
			return nil
		}
		return v.Values
	}
	d.errorf(n, "%s: expected a list, got %s", key, describe(n))
	return nil
}

func (d *decoder) exchange(n ast.Node) (Exchange, bool) {
	f := d.object(n, "exchange", exchangeKeys, "vhost")
	if f == nil {
		return Exchange{}, false
	}
	x := NewExchange("")
	x.Pos = pos(n)
	f.short("name", &x.Name)
	f.str("type", &x.Type)
	f.boolean("durable", &x.Durable)
	f.boolean("auto_delete", &x.AutoDelete)
	f.boolean("internal", &x.Internal)
	f.table("arguments", &x.Arguments)
	if x.Name == "" {
		d.errorAt(x.Pos, "exchange needs a name (the default exchange \"\" always exists)")
		return x, false
	}
	return x, true
}

func (d *decoder) queue(n ast.Node) (Queue, bool) {
	f := d.object(n, "queue", queueKeys, "vhost")
	if f == nil {
		return Queue{}, false
	}
	q := NewQueue("")
	q.Pos = pos(n)
	f.short("name", &q.Name)
	f.boolean("durable", &q.Durable)
	f.boolean("auto_delete", &q.AutoDelete)
	f.table("arguments", &q.Arguments)
	var typ string
	f.str("type", &typ)
	d.queueType(f, &q, typ)
	if q.Name == "" {
		d.errorAt(q.Pos, "queue needs a name (server-named queues cannot be referred to)")
		return q, false
	}
	return q, true
}

// queueType folds definitions.json's queue `type` into x-queue-type.
func (d *decoder) queueType(f *fields, q *Queue, typ string) {
	if typ == "" || typ == "classic" && q.Arguments["x-queue-type"] == nil {
		return
	}
	if arg, ok := q.Arguments["x-queue-type"]; ok {
		if arg != typ {
			d.errorAt(f.at("type"), "type %q and argument x-queue-type %v disagree", typ, arg)
		}
		return
	}
	if q.Arguments == nil {
		q.Arguments = core.Table{}
	}
	q.Arguments["x-queue-type"] = typ
}

func (d *decoder) binding(n ast.Node, what string) (Binding, bool) {
	f := d.object(n, what, bindingKeys, "vhost")
	if f == nil {
		return Binding{}, false
	}
	b := Binding{DestinationType: "queue", Pos: pos(n)}
	f.short("source", &b.Source)
	f.short("destination", &b.Destination)
	f.str("destination_type", &b.DestinationType)
	f.short("routing_key", &b.RoutingKey)
	f.table("arguments", &b.Arguments)
	ok := true
	if b.DestinationType != "queue" && b.DestinationType != "exchange" {
		d.errorAt(f.valAt("destination_type"), "%s: destination_type must be queue or exchange, got %q", what, b.DestinationType)
		ok = false
	}
	if !f.has("destination") {
		d.errorAt(b.Pos, "%s needs a destination", what)
		ok = false
	}
	return b, ok
}

func (d *decoder) policy(n ast.Node, what string) (Policy, bool) {
	f := d.object(n, what, policyKeys, "vhost")
	if f == nil {
		return Policy{}, false
	}
	p := Policy{ApplyTo: "all", Pos: pos(n)}
	f.str("name", &p.Name)
	f.str("pattern", &p.Pattern)
	f.str("apply-to", &p.ApplyTo)
	if v, ok := f.integer("priority", math.MinInt64, math.MaxInt64); ok {
		p.Priority = v
	}
	f.table("definition", &p.Definition)
	ok := true
	if p.Name == "" {
		d.errorAt(p.Pos, "%s needs a name", what)
		ok = false
	}
	if !slices.Contains(applyToValues, p.ApplyTo) {
		d.errorAt(f.valAt("apply-to"), "%s: apply-to must be one of %s, got %q%s", what, strings.Join(applyToValues, ", "), p.ApplyTo, suggest(p.ApplyTo, applyToValues))
		ok = false
	}
	return p, ok
}

func (d *decoder) consumer(n ast.Node, what string) (Consumer, bool) {
	f := d.object(n, what, consumerKeys)
	if f == nil {
		return Consumer{}, false
	}
	c := Consumer{Pos: pos(n)}
	f.short("name", &c.Name)
	f.short("queue", &c.Queue)
	f.intField("prefetch", 0, math.MaxUint16, &c.Prefetch)
	ok := true
	if c.Name == "" {
		d.errorAt(c.Pos, "%s needs a name", what)
		ok = false
	}
	if c.Queue == "" {
		d.errorAt(c.Pos, "%s %q needs a queue", what, c.Name)
		ok = false
	} else if what == "consumer" {
		d.refs = append(d.refs, ref{kind: "queue", name: c.Queue, what: "consumer " + c.Name, at: f.valAt("queue")})
	}
	if an, has := f.vals["actions"]; has {
		c.Actions = d.actions(an)
	}
	return c, ok
}

func (d *decoder) actions(n ast.Node) []Action {
	seq, ok := n.(*ast.SequenceNode)
	if !ok {
		if _, null := n.(*ast.NullNode); !null {
			d.errorf(n, "actions: expected a list like [reject, ack], got %s", describe(n))
		}
		return nil
	}
	if len(seq.Values) > MaxActions {
		d.errorf(n, "actions: %d entries; the limit is %d (MaxActions)", len(seq.Values), MaxActions)
		return nil
	}
	out := make([]Action, 0, len(seq.Values))
	for _, e := range seq.Values {
		if a, ok := d.action(e); ok {
			out = append(out, a)
		}
	}
	return out
}

// action reads `ack` or {action: republish, exchange: x, routing_key: k, delay: 100ms}.
func (d *decoder) action(n ast.Node) (Action, bool) {
	var a Action
	if s, ok := n.(*ast.StringNode); ok {
		a.Kind = s.Value
		return a, d.checkActionKind(n, a.Kind, actionKinds)
	}
	f := d.object(n, "action", actionKeys)
	if f == nil {
		return a, false
	}
	f.str("action", &a.Kind)
	if dn, has := f.vals["delay"]; has {
		a.Delay, _ = d.duration(dn, "delay")
	}
	f.short("exchange", &a.Exchange)
	f.short("routing_key", &a.RoutingKey)
	if !f.has("action") {
		d.errorf(n, "action needs `action:` (one of %s)", strings.Join(actionKinds, ", "))
		return a, false
	}
	if a.Kind != core.ActRepublish && (f.has("exchange") || f.has("routing_key")) {
		d.errorf(n, "exchange and routing_key only apply to action republish")
		return a, false
	}
	return a, d.checkActionKind(f.vals["action"], a.Kind, actionKinds)
}

func (d *decoder) checkActionKind(n ast.Node, kind string, known []string) bool {
	if slices.Contains(known, kind) {
		return true
	}
	d.errorf(n, "unknown action %q%s", kind, suggestKnown(kind, known))
	return false
}

func (d *decoder) conform(n ast.Node) *Conform {
	f := d.object(n, "conform", []string{"skip", "profiles"})
	if f == nil {
		return nil
	}
	c := &Conform{}
	f.str("skip", &c.Skip)
	for _, pn := range d.list(f, "profiles", len(core.Profiles)) {
		var name string
		if name, _ = d.stringOf(pn, "profiles"); name == "" {
			continue
		}
		if _, err := core.ParseProfile(name); err != nil {
			d.errorf(pn, "conform.profiles: unknown profile %q%s", name, suggestKnown(name, profileNames()))
			continue
		}
		c.Profiles = append(c.Profiles, name)
	}
	return c
}

func (d *decoder) layout(n ast.Node) map[string]Point {
	if _, null := n.(*ast.NullNode); null {
		return nil
	}
	mvs, ok := d.mapping(n, "layout")
	if !ok {
		return nil
	}
	out := make(map[string]Point, len(mvs))
	for _, mv := range mvs {
		name, ok := d.keyOf(mv)
		if !ok {
			continue
		}
		f := d.object(mv.Value, "layout position", []string{"x", "y"})
		if f == nil {
			continue
		}
		var p Point
		p.X = d.coordinate(f, "x")
		p.Y = d.coordinate(f, "y")
		out[name] = p
	}
	return out
}

func (d *decoder) coordinate(f *fields, key string) float64 {
	n, ok := f.vals[key]
	if !ok {
		return 0
	}
	switch v := n.(type) {
	case *ast.IntegerNode:
		i, _ := d.intOf(v, key)
		return float64(i)
	case *ast.FloatNode:
		if !math.IsInf(v.Value, 0) && !math.IsNaN(v.Value) {
			return v.Value
		}
	}
	d.errorf(n, "%s: expected a number, got %s", key, describe(n))
	return 0
}
