package scenarios

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dlxlab/dlxlab/core"
)

// collect turns the events since the last call into the observation and
// (unless Options.NoTrace) the trace; errors are attributed to step (and
// where).
func (r *Runner) collect(step int, where string) {
	evs := r.b.Events()
	for ; r.seen < len(evs); r.seen++ {
		ev := &evs[r.seen]
		if r.tracing() {
			r.trace(traceLine(ev))
		}
		t := int64(ev.T)
		switch ev.Kind {
		case core.EvDelivered:
			d := Delivery{TMS: t, Consumer: ev.Consumer, Queue: ev.Queue, Redelivered: ev.Redelivered,
				Action: ev.Action, Message: messageOf(ev.Msg, ev.Headers)}
			if ev.Consumer == "" {
				d.Get = true
			} else if ev.Action == core.ActHold {
				r.hold(ev.Consumer, ev.Tag)
			}
			r.obs.Deliveries = append(r.obs.Deliveries, d)
		case core.EvReturned:
			r.obs.Returns = append(r.obs.Returns, Return{TMS: t, ReplyCode: ev.Code, ReplyText: ev.Detail,
				Message: messageOf(ev.Msg, r.b.MessageHeaders(ev.Msg))})
		case core.EvDropped:
			r.obs.Drops = append(r.obs.Drops, Drop{TMS: t, Queue: ev.Queue, Reason: ev.Reason,
				DeathReason: ev.Death, Detail: ev.Detail,
				Message: messageOf(ev.Msg, r.b.MessageHeaders(ev.Msg))})
		case core.EvError:
			r.obs.Errors = append(r.obs.Errors, StepError{Step: step, Where: where, Code: ev.Code, Text: ev.Detail})
		case core.EvLimit:
			r.obs.Errors = append(r.obs.Errors, StepError{Step: step, Where: where, Code: 0, Text: "limit: " + ev.Detail})
		}
	}
}

// traceLine renders an event as one stable line: time, kind, then the
// fields that are set, always in the same order.
func traceLine(ev *core.Event) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %-14s", fmtTime(ev.T), ev.Kind)
	field := func(k, v string) {
		b.WriteByte(' ')
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(v)
	}
	if ev.Queue != "" {
		field("queue", ev.Queue)
	}
	if ev.Exchange != "" || ev.Kind == core.EvPublished || ev.Kind == core.EvReturned || ev.Kind == core.EvDeadLettered {
		field("exchange", strconv.Quote(ev.Exchange))
	}
	if ev.Consumer != "" {
		field("consumer", ev.Consumer)
	}
	if ev.Tag != 0 {
		field("tag", strconv.FormatUint(ev.Tag, 10))
	}
	if ev.Msg != nil {
		field("msg", strconv.FormatUint(ev.Msg.Lineage, 10))
		if ev.Kind == core.EvPublished {
			field("keys", "["+strings.Join(ev.Msg.Keys, ",")+"]")
			field("body", strconv.Quote(clip(ev.Msg.Body)))
		}
	}
	if ev.Instance != 0 {
		field("copy", strconv.FormatUint(ev.Instance, 10))
	}
	if ev.Redelivered {
		field("redelivered", "true")
	}
	if ev.Action != "" {
		field("action", ev.Action)
	}
	if ev.Reason != "" {
		field("reason", strconv.Quote(ev.Reason))
	}
	if ev.Code != 0 {
		field("code", strconv.Itoa(ev.Code))
	}
	if len(ev.Targets) > 0 || ev.Kind == core.EvPublished || ev.Kind == core.EvDeadLettered {
		field("to", "["+strings.Join(ev.Targets, ",")+"]")
	}
	if ev.Detail != "" {
		field("detail", strconv.Quote(ev.Detail))
	}
	return b.String()
}

// fmtTime writes virtual time right-aligned in milliseconds.
func fmtTime(t core.Time) string { return fmt.Sprintf("%9dms", int64(t)) }

