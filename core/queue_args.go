package core

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Queue declare arguments, redeclare equivalence, queue names, the publish
// expiration property and policy definitions: docs/rabbitmq.md "Message TTL", "Declare argument checks", "Policies".
// Texts and check order follow rabbit_channel.erl, rabbit_amqqueue.erl,
// rabbit_misc.erl, rabbit_policy.erl and rabbit_policies.erl (4.3 unless a
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

// MaxExpiry is RabbitMQ's upper bound for TTLs, expiries and the
// expiration property: ten years in ms (rabbit_misc:check_expiry/1,
// docs/rabbitmq.md "Message TTL").
const MaxExpiry = 315_360_000_000

// queueRes is rabbit_misc:rs/1 of a queue: "queue 'q' in vhost '/'".
func queueRes(vhost, queue string) string {
	return "queue '" + erlTS(queue) + "' in vhost '" + erlTS(vhost) + "'"
}

// ---- known arguments per queue type (capabilities/0, in list order) ----

var classicArgs = []string{"x-expires", "x-message-ttl", "x-dead-letter-exchange",
	"x-dead-letter-routing-key", "x-max-length", "x-max-length-bytes", "x-max-priority",
	"x-overflow", "x-queue-mode", "x-queue-version", "x-single-active-consumer",
	"x-queue-type", "x-queue-master-locator", "x-queue-leader-locator"}

var quorumArgs42 = []string{"x-dead-letter-exchange", "x-dead-letter-routing-key",
	"x-dead-letter-strategy", "x-expires", "x-max-length", "x-max-length-bytes",
	"x-max-in-memory-length", "x-max-in-memory-bytes", "x-overflow",
	"x-single-active-consumer", "x-queue-type", "x-quorum-initial-group-size",
	"x-delivery-limit", "x-message-ttl", "x-queue-leader-locator"}

var quorumArgs43 = []string{"x-dead-letter-exchange", "x-dead-letter-routing-key",
	"x-dead-letter-strategy", "x-expires", "x-max-length", "x-max-length-bytes",
	"x-max-in-memory-length", "x-max-in-memory-bytes", "x-overflow",
	"x-single-active-consumer", "x-queue-type", "x-quorum-initial-group-size",
	"x-member-placement-tag", "x-delivery-limit", "x-message-ttl", "x-queue-leader-locator",
	"x-consumer-disconnected-timeout", "x-consumer-timeout", "x-delayed-retry-type",
	"x-delayed-retry-min", "x-delayed-retry-max"}

var streamArgs = []string{"x-max-length-bytes", "x-queue-type", "x-max-age",
	"x-stream-max-segment-size-bytes", "x-stream-filter-size-bytes",
	"x-initial-cluster-size", "x-queue-leader-locator"}

// knownArgs is rabbit_queue_type:arguments(queue_arguments, Type) for the
// profile's broker version: 3.12 classic queues lack x-queue-leader-locator
// and 3.12 streams x-stream-filter-size-bytes; 4.3 quorum queues add
// placement, consumer timeout and delayed-retry arguments.
func knownArgs(p Profile, qt string) []string {
	switch {
	case qt == string(Quorum) && p == Rabbit43:
		return quorumArgs43
	case qt == string(Quorum):
		return quorumArgs42
	case qt == streamType && p == Rabbit312:
		return slices.DeleteFunc(slices.Clone(streamArgs), func(k string) bool { return k == "x-stream-filter-size-bytes" })
	case qt == streamType:
		return streamArgs
	case p == Rabbit312:
		return slices.DeleteFunc(slices.Clone(classicArgs), func(k string) bool { return k == "x-queue-leader-locator" })
	}
	return classicArgs
}

// allKnownArgs is rabbit_queue_type:arguments(queue_arguments): the union
// over every registered type, streams included.
func allKnownArgs(p Profile) []string {
	var all []string
	for _, qt := range []string{string(Classic), string(Quorum), streamType} {
		for _, a := range knownArgs(p, qt) {
			if !slices.Contains(all, a) {
				all = append(all, a)
			}
		}
	}
	return all
}

// ---- queue.declare of a new queue (docs/rabbitmq.md "Declare argument checks") ----

