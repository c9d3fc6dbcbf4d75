package conform

import (
	"math"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// LineageHeader tags every message the runner publishes with its lineage,
// so a consumer's action list applies per message and its descendants as
// in the simulator (core.ConsumerSpec). RabbitMQ copies headers through
// dead-lettering and the runner's republish copies them too. Headers
// exchanges with x-match all / any skip x- keys (docs/rabbitmq.md "Headers exchange"), so the tag
// does not change routing. It is removed from every recorded message.
const LineageHeader = "x-dlxlab-lineage"

// toAMQPTable converts a scenario table (core value types) for amqp091-go.
// The two agree on every type except tables and timestamps.
func toAMQPTable(t core.Table) amqp.Table {
	if t == nil {
		return nil
	}
	out := make(amqp.Table, len(t))
	for k, v := range t {
		out[k] = toAMQPValue(v)
	}
	return out
}

func toAMQPValue(v any) any {
	switch x := v.(type) {
	case core.Table:
		return toAMQPTable(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = toAMQPValue(e)
		}
		return out
	case core.Timestamp:
		return time.Unix(int64(x), 0).UTC()
	}
	return v
}

// fromAMQPTable converts a table read by amqp091-go into the core value
// types the simulator's observation uses (core.Table's comment lists
// them): integer widths are kept (a signedint stays int32, so a type
// difference shows in the diff), timestamps become core.Timestamp seconds,
// decimals become float64 (the simulator cannot write a decimal, so any
// decimal is a difference anyway, shown with its value).
func fromAMQPTable(t amqp.Table) core.Table {
	if t == nil {
		return nil
	}
	out := make(core.Table, len(t))
	for k, v := range t {
		out[k] = fromAMQPValue(v)
	}
	return out
}

func fromAMQPValue(v any) any {
	switch x := v.(type) {
	case amqp.Table:
		return fromAMQPTable(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = fromAMQPValue(e)
		}
		return out
	case time.Time:
		return core.Timestamp(x.Unix())
	case amqp.Decimal:
		return float64(x.Value) / math.Pow10(int(x.Scale))
	case int: // amqp091-go never reads one; a caller's table might hold one
		return int64(x)
	}
	return v
}

// props is the subset of amqp091-go's Delivery / Return fields that make
// up the basic properties; both types have the same fields.
type props struct {
	ContentType, ContentEncoding string
	DeliveryMode, Priority       uint8
	CorrelationID, ReplyTo       string
	Expiration, MessageID        string
	Timestamp                    time.Time
	Type, UserID, AppID          string
}

func deliveryProps(d *amqp.Delivery) props {
	return props{d.ContentType, d.ContentEncoding, d.DeliveryMode, d.Priority, d.CorrelationId, d.ReplyTo,
		d.Expiration, d.MessageId, d.Timestamp, d.Type, d.UserId, d.AppId}
}

func returnProps(r *amqp.Return) props {
	return props{r.ContentType, r.ContentEncoding, r.DeliveryMode, r.Priority, r.CorrelationId, r.ReplyTo,
		r.Expiration, r.MessageId, r.Timestamp, r.Type, r.UserId, r.AppId}
}

// propertyMap lists the set properties under the names and Go types the
// simulator's observation uses (scenarios.PropertiesOf). amqp091-go does
// not say whether priority was set, so priority 0 reads as unset (Diff
// treats the simulator's priority 0 the same way).
func (p props) propertyMap(s *Scaler) map[string]any {
	cp := core.Properties{ContentType: p.ContentType, ContentEncoding: p.ContentEncoding,
		DeliveryMode: p.DeliveryMode, Priority: p.Priority, HasPriority: p.Priority != 0,
		CorrelationID: p.CorrelationID, ReplyTo: p.ReplyTo, Expiration: s.UnscaleExpiration(p.Expiration),
		MessageID: p.MessageID, Type: p.Type, UserID: p.UserID, AppID: p.AppID}
	if !p.Timestamp.IsZero() {
		cp.Timestamp, cp.HasTimestamp = p.Timestamp.Unix(), true
	}
	return scenarios.PropertiesOf(cp)
}

// observedHeaders converts delivered headers for the observation: core
// types, the lineage tag removed, and x-death original-expiration put back
// into virtual milliseconds.
func observedHeaders(h amqp.Table, s *Scaler) core.Table {
	t := fromAMQPTable(h)
	if t == nil {
		return nil
	}
	delete(t, LineageHeader)
	if deaths, ok := t["x-death"].([]any); ok {
		for _, d := range deaths {
			if e, ok := d.(core.Table); ok {
				if oe, ok := e["original-expiration"].(string); ok {
					e["original-expiration"] = s.UnscaleExpiration(oe)
				}
			}
		}
	}
	if len(t) == 0 {
		return nil
	}
	return t
}

// lineageOf reads the lineage tag ("" if a message somehow lacks it).
func lineageOf(h amqp.Table) string {
	v, _ := h[LineageHeader].(string)
	return v
}

func deliveryMessage(d *amqp.Delivery, s *Scaler) scenarios.Message {
	return scenarios.Message{Body: string(d.Body), Exchange: d.Exchange, RoutingKey: d.RoutingKey,
		Properties: deliveryProps(d).propertyMap(s), Headers: observedHeaders(d.Headers, s)}
}

func returnMessage(r *amqp.Return, s *Scaler) scenarios.Message {
	return scenarios.Message{Body: string(r.Body), Exchange: r.Exchange, RoutingKey: r.RoutingKey,
		Properties: returnProps(r).propertyMap(s), Headers: observedHeaders(r.Headers, s)}
}

// publishing builds the AMQP message for a publish step: properties as the
// scenario sets them (expiration scaled), headers plus the lineage tag.
func publishing(p *scenarios.PublishStep, lineage string, s *Scaler) amqp.Publishing {
	pr := p.Properties
	h := toAMQPTable(pr.Headers)
	if h == nil {
		h = amqp.Table{}
	}
	h[LineageHeader] = lineage
	m := amqp.Publishing{Headers: h, ContentType: pr.ContentType, ContentEncoding: pr.ContentEncoding,
		DeliveryMode: uint8(pr.DeliveryMode), CorrelationId: pr.CorrelationID, ReplyTo: pr.ReplyTo,
		Expiration: s.Expiration(pr.Expiration), MessageId: pr.MessageID, Type: pr.Type, UserId: pr.UserID,
		AppId: pr.AppID, Body: []byte(p.Body)}
	if pr.Priority != nil {
		m.Priority = uint8(*pr.Priority)
	}
	if pr.Timestamp != nil {
		m.Timestamp = time.Unix(*pr.Timestamp, 0).UTC()
	}
	return m
}

// republishing is what a consumer's republish action sends: the message
// as delivered (headers, x-death and the lineage tag included), as the
// simulator's republish does (core.Broker.republish).
func republishing(d *amqp.Delivery) amqp.Publishing {
	return amqp.Publishing{Headers: d.Headers, ContentType: d.ContentType, ContentEncoding: d.ContentEncoding,
		DeliveryMode: d.DeliveryMode, Priority: d.Priority, CorrelationId: d.CorrelationId, ReplyTo: d.ReplyTo,
		Expiration: d.Expiration, MessageId: d.MessageId, Timestamp: d.Timestamp, Type: d.Type,
		UserId: d.UserId, AppId: d.AppId, Body: d.Body}
}
