package core

import (
	"slices"
	"strings"

	"github.com/dlxlab/dlxlab/core/internal/erlterm"
)

// queue.declare of a new queue: its name, type and arguments, checked in
// the broker's order with the broker's texts (docs/rabbitmq.md "Declare
// argument checks"; rabbit_channel.erl, rabbit_amqqueue.erl, 4.3 unless a
// profile says otherwise).

// QueueType is a simulated queue type (streams are not simulated).
type QueueType string

const (
	Classic QueueType = "classic"
	Quorum  QueueType = "quorum"
)

// module is the queue type's Erlang module, which some texts print
// ("... of queue type rabbit_quorum_queue").
func (qt QueueType) module() string { return "rabbit_" + string(qt) + "_queue" }

const streamType = "stream"

// queueRes is rabbit_misc:rs/1 of a queue: "queue 'q' in vhost '/'".
func queueRes(vhost, queue string) string {
	return "queue '" + erlterm.TS(queue) + "' in vhost '" + erlterm.TS(vhost) + "'"
}

// checkQueueName is rabbit_channel:check_name/2: names starting "amq." are
// reserved (403). The channel strips CR and LF from the name before this.
func checkQueueName(name string) *Error {
	if strings.HasPrefix(name, "amq.") {
		return erlError(CodeAccessRefused, "ACCESS_REFUSED",
			"queue name '"+erlterm.TS(name)+"' contains reserved prefix 'amq.*'")
	}
	return nil
}

// queueTypeOf reads x-queue-type for a queue that does not exist yet. It
// first runs the channel's x-dead-letter-exchange type check, because the
// broker makes that check before check_declare_arguments looks at the type
// (rabbit_channel queue.declare handler, docs/rabbitmq.md "A DLX need not exist at declare time"); call it only for new
// queues (a redeclare compares x-queue-type in checkQueueEquivalence).
func queueTypeOf(vhost, queue string, args Table) (QueueType, *Error) {
	if err := checkDLXType(vhost, queue, args); err != nil {
		return "", err
	}
	return queueTypeArg(DefaultProfile, vhost, queue, args)
}

// checkDLXType is the channel's r_arg check of x-dead-letter-exchange.
func checkDLXType(vhost, queue string, args Table) *Error {
	v, ok := args["x-dead-letter-exchange"]
	if _, isStr := v.(string); !ok || isStr {
		return nil
	}
	return erlPrecondition("invalid type '" + TypeName(v) +
		"' for arg 'x-dead-letter-exchange' in " + queueRes(vhost, queue))
}

// queueTypeArg is check_queue_type/2 + get_queue_type/2. 4.x treats an
// absent, "" or "undefined" x-queue-type as the default type (classic);
// 3.12 only an absent one.
func queueTypeArg(p Profile, vhost, queue string, args Table) (QueueType, *Error) {
	v, ok := args["x-queue-type"]
	if !ok {
		return Classic, nil
	}
	s, isStr := v.(string)
	switch {
	case !isStr:
		return "", argError(vhost, queue, "x-queue-type", erlterm.Tag("unacceptable_type", erlterm.Atom(TypeName(v))))
	case s == string(Classic) || p.is4() && (s == "" || s == "undefined"):
		return Classic, nil
	case s == string(Quorum):
		return Quorum, nil
	case s == streamType:
		return "", erlPrecondition("queue type 'stream' is not simulated by DLX Lab (" +
			queueRes(vhost, queue) + ")")
	}
	return "", argError(vhost, queue, "x-queue-type", erlterm.Str("unsupported queue type '"+erlterm.TS(s)+"'"))
}

// argError is check_arguments_type_and_value/3's text:
// "invalid arg '~ts' for ~ts: ~255p".
func argError(vhost, queue, key string, term erlterm.Term) *Error {
	prefix := "invalid arg '" + erlterm.TS(key) + "' for " + queueRes(vhost, queue) + ": "
	return erlPrecondition(erlterm.Format(prefix, term, 255, false))
}

