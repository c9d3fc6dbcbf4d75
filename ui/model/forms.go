package model

import (
	"slices"
	"strconv"
	"strings"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// The rules of the build forms, apart from drawing them: which argument
// keys a queue form offers and in what order, reading a form into the
// scenario's types and back, and a value's unit in words.

// ArgRow is one argument line of the queue form: the key and the text
// typed for its value.
type ArgRow struct{ Key, Value string }

// queueTypeKnows reports whether a queue type knows the argument.
func queueTypeKnows(queueType string, a Arg) bool {
	if queueType == string(core.Quorum) {
		return a.Quorum
	}
	return a.Classic
}

// NextArg is the key "+ Add argument" adds: the first in catalogue order
// that the queue type knows and no row uses yet; "" when none is left.
func NextArg(queueType string, rows []ArgRow) string {
	return nextArg(QueueArgs, func(a Arg) bool { return queueTypeKnows(queueType, a) }, rows)
}

func nextArg(list []Arg, knows func(Arg) bool, rows []ArgRow) string {
	for _, a := range list {
		if knows(a) && !slices.ContainsFunc(rows, func(r ArgRow) bool { return r.Key == a.Key }) {
			return a.Key
		}
	}
	return ""
}

// ArgChoice is one key in an argument row's list.
type ArgChoice struct {
	Key   string
	InUse bool // another row already sets it
}

// ArgChoices lists the keys row i may pick: its own key first, then the
// unused keys the queue type knows in catalogue order (so the next
// unused one comes first), then those other rows use, marked. A key the
// catalogue does not know (from an imported queue) is kept as its own.
func ArgChoices(queueType string, rows []ArgRow, i int) []ArgChoice {
	return argChoices(QueueArgs, func(a Arg) bool { return queueTypeKnows(queueType, a) }, rows, i)
}

func argChoices(list []Arg, knows func(Arg) bool, rows []ArgRow, i int) []ArgChoice {
	own := rows[i].Key
	used := map[string]bool{}
	for j, r := range rows {
		if j != i {
			used[r.Key] = true
		}
	}
	var out, inUse []ArgChoice
	if own != "" {
		out = append(out, ArgChoice{Key: own})
	}
	for _, a := range list {
		switch {
		case a.Key == own || !knows(a):
		case used[a.Key]:
			inUse = append(inUse, ArgChoice{Key: a.Key, InUse: true})
		default:
			out = append(out, ArgChoice{Key: a.Key})
		}
	}
	return append(out, inUse...)
}

// InWords says a typed value in the unit of the argument: 30000 for
// x-message-ttl is "30 s", 1048576 bytes "1 MiB". "" when there is
// nothing to add (no unit, not a number, or the number says it already).
func InWords(list []Arg, key, text string) string {
	a, ok := ArgFor(list, key)
	n, err := strconv.ParseInt(strings.TrimSpace(text), 10, 64)
	if !ok || err != nil || n < 0 {
		return ""
	}
	switch a.Unit {
	case "ms":
		if n < 1000 {
			return ""
		}
		return FormatDuration(core.Time(n))
	case "bytes":
		return byteWords(n)
	}
	return ""
}

func byteWords(n int64) string {
	units := []string{"KiB", "MiB", "GiB", "TiB"}
	if n < 1024 {
		return ""
	}
	v, u := float64(n)/1024, 0
	for v >= 1024 && u < len(units)-1 {
		v, u = v/1024, u+1
	}
	return strings.TrimSuffix(strconv.FormatFloat(v, 'f', 1, 64), ".0") + " " + units[u]
}

// QueueForm is what the queue form collects.
type QueueForm struct {
	Name, Type string
	Durable    bool
	Args       []ArgRow
}

// NewQueueForm is the form for a new queue of the type.
func NewQueueForm(queueType string) QueueForm {
	if queueType == "" {
		queueType = string(core.Classic)
	}
	return QueueForm{Type: queueType, Durable: true}
}

// QueueFormOf fills the form from a queue: x-queue-type becomes the type,
// the other arguments rows in key order.
func QueueFormOf(q scenarios.Queue) QueueForm {
	f := QueueForm{Name: q.Name, Type: string(core.Classic), Durable: q.Durable}
	for _, k := range q.Arguments.SortedKeys() {
		if k == "x-queue-type" {
			f.Type, _ = q.Arguments[k].(string)
			continue
		}
		f.Args = append(f.Args, ArgRow{Key: k, Value: FormatValue(q.Arguments[k])})
	}
	return f
}

// Queue reads the form (QueueArguments types the values).
func (f QueueForm) Queue() scenarios.Queue {
	rows := make([][2]string, len(f.Args))
	for i, a := range f.Args {
		rows[i] = [2]string{a.Key, a.Value}
	}
	return scenarios.Queue{Name: strings.TrimSpace(f.Name), Durable: f.Durable, Arguments: QueueArguments(f.Type, rows)}
}

// AddArg adds a row for the next unused key (NextArg).
func (f *QueueForm) AddArg() { f.Args = append(f.Args, ArgRow{Key: NextArg(f.Type, f.Args)}) }

// BindingForm is what the binding form collects. Dest is "queue:NAME" or
// "exchange:NAME"; Args is "key = value" lines (headers exchanges).
type BindingForm struct{ Source, Dest, Key, Args string }

// Binding reads the form; a bad argument line is an error of the Args
// field.
func (f BindingForm) Binding() (scenarios.Binding, FieldError) {
	kind, dest, _ := strings.Cut(f.Dest, ":")
	b := scenarios.Binding{Source: f.Source, Destination: dest, DestinationType: kind, RoutingKey: f.Key}
	args, err := ParseTable(nil, f.Args)
	if err != nil {
		return b, tableError("arguments", err)
	}
	b.Arguments = args
	return b, FieldError{}
}

// PolicyForm is what the policy form collects.
type PolicyForm struct{ Name, Pattern, ApplyTo, Priority, Definition string }

// NewPolicyForm is the form for a new policy.
func NewPolicyForm() PolicyForm { return PolicyForm{ApplyTo: "queues", Priority: "0"} }

// PolicyFormOf fills the form from a policy.
func PolicyFormOf(p scenarios.Policy) PolicyForm {
	return PolicyForm{Name: p.Name, Pattern: p.Pattern, ApplyTo: p.ApplyTo,
		Priority: strconv.FormatInt(p.Priority, 10), Definition: FormatTable(p.Definition)}
}

// Policy reads the form: the definition's lines and the priority (empty
// is 0) must parse.
func (f PolicyForm) Policy() (scenarios.Policy, FieldError) {
	p := scenarios.Policy{Name: strings.TrimSpace(f.Name), Pattern: f.Pattern, ApplyTo: f.ApplyTo}
	def, err := ParseTable(PolicyKeys, f.Definition)
	if err != nil {
		return p, tableError("definition", err)
	}
	p.Definition = def
	if text := strings.TrimSpace(f.Priority); text != "" {
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return p, NotNumber("priority")
		}
		p.Priority = n
	}
	return p, FieldError{}
}