// checkQueueName is rabbit_channel:check_name/2: names starting "amq." are
// reserved (403). The channel strips CR and LF from the name before this.
func checkQueueName(name string) *Error {
	if strings.HasPrefix(name, "amq.") {
		return erlError(CodeAccessRefused, "ACCESS_REFUSED",
			"queue name '"+erlTS(name)+"' contains reserved prefix 'amq.*'")
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
		return "", argError(vhost, queue, "x-queue-type", erlTag("unacceptable_type", erlAtom(TypeName(v))))
	case s == string(Classic) || p.is4() && (s == "" || s == "undefined"):
		return Classic, nil
	case s == string(Quorum):
		return Quorum, nil
	case s == streamType:
		return "", erlPrecondition("queue type 'stream' is not simulated by DLX Lab (" +
			queueRes(vhost, queue) + ")")
	}
	return "", argError(vhost, queue, "x-queue-type", erlStr("unsupported queue type '"+erlTS(s)+"'"))
}

// argError is check_arguments_type_and_value/3's text:
// "invalid arg '~ts' for ~ts: ~255p".
func argError(vhost, queue, key string, term erlTerm) *Error {
	prefix := "invalid arg '" + erlTS(key) + "' for " + queueRes(vhost, queue) + ": "
	return erlPrecondition(erlFormat(prefix, term, 255, false))
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
			return erlPrecondition("invalid arg '" + erlTS(k) + "' for " +
				queueRes(vhost, queue) + " of queue type " + qt.module())
		}
	}
	return nil
}

// argCheck returns nil when the value is valid, else the error term.
type argCheck func(p Profile, v any, args Table) erlTerm

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
func checkIntArg(v any) (int64, erlTerm) {
	n, ok := AsInteger(v)
	if !ok {
		return 0, erlStr("expected integer, got " + TypeName(v))
	}
	return n, nil
}

func checkNonNegIntArg(_ Profile, v any, _ Table) erlTerm {
	n, term := checkIntArg(v)
	if term == nil && n < 0 {
		return erlTag("value_negative", erlI(n))
	}
	return term
}

// checkExpiry is rabbit_misc:check_expiry/1.
func checkExpiry(n int64) erlTerm {
	switch {
	case n < 0:
		return erlTag("value_negative", erlI(n))
	case n > MaxExpiry:
		return erlTag("value_too_large", erlI(n))
	}
	return nil
}

func checkExpiresArg(_ Profile, v any, _ Table) erlTerm {
	n, term := checkIntArg(v)
	switch {
	case term != nil:
		return term
	case n == 0:
		return erlTag("value_zero", erlI(0))
	}
	return checkExpiry(n)
}

func checkMessageTTLArg(_ Profile, v any, _ Table) erlTerm {
	n, term := checkIntArg(v)
	if term != nil {
		return term
	}
	return checkExpiry(n)
}

func checkMaxPriorityArg(p Profile, v any, args Table) erlTerm {
	if term := checkNonNegIntArg(p, v, args); term != nil {
		return term
	}
	if n, _ := AsInteger(v); n > 255 {
		return erlTag("max_value_exceeded", erlI(n))
	}
	return nil
}

func checkInitialGroupSizeArg(p Profile, v any, args Table) erlTerm {
	if term := checkNonNegIntArg(p, v, args); term != nil {
		return term
	}
	if n, _ := AsInteger(v); n == 0 {
		return erlTag("value_zero", erlI(0))
	}
	return nil
}

func checkQueueVersionArg(p Profile, v any, args Table) erlTerm {
	if term := checkNonNegIntArg(p, v, args); term != nil {
		return term
	}
	n, _ := AsInteger(v)
	if n == 2 || n == 1 && !p.is43() { // 4.3 dropped version 1
		return nil
	}
	return erlStr("unsupported queue version '" + erlI(n).String() + "'")
}

func unacceptableType(v any) erlTerm {
	return erlTag("unacceptable_type", erlAtom(TypeName(v)))
}

func checkBoolArg(_ Profile, v any, _ Table) erlTerm {
	if _, ok := v.(bool); ok {
		return nil
	}
	return unacceptableType(v)
}

func checkStringArg(_ Profile, v any, _ Table) erlTerm {
	if _, ok := v.(string); ok {
		return nil
	}
	return unacceptableType(v)
}