// validateNewQueueArgs checks a new queue's arguments in the broker's order:
//  1. the channel's x-dead-letter-exchange type check (own text, docs/rabbitmq.md
//     "A DLX need not exist at declare time");
//  2. x-queue-type (check_declare_arguments validates it on its own first);
//  3. each validator of declare_args(), in that list's order, restricted to
//     the arguments the queue type knows: x-expires, x-message-ttl,
//     x-dead-letter-exchange, x-dead-letter-routing-key, x-dead-letter-strategy,
//     x-max-length, x-max-length-bytes, x-max-in-memory-*, x-max-priority,
//     x-overflow, x-queue-mode (≤4.2), x-queue-version, x-single-active-consumer,
//     x-consumer-timeout, x-consumer-disconnected-timeout (4.3), x-queue-type,
//     x-quorum-initial-group-size, x-queue-leader-locator, x-member-placement-tag;
//  4. arguments known to another queue type only ("... of queue type ...").
//
// Step 4 walks the arguments in wire order in the broker; a Table has no
// order, so we walk keys sorted. This only matters when two such keys are
// sent, and then the broker's answer varies anyway with clients that write
// tables in Go map order (amqp091-go; seen on a 3.10 broker).
// x-delivery-limit and unknown x- arguments are not validated.
func validateNewQueueArgs(p Profile, vhost, queue string, qt QueueType, args Table) *Error {
	if err := checkDLXType(vhost, queue, args); err != nil {
		return err
	}
	if _, err := queueTypeArg(p, vhost, queue, args); err != nil {
		return err
	}
	known := knownArgs(p, string(qt))
	for _, v := range declareValidators(p) {
		val, ok := args[v.key]
		if !ok || !slices.Contains(known, v.key) {
			continue
		}
		if term := v.check(p, val, args); term != nil {
			return argError(vhost, queue, v.key, term)
		}
	}
	return checkArgsKnownToOtherTypes(p, vhost, queue, qt, args)
}

func checkArgsKnownToOtherTypes(p Profile, vhost, queue string, qt QueueType, args Table) *Error {
	known := knownArgs(p, string(qt))
	all := allKnownArgs(p)
	for _, k := range args.SortedKeys() {
		if slices.Contains(all, k) && !slices.Contains(known, k) {
			return erlPrecondition("invalid arg '" + erlterm.TS(k) + "' for " +
				queueRes(vhost, queue) + " of queue type " + qt.module())
		}
	}
	return nil
}

// argCheck returns nil when the value is valid, else the error term.
type argCheck func(p Profile, v any, args Table) erlterm.Term

type validator struct {
	key   string
	check argCheck
}

// declareValidators is rabbit_amqqueue:declare_args/0 for the profile.
func declareValidators(p Profile) []validator {
	vs := []validator{
		{"x-expires", checkExpiresArg},
		{"x-message-ttl", checkMessageTTLArg},
		{"x-dead-letter-exchange", checkStringArg},
		{"x-dead-letter-routing-key", checkDLXRoutingKeyArg},
		{"x-dead-letter-strategy", checkDLXStrategyArg},
		{"x-max-length", checkNonNegIntArg},
		{"x-max-length-bytes", checkNonNegIntArg},
		{"x-max-in-memory-length", checkNonNegIntArg},
		{"x-max-in-memory-bytes", checkNonNegIntArg},
		{"x-max-priority", checkMaxPriorityArg},
		{"x-overflow", checkOverflowArg},
	}
	if !p.is43() {
		vs = append(vs, validator{"x-queue-mode", checkQueueModeArg})
	}
	vs = append(vs,
		validator{"x-queue-version", checkQueueVersionArg},
		validator{"x-single-active-consumer", checkBoolArg})
	if p.is43() {
		vs = append(vs, validator{"x-consumer-timeout", checkNonNegIntArg},
			validator{"x-consumer-disconnected-timeout", checkNonNegIntArg})
	}
	vs = append(vs, // x-queue-type comes here in the broker's list; step 2 checked it
		validator{"x-quorum-initial-group-size", checkInitialGroupSizeArg},
		validator{"x-queue-leader-locator", checkLeaderLocatorArg})
	if p.is43() {
		vs = append(vs, validator{"x-member-placement-tag", checkPlacementTagArg})
	}
	return vs
}

// is43 reports the 4.3 broker (declare_args/0 changed in 4.3).
func (p Profile) is43() bool { return p == Rabbit43 }

// checkIntArg: "expected integer, got <type>" for non-integer field types.
func checkIntArg(v any) (int64, erlterm.Term) {
	n, ok := AsInteger(v)
	if !ok {
		return 0, erlterm.Str("expected integer, got " + TypeName(v))
	}
	return n, nil
}

func checkNonNegIntArg(_ Profile, v any, _ Table) erlterm.Term {
	n, term := checkIntArg(v)
	if term == nil && n < 0 {
		return erlterm.Tag("value_negative", erlterm.I(n))
	}
	return term
}