// ConsumerForm is what the consumer form collects: by hand, or a script
// of actions ("reject, reject 200ms, republish x k, ack").
type ConsumerForm struct {
	Name, Queue, Prefetch, Actions string
	ByHand                         bool
}

// NewConsumerForm is the form for a new consumer.
func NewConsumerForm() ConsumerForm { return ConsumerForm{Prefetch: "1", ByHand: true} }

// Consumer reads the form: prefetch (empty is 0) and the script must
// parse.
func (f ConsumerForm) Consumer() (scenarios.Consumer, FieldError) {
	c := scenarios.Consumer{Name: strings.TrimSpace(f.Name), Queue: f.Queue}
	if text := strings.TrimSpace(f.Prefetch); text != "" {
		n, err := strconv.Atoi(text)
		if err != nil {
			return c, NotNumber("prefetch")
		}
		c.Prefetch = n
	}
	if !f.ByHand {
		acts, err := ParseActions(f.Actions)
		if err != nil {
			return c, FieldError{Field: "actions", Key: "fielderr.actions", Args: []string{err.Error()}}
		}
		c.Actions = acts
	}
	return c, FieldError{}
}

// ParseActions reads a consumer script: actions separated by commas,
// each a kind, for republish an exchange and a key, and an optional
// delay ("reject 200ms").
func ParseActions(text string) ([]scenarios.Action, error) {
	var out []scenarios.Action
	for _, part := range strings.Split(text, ",") {
		fields := strings.Fields(part)
		if len(fields) == 0 {
			continue
		}
		a := scenarios.Action{Kind: fields[0]}
		rest := fields[1:]
		if a.Kind == core.ActRepublish && len(rest) >= 2 {
			a.Exchange, a.RoutingKey, rest = rest[0], rest[1], rest[2:]
		}
		if len(rest) > 0 {
			d, err := scenarios.ParseDuration(rest[0])
			if err != nil {
				return nil, err
			}
			a.Delay = d
		}
		out = append(out, a)
	}
	return out, nil
}

