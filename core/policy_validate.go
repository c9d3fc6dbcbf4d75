package core

import (
	"regexp"
	"slices"
	"strings"

	"github.com/dlxlab/dlxlab/core/internal/erlterm"
)

// Policy validation: the definition keys, apply-to and pattern, with the
// texts rabbitmqctl shows (docs/rabbitmq.md "Policies"; rabbit_policy.erl,
// rabbit_policies.erl).

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
		return "apply-to '" + erlterm.TS(applyTo) + "' unrecognised; should be 'queues', 'exchanges' or 'all'"
	}
	switch applyTo {
	case "all", "exchanges", "queues", "classic_queues", "quorum_queues", "streams":
		return ""
	}
	return "apply-to '" + erlterm.TS(applyTo) + "' unrecognised; should be one of: 'queues', " +
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
	var unknown erlterm.List
	for _, k := range def.SortedKeys() {
		if policyValidators[k] == nil && !quorumPolicyKeys[k] && k != "queue-master-locator" {
			unknown = append(unknown, erlterm.Tuple{erlterm.Bin(k), jsonTerm(def[k])})
		}
	}
	if len(unknown) > 0 {
		return policyReason(erlterm.Format("", unknown, 80, true) + " are not recognised policy settings")
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
				return erlterm.Format("", jsonTerm(def[k]), 80, true) + " " + d
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
			return erlterm.Format("", jsonTerm(def[k]), 80, true) + " " + d
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
		return "delayed-retry-max (" + erlterm.I(hi).String() + ") must not be smaller than delayed-retry-min (" +
			erlterm.I(lo).String() + ")"
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