// Describe is the step as one trace line ("publish exchange=…", "ack
// consumer c requeue=false multiple=false n=2").
func (s *Step) Describe() string {
	switch s.Kind() {
	case StepPublish:
		p := s.Publish
		out := fmt.Sprintf("publish exchange=%q routing_key=%q body=%q", p.Exchange, p.RoutingKey, clip(p.Body))
		if p.Count > 1 {
			out += fmt.Sprintf(" ×%d", p.Count)
		}
		return out
	case StepWait:
		return "wait " + s.Wait.String()
	case StepGet:
		return fmt.Sprintf("get queue=%s action=%s", s.Get.Queue, s.Get.Action)
	case StepConsume:
		return fmt.Sprintf("consume %s on %s", s.Consume.Name, s.Consume.Queue)
	case StepCancel:
		return "cancel " + s.Cancel.Consumer
	case StepClose:
		if s.Close.Consumer != "" {
			return "close the channel of consumer " + s.Close.Consumer
		}
		return "close the basic.get channel"
	case StepDeclare:
		if s.Declare.Queue != "" {
			return "declare queue " + s.Declare.Queue
		}
		return "declare exchange " + s.Declare.Exchange
	case StepDelete:
		if s.Delete.Queue != "" {
			return "delete queue " + s.Delete.Queue
		}
		return "delete exchange " + s.Delete.Exchange
	case StepPurge:
		return "purge " + s.Purge.Queue
	case StepBind, StepUnbind:
		b := s.Bind
		if b == nil {
			b = s.Unbind
		}
		return fmt.Sprintf("%s %s → %s %s key=%q", s.Kind(), b.Source, b.DestinationType, b.Destination, b.RoutingKey)
	case StepPolicy:
		return "policy " + s.Policy.Name
	case StepClearPolicy:
		return "clear_policy " + s.ClearPolicy.Name
	case StepSnapshot:
		return "snapshot " + s.Snapshot.Name
	}
	st := s.Settle()
	who := st.Consumer
	if who == "" {
		who = "basic.get"
	}
	out := fmt.Sprintf("%s %s requeue=%t multiple=%t", s.Kind(), who, st.Requeue, st.Multiple)
	if st.N != 0 {
		out += fmt.Sprintf(" n=%d", st.N)
	}
	return out
}

func coreProps(p Properties) core.Properties {
	c := core.Properties{ContentType: p.ContentType, ContentEncoding: p.ContentEncoding, DeliveryMode: uint8(p.DeliveryMode),
		CorrelationID: p.CorrelationID, ReplyTo: p.ReplyTo, Expiration: p.Expiration, MessageID: p.MessageID,
		Type: p.Type, UserID: p.UserID, AppID: p.AppID}
	if p.Priority != nil {
		c.Priority, c.HasPriority = uint8(*p.Priority), true
	}
	if p.Timestamp != nil {
		c.Timestamp, c.HasTimestamp = *p.Timestamp, true
	}
	return c
}

func coreBinding(b Binding) core.Binding {
	return core.Binding{Source: b.Source, Destination: b.Destination, DestinationType: b.DestinationType,
		RoutingKey: b.RoutingKey, Args: b.Arguments.Clone()}
}

func corePolicy(p Policy) core.Policy {
	return core.Policy{Name: p.Name, Pattern: p.Pattern, ApplyTo: p.ApplyTo, Priority: p.Priority, Definition: p.Definition.Clone()}
}

func consumerSpec(c Consumer) core.ConsumerSpec {
	acts := make([]core.Action, len(c.Actions))
	for i, a := range c.Actions {
		acts[i] = core.Action{Kind: a.Kind, Delay: int64(a.Delay), Exchange: a.Exchange, RoutingKey: a.RoutingKey}
	}
	return core.ConsumerSpec{Tag: c.Name, Queue: c.Queue, Prefetch: c.Prefetch, Actions: acts}
}
