package conform

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// Difference is one field where the broker did not do what the simulator
// said: Path names it as the observation's JSON does
// ("deliveries[3].message.headers.x-death[0].count"), Sim and Broker are
// the two values rendered. Known is the reason from known.yaml when a
// known divergence covers it.
type Difference struct {
	Path   string
	Sim    string
	Broker string
	Known  string
}

func (d Difference) String() string {
	return fmt.Sprintf("%s: sim %s, broker %s", d.Path, d.Sim, d.Broker)
}

// Tolerance is how far apart a simulated and an observed time (t_ms, in
// virtual milliseconds, the broker's already divided by the scale) may be:
// Abs milliseconds or Rel of the simulated time, whichever is larger.
type Tolerance struct {
	Abs int64
	Rel float64
}

// DefaultTolerance is max(50 ms, 10 %) of virtual time. At the default
// scale 0.1 that is 5 ms of real time for early events, which is what a
// real broker's timers (rounded to whole ms), TCP round trips and the Go
// scheduler on 2 busy cores need; a 10 ms (virtual) figure would mean
// 1 ms real and flag scheduler noise, not broker behaviour.
var DefaultTolerance = Tolerance{Abs: 50, Rel: 0.10}

// Allowed is the largest difference accepted around sim.
func (t Tolerance) Allowed(sim int64) int64 {
	return max(t.Abs, int64(math.Ceil(t.Rel*math.Abs(float64(sim)))))
}

// Within reports whether broker is close enough to sim.
func (t Tolerance) Within(sim, broker int64) bool {
	d := sim - broker
	if d < 0 {
		d = -d
	}
	return d <= t.Allowed(sim)
}

// absent renders a value that is not there.
const absent = "(absent)"

// Diff compares the simulator's observation with the broker's, field by
// field: deliveries (all fields, in order per consumer; see
// diffDeliveries), returns, errors and the final queues. Not compared:
// profile and clock_ms (the same by construction), drops (the simulator
// explains where a message went; RabbitMQ drops silently), x-death
// `time` values (their presence is compared), and t_ms beyond tol.
func Diff(sim, broker *scenarios.Observation, tol Tolerance) []Difference {
	var out []Difference
	diffDeliveries(sim.Deliveries, broker.Deliveries, tol, &out)
	diffReturns(sim.Returns, broker.Returns, tol, &out)
	diffErrors(sim.Errors, broker.Errors, &out)
	diffQueues("queues", sim.Queues, broker.Queues, false, &out)
	diffSnapshots(sim.Snapshots, broker.Snapshots, &out)
	return out
}

func add(out *[]Difference, path, sim, broker string) {
	*out = append(*out, Difference{Path: path, Sim: sim, Broker: broker})
}

// ---- deliveries ----

// diffDeliveries matches deliveries rather than zipping the two lists:
// two consumers served at the same instant may be seen in either order
// from a real broker. A broker delivery matches a simulated one when every
// field is equal and t_ms is within tolerance; the first unused match in
// broker order is taken. Order is then checked per consumer (and for
// basic.get), where it is deterministic. What stays unmatched is paired
// by likeness (same consumer and queue and body, else same consumer) and
// compared field by field; the rest is missing or extra.
func diffDeliveries(sim, broker []scenarios.Delivery, tol Tolerance, out *[]Difference) {
	byKey := map[string][]int{}
	for j := range broker {
		k := deliveryKey(&broker[j])
		byKey[k] = append(byKey[k], j)
	}
	used := make([]bool, len(broker))
	match := make([]int, len(sim))
	for i := range sim {
		match[i] = -1
		for _, j := range byKey[deliveryKey(&sim[i])] {
			if !used[j] && tol.Within(sim[i].TMS, broker[j].TMS) {
				match[i], used[j] = j, true
				break
			}
		}
	}
	checkStreamOrder(sim, match, tol, out)

	var lonelySim []int
	for i, j := range match {
		if j < 0 {
			lonelySim = append(lonelySim, i)
		}
	}
	pairs := pairByLikeness(sim, broker, lonelySim, used)
	for _, i := range lonelySim {
		j, ok := pairs[i]
		if !ok {
			add(out, fmt.Sprintf("deliveries[%d]", i), summary(&sim[i]), absent)
			continue
		}
		diffDelivery(fmt.Sprintf("deliveries[%d]", i), &sim[i], &broker[j], tol, out)
	}
	for j := range broker {
		if !used[j] {
			add(out, fmt.Sprintf("deliveries[broker %d]", j), absent, summary(&broker[j]))
		}
	}
}

