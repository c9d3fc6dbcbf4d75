package core

import "github.com/dlxlab/dlxlab/core/kernel"

// Profile pins broker behaviour where RabbitMQ versions differ
// (docs/rabbitmq.md "Versions and profiles" version table). The zero value is not valid; use a constant.
type Profile string

const (
	// Rabbit43 is RabbitMQ 4.3+: quorum delivery limit counts failed deliveries only.
	Rabbit43 Profile = "rabbitmq-4.3"
	// Rabbit42 is RabbitMQ 4.0–4.2: every return counts toward the delivery limit.
	Rabbit42 Profile = "rabbitmq-4.2"
	// Rabbit312 is RabbitMQ 3.x up to 3.12 (Debian's 3.10 broker behaves like it).
	Rabbit312 Profile = "rabbitmq-3.12"
)

// DefaultProfile is used when a scenario names none.
const DefaultProfile = Rabbit43

// Profiles lists every supported profile, newest first.
var Profiles = []Profile{Rabbit43, Rabbit42, Rabbit312}

// ParseProfile accepts a profile name; "" means the default.
func ParseProfile(s string) (Profile, error) {
	return kernel.ParseProfile(s, DefaultProfile, Profiles, "")
}

// is4 reports a 4.x broker.
func (p Profile) is4() bool { return p != Rabbit312 }

// hasLastDeathHeaders: x-last-death-* exist since 3.13 (docs/rabbitmq.md "First and last death headers").
func (p Profile) hasLastDeathHeaders() bool { return p.is4() }

// keepsCCWithDLRoutingKey: 3.12 deleted CC when a DL routing key was set (docs/rabbitmq.md "CC and BCC").
func (p Profile) keepsCCWithDLRoutingKey() bool { return p.is4() }

// parsesClientXDeath: 3.12 read a client-published x-death back (docs/rabbitmq.md "Client-published x-death").
func (p Profile) parsesClientXDeath() bool { return !p.is4() }

// defaultDeliveryLimit is the quorum queue default: 20 since 4.0, none before
// (docs/rabbitmq.md "Delivery limit"). -1 means no limit.
func (p Profile) defaultDeliveryLimit() int64 {
	if p.is4() {
		return 20
	}
	return -1
}

// countsOnlyFailedReturns: 4.3 compares delivery-count (failed deliveries)
// with the limit; 4.0–4.2 and 3.x count every return (docs/rabbitmq.md "Delivery limit").
func (p Profile) countsOnlyFailedReturns() bool { return p == Rabbit43 }

// rejectsManyHashes: a topic binding with more than two '#' words is a 406
// from 4.3.5 (docs/rabbitmq.md "Direct, fanout and topic").
func (p Profile) rejectsManyHashes() bool { return p == Rabbit43 }

// unknownExchangeTypeCode: 503 COMMAND_INVALID on 3.12, 406 since 3.13 (docs/rabbitmq.md "Routing basics").
func (p Profile) unknownExchangeTypeCode() int {
	if p.is4() {
		return CodePreconditionFailed
	}
	return CodeCommandInvalid
}
