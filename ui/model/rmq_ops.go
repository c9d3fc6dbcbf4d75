package model

import (
	"strings"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	rmqsc "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// The operations panel of a RocketMQ run: what a console shows (consumer
// progress and lag per queue, the dead letters of each group) and the
// operations it offers (resend, republish, reset offset by time). The
// rows are read from the broker's view; the operations are steps of the
// scenario (RocketSession.Apply), so the broker decides what they do
// (docs/rocketmq.md "Operations").

// RMQGroupOps is one consumer group as the operations panel lists it.
type RMQGroupOps struct {
	Group     string
	Mode      string // CLUSTERING or BROADCASTING
	Orderly   bool
	Consumers []string // online now
	Rows      []RMQProgressRow
	Lag       int64 // the sum over the rows
	DLQ       []RMQDeadLetter
}

// RMQProgressRow is one queue of mqadmin consumerProgress.
type RMQProgressRow struct {
	rmq.QueueProgress
	Retry   bool     // the group's retry topic
	Blocked rmq.Time // an orderly queue suspended until this time (0: not)
}

// RMQDeadLetter is one copy in %DLQ%{group}.
type RMQDeadLetter struct {
	N              int // position in the DLQ, oldest first: what a resend/republish step names
	Copy           uint64
	MsgID          string
	Keys           []string
	Tags           string
	Body           string
	ReconsumeTimes int
	Origin         string // RETRY_TOPIC: the topic it was first sent to
	StoredAt       rmq.Time
}

// RMQOperations lists every group of the broker with its progress and
// DLQ. It reads the groups' views and the DLQ topics only, not every
// stored copy, so it is cheap enough for every frame.
func RMQOperations(b *rmq.Broker) []RMQGroupOps {
	gvs := b.GroupViews()
	out := make([]RMQGroupOps, 0, len(gvs))
	for _, g := range gvs {
		o := RMQGroupOps{Group: g.Name, Mode: g.Mode, Orderly: g.Orderly, Consumers: g.Consumers}
		for _, p := range g.Progress {
			r := RMQProgressRow{QueueProgress: p, Retry: strings.HasPrefix(p.Topic, rmq.RetryPrefix)}
			for _, bq := range g.Blocked {
				if bq.Track == p.Track && bq.Topic == p.Topic && bq.QueueID == p.QueueID {
					r.Blocked = bq.Until
				}
			}
			o.Rows = append(o.Rows, r)
			o.Lag += p.Lag
		}
		if t := b.Topic(rmq.DLQTopic(g.Name)); t != nil {
			o.DLQ = deadLetters(t)
		}
		out = append(out, o)
	}
	return out
}

func deadLetters(t *rmq.Topic) []RMQDeadLetter {
	var out []RMQDeadLetter
	for _, q := range t.Queues {
		for _, m := range q.Messages() {
			out = append(out, RMQDeadLetter{N: len(out), Copy: m.ID, MsgID: m.MsgID, Keys: m.Keys, Tags: m.Tags, Body: m.Body,
				ReconsumeTimes: m.ReconsumeTimes, Origin: m.Prop(rmq.PropRetryTopic), StoredAt: m.StoredAt})
		}
	}
	return out
}

// RMQCanResend says whether the dashboard's resend can run for group now,
// and if not, the catalogue key of why: it pushes the message to an online
// consumer of the group (consumeMessageDirectly), so it needs one.
func RMQCanResend(g RMQGroupOps) (bool, string) {
	if len(g.Consumers) == 0 {
		return false, "rmqops.resend.offline"
	}
	return true, ""
}

// RMQResendStep and RMQRepublishStep are the scenario steps for the n-th
// dead letter of group.
func RMQResendStep(group string, n int) rmqsc.Step {
	return rmqsc.Step{Resend: &rmqsc.DLQRef{Group: group, N: n}}
}

// RMQRepublishStep: see RMQResendStep.
func RMQRepublishStep(group string, n int) rmqsc.Step {
	return rmqsc.Step{Republish: &rmqsc.DLQRef{Group: group, N: n}}
}

// RMQResendOutcome is what the last resends did, read from the events: the
// listener's result, and that the DLQ copy stayed.
type RMQResendOutcome struct {
	T        rmq.Time
	Group    string
	Consumer string
	MsgID    string
	Result   string
}

// RMQResends collects the resend events of a run, newest last.
func RMQResends(events []rmq.Event) []RMQResendOutcome {
	var out []RMQResendOutcome
	for _, e := range events {
		if e.Kind == rmq.EvResent {
			out = append(out, RMQResendOutcome{T: e.T, Group: e.Group, Consumer: e.Consumer, MsgID: e.MsgID, Result: e.Result})
		}
	}
	return out
}
