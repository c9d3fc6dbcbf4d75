package core

import (
	"strconv"

	"github.com/dlxlab/dlxlab/core/kernel"
)

// Time is virtual time in milliseconds since the scenario started, shared
// with every model through core/kernel. The core never reads a wall clock:
// callers move time with Advance / RunUntil, which is what makes replays
// and "fast-forward 4 hours" exact.
type Time = kernel.Time

// FormatClock writes a virtual time in seconds with milliseconds, as the
// playground's clock shows it: "1.250 s".
func FormatClock(t Time) string {
	return strconv.FormatFloat(float64(t)/1000, 'f', 3, 64) + " s"
}

// Never is a time no timer reaches: a message without TTL expires at Never.
const Never = kernel.Never

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
