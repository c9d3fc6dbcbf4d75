package scenarios

import (
	"math"

	"github.com/dlxlab/dlxlab/core"
)

// Observation is what a run showed: the JSON document of docs/scenario-format.md "Observation JSON". The
// conformance runner produces the same shape from a real broker, so the
// two can be diffed field by field. Lists are never null.
type Observation struct {
	Profile    string                `json:"profile"`
	ClockMS    int64                 `json:"clock_ms"`
	Queues     map[string]QueueState `json:"queues"`
	Deliveries []Delivery            `json:"deliveries"`
	Returns    []Return              `json:"returns"`
	Drops      []Drop                `json:"drops"`
	Errors     []StepError           `json:"errors"`
	// Snapshots are the states recorded by snapshot steps, in step order;
	// left out of the JSON when the scenario has none.
	Snapshots []Snapshot `json:"snapshots,omitempty"`
	// Bodies holds the long bodies of an observation made by WithBodyRefs
	// (`dlxlab run --json`), each once; messages point here with body_ref.
	Bodies []string `json:"bodies,omitempty"`

	// Trace is the run's event log, one stable line per event (and one per
	// step): same scenario, same trace, always.
	Trace []string `json:"-"`
}

// Snapshot is the run as a snapshot step saw it: every queue, and how
// many deliveries, returns, drops and errors had happened by then (the
// first Deliveries entries of Observation.Deliveries, and so on).
type Snapshot struct {
	Name       string                `json:"name"`
	Step       int                   `json:"step"`
	ClockMS    int64                 `json:"clock_ms"`
	Queues     map[string]QueueState `json:"queues"`
	Deliveries int                   `json:"deliveries"`
	Returns    int                   `json:"returns"`
	Drops      int                   `json:"drops"`
	Errors     int                   `json:"errors"`
}

// At is the observation as it was at the snapshot step name: its queues,
// clock and the lists cut where they were then. nil if no snapshot step of
// that name ran (the run stopped before it).
func (o *Observation) At(name string) *Observation {
	for i := range o.Snapshots {
		s := &o.Snapshots[i]
		if s.Name != name {
			continue
		}
		return &Observation{Profile: o.Profile, ClockMS: s.ClockMS, Queues: s.Queues,
			Deliveries: o.Deliveries[:min(s.Deliveries, len(o.Deliveries))], Returns: o.Returns[:min(s.Returns, len(o.Returns))],
			Drops: o.Drops[:min(s.Drops, len(o.Drops))], Errors: o.Errors[:min(s.Errors, len(o.Errors))]}
	}
	return nil
}

// QueueState is a queue at the end of the run: its ready messages from the
// head (not drained: the run only looks) and its unacked count.
type QueueState struct {
	Messages []QueuedMessage `json:"messages"`
	Unacked  int             `json:"unacked"`
}

// QueuedMessage is a ready message and the redelivered flag the broker
// would set when it next hands it out (a basic.get would see it). Brokers
// differ here (docs/rabbitmq.md "Delivery counts across dead-lettering"), so the
// conformance runner compares it like any other field.
type QueuedMessage struct {
	Message
	Redelivered bool `json:"redelivered"`
}

// Message is a message as a client would see it. Properties lists only
// the properties that are set; Headers are the AMQP table as delivered
// (x-death and friends included).
type Message struct {
	Body       string         `json:"body"`
	Exchange   string         `json:"exchange"`
	RoutingKey string         `json:"routing_key"`
	Properties map[string]any `json:"properties"`
	Headers    core.Table     `json:"-"`
	// BodyRef, when not 0, says the body is Observation.Bodies[BodyRef-1]
	// and Body is empty (WithBodyRefs).
	BodyRef int `json:"body_ref,omitempty"`
}

func tableOrEmpty(t core.Table) core.Table {
	if t == nil {
		return core.Table{}
	}
	return t
}

// Delivery is a basic.deliver to a consumer, or a basic.get (Get true,
// no consumer). Action is what the consumer's script (or the get step) did.
type Delivery struct {
	TMS         int64   `json:"t_ms"`
	Consumer    string  `json:"consumer,omitempty"`
	Get         bool    `json:"get,omitempty"`
	Queue       string  `json:"queue"`
	Redelivered bool    `json:"redelivered"`
	Action      string  `json:"action"`
	Message     Message `json:"message"`
}

// Return is a basic.return.
type Return struct {
	TMS       int64   `json:"t_ms"`
	ReplyCode int     `json:"reply_code"`
	ReplyText string  `json:"reply_text"`
	Message   Message `json:"message"`
}

// Drop is a message copy that left the broker without being acked or
// dead-lettered onward. Reason is the drop reason (no-dlx, dlx-missing,
// dlx-unroutable, cycle, overflow, unroutable, purged, queue-deleted,
// queue-expired); DeathReason the dead-letter reason that started it
// (rejected, expired, maxlen, delivery_limit) when there was one.
type Drop struct {
	TMS         int64   `json:"t_ms"`
	Queue       string  `json:"queue"`
	Reason      string  `json:"reason"`
	DeathReason string  `json:"death_reason,omitempty"`
	Detail      string  `json:"detail,omitempty"`
	Message     Message `json:"message"`
}

// StepError is an AMQP error (or a simulator limit, code 0) and the step
// that caused it: its 0-based index in steps, or -1 for the topology and
// consumers, with Where naming the entry ("queues[1]").
type StepError struct {
	Step  int    `json:"step"`
	Where string `json:"where,omitempty"`
	Code  int    `json:"code"`
	Text  string `json:"text"`
}

// messageOf renders a core message with the headers a client would see.
func messageOf(m *core.Message, headers core.Table) Message {
	if m == nil {
		return Message{Properties: map[string]any{}}
	}
	return Message{Body: m.Body, Exchange: m.Exchange, RoutingKey: m.RoutingKey(),
		Properties: PropertiesOf(m.Properties()), Headers: headers}
}

// PropertiesOf lists the set properties under their AMQP field names, as
// the observation JSON shows them (the conformance runner uses it too).
func PropertiesOf(p core.Properties) map[string]any {
	out := map[string]any{}
	set := func(k, v string) {
		if v != "" {
			out[k] = v
		}
	}
	set("content_type", p.ContentType)
	set("content_encoding", p.ContentEncoding)
	if p.DeliveryMode != 0 {
		out["delivery_mode"] = p.DeliveryMode
	}
	if p.HasPriority {
		out["priority"] = p.Priority
	}
	set("correlation_id", p.CorrelationID)
	set("reply_to", p.ReplyTo)
	set("expiration", p.Expiration)
	set("message_id", p.MessageID)
	if p.HasTimestamp {
		out["timestamp"] = p.Timestamp
	}
	set("type", p.Type)
	set("user_id", p.UserID)
	set("app_id", p.AppID)
	return out
}

// jsonValue turns an AMQP value into one encoding/json writes faithfully:
// tables and arrays recursively, timestamps as numbers (virtual seconds),
// byte arrays as text, non-finite floats as their name.
func jsonValue(v any) any {
	switch x := v.(type) {
	case core.Table:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = jsonValue(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonValue(e)
		}
		return out
	case core.Timestamp:
		return int64(x)
	case []byte:
		return string(x)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return floatName(x)
		}
	case float32:
		return jsonValue(float64(x))
	}
	return v
}

func floatName(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case f > 0:
		return "Infinity"
	}
	return "-Infinity"
}