func stream(d *scenarios.Delivery) string {
	if d.Get {
		return "basic.get on " + d.Queue
	}
	return "consumer " + d.Consumer
}

// checkStreamOrder reports a delivery the broker made to the same consumer
// (or basic.get) earlier than one the simulator had before it. Deliveries
// to one consumer come from one queue, in the order messages reached it:
// strict for messages that came the same way (same upstream queue and
// death reason, or both published), but two upstream queues dead-lettering
// at the same instant race on a real broker, so messages of different
// origins are only compared when the simulator has them further apart
// than the tolerance.
func checkStreamOrder(sim []scenarios.Delivery, match []int, tol Tolerance, out *[]Difference) {
	type mark struct{ sim, broker int }
	sameOrigin := map[string]mark{}
	anyOrigin := map[string]mark{}
	for i, j := range match {
		if j < 0 {
			continue
		}
		s := stream(&sim[i])
		o := s + "|" + origin(&sim[i])
		if prev, ok := sameOrigin[o]; ok && j < prev.broker {
			reportOrder(out, sim, i, prev.sim, s)
			continue
		}
		if prev, ok := anyOrigin[s]; ok && j < prev.broker && !tol.Within(sim[prev.sim].TMS, sim[i].TMS) {
			reportOrder(out, sim, i, prev.sim, s)
			continue
		}
		sameOrigin[o] = mark{i, j}
		if prev, ok := anyOrigin[s]; !ok || j > prev.broker {
			anyOrigin[s] = mark{i, j}
		}
	}
}

func reportOrder(out *[]Difference, sim []scenarios.Delivery, i, before int, s string) {
	add(out, fmt.Sprintf("deliveries[%d]", i), fmt.Sprintf("after deliveries[%d] (%s)", before, s),
		fmt.Sprintf("before it (%s received %s first)", s, quote(sim[i].Message.Body)))
}

// origin says how a message reached the queue it was delivered from: the
// queue and reason of its latest death (x-death[0]; RabbitMQ puts the
// latest in front in every version), or published.
func origin(d *scenarios.Delivery) string {
	if deaths, ok := d.Message.Headers["x-death"].([]any); ok && len(deaths) > 0 {
		if e, ok := deaths[0].(core.Table); ok {
			return fmt.Sprintf("dead-lettered from %v (%v)", e["queue"], e["reason"])
		}
	}
	return "published to " + quote(d.Message.Exchange)
}

// pairByLikeness pairs unmatched simulated deliveries with unmatched
// broker ones so that the field diff is meaningful; it marks them used.
func pairByLikeness(sim, broker []scenarios.Delivery, lonely []int, used []bool) map[int]int {
	pairs := map[int]int{}
	for _, like := range []func(a, b *scenarios.Delivery) bool{
		func(a, b *scenarios.Delivery) bool {
			return stream(a) == stream(b) && a.Queue == b.Queue && a.Message.Body == b.Message.Body
		},
		func(a, b *scenarios.Delivery) bool { return stream(a) == stream(b) },
	} {
		for _, i := range lonely {
			if _, done := pairs[i]; done {
				continue
			}
			for j := range broker {
				if !used[j] && like(&sim[i], &broker[j]) {
					pairs[i], used[j] = j, true
					break
				}
			}
		}
	}
	return pairs
}

func diffDelivery(path string, s, b *scenarios.Delivery, tol Tolerance, out *[]Difference) {
	if !tol.Within(s.TMS, b.TMS) {
		add(out, path+".t_ms", strconv.FormatInt(s.TMS, 10),
			fmt.Sprintf("%d (tolerance ±%d)", b.TMS, tol.Allowed(s.TMS)))
	}
	str := func(field, a, b string) {
		if a != b {
			add(out, path+"."+field, quote(a), quote(b))
		}
	}
	str("consumer", s.Consumer, b.Consumer)
	if s.Get != b.Get {
		add(out, path+".get", strconv.FormatBool(s.Get), strconv.FormatBool(b.Get))
	}
	str("queue", s.Queue, b.Queue)
	if s.Redelivered != b.Redelivered {
		add(out, path+".redelivered", strconv.FormatBool(s.Redelivered), strconv.FormatBool(b.Redelivered))
	}
	str("action", s.Action, b.Action)
	diffMessage(path+".message", &s.Message, &b.Message, out)
}

