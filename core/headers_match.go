package core

import (
	"slices"
	"strings"

	"github.com/dlxlab/dlxlab/core/internal/erlterm"
)

// Headers exchange matching, docs/rabbitmq.md "Headers exchange" (rabbit_exchange_type_headers.erl).

// headersMatch matches a message's headers against a binding's arguments
// as RabbitMQ 4.x does (the default profile).
func headersMatch(bindingArgs, headers Table) bool {
	return headersMatchFor(DefaultProfile, bindingArgs, headers)
}

// headersMatchFor: x-match is all (default, also for a non-longstr value),
// any, all-with-x or any-with-x. all/any skip every binding argument whose
// key starts with "x-"; the -with-x modes skip only x-match. A void
// argument matches when the header is present; any other argument when the
// header holds the same raw value (integer widths ignored, longstr "1" is
// not long 1). all with nothing left to compare matches every message, any
// matches none. Keys are visited in sorted order (the result does not
// depend on it).
func headersMatchFor(p Profile, bindingArgs, headers Table) bool {
	mode, _ := bindingArgs["x-match"].(string)
	withX := mode == "all-with-x" || mode == "any-with-x"
	anyMode := mode == "any" || mode == "any-with-x"
	for _, k := range bindingArgs.SortedKeys() {
		if k == "x-match" || !withX && strings.HasPrefix(k, "x-") {
			continue
		}
		m := headerArgMatches(p, bindingArgs[k], headers, k)
		if m == anyMode {
			return m
		}
	}
	return !anyMode
}

// headerArgMatches compares one binding argument with the header. 4.x
// compares with =:= and sees timestamp headers in milliseconds
// (mc_amqpl:routing_headers/2); 3.x compared with == (long 1 matched
// double 1.0) and raw timestamps.
func headerArgMatches(p Profile, arg any, headers Table, key string) bool {
	h, present := headers[key]
	if arg == nil {
		return present
	}
	if !present {
		return false
	}
	ht := amqpTerm(h)
	if ts, ok := h.(Timestamp); ok && p.is4() {
		ht = erlterm.I(int64(ts) * 1000)
	}
	return erlEqual(amqpTerm(arg), ht, p.is4())
}

// xMatchModes are the valid x-match values (3.10+).
var xMatchModes = []string{"all", "any", "all-with-x", "any-with-x"}

// validateHeadersBinding checks x-match on binding (406, docs/rabbitmq.md "Headers exchange").
func validateHeadersBinding(args Table) *Error {
	v, ok := args["x-match"]
	if !ok {
		return nil
	}
	if s, isStr := v.(string); isStr {
		if slices.Contains(xMatchModes, s) {
			return nil
		}
		text := erlterm.Format("Invalid x-match field value ", erlterm.Bin(s), 80, true)
		return erlPrecondition(text + "; expected all, any, all-with-x, or any-with-x")
	}
	text := erlterm.Format("Invalid x-match field type ", erlterm.Atom(TypeName(v)), 80, true)
	text = erlterm.Format(text+" (value ", amqpTerm(v), 80, true)
	return erlPrecondition(text + "); expected longstr")
}
