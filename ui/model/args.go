package model

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dlxlab/dlxlab/core"
)

// The argument catalogue of the edit forms: which queue arguments,
// exchange arguments and policy keys the broker knows, their value kind
// and, in the UI's message catalogue, a line of help ("arg." + Key). The
// broker (core) alone decides whether a value is valid; these only say
// how to read the text the learner typed.

// Value kinds (core's).
const (
	KindInt    = core.ArgInt
	KindString = core.ArgString
	KindBool   = core.ArgBool
	KindEnum   = core.ArgEnum
)

// Arg is one argument or policy key: core's metadata and which queue
// types know it.
type Arg struct {
	core.ArgSpec
	Classic bool // a classic queue knows it
	Quorum  bool // a quorum queue knows it
}

// commonArgs are offered first in the forms, in this order.
var commonArgs = []string{"x-message-ttl", "x-dead-letter-exchange", "x-dead-letter-routing-key",
	"x-max-length", "x-overflow", "x-delivery-limit",
	"dead-letter-exchange", "dead-letter-routing-key", "message-ttl", "max-length", "alternate-exchange"}

// QueueArgs are the queue arguments core knows (docs/rabbitmq.md "Declare
// argument checks") for classic and quorum queues on the newest profile,
// the common ones first.
var QueueArgs = queueArgs(core.DefaultProfile)

// ExchangeArgs are the exchange arguments the simulator acts on.
var ExchangeArgs = argsOf(core.ExchangeArgSpecs())

// PolicyKeys are the policy definition keys the simulator acts on.
var PolicyKeys = argsOf(core.PolicyKeySpecs())

func queueArgs(p core.Profile) []Arg {
	var out []Arg
	index := map[string]int{}
	for _, qt := range []core.QueueType{core.Classic, core.Quorum} {
		for _, spec := range core.QueueArgSpecs(p, qt) {
			i, ok := index[spec.Key]
			if !ok {
				i = len(out)
				index[spec.Key] = i
				out = append(out, Arg{ArgSpec: spec})
			}
			out[i].Classic = out[i].Classic || qt == core.Classic
			out[i].Quorum = out[i].Quorum || qt == core.Quorum
		}
	}
	sortCommonFirst(out)
	return out
}

func argsOf(specs []core.ArgSpec) []Arg {
	out := make([]Arg, len(specs))
	for i, s := range specs {
		out[i] = Arg{ArgSpec: s}
	}
	sortCommonFirst(out)
	return out
}

// sortCommonFirst puts the common keys first, in commonArgs order; the
// rest keep core's order.
func sortCommonFirst(args []Arg) {
	rank := func(a Arg) int {
		if i := slices.Index(commonArgs, a.Key); i >= 0 {
			return i
		}
		return len(commonArgs)
	}
	slices.SortStableFunc(args, func(a, b Arg) int { return rank(a) - rank(b) })
}

// ExchangeTypes are the exchange types core routes for.
var ExchangeTypes = []string{core.Direct, core.Fanout, core.Topic, core.Headers}

// ArgFor finds a key in a catalogue.
func ArgFor(list []Arg, key string) (Arg, bool) {
	for _, a := range list {
		if a.Key == key {
			return a, true
		}
	}
	return Arg{}, false
}

// ParseValue reads the text typed for a key as an AMQP value: a string
// argument stays text; elsewhere an integer becomes a long (int64, as
// definitions.json import does), true/false a boolean, anything else
// text. The broker then judges it: "abc" for x-message-ttl gets its 406.
func ParseValue(list []Arg, key, text string) any {
	text = strings.TrimSpace(text)
	if a, ok := ArgFor(list, key); ok && (a.Kind == KindString || a.Kind == KindEnum) {
		return text
	}
	if n, err := strconv.ParseInt(text, 10, 64); err == nil {
		return n
	}
	switch text {
	case "true":
		return true
	case "false":
		return false
	}
	if f, err := strconv.ParseFloat(text, 64); err == nil && strings.ContainsAny(text, ".eE") {
		return f
	}
	return text
}

// QueueArguments builds a queue's arguments from the form's rows (key,
// typed text) and its type: quorum adds x-queue-type. Rows without a key
// are skipped, and so are rows without a value, except the dead-letter
// exchange and routing key: an empty x-dead-letter-exchange is the
// default exchange, a real setting. nil when nothing is left.
func QueueArguments(queueType string, rows [][2]string) core.Table {
	args := core.Table{}
	if queueType == string(core.Quorum) {
		args["x-queue-type"] = string(core.Quorum)
	}
	for _, r := range rows {
		key, text := r[0], r[1]
		keepsEmpty := key == "x-dead-letter-exchange" || key == "x-dead-letter-routing-key"
		if key == "" || strings.TrimSpace(text) == "" && !keepsEmpty {
			continue
		}
		args[key] = ParseValue(QueueArgs, key, text)
	}
	if len(args) == 0 {
		return nil
	}
	return args
}

// ParseTable reads "key = value" (or "key: value") lines into a table,
// typing each value with ParseValue. Blank lines and lines starting with
// '#' are skipped.
func ParseTable(list []Arg, text string) (core.Table, error) {
	t := core.Table{}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := cutPair(line)
		if !ok || k == "" {
			return nil, fmt.Errorf("line %d: expected key = value, got %q", i+1, line)
		}
		t[k] = ParseValue(list, k, v)
	}
	if len(t) == 0 {
		return nil, nil
	}
	return t, nil
}

func cutPair(line string) (string, string, bool) {
	i := strings.IndexAny(line, "=:")
	if i < 0 {
		return "", "", false
	}
	return strings.TrimSpace(line[:i]), strings.TrimSpace(line[i+1:]), true
}

// FormatTable writes a table as ParseTable reads it.
func FormatTable(t core.Table) string {
	var b strings.Builder
	for _, k := range t.SortedKeys() {
		fmt.Fprintf(&b, "%s = %s\n", k, FormatValue(t[k]))
	}
	return b.String()
}