// checkDLXRoutingKeyArg: a DL routing key needs x-dead-letter-exchange in
// the same arguments (a policy DLX does not count).
func checkDLXRoutingKeyArg(p Profile, v any, args Table) erlTerm {
	if term := checkStringArg(p, v, args); term != nil {
		return term
	}
	if _, ok := args["x-dead-letter-exchange"]; !ok {
		return erlAtom("routing_key_but_no_dlx_defined")
	}
	return nil
}

// checkEnumArg: a longstr from the list, else the given error atom.
func checkEnumArg(v any, allowed []string, bad erlTerm) erlTerm {
	s, ok := v.(string)
	switch {
	case !ok:
		return unacceptableType(v)
	case slices.Contains(allowed, s):
		return nil
	}
	return bad
}

func checkDLXStrategyArg(_ Profile, v any, _ Table) erlTerm {
	return checkEnumArg(v, strategyValues, erlAtom("invalid_dlx_strategy"))
}

func checkOverflowArg(_ Profile, v any, _ Table) erlTerm {
	return checkEnumArg(v, overflowValues, erlAtom("invalid_overflow"))
}

func checkQueueModeArg(_ Profile, v any, _ Table) erlTerm {
	s, _ := v.(string)
	return checkEnumArg(v, queueModeValues, erlStr("unsupported queue mode '"+erlTS(s)+"'"))
}

func checkLeaderLocatorArg(p Profile, v any, _ Table) erlTerm {
	locators := leaderLocators
	if p.is43() {
		locators = append(slices.Clip(locators), "min-masters")
	}
	return checkEnumArg(v, locators, erlAtom("invalid_queue_locator_arg"))
}

func checkPlacementTagArg(_ Profile, v any, _ Table) erlTerm {
	s, ok := v.(string)
	switch {
	case !ok:
		return unacceptableType(v)
	case s == "":
		return erlAtom("invalid_member_placement_tag_arg")
	}
	return nil
}

// ---- redeclare: argument equivalence (docs/rabbitmq.md "Declare argument checks") ----

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
		return prefix + erlTS(x)
	case []byte:
		return prefix + erlTS(string(x))
	}
	return erlFormat(prefix, amqpTerm(v), 80, true)
}

// erlEqual is Erlang =:= (exact) or == (an integer equals a float of the
// same value).
func erlEqual(a, b erlTerm, exact bool) bool {
	switch x := a.(type) {
	case erlTuple:
		y, ok := b.(erlTuple)
		return ok && erlEqualSeq(x, y, exact)
	case erlList:
		y, ok := b.(erlList)
		return ok && erlEqualSeq(x, y, exact)
	case erlChars, erlMap:
		return erlWrite(a, true) == erlWrite(b, true)
	}
	if !exact && erlMixedNumbers(a, b) {
		x, _ := erlNumber(a)
		y, _ := erlNumber(b)
		return x == y
	}
	return a == b
}

