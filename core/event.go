package core

import (
	"fmt"
	"strings"

	"github.com/dlxlab/dlxlab/core/kernel"
)

// EventKind names a change of state. The UI animates events, tests assert
// on them, and the trace of a run is the list of them (docs/architecture.md "Parts").
type EventKind uint8

const (
	EvPublished       EventKind = iota + 1 // a client published a message (Msg; Exchange)
	EvEnqueued                             // a copy entered Queue (Instance is its id)
	EvDelivered                            // a copy went to Consumer (Tag, Redelivered)
	EvAcked                                // the consumer acked it: it is done
	EvRequeued                             // returned to Queue (nack/reject requeue, cancel)
	EvExpired                              // its TTL ran out at the head of Queue
	EvDeadLettered                         // it left Queue for the DLX (Reason, Exchange = DLX)
	EvDropped                              // it is gone, and Reason says why (drop reasons below)
	EvReturned                             // basic.return to the publisher (312 NO_ROUTE)
	EvPublishRejected                      // a queue refused it (overflow reject-publish*): basic.nack
	EvError                                // a command failed with an AMQP error (Code, Detail)
	EvTopology                             // a declare / delete / bind / policy changed the topology
	EvCycle                                // a dead-letter cycle was detected (logged once, docs/rabbitmq.md "Cycle detection")
	EvLimit                                // a named limit of the simulator was hit
)

var eventKindNames = [...]string{
	EvPublished: "published", EvEnqueued: "enqueued", EvDelivered: "delivered",
	EvAcked: "acked", EvRequeued: "requeued", EvExpired: "expired",
	EvDeadLettered: "dead-lettered", EvDropped: "dropped", EvReturned: "returned",
	EvPublishRejected: "publish-rejected", EvError: "error", EvTopology: "topology",
	EvCycle: "cycle", EvLimit: "limit",
}

func (k EventKind) String() string {
	if int(k) < len(eventKindNames) && eventKindNames[k] != "" {
		return eventKindNames[k]
	}
	return "unknown"
}

// Drop reasons: every message that leaves the broker without being acked
// or dead-lettered onward carries one (docs/scenario-format.md "Observation JSON").
const (
	DropNoDLX            = "no-dlx"            // dead-lettered from a queue with no DLX
	DropDLXMissing       = "dlx-missing"       // the DLX does not exist (RabbitMQ: silent)
	DropDLXUnroutable    = "dlx-unroutable"    // the DLX routed it nowhere (RabbitMQ: silent)
	DropCycle            = "cycle"             // every target was a dead-letter cycle (docs/rabbitmq.md "Cycle detection")
	DropOverflow         = "overflow"          // x-overflow reject-publish refused it
	DropUnroutable       = "unroutable"        // a publish matched no queue and was not mandatory
	DropPurged           = "purged"            // queue.purge
	DropQueueDeleted     = "queue-deleted"     // queue.delete
	DropQueueExpired     = "queue-expired"     // the queue itself expired (x-expires)
	DropBacklogDiscarded = "backlog-discarded" // an at-least-once dead-letter backlog was discarded
)

// Dead-letter reasons, exactly as RabbitMQ writes them in x-death (docs/rabbitmq.md "Dead-lettering at a glance").
const (
	ReasonRejected      = "rejected"
	ReasonExpired       = "expired"
	ReasonMaxLen        = "maxlen"
	ReasonDeliveryLimit = "delivery_limit"
)

// Event is one entry of the event log. Fields that do not apply stay zero.
type Event struct {
	Seq         uint64
	T           Time
	Kind        EventKind
	Msg         *Message // the message as it was at this event (immutable)
	Instance    uint64   // id of the queued copy (enqueued .. acked/dropped)
	Queue       string
	Exchange    string
	Consumer    string
	Tag         uint64
	Redelivered bool
	Reason      string // dead-letter reason, drop reason, or requeue cause
	Death       string // on EvDropped: the dead-letter reason that led to the drop, if any
	Detail      string // human detail: the death reason of a drop, where a DLX came from, an error text
	Code        int    // AMQP reply code of EvError / EvReturned
	Headers     Table  // on EvDelivered: the headers the consumer sees
	Action      string // on EvDelivered: what the consumer's script will do with it
	Targets     []string
}

// String renders the event as one stable line of text, e.g.
// "t=300ms #12 dead-lettered q=main x=retry.dlx reason=rejected msg=1/7".
// Traces are lists of these; replays compare them byte for byte.
func (e Event) String() string {
	var sb strings.Builder
	kernel.WriteEventHead(&sb, e.T, e.Seq, e.Kind.String())
	field := func(k, v string) {
		if v != "" {
			fmt.Fprintf(&sb, " %s=%q", k, v)
		}
	}
	field("q", e.Queue)
	if e.Exchange != "" || e.Kind == EvPublished || e.Kind == EvDeadLettered {
		fmt.Fprintf(&sb, " x=%q", e.Exchange)
	}
	field("consumer", e.Consumer)
	if e.Tag != 0 {
		fmt.Fprintf(&sb, " tag=%d", e.Tag)
	}
	if e.Redelivered {
		sb.WriteString(" redelivered")
	}
	field("reason", e.Reason)
	field("action", e.Action)
	if len(e.Targets) > 0 {
		fmt.Fprintf(&sb, " to=%q", e.Targets)
	}
	if e.Code != 0 {
		fmt.Fprintf(&sb, " code=%d", e.Code)
	}
	if e.Msg != nil {
		fmt.Fprintf(&sb, " msg=%d/%d body=%q", e.Msg.Lineage, e.Instance, e.Msg.Body)
	}
	field("detail", e.Detail)
	return sb.String()
}
