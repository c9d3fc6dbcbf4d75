package scenarios

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/dlxlab/dlxlab/core"
)

// Failure is an expectation that did not hold, said readably:
// `expect[2] (line 20): delivery 4 to worker: headers.x-death[0].count: want 3, got 2`.
type Failure struct {
	Index int    // index in the expect list
	Pos   Pos    // where the expectation is written
	What  string // the subject: "queue main", "delivery 4 to worker"
	Path  string // what was compared: "depth", "headers.x-death[0].count"
	Want  string
	Got   string
}

func (f Failure) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "expect[%d]", f.Index)
	if f.Pos.Line > 0 {
		fmt.Fprintf(&b, " (line %d)", f.Pos.Line)
	}
	b.WriteString(": " + f.What)
	if f.Path != "" {
		b.WriteString(": " + f.Path)
	}
	fmt.Fprintf(&b, ": want %s, got %s", f.Want, f.Got)
	return b.String()
}

// maxMismatches bounds what one expectation reports.
const maxMismatches = 8

// Check compares a run's observation with the scenario's expect block and
// returns every expectation that failed (nil: all passed).
func Check(sc *Scenario, obs *Observation) []Failure {
	return check(sc, obs, obs.queueFacts)
}

// check is Check with the final queues read through queue (snapshot
// steps' queues are always read from the observation).
func check(sc *Scenario, obs *Observation, queue queueLookup) []Failure {
	var out []Failure
	for i := range sc.Expect {
		e := &sc.Expect[i]
		for _, f := range checkOne(e, obs, queue) {
			f.Index, f.Pos = i, e.Pos
			out = append(out, f)
		}
	}
	return out
}

// queueFacts is what an expectation reads of a queue: its depth, its
// unacked count and, only when asked, its bodies from the head.
type queueFacts struct {
	depth, unacked int
	bodies         func() []string
}

// queueLookup finds a queue by name (false: no such queue).
type queueLookup func(name string) (queueFacts, bool)

// queueFacts reads a queue of the observation.
func (o *Observation) queueFacts(name string) (queueFacts, bool) {
	qs, ok := o.Queues[name]
	return queueFacts{depth: len(qs.Messages), unacked: qs.Unacked, bodies: func() []string {
		got := make([]string, len(qs.Messages))
		for i, m := range qs.Messages {
			got[i] = m.Body
		}
		return got
	}}, ok
}

func checkOne(e *Expectation, obs *Observation, queue queueLookup) []Failure {
	if e.Snapshot != "" {
		at := obs.At(e.Snapshot)
		if at == nil {
			return []Failure{{What: "snapshot " + e.Snapshot, Want: "the run to reach that snapshot step", Got: "it did not (the run stopped before it)"}}
		}
		fs := checkSubject(e, at, at.queueFacts)
		for i := range fs {
			fs[i].What = "at snapshot " + e.Snapshot + ": " + fs[i].What
		}
		return fs
	}
	return checkSubject(e, obs, queue)
}

func checkSubject(e *Expectation, obs *Observation, queue queueLookup) []Failure {
	switch {
	case e.Delivery != nil:
		return checkDelivery(e, obs)
	case e.Return != nil:
		return checkReturn(e, obs)
	case e.Deliveries != nil:
		return checkDeliveries(e, obs)
	case e.Drops != nil:
		return checkDrops(e, obs)
	case e.Drop != nil:
		return checkDrop(e.Drop, obs)
	case e.Returns != nil:
		return count("returns", "", *e.Returns, len(obs.Returns))
	case e.Error != nil:
		return checkError(e.Error, obs)
	case e.Errors != nil:
		return count("errors", "", *e.Errors, len(obs.Errors))
	case e.Queue != "":
		return checkQueue(e, queue)
	}
	return nil
}

func count(what, path string, want, got int) []Failure {
	if want == got {
		return nil
	}
	return []Failure{{What: what, Path: path, Want: fmt.Sprint(want), Got: fmt.Sprint(got)}}
}

