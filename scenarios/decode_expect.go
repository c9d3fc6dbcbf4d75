package scenarios

import (
	"math"
	"slices"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/dlxlab/dlxlab/core"
)

var (
	expectKeys = []string{"queue", "depth", "unacked", "bodies", "exists", "consumer", "deliveries", "delivery",
		"headers", "body", "redelivered", "properties", "exchange", "routing_key", "drops", "reason", "drop",
		"returns", "return", "reply_code", "reply_text", "error", "errors", "snapshot"}
	// messageKeys compare the message of the delivery or return picked.
	messageKeys = []string{"headers", "body", "properties", "exchange", "routing_key"}
	// subjects: what an expectation is about. Each allows the listed keys,
	// and every one allows snapshot.
	expectSubjects = []struct {
		key   string
		allow []string
	}{
		{"delivery", append([]string{"redelivered"}, messageKeys...)},
		{"return", append([]string{"reply_code", "reply_text"}, messageKeys...)},
		{"deliveries", []string{"consumer", "queue"}},
		{"drops", []string{"reason", "queue"}},
		{"drop", nil},
		{"returns", nil},
		{"error", nil},
		{"errors", nil},
		{"queue", []string{"depth", "unacked", "bodies", "exists"}},
	}
	deliveryRefKeys = []string{"consumer", "queue", "get", "n"}
	returnRefKeys   = []string{"n"}
	dropRefKeys     = []string{"queue", "reason", "death_reason", "body"}
	errorRefKeys    = []string{"step", "code", "text", "where"}
	// messageProperties are the names `properties:` may use (headers have
	// their own key).
	messageProperties = slices.DeleteFunc(slices.Clone(propertyKeys), func(k string) bool { return k == "headers" })
	deathReasons      = []string{core.ReasonRejected, core.ReasonExpired, core.ReasonMaxLen, core.ReasonDeliveryLimit}
)

// expectation reads one entry of expect. It is about exactly one subject;
// the first subject key found (in expectSubjects order) decides which.
func (d *decoder) expectation(n ast.Node) (Expectation, bool) {
	f := d.object(n, "expectation", expectKeys)
	if f == nil {
		return Expectation{}, false
	}
	e := Expectation{Pos: pos(n)}
	subject := ""
	var allow []string
	for _, s := range expectSubjects {
		if f.has(s.key) {
			subject, allow = s.key, s.allow
			break
		}
	}
	if subject == "" {
		d.errorf(n, "expectation needs a subject: one of queue, consumer+deliveries, delivery, drops, drop, returns, return, error, errors")
		return e, false
	}
	for _, k := range f.list {
		if k != subject && k != "snapshot" && !slices.Contains(allow, k) {
			d.errorAt(f.at(k), "%q does not go with %q in one expectation (write another entry)", k, subject)
			return e, false
		}
	}
	d.expectFields(f, &e)
	if subject == "queue" && e.Depth == nil && e.Unacked == nil && e.Bodies == nil && e.Exists == nil {
		d.errorf(n, "expectation on queue %q needs depth, unacked, bodies or exists", e.Queue)
		return e, false
	}
	if e.Exists != nil && !*e.Exists && (e.Depth != nil || e.Unacked != nil || e.Bodies != nil) {
		d.errorAt(f.at("exists"), "queue %q: exists: false cannot go with depth, unacked or bodies (a queue that is gone has none)", e.Queue)
		return e, false
	}
	return e, len(d.errs) == 0
}

func (d *decoder) expectFields(f *fields, e *Expectation) {
	f.str("queue", &e.Queue)
	if e.Queue != "" {
		d.refs = append(d.refs, ref{kind: "queue", name: e.Queue, what: "expectation", at: f.valAt("queue")})
	}
	f.str("consumer", &e.Consumer)
	if e.Consumer != "" {
		d.refs = append(d.refs, ref{kind: "consumer", name: e.Consumer, what: "expectation", at: f.valAt("consumer")})
	}
	e.Depth = f.optInt("depth")
	e.Unacked = f.optInt("unacked")
	e.Exists = f.optBool("exists")
	e.Deliveries = f.optInt("deliveries")
	e.Drops = f.optInt("drops")
	e.Returns = f.optInt("returns")
	e.Errors = f.optInt("errors")
	if n, ok := f.vals["bodies"]; ok {
		e.Bodies = d.bodies(n)
	}
	if n, ok := f.vals["delivery"]; ok {
		e.Delivery = d.deliveryRef(n)
	}
	if n, ok := f.vals["return"]; ok {
		e.Return = d.returnRef(n)
	}
	d.messageFields(f, e)
	e.Redelivered = f.optBool("redelivered")
	if v, ok := f.integer("reply_code", 1, 999); ok {
		e.ReplyCode = int(v)
	}
	f.str("reply_text", &e.ReplyText)
	f.str("reason", &e.Reason)
	if n, ok := f.vals["drop"]; ok {
		e.Drop = d.dropRef(n)
	}
	if n, ok := f.vals["error"]; ok {
		e.Error = d.errorRef(n)
	}
	if f.has("snapshot") {
		f.str("snapshot", &e.Snapshot)
		if e.Snapshot == "" {
			d.errorAt(f.valAt("snapshot"), "snapshot: name a snapshot step, or leave snapshot out to check the end of the run")
		} else {
			d.refs = append(d.refs, ref{kind: "snapshot", name: e.Snapshot, what: "expectation", at: f.valAt("snapshot")})
		}
	}
}

