package rocketmq

import (
	"testing"
)

// world is a broker under test that checks the invariants after every step.
type world struct {
	t *testing.T
	b *Broker
}

func newWorld(t *testing.T, p Profile, cfg Config) *world {
	t.Helper()
	b, err := New(p, cfg, WithEventLog())
	if err != nil {
		t.Fatal(err)
	}
	return &world{t: t, b: b}
}

func (w *world) ok(err error) {
	w.t.Helper()
	if err != nil {
		w.t.Fatal(err)
	}
	if err := w.b.CheckInvariants(); err != nil {
		w.t.Fatal("invariant: ", err)
	}
}

func (w *world) topic(name string, n int) { w.t.Helper(); w.ok(w.b.CreateTopic(name, n)) }

func (w *world) group(cfg GroupConfig, topic string, l Listener, consumers ...string) {
	w.t.Helper()
	w.ok(w.b.CreateGroup(cfg))
	w.ok(w.b.Subscribe(cfg.Name, topic, "*"))
	if len(consumers) == 0 {
		consumers = []string{"c1"}
	}
	for _, c := range consumers {
		w.ok(w.b.AddConsumer(cfg.Name, c, l))
	}
}

func (w *world) send(r SendRequest) string {
	w.t.Helper()
	if r.QueueID == 0 && r.Topic == "" {
		w.t.Fatal("no topic")
	}
	id, err := w.b.Send(r)
	w.ok(err)
	return id
}

func (w *world) advance(ms int64) { w.t.Helper(); w.ok(w.b.Advance(ms)) }

// runTo moves time in steps of at most step ms up to t, checking invariants.
func (w *world) runTo(t Time) {
	w.t.Helper()
	for w.b.Now() < t {
		next := min(w.b.NextEventTime(), t)
		w.ok(w.b.RunUntil(next))
	}
}

// deliveries returns the delivery events of a group, in order.
func (w *world) deliveries(group string) []Event {
	var out []Event
	for _, e := range w.b.Events() {
		if e.Kind == EvDelivered && e.Group == group {
			out = append(out, e)
		}
	}
	return out
}

func (w *world) kinds(k EventKind) []Event {
	var out []Event
	for _, e := range w.b.Events() {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

func fail() Listener { return Always(Action{Result: Later}) }

func grp(name string, mod func(*GroupConfig)) GroupConfig {
	g := DefaultGroupConfig(name)
	if mod != nil {
		mod(&g)
	}
	return g
}

func dlqLen(b *Broker, group string) int {
	t := b.Topic(DLQTopic(group))
	if t == nil {
		return 0
	}
	return len(t.Queues[0].Messages())
}
