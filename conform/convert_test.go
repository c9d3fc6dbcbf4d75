package conform

import (
	"reflect"
	"testing"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

func TestFromAMQPTable(t *testing.T) {
	at := time.Date(2026, 11, 30, 14, 0, 0, 0, time.UTC)
	in := amqp.Table{
		"long": int64(5), "signedint": int32(-4), "short": int16(3), "byte": int8(-2),
		"unsignedbyte": uint8(1), "unsignedshort": uint16(7), "unsignedint": uint32(9),
		"float": float32(1.5), "double": 2.25, "bool": true, "void": nil, "str": "s",
		"bytes": []byte("raw"), "stamp": at, "decimal": amqp.Decimal{Scale: 2, Value: 12345},
		"x-death": []any{amqp.Table{"count": int64(2), "time": at, "routing-keys": []any{"q"}}},
	}
	want := core.Table{
		"long": int64(5), "signedint": int32(-4), "short": int16(3), "byte": int8(-2),
		"unsignedbyte": uint8(1), "unsignedshort": uint16(7), "unsignedint": uint32(9),
		"float": float32(1.5), "double": 2.25, "bool": true, "void": nil, "str": "s",
		"bytes": []byte("raw"), "stamp": core.Timestamp(at.Unix()), "decimal": 123.45,
		"x-death": []any{core.Table{"count": int64(2), "time": core.Timestamp(at.Unix()), "routing-keys": []any{"q"}}},
	}
	if got := fromAMQPTable(in); !reflect.DeepEqual(got, want) {
		t.Errorf("fromAMQPTable:\n got %#v\nwant %#v", got, want)
	}
	if fromAMQPTable(nil) != nil {
		t.Error("nil table should stay nil")
	}
}

func TestToAMQPTableRoundTrip(t *testing.T) {
	in := core.Table{"n": int64(1), "w": int32(2), "t": core.Timestamp(1700000000),
		"nested": core.Table{"a": []any{"x", int64(3), core.Table{"deep": true}}}}
	out := toAMQPTable(in)
	if err := out.Validate(); err != nil {
		t.Fatalf("amqp091-go refuses the converted table: %v", err)
	}
	if ts, ok := out["t"].(time.Time); !ok || ts.Unix() != 1700000000 {
		t.Errorf("timestamp: got %#v", out["t"])
	}
	if _, ok := out["nested"].(amqp.Table); !ok {
		t.Errorf("nested table has type %T, want amqp.Table", out["nested"])
	}
	if back := fromAMQPTable(out); !reflect.DeepEqual(back, in) {
		t.Errorf("round trip:\n got %#v\nwant %#v", back, in)
	}
}

func TestObservedHeaders(t *testing.T) {
	s := NewScaler(0.1)
	if got := s.Expiration("60000"); got != "6000" {
		t.Fatalf("Expiration: %q", got)
	}
	h := amqp.Table{LineageHeader: "7", "k": "v",
		"x-death": []any{amqp.Table{"count": int64(1), "original-expiration": "6000"}}}
	want := core.Table{"k": "v", "x-death": []any{core.Table{"count": int64(1), "original-expiration": "60000"}}}
	if got := observedHeaders(h, s); !reflect.DeepEqual(got, want) {
		t.Errorf("observedHeaders:\n got %#v\nwant %#v", got, want)
	}
	if got := observedHeaders(amqp.Table{LineageHeader: "1"}, s); got != nil {
		t.Errorf("only the lineage tag: got %#v, want nil", got)
	}
	if lineageOf(h) != "7" || lineageOf(nil) != "" {
		t.Error("lineageOf")
	}
}

func TestPropertyMap(t *testing.T) {
	s := NewScaler(0.1)
	s.Expiration("300")
	at := time.Unix(1700000000, 0)
	d := &amqp.Delivery{ContentType: "text/plain", DeliveryMode: 2, Priority: 5, Expiration: "30", MessageId: "m1",
		Timestamp: at, AppId: "app", Body: []byte("b"), Exchange: "x", RoutingKey: "k",
		Headers: amqp.Table{LineageHeader: "1"}}
	want := scenarios.Message{Body: "b", Exchange: "x", RoutingKey: "k", Properties: map[string]any{
		"content_type": "text/plain", "delivery_mode": uint8(2), "priority": uint8(5), "expiration": "300",
		"message_id": "m1", "timestamp": int64(1700000000), "app_id": "app"}}
	if got := deliveryMessage(d, s); !reflect.DeepEqual(got, want) {
		t.Errorf("deliveryMessage:\n got %#v\nwant %#v", got, want)
	}
	if got := (props{}).propertyMap(s); len(got) != 0 {
		t.Errorf("no properties set: got %v", got)
	}
}

func TestPublishing(t *testing.T) {
	s := NewScaler(0.5)
	prio, ts := 3, int64(1700000000)
	p := &scenarios.PublishStep{Exchange: "x", RoutingKey: "k", Body: "hello", Count: 1,
		Properties: scenarios.Properties{Expiration: "1000", Priority: &prio, Timestamp: &ts, DeliveryMode: 2,
			Headers: core.Table{"CC": []any{"a"}}}}
	m := publishing(p, "42", s)
	if m.Expiration != "500" || m.Priority != 3 || m.Timestamp.Unix() != ts || m.DeliveryMode != 2 || string(m.Body) != "hello" {
		t.Errorf("publishing: %+v", m)
	}
	if m.Headers[LineageHeader] != "42" || !reflect.DeepEqual(m.Headers["CC"], []any{"a"}) {
		t.Errorf("headers: %#v", m.Headers)
	}
	if p.Properties.Headers[LineageHeader] != nil {
		t.Error("publishing changed the scenario's headers")
	}
}