// messageFields reads what is compared with a delivery's or a return's message.
func (d *decoder) messageFields(f *fields, e *Expectation) {
	e.Headers = d.subsetTable(f, "headers")
	e.Properties = d.subsetTable(f, "properties")
	for _, k := range e.Properties.SortedKeys() {
		if !slices.Contains(messageProperties, k) {
			hint := suggest(k, messageProperties)
			if k == "headers" {
				hint = " (headers are compared with `headers:` beside `properties:`)"
			} else if hint == "" {
				hint = " (known properties: " + strings.Join(messageProperties, ", ") + ")"
			}
			d.errorAt(d.keyPos(f.vals["properties"], k), "properties: unknown property %q%s", k, hint)
		}
	}
	e.Body = f.optStr("body")
	e.Exchange = f.optStr("exchange")
	e.RoutingKey = f.optStr("routing_key")
}

// subsetTable reads headers or properties: null is "not compared", {} an
// empty subset (always matches).
func (d *decoder) subsetTable(f *fields, key string) core.Table {
	var t core.Table
	f.table(key, &t)
	if f.has(key) && t == nil {
		if _, null := f.vals[key].(*ast.NullNode); !null {
			t = core.Table{}
		}
	}
	return t
}

func (f *fields) optStr(key string) *string {
	if !f.has(key) {
		return nil
	}
	var s string
	f.str(key, &s)
	return &s
}

func (f *fields) optBool(key string) *bool {
	if !f.has(key) {
		return nil
	}
	var b bool
	f.boolean(key, &b)
	return &b
}

func (f *fields) optInt(key string) *int {
	if v, ok := f.integer(key, 0, math.MaxInt32); ok {
		i := int(v)
		return &i
	}
	return nil
}

func (d *decoder) bodies(n ast.Node) *[]string {
	seq, ok := n.(*ast.SequenceNode)
	if !ok {
		d.errorf(n, "bodies: expected a list of message bodies, got %s", describe(n))
		return nil
	}
	out := make([]string, 0, len(seq.Values))
	for _, v := range seq.Values {
		if s, ok := d.stringOf(v, "bodies"); ok {
			out = append(out, s)
		}
	}
	return &out
}

func (d *decoder) deliveryRef(n ast.Node) *DeliveryRef {
	f := d.object(n, "delivery", deliveryRefKeys)
	if f == nil {
		return nil
	}
	r := &DeliveryRef{N: 1}
	f.str("consumer", &r.Consumer)
	f.str("queue", &r.Queue)
	f.boolean("get", &r.Get)
	if v, ok := f.integer("n", -MaxPublishTotal*16, MaxPublishTotal*16); ok {
		r.N = int(v)
	}
	if r.N == 0 {
		d.errorAt(f.valAt("n"), "delivery: n counts from 1 (the first delivery); -1 is the last")
	}
	if r.Consumer != "" {
		d.refs = append(d.refs, ref{kind: "consumer", name: r.Consumer, what: "delivery", at: f.valAt("consumer")})
	}
	if r.Queue != "" {
		d.refs = append(d.refs, ref{kind: "queue", name: r.Queue, what: "delivery", at: f.valAt("queue")})
	}
	if r.Get && r.Consumer != "" {
		d.errorf(n, "delivery: get: true means basic.get, which has no consumer")
	}
	return r
}

func (d *decoder) returnRef(n ast.Node) *ReturnRef {
	r := &ReturnRef{N: 1}
	if _, null := n.(*ast.NullNode); null {
		return r
	}
	f := d.object(n, "return", returnRefKeys)
	if f == nil {
		return nil
	}
	if v, ok := f.integer("n", -MaxPublishTotal, MaxPublishTotal); ok {
		r.N = int(v)
	}
	if r.N == 0 {
		d.errorAt(f.valAt("n"), "return: n counts from 1 (the first basic.return); -1 is the last")
	}
	return r
}

func (d *decoder) dropRef(n ast.Node) *DropRef {
	g := d.object(n, "drop", dropRefKeys)
	if g == nil {
		return nil
	}
	r := &DropRef{}
	g.str("queue", &r.Queue)
	g.str("reason", &r.Reason)
	g.str("death_reason", &r.DeathReason)
	r.Body = g.optStr("body")
	if r.DeathReason != "" && !slices.Contains(deathReasons, r.DeathReason) {
		d.errorAt(g.valAt("death_reason"), "drop: death_reason %q is not a dead-letter reason (%s)%s",
			r.DeathReason, strings.Join(deathReasons, ", "), suggest(r.DeathReason, deathReasons))
	}
	return r
}

func (d *decoder) errorRef(n ast.Node) *ErrorRef {
	f := d.object(n, "error", errorRefKeys)
	if f == nil {
		return nil
	}
	r := &ErrorRef{}
	if v, ok := f.integer("step", -1, MaxSteps); ok {
		s := int(v)
		r.Step = &s
	}
	if v, ok := f.integer("code", 0, 999); ok {
		r.Code = int(v)
	}
	f.str("text", &r.Text)
	f.str("where", &r.Where)
	if r.Step == nil && r.Code == 0 && strings.TrimSpace(r.Text) == "" && r.Where == "" {
		d.errorf(n, "error: give at least one of step, code, text, where")
	}
	return r
}

// keyPos is where key is written in the mapping n (n's place if not found).
func (d *decoder) keyPos(n ast.Node, key string) Pos {
	var mvs []*ast.MappingValueNode
	switch m := n.(type) {
	case *ast.MappingNode:
		mvs = m.Values
	case *ast.MappingValueNode:
		mvs = []*ast.MappingValueNode{m}
	}
	for _, mv := range mvs {
		if k, ok := mv.Key.(*ast.StringNode); ok && k.Value == key {
			return pos(mv.Key)
		}
	}
	return pos(n)
}
