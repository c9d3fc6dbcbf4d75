package model

import (
	"regexp"
	"strings"
)

// The binding and consumer forms' refusals, each placed under the field
// it is about (as the queue form's are): the broker's answer read for
// the name it complains about, the session's own notices (the same
// binding twice, a consumer name in use) by what they concern.

var (
	noQueue    = regexp.MustCompile(`no queue '(.*)' in vhost`)
	noExchange = regexp.MustCompile(`no exchange '(.*)' in vhost`)
	tooLong    = regexp.MustCompile(`^SYNTAX_ERROR - (binding key|consumer tag) is (\d+) bytes`)
)

// BindingRefusal places a refused binding from source to dest
// ("queue:NAME" or "exchange:NAME"): a missing source or destination on
// its field, a bad x-match on the arguments, a key too long or the same
// binding again on keyField, the field that tells bindings apart ("key";
// "arguments" for a headers exchange, "destination" for a fanout one).
func BindingRefusal(n *Notice, source, dest, keyField string) FieldError {
	e := Refusal(n, func(text string) FieldError {
		e := FieldError{Key: "fielderr.refused", Broker: text}
		switch {
		case strings.Contains(text, "operation not permitted on the default exchange"):
			e.Field, e.Key = "source", "fielderr.bind.default"
		case noQueue.MatchString(text):
			e.Field, e.Key, e.Args = "destination", "fielderr.noqueue", []string{noQueue.FindStringSubmatch(text)[1]}
		case noExchange.MatchString(text):
			name := noExchange.FindStringSubmatch(text)[1]
			e.Field, e.Key, e.Args = "destination", "fielderr.noexchange", []string{name}
			if name == source || "exchange:"+name != dest {
				e.Field = "source"
			}
		case strings.Contains(text, "x-match"):
			e.Field, e.Key = "arguments", "fielderr.xmatch"
		case tooLong.MatchString(text):
			e.Field, e.Key, e.Args = keyField, "fielderr.toolong", []string{"binding key", tooLong.FindStringSubmatch(text)[2]}
		}
		return e
	})
	if e.Key == "notice.samebinding" {
		e.Field = keyField
	}
	return e
}

// ConsumerRefusal places a refused consumer: a missing queue on the
// queue, a negative prefetch on the prefetch, a bad action on the
// script, a name in use or too long on the name.
func ConsumerRefusal(n *Notice) FieldError {
	return Refusal(n, func(text string) FieldError {
		e := FieldError{Key: "fielderr.refused", Broker: text}
		switch {
		case noQueue.MatchString(text):
			e.Field, e.Key, e.Args = "queue", "fielderr.noqueue", []string{noQueue.FindStringSubmatch(text)[1]}
		case strings.Contains(text, "prefetch must not be negative"):
			e.Field, e.Key = "prefetch", "fielderr.prefetch"
		case strings.Contains(text, "consumer action") || strings.Contains(text, "action delay"):
			e.Field, e.Key, e.Args = "actions", "fielderr.actions", []string{text}
		case strings.Contains(text, "consumer tag"):
			e.Field, e.Key = "name", "fielderr.refused"
			if m := tooLong.FindStringSubmatch(text); m != nil {
				e.Key, e.Args = "fielderr.toolong", []string{"consumer tag", m[2]}
			}
		}
		return e
	})
}
