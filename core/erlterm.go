package core

import (
	"strconv"

	"github.com/dlxlab/dlxlab/core/internal/erlterm"
)

// The Erlang terms of the broker's reply texts: AMQP field values and
// policy JSON turned into erlterm terms, and the errors built from them
// (docs/rabbitmq.md "Erlang term printing"). The printer itself is
// core/internal/erlterm.

// amqpTerm is the raw Erlang value RabbitMQ holds for an AMQP field value
// (the Value of {Type, Value}); arrays hold {Type, Value} tuples and tables
// {Key, Type, Value} tuples, keys sorted as rabbit_misc:sort_field_table does.
func amqpTerm(v any) erlterm.Term {
	if t, ok := scalarTerm(v); ok {
		return t
	}
	switch x := v.(type) {
	case []byte:
		return erlterm.Bin(x)
	case Timestamp:
		return erlterm.I(int64(x))
	case []any:
		return amqpArrayTerm(x)
	case Table:
		return amqpTableTerm(x)
	}
	return erlterm.Atom("undefined") // void
}

// scalarTerm is the term of an integer, string, float or boolean, the
// values AMQP tables and JSON policy definitions hold alike.
func scalarTerm(v any) (erlterm.Term, bool) {
	if n, ok := AsInteger(v); ok {
		return erlterm.I(n), true
	}
	switch x := v.(type) {
	case string:
		return erlterm.Bin(x), true
	case float32:
		return erlterm.Float(float64(x)), true
	case float64:
		return erlterm.Float(x), true
	case bool:
		return erlterm.Atom(strconv.FormatBool(x)), true
	}
	return nil, false
}

func amqpArrayTerm(a []any) erlterm.Term {
	l := make(erlterm.List, len(a))
	for i, e := range a {
		l[i] = erlterm.Tuple{erlterm.Atom(TypeName(e)), amqpTerm(e)}
	}
	return l
}

func amqpTableTerm(t Table) erlterm.Term {
	l := make(erlterm.List, 0, len(t))
	for _, k := range t.SortedKeys() {
		l = append(l, erlterm.Tuple{erlterm.Bin(k), erlterm.Atom(TypeName(t[k])), amqpTerm(t[k])})
	}
	return l
}

// jsonTerm is the Erlang term RabbitMQ's JSON decoder makes of a policy
// definition value: strings are binaries, null is the atom null, objects
// are maps.
func jsonTerm(v any) erlterm.Term {
	if t, ok := scalarTerm(v); ok {
		return t
	}
	switch x := v.(type) {
	case nil:
		return erlterm.Atom("null")
	case []any:
		l := make(erlterm.List, len(x))
		for i, e := range x {
			l[i] = jsonTerm(e)
		}
		return l
	case Table:
		return jsonMapTerm(x)
	case map[string]any:
		return jsonMapTerm(Table(x))
	}
	return erlterm.Atom("undefined")
}

func jsonMapTerm(t Table) erlterm.Term {
	m := make(erlterm.Map, 0, len(t))
	for _, k := range t.SortedKeys() { // small maps print in key order
		m = append(m, erlterm.Pair{K: erlterm.Bin(k), V: jsonTerm(t[k])})
	}
	return m
}

// erlError is a protocol error with RabbitMQ's exact reply text.
func erlError(code int, name, explanation string) *Error {
	return &Error{Code: code, Text: erlterm.ReplyText(name, explanation)}
}

// erlPrecondition is rabbit_misc:precondition_failed/2 (406).
func erlPrecondition(explanation string) *Error {
	return erlError(CodePreconditionFailed, "PRECONDITION_FAILED", explanation)
}