func checkQueue(e *Expectation, queue queueLookup) []Failure {
	what := "queue " + e.Queue
	qs, ok := queue(e.Queue)
	if e.Exists != nil && !*e.Exists {
		if ok {
			return []Failure{{What: what, Path: "exists", Want: "false (the queue gone)",
				Got: fmt.Sprintf("true (%d ready, %d unacked)", qs.depth, qs.unacked)}}
		}
		return nil
	}
	if !ok {
		return []Failure{{What: what, Want: "the queue to exist", Got: "no such queue"}}
	}
	var out []Failure
	if e.Depth != nil {
		out = append(out, count(what, "depth", *e.Depth, qs.depth)...)
	}
	if e.Unacked != nil {
		out = append(out, count(what, "unacked", *e.Unacked, qs.unacked)...)
	}
	if e.Bodies != nil {
		if got := qs.bodies(); !equalStrings(*e.Bodies, got) {
			out = append(out, Failure{What: what, Path: "bodies", Want: render(*e.Bodies), Got: render(got)})
		}
	}
	return out
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func checkDeliveries(e *Expectation, obs *Observation) []Failure {
	n := 0
	for _, d := range obs.Deliveries {
		if (e.Consumer == "" || d.Consumer == e.Consumer) && (e.Queue == "" || d.Queue == e.Queue) {
			n++
		}
	}
	what := "deliveries"
	if e.Consumer != "" {
		what += " to " + e.Consumer
	}
	if e.Queue != "" {
		what += " from " + e.Queue
	}
	return count(what, "", *e.Deliveries, n)
}

// pickDelivery finds the delivery a DeliveryRef names.
func pickDelivery(r *DeliveryRef, obs *Observation) (*Delivery, string, int) {
	var picked []*Delivery
	for i := range obs.Deliveries {
		d := &obs.Deliveries[i]
		if (r.Consumer == "" || d.Consumer == r.Consumer) && (r.Queue == "" || d.Queue == r.Queue) && (!r.Get || d.Get) {
			picked = append(picked, d)
		}
	}
	what := fmt.Sprintf("delivery %d", r.N)
	switch {
	case r.Consumer != "":
		what += " to " + r.Consumer
	case r.Get:
		what += " by basic.get"
	}
	if r.Queue != "" {
		what += " from " + r.Queue
	}
	i := r.N - 1
	if r.N < 0 {
		i = len(picked) + r.N
	}
	if i < 0 || i >= len(picked) {
		return nil, what, len(picked)
	}
	return picked[i], what, len(picked)
}

func checkDelivery(e *Expectation, obs *Observation) []Failure {
	d, what, n := pickDelivery(e.Delivery, obs)
	if d == nil {
		return []Failure{{What: what, Want: "that delivery to exist", Got: fmt.Sprintf("%d deliveries", n)}}
	}
	var out []Failure
	if e.Body != nil && *e.Body != d.Message.Body {
		out = append(out, Failure{What: what, Path: "body", Want: render(*e.Body), Got: render(d.Message.Body)})
	}
	if e.Redelivered != nil && *e.Redelivered != d.Redelivered {
		out = append(out, Failure{What: what, Path: "redelivered", Want: fmt.Sprint(*e.Redelivered), Got: fmt.Sprint(d.Redelivered)})
	}
	return append(out, checkMessage(e, what, &d.Message)...)
}

// checkMessage compares the message fields of an expectation (exchange,
// routing_key, properties, headers; the caller compares body first) with
// a delivered or returned message.
func checkMessage(e *Expectation, what string, m *Message) []Failure {
	var out []Failure
	str := func(path string, want *string, got string) {
		if want != nil && *want != got {
			out = append(out, Failure{What: what, Path: path, Want: render(*want), Got: render(got)})
		}
	}
	str("exchange", e.Exchange, m.Exchange)
	str("routing_key", e.RoutingKey, m.RoutingKey)
	var ms []mismatch
	if e.Properties != nil {
		matchTable("properties", e.Properties, core.Table(m.Properties), &ms)
	}
	if e.Headers != nil {
		matchTable("headers", e.Headers, m.Headers, &ms)
	}
	for _, x := range ms {
		out = append(out, Failure{What: what, Path: x.path, Want: x.want, Got: x.got})
	}
	return out
}

func checkReturn(e *Expectation, obs *Observation) []Failure {
	r, what := pickReturn(e.Return, obs)
	if r == nil {
		return []Failure{{What: what, Want: "that return to exist", Got: fmt.Sprintf("%d returns", len(obs.Returns))}}
	}
	var out []Failure
	if e.ReplyCode != 0 && e.ReplyCode != r.ReplyCode {
		out = append(out, Failure{What: what, Path: "reply_code", Want: fmt.Sprint(e.ReplyCode), Got: fmt.Sprint(r.ReplyCode)})
	}
	if e.ReplyText != "" && e.ReplyText != r.ReplyText {
		out = append(out, Failure{What: what, Path: "reply_text", Want: render(e.ReplyText), Got: render(r.ReplyText)})
	}
	if e.Body != nil && *e.Body != r.Message.Body {
		out = append(out, Failure{What: what, Path: "body", Want: render(*e.Body), Got: render(r.Message.Body)})
	}
	return append(out, checkMessage(e, what, &r.Message)...)
}

func pickReturn(ref *ReturnRef, obs *Observation) (*Return, string) {
	what := fmt.Sprintf("return %d", ref.N)
	i := ref.N - 1
	if ref.N < 0 {
		i = len(obs.Returns) + ref.N
	}
	if i < 0 || i >= len(obs.Returns) {
		return nil, what
	}
	return &obs.Returns[i], what
}

func dropMatches(d *Drop, queue, reason string) bool {
	return (queue == "" || d.Queue == queue) && (reason == "" || d.Reason == reason || d.DeathReason == reason)
}

// dropRefMatches: every field the ref sets matches the drop.
func dropRefMatches(d *Drop, r *DropRef) bool {
	return dropMatches(d, r.Queue, r.Reason) && (r.DeathReason == "" || d.DeathReason == r.DeathReason) &&
		(r.Body == nil || d.Message.Body == *r.Body)
}

func checkDrops(e *Expectation, obs *Observation) []Failure {
	n := 0
	for i := range obs.Drops {
		if dropMatches(&obs.Drops[i], e.Queue, e.Reason) {
			n++
		}
	}
	what := "drops"
	if e.Reason != "" {
		what += " with reason " + e.Reason
	}
	if e.Queue != "" {
		what += " from " + e.Queue
	}
	return count(what, "", *e.Drops, n)
}

// checkDrop asks for one drop matching the ref; the failure lists the
// drops there were, with their bodies when the ref names a body.
func checkDrop(r *DropRef, obs *Observation) []Failure {
	for i := range obs.Drops {
		if dropRefMatches(&obs.Drops[i], r) {
			return nil
		}
	}
	got := make([]string, len(obs.Drops))
	for i, d := range obs.Drops {
		got[i] = fmt.Sprintf("%s from %q", dropReasons(&d), d.Queue)
		if r.Body != nil {
			got[i] += " body " + render(d.Message.Body)
		}
	}
	want := "a drop"
	if r.Reason != "" {
		want += fmt.Sprintf(" with reason %q", r.Reason)
	}
	if r.Queue != "" {
		want += fmt.Sprintf(" from %q", r.Queue)
	}
	if r.DeathReason != "" {
		want += fmt.Sprintf(" after death %q", r.DeathReason)
	}
	if r.Body != nil {
		want += " body " + render(*r.Body)
	}
	return []Failure{{What: "drop", Want: want, Got: listOrNone(got)}}
}

func dropReasons(d *Drop) string {
	if d.DeathReason != "" {
		return d.Reason + "/" + d.DeathReason
	}
	return d.Reason
}

func listOrNone(l []string) string {
	if len(l) == 0 {
		return "none"
	}
	if len(l) > maxMismatches {
		l = append(l[:maxMismatches:maxMismatches], fmt.Sprintf("… %d more", len(l)-maxMismatches))
	}
	return "[" + strings.Join(l, "; ") + "]"
}

func checkError(r *ErrorRef, obs *Observation) []Failure {
	for _, e := range obs.Errors {
		if (r.Step == nil || e.Step == *r.Step) && (r.Code == 0 || e.Code == r.Code) &&
			strings.Contains(e.Text, r.Text) && (r.Where == "" || e.Where == r.Where) {
			return nil
		}
	}
	var want []string
	if r.Step != nil {
		want = append(want, fmt.Sprintf("step %d", *r.Step))
	}
	if r.Where != "" {
		want = append(want, "at "+r.Where)
	}
	if r.Code != 0 {
		want = append(want, fmt.Sprintf("code %d", r.Code))
	}
	if r.Text != "" {
		want = append(want, fmt.Sprintf("text containing %q", r.Text))
	}
	got := make([]string, len(obs.Errors))
	for i, e := range obs.Errors {
		got[i] = fmt.Sprintf("step %d: %d %s", e.Step, e.Code, e.Text)
	}
	return []Failure{{What: "error", Want: "an error with " + strings.Join(want, ", "), Got: listOrNone(got)}}
}

// mismatch is one difference found by the subset match.
type mismatch struct{ path, want, got string }

// matchTable: every key of want must match in got; a want value of null
// means the key must be absent. Extra keys in got are fine (subset).
func matchTable(path string, want, got core.Table, out *[]mismatch) {
	for _, k := range want.SortedKeys() {
		if len(*out) >= maxMismatches {
			return
		}
		w := want[k]
		g, has := got[k]
		p := path + "." + k
		switch {
		case w == nil && has:
			*out = append(*out, mismatch{p, "absent", render(g)})
		case w == nil:
		case !has:
			*out = append(*out, mismatch{p, render(w), "absent"})
		default:
			matchValue(p, w, g, out)
		}
	}
}

// matchValue compares one value: tables as subsets, arrays element-wise
// with the same length (so an x-death list matches entry by entry),
// numbers by value whatever their AMQP width.
func matchValue(path string, want, got any, out *[]mismatch) {
	switch w := want.(type) {
	case core.Table:
		if g, ok := got.(core.Table); ok {
			matchTable(path, w, g, out)
			return
		}
	case []any:
		g, ok := got.([]any)
		if !ok {
			break
		}
		if len(w) != len(g) {
			*out = append(*out, mismatch{path, fmt.Sprintf("%d entries %s", len(w), render(w)), fmt.Sprintf("%d entries %s", len(g), render(g))})
			return
		}
		for i := range w {
			matchValue(fmt.Sprintf("%s[%d]", path, i), w[i], g[i], out)
		}
		return
	default:
		if scalarEqual(want, got) {
			return
		}
	}
	*out = append(*out, mismatch{path, render(want), render(got)})
}

func scalarEqual(want, got any) bool {
	wn, wok := number(want)
	gn, gok := number(got)
	if wok || gok {
		return wok && gok && wn == gn
	}
	if wb, ok := got.([]byte); ok {
		got = string(wb)
	}
	return want == got
}

func number(v any) (float64, bool) {
	if i, ok := core.AsInteger(v); ok {
		return float64(i), true
	}
	switch x := v.(type) {
	case core.Timestamp:
		return float64(x), true
	case float64:
		return x, true
	case float32:
		return float64(x), true
	}
	return 0, false
}

// render writes a value compactly as JSON, clipped.
func render(v any) string {
	b, err := json.Marshal(jsonValue(v))
	if err != nil {
		return fmt.Sprint(v)
	}
	s := string(b)
	if len(s) > 200 {
		s = s[:197] + "..."
	}
	return s
}
