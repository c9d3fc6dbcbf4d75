package scenarios

import (
	"bytes"
	"encoding/json"
	"maps"
	"math"
	"slices"
	"strconv"

	"github.com/dlxlab/dlxlab/core"
)

// The canonical form of a scenario is an ordered tree: keys in a fixed
// order, defaults left out: a link that carries a default could never
// pick up a better default later. Share links encode it as JSON; FormatYAML writes it as YAML.

// kv is one key of an ordered object.
type kv struct {
	k string
	v any
}

// obj is an ordered object. Values are string, int64, float64, bool, nil,
// obj, []any, []string or core.Table (written with sorted keys).
type obj []kv

func (o *obj) put(k string, v any) { *o = append(*o, kv{k, v}) }

func (o *obj) str(k, v string) {
	if v != "" {
		o.put(k, v)
	}
}

func (o *obj) flag(k string, v, def bool) {
	if v != def {
		o.put(k, v)
	}
}

func (o *obj) num(k string, v, def int64) {
	if v != def {
		o.put(k, v)
	}
}

func (o *obj) table(k string, t core.Table) {
	if len(t) > 0 {
		o.put(k, t)
	}
}

func (sc *Scenario) tree() obj {
	o := obj{{"version", int64(Version)}}
	o.str("title", sc.Title)
	o.str("title_zh", sc.TitleZH)
	o.str("summary", sc.Summary)
	o.str("summary_zh", sc.SummaryZH)
	o.str("profile", sc.Profile)
	o.num("seed", sc.Seed, 0)
	o.list("exchanges", len(sc.Exchanges), func(i int) any { return sc.Exchanges[i].tree() })
	o.list("queues", len(sc.Queues), func(i int) any { return sc.Queues[i].tree() })
	o.list("bindings", len(sc.Bindings), func(i int) any { return sc.Bindings[i].tree() })
	o.list("policies", len(sc.Policies), func(i int) any { return sc.Policies[i].tree() })
	o.list("consumers", len(sc.Consumers), func(i int) any { return sc.Consumers[i].tree() })
	o.list("steps", len(sc.Steps), func(i int) any { return sc.Steps[i].tree() })
	o.list("checkpoints", len(sc.Checkpoints), func(i int) any { return sc.Checkpoints[i].tree() })
	o.list("expect", len(sc.Expect), func(i int) any { return sc.Expect[i].tree() })
	if sc.Conform != nil {
		c := obj{}
		c.str("skip", sc.Conform.Skip)
		c.list("profiles", len(sc.Conform.Profiles), func(i int) any { return sc.Conform.Profiles[i] })
		o.put("conform", c)
	}
	if len(sc.Layout) > 0 {
		l := obj{}
		for _, name := range slices.Sorted(maps.Keys(sc.Layout)) {
			p := sc.Layout[name]
			l.put(name, obj{{"x", coord(p.X)}, {"y", coord(p.Y)}})
		}
		o.put("layout", l)
	}
	return o
}

func (o *obj) list(k string, n int, item func(int) any) {
	if n == 0 {
		return
	}
	l := make([]any, n)
	for i := range l {
		l[i] = item(i)
	}
	o.put(k, l)
}

// coord writes whole coordinates as integers (shorter links).
func coord(f float64) any {
	if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
		return int64(f)
	}
	return f
}

func (x Exchange) tree() obj {
	o := obj{{"name", x.Name}}
	if x.Type != core.Direct {
		o.put("type", x.Type)
	}
	o.flag("durable", x.Durable, true)
	o.flag("auto_delete", x.AutoDelete, false)
	o.flag("internal", x.Internal, false)
	o.table("arguments", x.Arguments)
	return o
}

func (q Queue) tree() obj {
	o := obj{{"name", q.Name}}
	o.flag("durable", q.Durable, true)
	o.flag("auto_delete", q.AutoDelete, false)
	o.table("arguments", q.Arguments)
	return o
}

func (b Binding) tree() obj {
	o := obj{{"source", b.Source}, {"destination", b.Destination}}
	if b.DestinationType != "queue" {
		o.put("destination_type", b.DestinationType)
	}
	o.str("routing_key", b.RoutingKey)
	o.table("arguments", b.Arguments)
	return o
}