// checkExpiry is rabbit_misc:check_expiry/1.
func checkExpiry(n int64) erlterm.Term {
	switch {
	case n < 0:
		return erlterm.Tag("value_negative", erlterm.I(n))
	case n > MaxExpiry:
		return erlterm.Tag("value_too_large", erlterm.I(n))
	}
	return nil
}

func checkExpiresArg(_ Profile, v any, _ Table) erlterm.Term {
	n, term := checkIntArg(v)
	switch {
	case term != nil:
		return term
	case n == 0:
		return erlterm.Tag("value_zero", erlterm.I(0))
	}
	return checkExpiry(n)
}

func checkMessageTTLArg(_ Profile, v any, _ Table) erlterm.Term {
	n, term := checkIntArg(v)
	if term != nil {
		return term
	}
	return checkExpiry(n)
}

func checkMaxPriorityArg(p Profile, v any, args Table) erlterm.Term {
	if term := checkNonNegIntArg(p, v, args); term != nil {
		return term
	}
	if n, _ := AsInteger(v); n > 255 {
		return erlterm.Tag("max_value_exceeded", erlterm.I(n))
	}
	return nil
}

func checkInitialGroupSizeArg(p Profile, v any, args Table) erlterm.Term {
	if term := checkNonNegIntArg(p, v, args); term != nil {
		return term
	}
	if n, _ := AsInteger(v); n == 0 {
		return erlterm.Tag("value_zero", erlterm.I(0))
	}
	return nil
}

func checkQueueVersionArg(p Profile, v any, args Table) erlterm.Term {
	if term := checkNonNegIntArg(p, v, args); term != nil {
		return term
	}
	n, _ := AsInteger(v)
	if n == 2 || n == 1 && !p.is43() { // 4.3 dropped version 1
		return nil
	}
	return erlterm.Str("unsupported queue version '" + erlterm.I(n).String() + "'")
}

func unacceptableType(v any) erlterm.Term {
	return erlterm.Tag("unacceptable_type", erlterm.Atom(TypeName(v)))
}

func checkBoolArg(_ Profile, v any, _ Table) erlterm.Term {
	if _, ok := v.(bool); ok {
		return nil
	}
	return unacceptableType(v)
}

func checkStringArg(_ Profile, v any, _ Table) erlterm.Term {
	if _, ok := v.(string); ok {
		return nil
	}
	return unacceptableType(v)
}

// checkDLXRoutingKeyArg: a DL routing key needs x-dead-letter-exchange in
// the same arguments (a policy DLX does not count).
func checkDLXRoutingKeyArg(p Profile, v any, args Table) erlterm.Term {
	if term := checkStringArg(p, v, args); term != nil {
		return term
	}
	if _, ok := args["x-dead-letter-exchange"]; !ok {
		return erlterm.Atom("routing_key_but_no_dlx_defined")
	}
	return nil
}

// checkEnumArg: a longstr from the list, else the given error atom.
func checkEnumArg(v any, allowed []string, bad erlterm.Term) erlterm.Term {
	s, ok := v.(string)
	switch {
	case !ok:
		return unacceptableType(v)
	case slices.Contains(allowed, s):
		return nil
	}
	return bad
}

func checkDLXStrategyArg(_ Profile, v any, _ Table) erlterm.Term {
	return checkEnumArg(v, strategyValues, erlterm.Atom("invalid_dlx_strategy"))
}

func checkOverflowArg(_ Profile, v any, _ Table) erlterm.Term {
	return checkEnumArg(v, overflowValues, erlterm.Atom("invalid_overflow"))
}

func checkQueueModeArg(_ Profile, v any, _ Table) erlterm.Term {
	s, _ := v.(string)
	return checkEnumArg(v, queueModeValues, erlterm.Str("unsupported queue mode '"+erlterm.TS(s)+"'"))
}

func checkLeaderLocatorArg(p Profile, v any, _ Table) erlterm.Term {
	locators := leaderLocators
	if p.is43() {
		locators = append(slices.Clip(locators), "min-masters")
	}
	return checkEnumArg(v, locators, erlterm.Atom("invalid_queue_locator_arg"))
}

func checkPlacementTagArg(_ Profile, v any, _ Table) erlterm.Term {
	s, ok := v.(string)
	switch {
	case !ok:
		return unacceptableType(v)
	case s == "":
		return erlterm.Atom("invalid_member_placement_tag_arg")
	}
	return nil
}