// tableError places a "key = value" parse error on its field.
func tableError(field string, err error) FieldError {
	return FieldError{Field: field, Key: "fielderr.lines", Args: []string{err.Error()}}
}

// BindingEnd is a queue or an exchange a binding may lead to.
type BindingEnd struct{ Kind, Name string }

// Value is the end as the binding form's Dest holds it.
func (d BindingEnd) Value() string { return d.Kind + ":" + d.Name }

// BindingEnds is what the binding form offers.
type BindingEnds struct {
	Sources []string          // every exchange but the default one, which takes no bindings
	First   string            // the source picked when none is: the scenario's first exchange
	Types   map[string]string // exchange name → type
	Dests   []BindingEnd      // the scenario's queues, then its exchanges
}

// BindingEnds lists the exchanges a binding may start from and the
// queues and exchanges it may lead to.
func (s *Session) BindingEnds() BindingEnds {
	ends := BindingEnds{Types: map[string]string{}}
	for _, x := range s.b.Exchanges() {
		if x.Name != "" {
			ends.Sources = append(ends.Sources, x.Name)
		}
		ends.Types[x.Name] = x.Type
	}
	if len(s.sc.Exchanges) > 0 {
		ends.First = s.sc.Exchanges[0].Name
	}
	for _, q := range s.sc.Queues {
		ends.Dests = append(ends.Dests, BindingEnd{"queue", q.Name})
	}
	for _, x := range s.sc.Exchanges {
		ends.Dests = append(ends.Dests, BindingEnd{"exchange", x.Name})
	}
	return ends
}

// ScenarioExchange is the scenario's exchange name (a copy), nil if it
// has none: what an "Edit" opens.
func (s *Session) ScenarioExchange(name string) *scenarios.Exchange {
	i := slices.IndexFunc(s.sc.Exchanges, func(x scenarios.Exchange) bool { return x.Name == name })
	if name == "" || i < 0 {
		return nil
	}
	x := s.sc.Exchanges[i]
	return &x
}

// ScenarioQueue is the scenario's queue name (a copy), nil if it has none.
func (s *Session) ScenarioQueue(name string) *scenarios.Queue {
	i := slices.IndexFunc(s.sc.Queues, func(q scenarios.Queue) bool { return q.Name == name })
	if i < 0 {
		return nil
	}
	q := s.sc.Queues[i]
	return &q
}

// ScenarioPolicy is the scenario's policy name (a copy), nil if it has
// none.
func (s *Session) ScenarioPolicy(name string) *scenarios.Policy {
	i := slices.IndexFunc(s.sc.Policies, func(p scenarios.Policy) bool { return p.Name == name })
	if i < 0 {
		return nil
	}
	p := s.sc.Policies[i]
	return &p
}

// ValueWords is a typed value with a unit, said in words.
type ValueWords struct{ Key, Value, Unit, Words string }

// DefinitionInWords says in words the values of a policy definition
// ("key = value" lines) whose keys have a unit.
func DefinitionInWords(text string) []ValueWords {
	var out []ValueWords
	for _, line := range strings.Split(text, "\n") {
		k, v, ok := cutPair(strings.TrimSpace(line))
		if !ok {
			continue
		}
		if w := InWords(PolicyKeys, k, v); w != "" {
			a, _ := ArgFor(PolicyKeys, k)
			out = append(out, ValueWords{Key: k, Value: v, Unit: a.Unit, Words: w})
		}
	}
	return out
}

// MillisInWords says a number of milliseconds in words ("90000" is
// "1 min 30 s"); "" when it is not a whole number of at least 1000.
func MillisInWords(text string) string {
	n, err := strconv.ParseInt(strings.TrimSpace(text), 10, 64)
	if err != nil || n < 1000 {
		return ""
	}
	return FormatDuration(core.Time(n))
}
