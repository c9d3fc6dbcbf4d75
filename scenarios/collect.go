package scenarios

import (
	"strconv"

	"github.com/dlxlab/dlxlab/core"
)

// collect turns the events since the last call into the observation and
// (unless Options.NoTrace) the trace; errors are attributed to step (and
// where). The events are then let go: the runner keeps no log.
func (r *Runner) collect(step int, where string) {
	evs := r.events
	if r.opts.EventLog {
		evs = r.b.Events()[r.seen:]
		r.seen += len(evs)
	}
	for i := range evs {
		ev := &evs[i]
		if r.opts.EventLog && r.tracing() { // else receive traced it
			r.traceEvent(ev)
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
	clear(r.events) // the messages they point to may go
	r.events = r.events[:0]
}

// observed reports the kinds of event collect turns into the observation:
// the others (published, enqueued, expired, dead-lettered, acked, …) only
// make trace lines.
func observed(k core.EventKind) bool {
	switch k {
	case core.EvDelivered, core.EvReturned, core.EvDropped, core.EvError, core.EvLimit:
		return true
	}
	return false
}

// traceEvent adds an event's trace line.
func (r *Runner) traceEvent(ev *core.Event) {
	if r.opts.Trace != nil {
		// most events happen at the same instant as the one before:
		// the time column is formatted once per instant
		if ev.T != r.lineT || len(r.lineTime) == 0 {
			r.lineT, r.lineTime = ev.T, append(appendTime(r.lineTime[:0], ev.T), ' ')
		}
		r.line = append(append(r.line[:0], r.lineTime...), kindColumn(ev.Kind)...)
		r.line = append(appendTraceFields(r.line, ev, r.opts.TerminalTrace), '\n')
		r.opts.Trace.Write(r.line)
		return
	}
	r.obs.Trace = append(r.obs.Trace, traceLine(ev))
}

// traceLine renders an event as one stable line: time, kind, then the
// fields that are set, always in the same order.
func traceLine(ev *core.Event) string { return string(appendTraceLine(nil, ev)) }

// appendTraceLine appends the trace line of an event to b. It is written
// with appends rather than fmt: `dlxlab run` prints one per event, and a
// long run makes hundreds of thousands.
func appendTraceLine(b []byte, ev *core.Event) []byte {
	b = appendTime(b, ev.T)
	b = append(b, ' ')
	return appendTraceFields(append(b, kindColumn(ev.Kind)...), ev, false)
}

// kindColumn is an event kind padded to the trace's 14 columns.
func kindColumn(k core.EventKind) string {
	if int(k) < len(kindColumns) && kindColumns[k] != "" {
		return kindColumns[k]
	}
	return padKind(k.String())
}

// kindColumns are the padded kinds, made once.
var kindColumns = func() []string {
	out := make([]string, 64)
	for k := range out {
		out[k] = padKind(core.EventKind(k).String())
	}
	return out
}()

func padKind(kind string) string {
	for len(kind) < 14 {
		kind += " "
	}
	return kind
}

// appendTraceFields appends the fields of an event's trace line; with
// terminal, names printed unquoted have their control characters made
// visible (Options.TerminalTrace; quoted fields have none left).
func appendTraceFields(b []byte, ev *core.Event, terminal bool) []byte {
	if ev.Queue != "" {
		b = appendName(append(b, " queue="...), ev.Queue, terminal)
	}
	if ev.Exchange != "" || ev.Kind == core.EvPublished || ev.Kind == core.EvReturned || ev.Kind == core.EvDeadLettered {
		b = appendQuoted(append(b, " exchange="...), ev.Exchange)
	}
	if ev.Consumer != "" {
		b = appendName(append(b, " consumer="...), ev.Consumer, terminal)
	}
	if ev.Tag != 0 {
		b = strconv.AppendUint(append(b, " tag="...), ev.Tag, 10)
	}
	if ev.Msg != nil {
		b = strconv.AppendUint(append(b, " msg="...), ev.Msg.Lineage, 10)
		if ev.Kind == core.EvPublished {
			b = appendList(append(b, " keys="...), ev.Msg.Keys, terminal)
			b = appendQuoted(append(b, " body="...), clip(ev.Msg.Body))
		}
	}
	if ev.Instance != 0 {
		b = strconv.AppendUint(append(b, " copy="...), ev.Instance, 10)
	}
	if ev.Redelivered {
		b = append(b, " redelivered=true"...)
	}
	if ev.Action != "" {
		b = appendName(append(b, " action="...), ev.Action, terminal)
	}
	if ev.Reason != "" {
		b = appendQuoted(append(b, " reason="...), ev.Reason)
	}
	if ev.Code != 0 {
		b = strconv.AppendInt(append(b, " code="...), int64(ev.Code), 10)
	}
	if len(ev.Targets) > 0 || ev.Kind == core.EvPublished || ev.Kind == core.EvDeadLettered {
		b = appendList(append(b, " to="...), ev.Targets, terminal)
	}
	if ev.Detail != "" {
		b = appendQuoted(append(b, " detail="...), ev.Detail)
	}
	return b
}

// appendQuoted appends s quoted as strconv.Quote quotes it; printable
// ASCII without quotes or backslashes, most of a trace, is copied as it is.
func appendQuoted(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return strconv.AppendQuote(b, s)
		}
	}
	return append(append(append(b, '"'), s...), '"')
}

// appendList appends "[a,b,c]" (names: appendName).
func appendList(b []byte, l []string, terminal bool) []byte {
	b = append(b, '[')
	for i, s := range l {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendName(b, s, terminal)
	}
	return append(b, ']')
}

// fmtTime writes virtual time right-aligned in milliseconds.
func fmtTime(t core.Time) string { return string(appendTime(nil, t)) }

// appendTime appends virtual time right-aligned in milliseconds, as
// fmt's "%9dms" would.
func appendTime(b []byte, t core.Time) []byte {
	var num [20]byte
	digits := strconv.AppendInt(num[:0], int64(t), 10)
	for n := len(digits); n < 9; n++ {
		b = append(b, ' ')
	}
	return append(append(b, digits...), "ms"...)
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
