package core

import "slices"

// Argument metadata: which value each queue argument, exchange argument
// and policy key takes, for forms that offer them (the UI's build panel).
// The validators in queue_args.go use the same enum lists, so a value a
// form offers is one the broker accepts; whether a typed value is valid
// is still decided by declaring it (docs/rabbitmq.md "Declare argument
// checks").

// ArgKind is the kind of value an argument takes.
type ArgKind string

// Argument kinds.
const (
	ArgInt    ArgKind = "int"
	ArgString ArgKind = "string"
	ArgBool   ArgKind = "bool"
	ArgEnum   ArgKind = "enum"
)

// ArgSpec describes one argument or policy key.
type ArgSpec struct {
	Key  string
	Kind ArgKind
	Enum []string // ArgEnum: the values the broker accepts
	Unit string   // "ms", "bytes" or ""
}

// The enum values the broker accepts; the validators check against these.
var (
	overflowValues     = []string{OverflowDropHead, OverflowRejectPublish, OverflowRejectPublishDLX}
	strategyValues     = []string{"at-most-once", "at-least-once"}
	queueModeValues    = []string{"default", "lazy"}
	leaderLocators     = []string{"client-local", "balanced", "random", "least-leaders"}
	delayedRetryValues = []string{"all", "failed", "returned", "disabled"}
)

// argSpecs holds the kind of every queue argument a queue type knows
// (knownArgs); keys missing here are plain strings.
var argSpecs = map[string]ArgSpec{
	"x-message-ttl":                   {Kind: ArgInt, Unit: "ms"},
	"x-expires":                       {Kind: ArgInt, Unit: "ms"},
	"x-max-length":                    {Kind: ArgInt},
	"x-max-length-bytes":              {Kind: ArgInt, Unit: "bytes"},
	"x-overflow":                      {Kind: ArgEnum, Enum: overflowValues},
	"x-dead-letter-exchange":          {Kind: ArgString},
	"x-dead-letter-routing-key":       {Kind: ArgString},
	"x-dead-letter-strategy":          {Kind: ArgEnum, Enum: strategyValues},
	"x-delivery-limit":                {Kind: ArgInt},
	"x-max-priority":                  {Kind: ArgInt},
	"x-single-active-consumer":        {Kind: ArgBool},
	"x-queue-mode":                    {Kind: ArgEnum, Enum: queueModeValues},
	"x-queue-version":                 {Kind: ArgInt},
	"x-queue-leader-locator":          {Kind: ArgEnum, Enum: leaderLocators[:2]},
	"x-max-in-memory-length":          {Kind: ArgInt},
	"x-max-in-memory-bytes":           {Kind: ArgInt, Unit: "bytes"},
	"x-quorum-initial-group-size":     {Kind: ArgInt},
	"x-consumer-timeout":              {Kind: ArgInt, Unit: "ms"},
	"x-consumer-disconnected-timeout": {Kind: ArgInt, Unit: "ms"},
	"x-delayed-retry-type":            {Kind: ArgEnum, Enum: delayedRetryValues},
	"x-delayed-retry-min":             {Kind: ArgInt, Unit: "ms"},
	"x-delayed-retry-max":             {Kind: ArgInt, Unit: "ms"},
}

// QueueArgSpecs lists the arguments a queue type knows under a profile,
// in the broker's order, without x-queue-type (the type itself).
func QueueArgSpecs(p Profile, qt QueueType) []ArgSpec {
	var out []ArgSpec
	for _, k := range knownArgs(p, string(qt)) {
		if k == "x-queue-type" {
			continue
		}
		s, ok := argSpecs[k]
		if !ok {
			s = ArgSpec{Kind: ArgString}
		}
		s.Key = k
		out = append(out, s)
	}
	return out
}

// ExchangeArgSpecs are the exchange arguments the simulator acts on.
func ExchangeArgSpecs() []ArgSpec {
	return []ArgSpec{{Key: "alternate-exchange", Kind: ArgString}}
}

// PolicyKeySpecs are the policy keys the simulator acts on, most used first.
func PolicyKeySpecs() []ArgSpec {
	return []ArgSpec{
		{Key: "dead-letter-exchange", Kind: ArgString},
		{Key: "dead-letter-routing-key", Kind: ArgString},
		{Key: "message-ttl", Kind: ArgInt, Unit: "ms"},
		{Key: "max-length", Kind: ArgInt},
		{Key: "overflow", Kind: ArgEnum, Enum: overflowValues},
		{Key: "delivery-limit", Kind: ArgInt},
		{Key: "dead-letter-strategy", Kind: ArgEnum, Enum: strategyValues},
		{Key: "expires", Kind: ArgInt, Unit: "ms"},
		{Key: "max-length-bytes", Kind: ArgInt, Unit: "bytes"},
		{Key: "alternate-exchange", Kind: ArgString},
	}
}

// Known arguments per queue type (capabilities/0, in list order).

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