func (p Policy) tree() obj {
	o := obj{{"name", p.Name}, {"pattern", p.Pattern}}
	if p.ApplyTo != "all" {
		o.put("apply-to", p.ApplyTo)
	}
	o.num("priority", p.Priority, 0)
	o.table("definition", p.Definition)
	return o
}

func (c Consumer) tree() obj {
	o := obj{{"name", c.Name}, {"queue", c.Queue}}
	o.num("prefetch", int64(c.Prefetch), 0)
	o.list("actions", len(c.Actions), func(i int) any { return c.Actions[i].tree() })
	return o
}

// tree writes a plain action as its name ("ack").
func (a Action) tree() any {
	if a.Delay == 0 && a.Exchange == "" && a.RoutingKey == "" {
		return a.Kind
	}
	o := obj{{"action", a.Kind}}
	if a.Delay != 0 {
		o.put("delay", a.Delay.String())
	}
	o.str("exchange", a.Exchange)
	o.str("routing_key", a.RoutingKey)
	return o
}

func (s Step) tree() obj {
	var v any
	if k := s.kind(); k != nil {
		v = k.tree(&s)
	}
	return obj{{s.Kind(), v}}
}

func settleTree(s Step) obj {
	st := s.Settle()
	o := obj{}
	o.str("consumer", st.Consumer)
	if st.N != 0 && (st.N != 1 || st.Multiple) { // 1, the oldest, is the default (alone)
		o.put("n", int64(st.N))
	}
	o.flag("requeue", st.Requeue, false)
	o.flag("multiple", st.Multiple, false)
	return o
}

func (p *PublishStep) tree() obj {
	o := obj{}
	o.str("exchange", p.Exchange)
	o.str("routing_key", p.RoutingKey)
	o.str("body", p.Body)
	if props := p.Properties.tree(); len(props) > 0 {
		o.put("properties", props)
	}
	o.flag("mandatory", p.Mandatory, false)
	o.num("count", int64(p.Count), 1)
	return o
}

func (p Properties) tree() obj {
	o := obj{}
	o.str("content_type", p.ContentType)
	o.str("content_encoding", p.ContentEncoding)
	o.num("delivery_mode", int64(p.DeliveryMode), 0)
	if p.Priority != nil {
		o.put("priority", int64(*p.Priority))
	}
	o.str("correlation_id", p.CorrelationID)
	o.str("reply_to", p.ReplyTo)
	o.str("expiration", p.Expiration)
	o.str("message_id", p.MessageID)
	if p.Timestamp != nil {
		o.put("timestamp", *p.Timestamp)
	}
	o.str("type", p.Type)
	o.str("user_id", p.UserID)
	o.str("app_id", p.AppID)
	o.table("headers", p.Headers)
	return o
}

func (d *DeclareStep) tree() obj {
	o := obj{}
	if d.Queue != "" {
		o.put("queue", d.Queue)
	} else {
		o.put("exchange", d.Exchange)
		if d.Type != core.Direct {
			o.put("type", d.Type)
		}
	}
	o.flag("durable", d.Durable, true)
	o.flag("auto_delete", d.AutoDelete, false)
	o.flag("internal", d.Internal, false)
	o.table("arguments", d.Arguments)
	return o
}

