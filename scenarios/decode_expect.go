package scenarios

import (
	"math"
	"strings"

	"github.com/goccy/go-yaml/ast"
)

var (
	expectKeys = []string{"queue", "depth", "unacked", "bodies", "consumer", "deliveries", "delivery",
		"headers", "body", "redelivered", "drops", "reason", "drop", "returns", "error", "errors"}
	// subjects: what an expectation is about. Each allows the listed keys.
	expectSubjects = []struct {
		key   string
		allow []string
	}{
		{"delivery", []string{"headers", "body", "redelivered"}},
		{"deliveries", []string{"consumer", "queue"}},
		{"drops", []string{"reason", "queue"}},
		{"drop", nil},
		{"returns", nil},
		{"error", nil},
		{"errors", nil},
		{"queue", []string{"depth", "unacked", "bodies"}},
	}
	deliveryRefKeys = []string{"consumer", "queue", "get", "n"}
	dropRefKeys     = []string{"queue", "reason"}
	errorRefKeys    = []string{"step", "code", "text", "where"}
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
		d.errorf(n, "expectation needs a subject: one of queue, consumer+deliveries, delivery, drops, drop, returns, error, errors")
		return e, false
	}
	for _, k := range f.list {
		if k != subject && !contains(allow, k) {
			d.errorAt(f.at(k), "%q does not go with %q in one expectation (write another entry)", k, subject)
			return e, false
		}
	}
	d.expectFields(f, &e)
	if subject == "queue" && e.Depth == nil && e.Unacked == nil && e.Bodies == nil {
		d.errorf(n, "expectation on queue %q needs depth, unacked or bodies", e.Queue)
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
	f.table("headers", &e.Headers)
	if f.has("headers") && e.Headers == nil {
		if _, null := f.vals["headers"].(*ast.NullNode); !null {
			e.Headers = map[string]any{}
		}
	}
	if f.has("body") {
		var b string
		f.str("body", &b)
		e.Body = &b
	}
	if f.has("redelivered") {
		var r bool
		f.boolean("redelivered", &r)
		e.Redelivered = &r
	}
	f.str("reason", &e.Reason)
	if n, ok := f.vals["drop"]; ok {
		if g := d.object(n, "drop", dropRefKeys); g != nil {
			e.Drop = &DropRef{}
			g.str("queue", &e.Drop.Queue)
			g.str("reason", &e.Drop.Reason)
		}
	}
	if n, ok := f.vals["error"]; ok {
		e.Error = d.errorRef(n)
	}
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
