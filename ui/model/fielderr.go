package model

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/dlxlab/dlxlab/core"
)

// Field errors: a refused form, told next to the field it is about. The
// broker's own text is kept as it is (Broker); Key and Args are a plain
// explanation from the UI's catalogue ("fielderr.*"). A form finds some
// problems itself (a priority that is not a number, a line without "=");
// those have no broker text.

// FieldError is a form problem and where it belongs.
type FieldError struct {
	Field  string   // what it is about: an argument key ("x-message-ttl") or a form field ("priority"); "" for the whole form
	Key    string   // catalogue key of the plain explanation
	Args   []string // values for the key's placeholders
	Broker string   // the broker's own text, untranslated; "" when the form found the problem
}

// Clear forgets the error if it is about field: the learner changed it.
func (e *FieldError) Clear(field string) {
	if e.Field == field {
		*e = FieldError{}
	}
}

// None reports no error.
func (e FieldError) None() bool { return e.Key == "" }

// invalidArg matches the broker's refusal of a queue argument:
// "invalid arg 'KEY' for queue 'Q' in vhost 'V': TERM" and the variant
// "... of queue type TYPE" (an argument another queue type knows).
var (
	invalidArg  = regexp.MustCompile(`invalid arg '([^']+)' for queue '.*?' in vhost '.*?'(?:: (.*)| of queue type (\S+))$`)
	invalidType = regexp.MustCompile(`invalid type '([^']+)' for arg '([^']+)'`)
	termInt     = regexp.MustCompile(`^\{(value_negative|value_zero|value_too_large|max_value_exceeded),(-?\d+)\}$`)
)

// ExplainRefusal turns the broker's answer to a queue declare into a
// field error: which argument it is about and what it means in plain
// words, the broker's text kept beside. An answer it cannot place is an
// error of the whole form.
func ExplainRefusal(text string) FieldError {
	e := FieldError{Key: "fielderr.refused", Broker: text}
	line := strings.TrimSpace(text)
	if m := invalidType.FindStringSubmatch(line); m != nil {
		return explainArg(e, m[2], "{unacceptable_type,"+m[1]+"}")
	}
	m := invalidArg.FindStringSubmatch(line)
	if m == nil {
		return e
	}
	if m[3] != "" {
		e.Field, e.Key, e.Args = m[1], "fielderr.othertype", []string{m[1], strings.TrimSuffix(strings.TrimPrefix(m[3], "rabbit_"), "_queue")}
		return e
	}
	return explainArg(e, m[1], m[2])
}

// explainArg reads the broker's reason term for the argument key.
func explainArg(e FieldError, key, term string) FieldError {
	e.Field = key
	spec, _ := ArgFor(QueueArgs, key)
	term = strings.Trim(term, `"`)
	switch {
	case strings.HasPrefix(term, "expected integer") || strings.HasPrefix(term, "{unacceptable_type,") && spec.Kind == KindInt:
		return numberError(e, key, spec)
	case strings.HasPrefix(term, "{unacceptable_type,") && spec.Kind == KindBool:
		e.Key, e.Args = "fielderr.bool", []string{key}
	case strings.HasPrefix(term, "{unacceptable_type,"):
		e.Key, e.Args = "fielderr.text", []string{key}
	case term == "routing_key_but_no_dlx_defined":
		e.Key, e.Args = "fielderr.dlrk", []string{key}
	case spec.Kind == KindEnum && (strings.HasPrefix(term, "invalid_") || strings.HasPrefix(term, "unsupported ")):
		e.Key, e.Args = "fielderr.enum", []string{key, strings.Join(spec.Enum, ", ")}
	default:
		if m := termInt.FindStringSubmatch(term); m != nil {
			return limitError(e, key, m[1], m[2])
		}
		e.Key, e.Args = "fielderr.arg", []string{key}
	}
	return e
}

// numberError: a value that is not a whole number, with the unit in
// words and an example the broker accepts.
func numberError(e FieldError, key string, spec Arg) FieldError {
	switch spec.Unit {
	case "ms":
		e.Key, e.Args = "fielderr.int.ms", []string{key, "5000"}
	case "bytes":
		e.Key, e.Args = "fielderr.int.bytes", []string{key, "1048576"}
	default:
		e.Key, e.Args = "fielderr.int", []string{key, "10"}
	}
	return e
}

// limitError: a whole number out of the argument's range.
func limitError(e FieldError, key, reason, n string) FieldError {
	switch reason {
	case "value_negative":
		e.Key, e.Args = "fielderr.negative", []string{key}
	case "value_zero":
		e.Key, e.Args = "fielderr.zero", []string{key}
	case "value_too_large":
		e.Key, e.Args = "fielderr.toolarge", []string{key, strconv.FormatInt(core.MaxExpiry, 10)}
	case "max_value_exceeded":
		e.Key, e.Args = "fielderr.max", []string{key, "255"}
	}
	return e
}

// NotNumber is the form's own error for a field that needs a whole
// number.
func NotNumber(field string) FieldError {
	return FieldError{Field: field, Key: "form.badnumber", Args: []string{field}}
}

// ExplainPolicy places the broker's refusal of a policy: a bad pattern or
// apply-to on its field, anything else on the definition.
func ExplainPolicy(text string) FieldError {
	e := FieldError{Field: "definition", Key: "fielderr.policy", Broker: text}
	switch {
	case strings.Contains(text, "pattern"):
		e.Field, e.Key = "pattern", "fielderr.pattern"
	case strings.Contains(text, "apply-to"):
		e.Field, e.Key = "apply-to", "fielderr.applyto"
	}
	return e
}

// Refusal is the field error of an edit the session refused: the
// broker's text explained by explain, or the session's own notice (a
// missing or taken name is about the name field).
func Refusal(n *Notice, explain func(string) FieldError) FieldError {
	switch {
	case n == nil || !n.Error:
		return FieldError{}
	case n.Text != "":
		return explain(n.Text)
	}
	e := FieldError{Key: n.Key, Args: n.Args}
	if n.Key == "notice.noname" || n.Key == "notice.exists" {
		e.Field = "name"
	}
	return e
}