// summary is a one-line description of a delivery for missing / extra.
func summary(d *scenarios.Delivery) string {
	return fmt.Sprintf("{t_ms %d, %s, queue %s, body %s, redelivered %t, action %s}",
		d.TMS, stream(d), d.Queue, quote(d.Message.Body), d.Redelivered, d.Action)
}

// deliveryKey renders every compared field except t_ms, canonically: two
// deliveries with the same key have no difference but time.
func deliveryKey(d *scenarios.Delivery) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%q|%t|%q|%t|%q|", d.Consumer, d.Get, d.Queue, d.Redelivered, d.Action)
	messageKey(&b, &d.Message)
	return b.String()
}

func messageKey(b *strings.Builder, m *scenarios.Message) {
	fmt.Fprintf(b, "%q|%q|%q|", m.Body, m.Exchange, m.RoutingKey)
	props := normalProperties(m.Properties)
	for _, k := range slices.Sorted(maps.Keys(props)) {
		fmt.Fprintf(b, "%s=%s;", k, renderProperty(props[k]))
	}
	b.WriteByte('|')
	b.WriteString(canonical(headersOf(m), "headers"))
}

// ---- messages ----

func diffMessage(path string, s, b *scenarios.Message, out *[]Difference) {
	if s.Body != b.Body {
		add(out, path+".body", quote(s.Body), quote(b.Body))
	}
	if s.Exchange != b.Exchange {
		add(out, path+".exchange", quote(s.Exchange), quote(b.Exchange))
	}
	if s.RoutingKey != b.RoutingKey {
		add(out, path+".routing_key", quote(s.RoutingKey), quote(b.RoutingKey))
	}
	sp, bp := normalProperties(s.Properties), normalProperties(b.Properties)
	for _, k := range unionKeys(sp, bp) {
		sv, sok := sp[k]
		bv, bok := bp[k]
		switch {
		case !sok:
			add(out, path+".properties."+k, absent, renderProperty(bv))
		case !bok:
			add(out, path+".properties."+k, renderProperty(sv), absent)
		case renderProperty(sv) != renderProperty(bv):
			add(out, path+".properties."+k, renderProperty(sv), renderProperty(bv))
		}
	}
	diffValue(path+".headers", headersOf(s), headersOf(b), out)
}

// normalProperties drops a priority of 0: amqp091-go cannot tell it from
// an unset priority, so the broker side never shows it.
func normalProperties(p map[string]any) map[string]any {
	if v, ok := p["priority"]; ok {
		if n, isInt := core.AsInteger(v); isInt && n == 0 {
			q := make(map[string]any, len(p))
			for k, v := range p {
				q[k] = v
			}
			delete(q, "priority")
			return q
		}
	}
	return p
}

// renderProperty renders a property value; integers of any width compare
// by value (the simulator writes uint8 for delivery_mode, int64 for a
// timestamp, as does the runner).
func renderProperty(v any) string {
	if n, ok := core.AsInteger(v); ok {
		return strconv.FormatInt(n, 10)
	}
	if n, ok := v.(int); ok {
		return strconv.Itoa(n)
	}
	if s, ok := v.(string); ok {
		return quote(s)
	}
	return fmt.Sprint(v)
}

func headersOf(m *scenarios.Message) core.Table {
	if m.Headers == nil {
		return core.Table{}
	}
	return m.Headers
}

// ---- values (headers) ----

// isDeathTime says whether path is an x-death entry's time: its value is
// virtual seconds in the simulator and wall-clock seconds on the broker,
// so only its presence is compared.
func isDeathTime(path string) bool {
	return strings.HasSuffix(path, ".time") && strings.Contains(path, ".x-death[")
}