func (e Expectation) tree() obj {
	o := obj{}
	o.str("queue", e.Queue)
	optInt(&o, "depth", e.Depth)
	optInt(&o, "unacked", e.Unacked)
	if e.Bodies != nil {
		o.put("bodies", append([]string{}, *e.Bodies...))
	}
	optBool(&o, "exists", e.Exists)
	o.str("consumer", e.Consumer)
	optInt(&o, "deliveries", e.Deliveries)
	if r := e.Delivery; r != nil {
		d := obj{}
		d.str("consumer", r.Consumer)
		d.str("queue", r.Queue)
		d.flag("get", r.Get, false)
		d.num("n", int64(r.N), 1)
		o.put("delivery", d)
	}
	if e.Headers != nil {
		o.put("headers", e.Headers)
	}
	if e.Body != nil {
		o.put("body", *e.Body)
	}
	optBool(&o, "redelivered", e.Redelivered)
	if e.Properties != nil {
		o.put("properties", e.Properties)
	}
	optStr(&o, "exchange", e.Exchange)
	optStr(&o, "routing_key", e.RoutingKey)
	optInt(&o, "drops", e.Drops)
	o.str("reason", e.Reason)
	if e.Drop != nil {
		d := obj{}
		d.str("queue", e.Drop.Queue)
		d.str("reason", e.Drop.Reason)
		d.str("death_reason", e.Drop.DeathReason)
		optStr(&d, "body", e.Drop.Body)
		o.put("drop", d)
	}
	optInt(&o, "returns", e.Returns)
	if e.Return != nil {
		r := obj{}
		r.num("n", int64(e.Return.N), 1)
		o.put("return", r)
	}
	o.num("reply_code", int64(e.ReplyCode), 0)
	o.str("reply_text", e.ReplyText)
	if r := e.Error; r != nil {
		d := obj{}
		if r.Step != nil {
			d.put("step", int64(*r.Step))
		}
		d.num("code", int64(r.Code), 0)
		d.str("text", r.Text)
		d.str("where", r.Where)
		o.put("error", d)
	}
	optInt(&o, "errors", e.Errors)
	o.str("snapshot", e.Snapshot)
	return o
}

func optInt(o *obj, k string, v *int) {
	if v != nil {
		o.put(k, int64(*v))
	}
}

func optBool(o *obj, k string, v *bool) {
	if v != nil {
		o.put(k, *v)
	}
}

func optStr(o *obj, k string, v *string) {
	if v != nil {
		o.put(k, *v)
	}
}

// CanonicalJSON is the scenario's canonical form as compact JSON: the
// bytes a share link compresses. Parse reads it back to the same scenario.
func CanonicalJSON(sc *Scenario) ([]byte, error) {
	var b bytes.Buffer
	if err := writeJSON(&b, sc.tree()); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func writeJSON(b *bytes.Buffer, v any) error {
	switch x := v.(type) {
	case obj:
		b.WriteByte('{')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(b, e.k)
			b.WriteByte(':')
			if err := writeJSON(b, e.v); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case core.Table:
		o := make(obj, 0, len(x))
		for _, k := range x.SortedKeys() {
			o = append(o, kv{k, x[k]})
		}
		return writeJSON(b, o)
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeJSON(b, e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case []string:
		l := make([]any, len(x))
		for i := range x {
			l[i] = x[i]
		}
		return writeJSON(b, l)
	case string:
		writeJSONString(b, x)
	default:
		s, err := scalarText(v)
		if err != nil {
			return err
		}
		b.WriteString(s)
	}
	return nil
}

// scalarText writes numbers, booleans and null the same in JSON and YAML.
// Floats always carry a '.' or an exponent so they read back as floats.
func scalarText(v any) (string, error) {
	switch x := v.(type) {
	case nil:
		return "null", nil
	case bool:
		return strconv.FormatBool(x), nil
	case int64:
		return strconv.FormatInt(x, 10), nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "", &Error{Msg: "a scenario cannot hold a non-finite number"}
		}
		s := strconv.FormatFloat(x, 'g', -1, 64)
		if !bytes.ContainsAny([]byte(s), ".eE") {
			s += ".0"
		}
		return s, nil
	}
	if i, ok := core.AsInteger(v); ok {
		return strconv.FormatInt(i, 10), nil
	}
	switch x := v.(type) {
	case float32:
		return scalarText(float64(x))
	case core.Timestamp:
		return strconv.FormatInt(int64(x), 10), nil
	case []byte:
		return jsonString(string(x)), nil
	}
	return "", &Error{Msg: "a scenario cannot hold a value of type " + core.TypeName(v)}
}

func writeJSONString(b *bytes.Buffer, s string) { b.WriteString(jsonString(s)) }

// jsonString quotes s as JSON without HTML escaping (also valid YAML).
func jsonString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}
