package core

import "github.com/dlxlab/dlxlab/core/kernel"

// Time is virtual time in milliseconds since the scenario started, shared
// with every model through core/kernel. The core never reads a wall clock:
// callers move time with Advance / RunUntil, which is what makes replays
// and "fast-forward 4 hours" exact.
type Time = kernel.Time

// Never is a time no timer reaches: a message without TTL expires at Never.
const Never = kernel.Never

// maxTTL is RabbitMQ's upper bound for TTLs and expiries: ten years in ms (docs/rabbitmq.md "Message TTL").
const maxTTL = 315360000000

type timerKind uint8

const (
	timerExpireHead timerKind = iota // check the head of q for expired messages
	timerQueueLease                  // x-expires: delete q if still unused
	timerSettle                      // a scripted consumer settles a delivery
	timerFunc                        // a caller-scheduled function (scenario runner)
)

// timer is one pending action, the payload of kernel.Timers: timers fire in
// (time, sequence) order, so two timers due at the same instant fire in the
// order they were set, never by chance. at is kept here too because a head
// expiry timer is stale once its queue has re-armed for another time.
type timer struct {
	at   Time
	kind timerKind
	q    *Queue
	ch   *Channel
	tag  uint64
	fn   func()
}
