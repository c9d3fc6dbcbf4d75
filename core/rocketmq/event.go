package rocketmq

import (
	"fmt"
	"strings"

	"github.com/dlxlab/dlxlab/core/kernel"
)

// EventKind names a change of state.
type EventKind uint8

const (
	EvSent         EventKind = iota + 1 // a producer's message was stored (Topic, QueueID, Offset)
	EvStored                            // a copy was stored (retry, DLQ, schedule release)
	EvScheduled                         // a copy waits in SCHEDULE_TOPIC_XXXX or the timer wheel (Detail: due)
	EvDelivered                         // the listener was called (Consumer, ReconsumeTimes, Result)
	EvConsumed                          // success: the copy is done for the group
	EvSentBack                          // a failure became a retry copy (Level)
	EvDeadLettered                      // the message went to %DLQ%{group}
	EvDropped                           // gone, with Reason
	EvSuspended                         // orderly: the queue is blocked until Detail
	EvFiltered                          // skipped by the subscription's tag expression
	EvExpired                           // removed by commit-log retention
	EvTopic                             // a topic was created (Detail: queues, perm)
	EvOffset                            // an offset was moved by an operation
	EvResent                            // the dashboard pushed a DLQ message to a consumer
	EvError                             // a command failed
)

var kindNames = [...]string{EvSent: "sent", EvStored: "stored", EvScheduled: "scheduled", EvDelivered: "delivered",
	EvConsumed: "consumed", EvSentBack: "sent-back", EvDeadLettered: "dead-lettered", EvDropped: "dropped",
	EvSuspended: "suspended", EvFiltered: "filtered", EvExpired: "expired", EvTopic: "topic", EvOffset: "offset",
	EvResent: "resent", EvError: "error"}

func (k EventKind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "unknown"
}

// Drop reasons: every loss carries one (docs/rocketmq.md "Where messages are lost").
const (
	DropRetryQueueNums = "retry-queue-nums-0" // send-back answered success, nothing stored
	DropBroadcasting   = "broadcasting-failure"
	DropRetention      = "file-reserved-time" // commit-log file deleted before consumption
	DropDLQRetention   = "dlq-expired"        // a dead letter deleted with its commit-log file
	DropOffsetReset    = "offset-reset-skip"  // an operator moved the offset past it
)

// Event is one entry of the event log. Fields that do not apply stay zero.
type Event struct {
	Seq            uint64
	T              Time
	Kind           EventKind
	Copy           uint64 // the copy concerned
	MsgID          string
	Topic          string
	QueueID        int
	Offset         int64
	Group          string
	Consumer       string
	ReconsumeTimes int
	Result         string // listener result on EvDelivered
	Level          int    // delay level on EvSentBack / EvScheduled
	Reason         string
	Detail         string
}

// String renders the event as one stable line.
func (e Event) String() string {
	var sb strings.Builder
	kernel.WriteEventHead(&sb, e.T, e.Seq, e.Kind.String())
	field := func(k, v string) {
		if v != "" {
			fmt.Fprintf(&sb, " %s=%q", k, v)
		}
	}
	field("topic", e.Topic)
	if e.Topic != "" {
		fmt.Fprintf(&sb, " q=%d off=%d", e.QueueID, e.Offset)
	}
	field("group", e.Group)
	field("consumer", e.Consumer)
	if e.Kind == EvDelivered {
		fmt.Fprintf(&sb, " reconsumeTimes=%d", e.ReconsumeTimes)
	}
	field("result", e.Result)
	if e.Level != 0 {
		fmt.Fprintf(&sb, " level=%d", e.Level)
	}
	field("reason", e.Reason)
	field("msgId", e.MsgID)
	field("detail", e.Detail)
	return sb.String()
}