// diffValue compares two header values strictly: same AMQP type and
// value. A long 2 and a signedint 2 differ, and say so.
func diffValue(path string, s, b any, out *[]Difference) {
	if isDeathTime(path) {
		return // both present: the caller saw the key on both sides
	}
	st, sIsTable := s.(core.Table)
	bt, bIsTable := b.(core.Table)
	if sIsTable && bIsTable {
		for _, k := range unionKeys(st, bt) {
			sv, sok := st[k]
			bv, bok := bt[k]
			p := path + "." + k
			switch {
			case !sok:
				add(out, p, absent, render(bv))
			case !bok:
				add(out, p, render(sv), absent)
			default:
				diffValue(p, sv, bv, out)
			}
		}
		return
	}
	sa, sIsArray := s.([]any)
	ba, bIsArray := b.([]any)
	if sIsArray && bIsArray {
		for i := 0; i < max(len(sa), len(ba)); i++ {
			p := fmt.Sprintf("%s[%d]", path, i)
			switch {
			case i >= len(sa):
				add(out, p, absent, render(ba[i]))
			case i >= len(ba):
				add(out, p, render(sa[i]), absent)
			default:
				diffValue(p, sa[i], ba[i], out)
			}
		}
		return
	}
	if canonical(s, path) != canonical(b, path) {
		rs, rb := render(s), render(b)
		if rs == rb { // same value, different AMQP type
			rs += " (" + core.TypeName(s) + ")"
			rb += " (" + core.TypeName(b) + ")"
		}
		add(out, path, rs, rb)
	}
}

