package core

import (
	"reflect"
	"testing"
)

// sim wraps a broker for tests: every command must succeed (unless the test
// asks for the error) and the accounting invariant is checked after each.
type sim struct {
	t *testing.T
	*Broker
}

func newSim(t *testing.T, p Profile) *sim {
	t.Helper()
	return &sim{t: t, Broker: New(p, WithEventLog())}
}

func (s *sim) ok(err error) {
	s.t.Helper()
	if err != nil {
		s.t.Fatalf("unexpected error: %v", err)
	}
	if err := s.CheckInvariants(); err != nil {
		s.t.Fatalf("invariant broken: %v", err)
	}
}

func (s *sim) exchange(name, typ string, args Table) {
	s.t.Helper()
	s.ok(s.DeclareExchange(ExchangeDecl{Name: name, Type: typ, Durable: true, Args: args}))
}

func (s *sim) queue(name string, args Table) {
	s.t.Helper()
	s.ok(s.DeclareQueue(QueueDecl{Name: name, Durable: true, Args: args}))
}

func (s *sim) bind(src, dst, key string) {
	s.t.Helper()
	s.ok(s.Bind(Binding{Source: src, Destination: dst, DestinationType: "queue", RoutingKey: key}))
}

func (s *sim) publish(x, key, body string, props Properties, headers Table) PublishResult {
	s.t.Helper()
	r, err := s.Publish(Publishing{Exchange: x, RoutingKey: key, Body: body, Props: props, Headers: headers})
	s.ok(err)
	return r
}

func (s *sim) advance(ms int64) {
	s.t.Helper()
	s.ok(s.Advance(ms))
}

// get fetches one message and settles it with action (ack, reject, requeue,
// nack, nack-requeue, hold).
func (s *sim) get(queue, action string) GetResult {
	s.t.Helper()
	r, found, err := s.Get("get", queue)
	s.ok(err)
	if !found {
		s.t.Fatalf("get %s: queue empty", queue)
	}
	switch action {
	case ActAck:
		s.ok(s.Ack("get", r.Tag, false))
	case ActReject:
		s.ok(s.Reject("get", r.Tag, false))
	case ActRequeue:
		s.ok(s.Reject("get", r.Tag, true))
	case ActNack:
		s.ok(s.Nack("get", r.Tag, false, false))
	case ActNackRequeue:
		s.ok(s.Nack("get", r.Tag, false, true))
	}
	return r
}

func (s *sim) bodies(queue string) []string {
	var out []string
	for _, m := range s.Messages(queue, 0) {
		out = append(out, m.Msg.Body)
	}
	return out
}

func (s *sim) wantBodies(queue string, want ...string) {
	s.t.Helper()
	if got := s.bodies(queue); !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
		s.t.Fatalf("queue %s holds %q, want %q", queue, got, want)
	}
}

// events returns the recorded events of one kind.
func (s *sim) events(kind EventKind) []Event {
	var out []Event
	for _, e := range s.Events() {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

func (s *sim) drops() []string {
	var out []string
	for _, e := range s.events(EvDropped) {
		out = append(out, e.Reason)
	}
	return out
}

// death builds the x-death table the broker renders, for comparisons.
func death(queue, reason string, count int64, timeS int64, exchange string, keys ...string) Table {
	ks := make([]any, len(keys))
	for i, k := range keys {
		ks[i] = k
	}
	return Table{"count": count, "reason": reason, "queue": queue, "time": Timestamp(timeS),
		"exchange": exchange, "routing-keys": ks}
}

func wantHeaders(t *testing.T, got, want Table) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("headers\n got: %#v\nwant: %#v", got, want)
	}
}