func erlEqualSeq(a, b []erlTerm, exact bool) bool {
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
func erlMixedNumbers(a, b erlTerm) bool {
	_, ai := a.(erlInt)
	_, af := a.(erlFloat)
	_, bi := b.(erlInt)
	_, bf := b.(erlFloat)
	return ai && bf || af && bi
}

func erlNumber(t erlTerm) (float64, bool) {
	switch x := t.(type) {
	case erlFloat:
		return float64(x), true
	case erlInt:
		f, err := strconv.ParseFloat(string(x), 64)
		return f, err == nil
	}
	return 0, false
}

// ---- basic.publish expiration property (docs/rabbitmq.md "Message TTL") ----

// parseExpiration is rabbit_basic:parse_expiration/1: string:to_integer/1
// on the property's bytes (an optional sign, then ASCII digits), nothing
// may follow, then rabbit_misc:check_expiry/1. The 406 text is
// "invalid expiration '~ts': ~tp" (rabbit_channel:check_expiration_header).
//
// The leftover is binary_to_list/1 of the rest: a list of byte values,
// which ~tp prints as a string ("abc", "Ã©" for the UTF-8 bytes of "é")
// when every byte is printable, else as a list of integers ([1]); the
// tuple breaks over two lines when it does not fit in 80 columns from
// where it starts. The value itself is printed with ~ts.
func parseExpiration(s string) (int64, *Error) {
	sign, digits, rest := splitInteger(s)
	var term erlTerm
	switch {
	case digits == "":
		term = erlAtom("no_integer")
	case rest != "":
		term = erlTag("leftover_string", erlBytes(rest))
	default:
		n, big := expirationValue(sign, digits)
		if big == "" && n >= 0 && n <= MaxExpiry {
			return n, nil
		}
		term = expiryErrorTerm(sign, n, big)
	}
	prefix := "invalid expiration '" + erlTS(s) + "': "
	return 0, erlPrecondition(erlFormat(prefix, term, 80, true))
}

// splitInteger splits s into an optional sign, ASCII digits and the rest,
// as string:to_integer/1 does (a second sign is not accepted).
func splitInteger(s string) (sign, digits, rest string) {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		sign, i = s[:1], 1
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	return sign, s[i:j], s[j:]
}

// expirationValue returns the value, or in big its decimal text when it
// does not fit int64 (Erlang integers are unbounded).
func expirationValue(sign, digits string) (n int64, big string) {
	d := strings.TrimLeft(digits, "0")
	if d == "" {
		return 0, ""
	}
	if sign == "-" {
		d = "-" + d
	}
	v, err := strconv.ParseInt(d, 10, 64)
	if err != nil {
		return 0, d
	}
	return v, ""
}

func expiryErrorTerm(sign string, n int64, big string) erlTerm {
	if big != "" {
		if sign == "-" {
			return erlTag("value_negative", erlInt(big))
		}
		return erlTag("value_too_large", erlInt(big))
	}
	return checkExpiry(n)
}

// ---- policies (docs/rabbitmq.md "Policies") ----

// policyError is rabbit_runtime_parameters' validation failure: its text
// is what rabbitmqctl and the HTTP API report.
type policyError struct{ reasons []string }

func (e *policyError) Error() string {
	return "Validation failed\n\n" + strings.Join(e.reasons, "\n") + "\n"
}

// maxPatternLength is rabbit_re's limit on policy patterns (bytes).
const maxPatternLength = 1024

// validatePolicyFor validates a policy like rabbit_policy:policy_validation/0.
// Errors are listed as the broker lists them: definition, apply-to,
// pattern, priority. The pattern must compile; Go's RE2 syntax stands in
// for PCRE (lookarounds and backreferences are rejected here although
// RabbitMQ accepts them, and the error detail is Go's, not PCRE's).
// The name is not validated and any integer priority is a valid number.
// 3.x knew only the apply-to values all, queues and exchanges (seen on a
// 3.10 broker).
func validatePolicyFor(p Profile, _, pattern, applyTo string, _ int64, def Table) error {
	var reasons []string
	rest, checked := def, true
	if !p.is4() {
		rest, checked = withoutMirroring(def)
	}
	if err := validatePolicyDefinition(rest); err != nil && checked {
		reasons = append(reasons, err.Text)
	}
	if r := validateApplyTo(p, applyTo); r != "" {
		reasons = append(reasons, r)
	}
	if r := validatePattern(pattern); r != "" {
		reasons = append(reasons, r)
	}
	if len(reasons) == 0 {
		return nil
	}
	return &policyError{reasons}
}

func validateApplyTo(p Profile, applyTo string) string {
	if !p.is4() {
		switch applyTo {
		case "all", "exchanges", "queues":
			return ""
		}
		return "apply-to '" + erlTS(applyTo) + "' unrecognised; should be 'queues', 'exchanges' or 'all'"
	}
	switch applyTo {
	case "all", "exchanges", "queues", "classic_queues", "quorum_queues", "streams":
		return ""
	}
	return "apply-to '" + erlTS(applyTo) + "' unrecognised; should be one of: 'queues', " +
		"'classic_queues',  'quorum_queues', 'streams', 'exchanges', or 'all'"
}

func validatePattern(pattern string) string {
	if len(pattern) > maxPatternLength {
		return "pattern must not exceed 1024 bytes"
	}
	if _, err := regexp.Compile(pattern); err != nil {
		return "pattern should be regular expression but is invalid: " + err.Error()
	}
	return ""
}

// validatePolicyDefinition checks a regular policy's definition (406 with
// the broker's reason as text). Each validator module checks its own keys
// in key order and stops at its first error; modules are taken in the
// order rabbit_policies, rabbit_quorum_queue, rabbit_classic_queue (the
// broker's order comes from an unordered set). Keys no module knows are
// reported last: "[{<<"k">>,V}] are not recognised policy settings".
func validatePolicyDefinition(def Table) *Error {
	if len(def) == 0 {
		return policyReason("no policy provided")
	}
	for _, check := range []func(Table) string{policiesModule, quorumPolicyModule, classicPolicyModule} {
		if r := check(def); r != "" {
			return policyReason(r)
		}
	}
	var unknown erlList
	for _, k := range def.SortedKeys() {
		if policyValidators[k] == nil && !quorumPolicyKeys[k] && k != "queue-master-locator" {
			unknown = append(unknown, erlTuple{erlBin(k), jsonTerm(def[k])})
		}
	}
	if len(unknown) > 0 {
		return policyReason(erlFormat("", unknown, 80, true) + " are not recognised policy settings")
	}
	return nil
}

func policyReason(text string) *Error {
	return &Error{Code: CodePreconditionFailed, Text: text}
}

// policyCheck returns the error description ("is not a valid message
// TTL") when v is invalid, "" when it is valid.
type policyCheck func(v any) string

// policyValidators is rabbit_policies:validate_policy0/2 (4.3).
var policyValidators = map[string]policyCheck{
	"alternate-exchange":            stringPolicy("is not a valid alternate exchange name"),
	"consumer-disconnected-timeout": intPolicy(0, "is not a valid consumer disconnected timeout"),
	"consumer-timeout":              intPolicy(0, "is not a valid consumer timeout"),
	"dead-letter-exchange":          stringPolicy("is not a valid dead letter exchange name"),
	"dead-letter-routing-key":       stringPolicy("is not a valid dead letter routing key"),
	"dead-letter-strategy":          enumPolicy("is not a valid dead letter strategy", strategyValues...),
	"message-ttl":                   intPolicy(0, "is not a valid message TTL"),
	"expires":                       intPolicy(1, "is not a valid queue expiry"),
	"max-length":                    intPolicy(0, "is not a valid maximum length"),
	"max-length-bytes":              intPolicy(0, "is not a valid maximum length in bytes"),
	"max-in-memory-length":          intPolicy(0, "is not a valid maximum memory in bytes"),
	"max-in-memory-bytes":           intPolicy(0, "is not a valid maximum memory in bytes"),
	"queue-mode":                    enumPolicy("is not a valid queue-mode value", queueModeValues...),
	"queue-version":                 queueVersionPolicy,
	"overflow":                      enumPolicy("is not a valid overflow value", overflowValues...),
	"delivery-limit":                intPolicy(-1<<63, "is not a valid delivery limit"),
	"max-age":                       maxAgePolicy,
	"stream-max-segment-size-bytes": rangePolicy(0, 3_000_000_000, "is not a valid segment size"),
	"stream-filter-size-bytes":      rangePolicy(16, 255, "is not a valid filter size. Valid range is 16-255"),
	"queue-leader-locator":          enumPolicy("is not a valid queue leader locator value", leaderLocators...),
	"initial-cluster-size":          intPolicy(0, "is not a valid cluster size"),
}

// policiesModule runs rabbit_policies' validators over its keys in order.
func policiesModule(def Table) string {
	for _, k := range def.SortedKeys() {
		if check := policyValidators[k]; check != nil {
			if d := check(def[k]); d != "" {
				return erlFormat("", jsonTerm(def[k]), 80, true) + " " + d
			}
		}
	}
	return ""
}

func stringPolicy(desc string) policyCheck {
	return func(v any) string {
		if _, ok := v.(string); ok {
			return ""
		}
		return desc
	}
}

func intPolicy(min int64, desc string) policyCheck {
	return rangePolicy(min, 1<<63-1, desc)
}

func rangePolicy(min, max int64, desc string) policyCheck {
	return func(v any) string {
		if n, ok := AsInteger(v); ok && n >= min && n <= max {
			return ""
		}
		return desc
	}
}

func enumPolicy(desc string, allowed ...string) policyCheck {
	return func(v any) string {
		if s, ok := v.(string); ok && slices.Contains(allowed, s) {
			return ""
		}
		return desc
	}
}

func queueVersionPolicy(v any) string {
	if n, ok := AsInteger(v); ok && (n == 1 || n == 2) {
		return ""
	}
	return "is not a valid queue-version value"
}

// maxAgePolicy is rabbit_amqqueue:check_max_age/1: digits > 0 then one of
// the units Y M D h m s.
var maxAgeRE = regexp.MustCompile(`^([0-9]+)(Y|M|D|h|m|s)$`)

func maxAgePolicy(v any) string {
	s, ok := v.(string)
	if ok && maxAgeRE.MatchString(s) && strings.Trim(maxAgeRE.FindStringSubmatch(s)[1], "0") != "" {
		return ""
	}
	return "is not a valid max age"
}

// quorumPolicyKeys are registered by rabbit_quorum_queue (4.3).
var quorumPolicyKeys = map[string]bool{"target-group-size": true, "member-placement-tag": true,
	"delayed-retry-type": true, "delayed-retry-min": true, "delayed-retry-max": true}

// quorumPolicyModule is rabbit_quorum_queue:validate_policy/1.
func quorumPolicyModule(def Table) string {
	for _, k := range def.SortedKeys() {
		if !quorumPolicyKeys[k] {
			continue
		}
		if d := quorumPolicyValue(k, def[k]); d != "" {
			return erlFormat("", jsonTerm(def[k]), 80, true) + " " + d
		}
	}
	return delayedRetryConstraints(def)
}

func quorumPolicyValue(k string, v any) string {
	n, isInt := AsInteger(v)
	s, isStr := v.(string)
	switch k {
	case "target-group-size":
		if !isInt || n <= 0 {
			return "is not a valid qq target count value"
		}
	case "member-placement-tag":
		if !isStr || s == "" {
			return "is not a valid member-placement-tag value. Must be a non-empty string"
		}
	case "delayed-retry-type":
		if !isStr || !slices.Contains(delayedRetryValues, s) {
			return "is not a valid delayed retry type. Must be one of: all, failed, returned, disabled"
		}
	case "delayed-retry-min", "delayed-retry-max":
		if !isInt || n <= 0 {
			which := map[string]string{"delayed-retry-min": "minimum", "delayed-retry-max": "maximum"}[k]
			return "is not a valid delayed retry " + which + " delay. Must be a positive integer"
		}
	}
	return ""
}

func delayedRetryConstraints(def Table) string {
	typ, hasType := def["delayed-retry-type"].(string) // valid by now
	minV, hasMin := def["delayed-retry-min"]
	if hasType && typ != "disabled" && !hasMin {
		return "delayed-retry-min is required when delayed-retry-type is " + typ
	}
	lo, okLo := AsInteger(minV)
	hi, okHi := AsInteger(def["delayed-retry-max"])
	if okLo && okHi && hi < lo {
		return "delayed-retry-max (" + erlI(hi).String() + ") must not be smaller than delayed-retry-min (" +
			erlI(lo).String() + ")"
	}
	return ""
}

// classicPolicyModule is rabbit_classic_queue:validate_policy/1: the
// deprecated queue-master-locator is refused (4.x default).
func classicPolicyModule(def Table) string {
	if _, ok := def["queue-master-locator"]; ok {
		return "use of deprecated queue-master-locator argument is not permitted"
	}
	return ""
}

// unsupportedPolicies is capabilities/0 unsupported_policies (4.3): a
// policy with any of these keys does not apply to the queue type at all.
var unsupportedPolicies = map[QueueType][]string{
	Classic: {"max-age", "stream-max-segment-size-bytes", "initial-cluster-size",
		"delivery-limit", "dead-letter-strategy", "max-in-memory-length",
		"max-in-memory-bytes", "target-group-size", "selector-fields",
		"selector-field-max-bytes"},
	Quorum: {"max-priority", "queue-mode", "ha-mode", "ha-params", "ha-sync-mode",
		"ha-promote-on-shutdown", "ha-promote-on-failure", "queue-master-locator",
		"max-age", "stream-max-segment-size-bytes", "initial-cluster-size",
		"selector-fields", "selector-field-max-bytes"},
}

// policyKeysSupported is rabbit_queue_type:is_policy_applicable/2 (docs/rabbitmq.md "Policies").
func policyKeysSupported(qt QueueType, def Table) bool {
	for k := range def {
		if slices.Contains(unsupportedPolicies[qt], k) {
			return false
		}
	}
	return true
}