// render writes a value as JSON-like text for a difference line.
func render(v any) string {
	switch x := v.(type) {
	case string:
		return quote(x)
	case []byte:
		return "bytes " + quote(string(x))
	case nil:
		return "null"
	case core.Table:
		keys := x.SortedKeys()
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = quote(k) + ": " + render(x[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = render(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case core.Timestamp:
		return "timestamp " + strconv.FormatInt(int64(x), 10)
	}
	return fmt.Sprint(v)
}

// canonical renders a value with its AMQP type, keys sorted, and x-death
// time values blanked: equal canonical forms mean no difference.
func canonical(v any, path string) string {
	if isDeathTime(path) {
		return "time"
	}
	switch x := v.(type) {
	case core.Table:
		var b strings.Builder
		b.WriteByte('{')
		for _, k := range x.SortedKeys() {
			fmt.Fprintf(&b, "%q:%s,", k, canonical(x[k], path+"."+k))
		}
		b.WriteByte('}')
		return b.String()
	case []any:
		var b strings.Builder
		b.WriteByte('[')
		for i, e := range x {
			b.WriteString(canonical(e, fmt.Sprintf("%s[%d]", path, i)))
			b.WriteByte(',')
		}
		b.WriteByte(']')
		return b.String()
	case float64, float32:
		return fmt.Sprintf("%s:%v", core.TypeName(v), x)
	}
	return core.TypeName(v) + ":" + render(v)
}

// ---- returns, errors, queues ----

func diffReturns(sim, broker []scenarios.Return, tol Tolerance, out *[]Difference) {
	for i := 0; i < max(len(sim), len(broker)); i++ {
		p := fmt.Sprintf("returns[%d]", i)
		switch {
		case i >= len(sim):
			add(out, p, absent, returnSummary(&broker[i]))
		case i >= len(broker):
			add(out, p, returnSummary(&sim[i]), absent)
		default:
			s, b := &sim[i], &broker[i]
			if !tol.Within(s.TMS, b.TMS) {
				add(out, p+".t_ms", strconv.FormatInt(s.TMS, 10), fmt.Sprintf("%d (tolerance ±%d)", b.TMS, tol.Allowed(s.TMS)))
			}
			if s.ReplyCode != b.ReplyCode {
				add(out, p+".reply_code", strconv.Itoa(s.ReplyCode), strconv.Itoa(b.ReplyCode))
			}
			if s.ReplyText != b.ReplyText {
				add(out, p+".reply_text", quote(s.ReplyText), quote(b.ReplyText))
			}
			diffMessage(p+".message", &s.Message, &b.Message, out)
		}
	}
}

func returnSummary(r *scenarios.Return) string {
	return fmt.Sprintf("{t_ms %d, %d %s, body %s}", r.TMS, r.ReplyCode, r.ReplyText, quote(r.Message.Body))
}

func diffErrors(sim, broker []scenarios.StepError, out *[]Difference) {
	for i := 0; i < max(len(sim), len(broker)); i++ {
		p := fmt.Sprintf("errors[%d]", i)
		switch {
		case i >= len(sim):
			add(out, p, absent, errorSummary(&broker[i]))
		case i >= len(broker):
			add(out, p, errorSummary(&sim[i]), absent)
		default:
			s, b := &sim[i], &broker[i]
			if s.Step != b.Step {
				add(out, p+".step", strconv.Itoa(s.Step), strconv.Itoa(b.Step))
			}
			if s.Where != b.Where {
				add(out, p+".where", quote(s.Where), quote(b.Where))
			}
			if s.Code != b.Code {
				add(out, p+".code", strconv.Itoa(s.Code), strconv.Itoa(b.Code))
			}
			if s.Text != b.Text {
				add(out, p+".text", quote(s.Text), quote(b.Text))
			}
		}
	}
}

func errorSummary(e *scenarios.StepError) string {
	where := ""
	if e.Where != "" {
		where = " " + e.Where
	}
	return fmt.Sprintf("{step %d%s, %d %s}", e.Step, where, e.Code, quote(e.Text))
}

// diffQueues compares queues: existence, unacked, then the ready messages
// one by one (or, with countOnly, their number).
func diffQueues(path string, sim, broker map[string]scenarios.QueueState, countOnly bool, out *[]Difference) {
	for _, name := range unionKeys(sim, broker) {
		p := path + "." + name
		s, sok := sim[name]
		b, bok := broker[name]
		switch {
		case !sok:
			add(out, p, absent, queueSummary(b))
			continue
		case !bok:
			add(out, p, queueSummary(s), absent)
			continue
		}
		if s.Unacked != b.Unacked {
			add(out, p+".unacked", strconv.Itoa(s.Unacked), strconv.Itoa(b.Unacked))
		}
		if countOnly && len(s.Messages) != len(b.Messages) {
			add(out, p+".messages", fmt.Sprintf("%d ready %s", len(s.Messages), bodies(s.Messages)),
				fmt.Sprintf("%d ready", len(b.Messages)))
			continue
		}
		if countOnly {
			continue
		}
		if len(s.Messages) != len(b.Messages) {
			add(out, p+".messages", fmt.Sprintf("%d ready %s", len(s.Messages), bodies(s.Messages)),
				fmt.Sprintf("%d ready %s", len(b.Messages), bodies(b.Messages)))
			continue
		}
		for i := range s.Messages {
			mp := fmt.Sprintf("%s.messages[%d]", p, i)
			if s.Messages[i].Redelivered != b.Messages[i].Redelivered {
				add(out, mp+".redelivered", strconv.FormatBool(s.Messages[i].Redelivered), strconv.FormatBool(b.Messages[i].Redelivered))
			}
			diffMessage(mp, &s.Messages[i].Message, &b.Messages[i].Message, out)
		}
	}
}

// diffSnapshots compares snapshot steps: the queues by ready and unacked
// counts (a broker snapshot cannot read messages, see Session.snapshot)
// and how many deliveries, returns and errors had happened. Drops are
// simulator-only, as everywhere.
func diffSnapshots(sim, broker []scenarios.Snapshot, out *[]Difference) {
	for i := 0; i < max(len(sim), len(broker)); i++ {
		p := fmt.Sprintf("snapshots[%d]", i)
		switch {
		case i >= len(sim):
			add(out, p, absent, quote(broker[i].Name))
			continue
		case i >= len(broker):
			add(out, p, quote(sim[i].Name), absent)
			continue
		}
		s, b := &sim[i], &broker[i]
		p = "snapshots." + s.Name
		if s.Name != b.Name {
			add(out, p+".name", quote(s.Name), quote(b.Name))
		}
		for _, c := range []struct {
			field    string
			sim, brk int
		}{{"deliveries", s.Deliveries, b.Deliveries}, {"returns", s.Returns, b.Returns}, {"errors", s.Errors, b.Errors}} {
			if c.sim != c.brk {
				add(out, p+"."+c.field, strconv.Itoa(c.sim), strconv.Itoa(c.brk))
			}
		}
		diffQueues(p+".queues", s.Queues, b.Queues, true, out)
	}
}

func queueSummary(q scenarios.QueueState) string {
	return fmt.Sprintf("{%d ready %s, %d unacked}", len(q.Messages), bodies(q.Messages), q.Unacked)
}

// bodies lists message bodies, at most 10.
func bodies(ms []scenarios.QueuedMessage) string {
	var parts []string
	for i, m := range ms {
		if i == 10 {
			parts = append(parts, fmt.Sprintf("… %d more", len(ms)-10))
			break
		}
		parts = append(parts, quote(m.Body))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func quote(s string) string { return strconv.Quote(s) }

func unionKeys[M ~map[string]V, V any](a, b M) []string {
	seen := map[string]bool{}
	var keys []string
	for _, m := range []M{a, b} {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	sort.Strings(keys)
	return keys
}
