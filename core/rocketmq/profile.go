package rocketmq

import "github.com/dlxlab/dlxlab/core/kernel"

// Profile pins behaviour where RocketMQ versions differ (docs/rocketmq.md
// "Versions and profiles").
type Profile string

const (
	// RocketMQ49 is 4.9.x (4.9.2 and later): no timer wheel, orderly max → %DLQ%.
	RocketMQ49 Profile = "rocketmq-4.9"
	// RocketMQ510 is 5.0.0–5.1.0: an orderly message at its max loops through %RETRY%.
	RocketMQ510 Profile = "rocketmq-5.1.0"
	// RocketMQ53 is 5.1.1 and later (read at 5.3): orderly max → %DLQ% again.
	RocketMQ53 Profile = "rocketmq-5.3"
)

// DefaultProfile is used when a RocketMQ scenario names none.
const DefaultProfile = RocketMQ53

// Profiles lists every supported profile, newest first.
var Profiles = []Profile{RocketMQ53, RocketMQ510, RocketMQ49}

// ParseProfile accepts a profile name; "" means the default.
func ParseProfile(s string) (Profile, error) {
	return kernel.ParseProfile(s, DefaultProfile, Profiles, "RocketMQ ")
}

// is5 reports a 5.x broker (timer wheel, pop, gRPC proxy).
func (p Profile) is5() bool { return p != RocketMQ49 }

// orderlyMaxLoops: 5.0.0–5.1.0 brokers compare with > while the client
// still sends reconsumeTimes, so an orderly message at its max goes to
// %RETRY% instead of %DLQ% (docs/rocketmq.md "Orderly retry").
func (p Profile) orderlyMaxLoops() bool { return p == RocketMQ510 }
