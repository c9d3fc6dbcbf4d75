package core

import (
	"strconv"

	"github.com/dlxlab/dlxlab/core/internal/erlterm"
)

// Redeclaring an existing queue: its arguments are compared, not checked
// (docs/rabbitmq.md "Redeclare equivalence"; rabbit_misc.erl).

// checkQueueEquivalence compares a redeclare's arguments with the queue's
// (rabbit_misc:assert_args_equivalence/4) as the 4.x default profile does.
func checkQueueEquivalence(vhost, queue string, qt QueueType, current, received Table) *Error {
	return checkQueueEquivalenceFor(DefaultProfile, vhost, queue, qt, current, received)
}

// checkQueueEquivalenceFor compares, key by key in the order of the queue
// type's known arguments, current (the queue's) and received arguments.
// Equal when both are absent, or their types are of the same class (all
// integer types are one class, float and double another) and values are
// equal, or the raw values are identical (longstr "a" = binary "a").
// 4.x (not 3.12) fills in x-queue-type "classic" on declare when absent, so
// redeclaring a quorum queue without x-queue-type is inequivalent.
func checkQueueEquivalenceFor(p Profile, vhost, queue string, qt QueueType, current, received Table) *Error {
	if p.is4() {
		current, received = withQueueType(current), withQueueType(received)
	}
	for _, k := range knownArgs(p, string(qt)) {
		cur, curOK := current[k]
		rec, recOK := received[k]
		if argsEquivalent(k, cur, curOK, rec, recOK) {
			continue
		}
		return erlPrecondition("inequivalent arg '" + k + "' for " + queueRes(vhost, queue) +
			": received " + equivVal(rec, recOK, curOK) + " but current is " + equivVal(cur, curOK, recOK))
	}
	return nil
}

// withQueueType is augment_declare_args/5 without a vhost default type.
func withQueueType(args Table) Table {
	if _, ok := args["x-queue-type"]; ok {
		return args
	}
	c := args.Clone()
	if c == nil {
		c = Table{}
	}
	c["x-queue-type"] = string(Classic)
	return c
}

func argsEquivalent(key string, cur any, curOK bool, rec any, recOK bool) bool {
	switch {
	case !curOK && !recOK:
		return true
	case curOK && recOK:
		a, b := amqpTerm(cur), amqpTerm(rec)
		sameClass := typeClass(cur) == typeClass(rec)
		return sameClass && erlEqual(a, b, false) || erlEqual(a, b, true)
	}
	// 3.12 special case: a classic queue need not carry x-queue-type.
	v := cur
	if recOK {
		v = rec
	}
	return key == "x-queue-type" && v == string(Classic)
}

// typeClass is rabbit_misc:type_class/1.
func typeClass(v any) string {
	if _, ok := AsInteger(v); ok {
		return "int"
	}
	switch v.(type) {
	case float32, float64:
		return "float"
	}
	return TypeName(v)
}

// equivVal is rabbit_misc:val/1: "none"; "the value 'v' of type 't'" when
// the other side is absent; else the raw value quoted ('5', 'dlx').
func equivVal(v any, ok, otherOK bool) string {
	if !ok {
		return "none"
	}
	if !otherOK {
		return rawVal("the value '", v) + "' of type '" + TypeName(v) + "'"
	}
	return rawVal("'", v) + "'"
}

// rawVal prints a raw value after prefix: binaries with ~ts, others ~tp.
func rawVal(prefix string, v any) string {
	switch x := v.(type) {
	case string:
		return prefix + erlterm.TS(x)
	case []byte:
		return prefix + erlterm.TS(string(x))
	}
	return erlterm.Format(prefix, amqpTerm(v), 80, true)
}

// erlEqual is Erlang =:= (exact) or == (an integer equals a float of the
// same value).
func erlEqual(a, b erlterm.Term, exact bool) bool {
	switch x := a.(type) {
	case erlterm.Tuple:
		y, ok := b.(erlterm.Tuple)
		return ok && erlEqualSeq(x, y, exact)
	case erlterm.List:
		y, ok := b.(erlterm.List)
		return ok && erlEqualSeq(x, y, exact)
	case erlterm.Chars, erlterm.Map:
		return erlterm.Write(a, true) == erlterm.Write(b, true)
	}
	if !exact && erlMixedNumbers(a, b) {
		x, _ := erlNumber(a)
		y, _ := erlNumber(b)
		return x == y
	}
	return a == b
}

func erlEqualSeq(a, b []erlterm.Term, exact bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !erlEqual(a[i], b[i], exact) {
			return false
		}
	}
	return true
}

// erlMixedNumbers: one integer and one float.
func erlMixedNumbers(a, b erlterm.Term) bool {
	_, ai := a.(erlterm.Int)
	_, af := a.(erlterm.Float)
	_, bi := b.(erlterm.Int)
	_, bf := b.(erlterm.Float)
	return ai && bf || af && bi
}

func erlNumber(t erlterm.Term) (float64, bool) {
	switch x := t.(type) {
	case erlterm.Float:
		return float64(x), true
	case erlterm.Int:
		f, err := strconv.ParseFloat(string(x), 64)
		return f, err == nil
	}
	return 0, false
}
