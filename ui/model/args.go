package model

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dlxlab/dlxlab/core"
)

// The argument catalogue of the edit forms: which queue arguments,
// exchange arguments and policy keys the broker knows, their value kind
// and, in the UI's message catalogue, a line of help ("arg." + Key). The
// broker (core) alone decides whether a value is valid; these only say
// how to read the text the learner typed.

// Value kinds.
const (
	KindInt    = "int"
	KindString = "string"
	KindBool   = "bool"
	KindEnum   = "enum"
)

// Arg is one argument or policy key.
type Arg struct {
	Key     string
	Kind    string
	Enum    []string
	Classic bool // a classic queue knows it
	Quorum  bool // a quorum queue knows it
	Unit    string
	Common  bool // shown first in the form
}

// QueueArgs are the queue arguments core validates (docs/rabbitmq.md "Declare argument checks"), most
// used first. x-queue-type is the form's type selector.
var QueueArgs = []Arg{
	{Key: "x-message-ttl", Kind: KindInt, Classic: true, Quorum: true, Unit: "ms", Common: true},
	{Key: "x-dead-letter-exchange", Kind: KindString, Classic: true, Quorum: true, Common: true},
	{Key: "x-dead-letter-routing-key", Kind: KindString, Classic: true, Quorum: true, Common: true},
	{Key: "x-max-length", Kind: KindInt, Classic: true, Quorum: true, Common: true},
	{Key: "x-overflow", Kind: KindEnum, Enum: []string{"drop-head", "reject-publish", "reject-publish-dlx"}, Classic: true, Quorum: true, Common: true},
	{Key: "x-delivery-limit", Kind: KindInt, Quorum: true, Common: true},
	{Key: "x-dead-letter-strategy", Kind: KindEnum, Enum: []string{"at-most-once", "at-least-once"}, Quorum: true},
	{Key: "x-expires", Kind: KindInt, Classic: true, Quorum: true, Unit: "ms"},
	{Key: "x-max-length-bytes", Kind: KindInt, Classic: true, Quorum: true, Unit: "bytes"},
	{Key: "x-max-priority", Kind: KindInt, Classic: true},
	{Key: "x-single-active-consumer", Kind: KindBool, Classic: true, Quorum: true},
	{Key: "x-queue-mode", Kind: KindEnum, Enum: []string{"default", "lazy"}, Classic: true},
	{Key: "x-queue-version", Kind: KindInt, Classic: true},
	{Key: "x-queue-leader-locator", Kind: KindEnum, Enum: []string{"client-local", "balanced"}, Classic: true, Quorum: true},
	{Key: "x-queue-master-locator", Kind: KindString, Classic: true},
	{Key: "x-max-in-memory-length", Kind: KindInt, Quorum: true},
	{Key: "x-max-in-memory-bytes", Kind: KindInt, Quorum: true, Unit: "bytes"},
	{Key: "x-quorum-initial-group-size", Kind: KindInt, Quorum: true},
	{Key: "x-member-placement-tag", Kind: KindString, Quorum: true},
	{Key: "x-consumer-timeout", Kind: KindInt, Quorum: true, Unit: "ms"},
	{Key: "x-delayed-retry-type", Kind: KindEnum, Enum: []string{"disabled", "all", "failed", "returned"}, Quorum: true},
	{Key: "x-delayed-retry-min", Kind: KindInt, Quorum: true, Unit: "ms"},
	{Key: "x-delayed-retry-max", Kind: KindInt, Quorum: true, Unit: "ms"},
}

// ExchangeArgs are the exchange arguments the simulator acts on.
var ExchangeArgs = []Arg{{Key: "alternate-exchange", Kind: KindString, Common: true}}

// PolicyKeys are the policy definition keys the simulator acts on.
var PolicyKeys = []Arg{
	{Key: "dead-letter-exchange", Kind: KindString, Common: true},
	{Key: "dead-letter-routing-key", Kind: KindString, Common: true},
	{Key: "message-ttl", Kind: KindInt, Unit: "ms", Common: true},
	{Key: "max-length", Kind: KindInt, Common: true},
	{Key: "overflow", Kind: KindEnum, Enum: []string{"drop-head", "reject-publish", "reject-publish-dlx"}},
	{Key: "delivery-limit", Kind: KindInt},
	{Key: "dead-letter-strategy", Kind: KindEnum, Enum: []string{"at-most-once", "at-least-once"}},
	{Key: "expires", Kind: KindInt, Unit: "ms"},
	{Key: "max-length-bytes", Kind: KindInt, Unit: "bytes"},
	{Key: "alternate-exchange", Kind: KindString},
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
