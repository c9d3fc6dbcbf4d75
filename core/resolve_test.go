package core

import (
	"reflect"
	"testing"
)

// The names the hot path remembers (resolve.go) follow every delete and
// redeclare: a publish, a binding's destination and a queue's DLX each
// reach the object that holds the name now.
func TestResolvedNamesFollowDeleteAndRedeclare(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.exchange("in", Direct, nil)
	s.exchange("dlx", Fanout, nil)
	s.queue("work", Table{"x-message-ttl": int64(0), "x-dead-letter-exchange": "dlx"})
	s.queue("dlq", nil)
	s.bind("in", "work", "k")
	s.bind("dlx", "dlq", "")
	s.publish("in", "k", "1", Properties{}, nil)
	s.wantBodies("dlq", "1")

	// The DLQ deleted and declared again: the fanout binding went with it,
	// so the dead letter is dropped, then a new binding reaches the new queue.
	s.ok(s.DeleteQueue("dlq"))
	s.queue("dlq", nil)
	s.publish("in", "k", "2", Properties{}, nil)
	s.bind("dlx", "dlq", "")
	s.publish("in", "k", "3", Properties{}, nil)
	s.wantBodies("dlq", "3")

	// The DLX deleted: dlx-missing; declared again (a topic exchange now)
	// and bound: reached again.
	s.ok(s.DeleteExchange("dlx"))
	s.publish("in", "k", "4", Properties{}, nil)
	s.exchange("dlx", Topic, nil)
	s.ok(s.Bind(Binding{Source: "dlx", Destination: "dlq", DestinationType: "queue", RoutingKey: "#"}))
	s.publish("in", "k", "5", Properties{}, nil)
	s.wantBodies("dlq", "3", "5")

	// The exchange published to deleted: 404; declared again: it routes.
	s.ok(s.DeleteExchange("in"))
	if _, err := s.Publish(Publishing{Exchange: "in", RoutingKey: "k", Body: "6"}); err == nil {
		t.Fatal("publish to a deleted exchange succeeded")
	}
	s.exchange("in", Direct, nil)
	s.bind("in", "dlq", "k")
	s.publish("in", "k", "7", Properties{}, nil)
	s.wantBodies("dlq", "3", "5", "7")

	// A direct exchange's remembered key follows its bindings.
	s.ok(s.Unbind(Binding{Source: "in", Destination: "dlq", DestinationType: "queue", RoutingKey: "k"}))
	s.publish("in", "k", "8", Properties{}, nil)
	s.bind("in", "work", "k")
	s.publish("in", "k", "9", Properties{}, nil)
	s.wantBodies("dlq", "3", "5", "7", "9")

	if got, want := s.drops(), []string{DropQueueDeleted, DropDLXUnroutable, DropDLXMissing, DropUnroutable}; !reflect.DeepEqual(got, want) {
		t.Errorf("drops = %v, want %v", got, want)
	}
}

// Bindings returns the bindings as declared, without what routing remembers.
func TestBindingsCarryNoResolution(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("q", nil)
	s.bind("amq.direct", "q", "k")
	s.publish("amq.direct", "k", "1", Properties{}, nil)
	want := []Binding{{Source: "amq.direct", Destination: "q", DestinationType: "queue", RoutingKey: "k"}}
	if got := s.Bindings(); !reflect.DeepEqual(got, want) {
		t.Errorf("Bindings() = %#v, want %#v", got, want)
	}
}
