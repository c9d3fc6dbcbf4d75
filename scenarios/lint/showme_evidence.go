package lint

import (
	"fmt"
	"slices"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// Reproductions of findings about what the broker refuses, what a restart
// or time does to dead letters, and settings that quietly do less. Like
// the policy ones they write what they show as expectations.

// refused: declare-refused. The refusal is an error of the topology; a
// message sent to a refused queue or exchange then has nowhere to go.
func (r *repro) refused() error {
	o := r.f.Objects[0]
	where := ""
	for i, e := range r.t.errors {
		if obj, ok := r.t.objectAt(e.Where); ok && obj == o {
			where = r.t.errors[i].Where
			break
		}
	}
	if where == "" {
		return fmt.Errorf("declare-refused: no refusal of %s", o.Name)
	}
	step := -1
	r.expect(scenarios.Expectation{Error: &scenarios.ErrorRef{Step: &step, Where: where}})
	switch o.Kind {
	case "queue":
		r.publishDirect(o.Name, 1, "")
		r.expect(scenarios.Expectation{Drop: &scenarios.DropRef{Reason: core.DropUnroutable}})
	case "exchange":
		r.sc.Steps = append(r.sc.Steps, scenarios.Step{Publish: &scenarios.PublishStep{Exchange: o.Name, RoutingKey: "show-me", Body: "show me", Count: 1}})
		r.expect(scenarios.Expectation{Error: &scenarios.ErrorRef{Code: 404}})
	}
	r.wait(1000)
	return nil
}

// alternateMissing: a message the exchange cannot route is dropped, as if
// it named no alternate exchange.
func (r *repro) alternateMissing() error {
	x := r.f.Objects[0].Name
	if targets, _ := r.t.b.Route(x, []string{showMeKey}); len(targets) > 0 {
		return fmt.Errorf("alternate-exchange-missing: %s routes every key", x)
	}
	r.sc.Steps = append(r.sc.Steps, scenarios.Step{Publish: &scenarios.PublishStep{Exchange: x, RoutingKey: showMeKey, Body: "show me", Count: 1}})
	r.wait(1000)
	r.expect(scenarios.Expectation{Drop: &scenarios.DropRef{Reason: core.DropUnroutable}})
	return nil
}

// showMeKey is a routing key no binding is expected to know.
const showMeKey = "show-me.no-binding"

// notDurable: dlq-not-durable. A persistent message fails in a durable
// queue and lands in the transient dead-letter queue; then the broker
// restarts. The simulator has no restarts: a restart does not recover a
// transient queue, so the reproduction deletes it, which is what a
// restart leaves (the dead letter gone with it).
func (r *repro) notDurable() error {
	dlq := r.f.Objects[0].Name
	src, route, ok := r.t.feeding(dlq, func(s string) bool { return r.t.queue[s].Durable })
	if !ok {
		return fmt.Errorf("dlq-not-durable: no durable queue's dead letters reach %s", dlq)
	}
	r.failInto(src, route, 1, 2)
	r.snapshot("before the restart")
	r.sc.Checkpoints = append(r.sc.Checkpoints, scenarios.Checkpoint{Step: intPtr(len(r.sc.Steps) - 1),
		Text:   fmt.Sprintf("The persistent dead letter is in '%s'. Next the broker restarts: a transient queue is not recovered, so the next step deletes it, as the restart would.", dlq),
		TextZH: fmt.Sprintf("持久化的死信现在在 '%s' 中。接下来 broker 重启：非持久化队列不会被恢复，所以下一步删除它，与重启的效果相同。", dlq)})
	r.sc.Steps = append(r.sc.Steps, scenarios.Step{Delete: &scenarios.DeleteStep{Queue: dlq}})
	one, gone := 1, false
	r.expect(scenarios.Expectation{Queue: dlq, Depth: &one, Snapshot: "before the restart"})
	r.expect(scenarios.Expectation{Drop: &scenarios.DropRef{Queue: dlq, Reason: core.DropQueueDeleted}})
	r.expect(scenarios.Expectation{Queue: dlq, Exists: &gone})
	return nil
}

// unbounded: dlq-unbounded. A message fails every minute for five
// minutes; nothing takes them out of the dead-letter queue.
func (r *repro) unbounded() error {
	dlq := r.f.Objects[0].Name
	src, route, ok := r.t.feeding(dlq, func(string) bool { return true })
	if !ok {
		return fmt.Errorf("dlq-unbounded: nothing reaches %s", dlq)
	}
	const failures = 5
	for i := 1; i <= failures; i++ {
		r.failInto(src, route, 1, 0)
		r.wait(59_000)
		r.snapshot(fmt.Sprintf("after %d min", i))
		n := i
		r.expect(scenarios.Expectation{Queue: dlq, Depth: &n, Snapshot: fmt.Sprintf("after %d min", i)})
	}
	return nil
}

// fallback: at-least-once-fallback. A rejected message whose dead letter
// cannot be delivered is dropped (at-least-once would have kept it in the
// queue until it could be): without a DLX always, with one when the
// message's key routes nowhere there.
func (r *repro) fallback() error {
	q := r.f.Objects[0].Name
	now, _ := r.t.b.DeadLetterRoute(q, []string{q})
	switch {
	case !now.HasDLX:
		r.expect(scenarios.Expectation{Drop: &scenarios.DropRef{Queue: q, Reason: core.DropNoDLX}})
	case !now.DLXExists:
		r.expect(scenarios.Expectation{Drop: &scenarios.DropRef{Queue: q, Reason: core.DropDLXMissing}})
	case len(now.Targets) == 0:
		r.expect(scenarios.Expectation{Drop: &scenarios.DropRef{Queue: q, Reason: core.DropDLXUnroutable}})
	default:
		return fmt.Errorf("at-least-once-fallback: the dead letters of %s all route", q)
	}
	r.consumer(q, core.ActReject)
	r.publishDirect(q, 1, "")
	r.wait(1000)
	return nil
}

// feeding finds a queue (accepted by ok) whose dead letters reach target,
// with the route they take.
func (t *topology) feeding(target string, ok func(string) bool) (string, deadRoute, bool) {
	for _, s := range t.sourcesOf(target) {
		if !ok(s) {
			continue
		}
		for _, d := range t.dead[s] {
			if slices.Contains(d.Targets, target) {
				return s, d, true
			}
		}
	}
	return "", deadRoute{}, false
}

// failInto makes n messages die in src the way route says (rejected by a
// consumer, or expiring), published the way route's arrival came;
// deliveryMode 2 makes them persistent.
func (r *repro) failInto(src string, route deadRoute, n, deliveryMode int) {
	exp := ""
	if route.reason == core.ReasonExpired || r.t.delayStage(src) {
		exp = "100"
	} else if !slices.ContainsFunc(r.sc.Consumers, func(c scenarios.Consumer) bool { return c.Queue == src }) {
		r.consumer(src, core.ActReject)
	}
	r.publishVia(route.from.via, n, exp, deliveryMode)
	r.wait(1000)
}

// arrivalOf is the first way messages reach q, or the default exchange.
func (t *topology) arrivalOf(q string) arrival {
	if as := t.arrivals[q]; len(as) > 0 {
		return as[0]
	}
	keys := []string{q}
	return arrival{keys: keys, via: Via{Key: q}, msg: core.ProbeMessage("", keys, nil)}
}

// publishVia sends n messages the way v says.
func (r *repro) publishVia(v Via, n int, expiration string, deliveryMode int) {
	p := &scenarios.PublishStep{Exchange: v.Exchange, RoutingKey: v.Key, Body: "show me", Count: n}
	p.Properties.Headers = v.headers()
	p.Properties.Expiration = expiration
	p.Properties.DeliveryMode = deliveryMode
	r.sc.Steps = append(r.sc.Steps, scenarios.Step{Publish: p})
}

func (r *repro) snapshot(name string) {
	r.sc.Steps = append(r.sc.Steps, scenarios.Step{Snapshot: &scenarios.SnapshotStep{Name: name}})
}

func (r *repro) expect(e scenarios.Expectation) { r.sc.Expect = append(r.sc.Expect, e) }

// note adds what to look at to the reproduction's summary.
func (r *repro) note(en, zh string) {
	r.sc.Summary += " " + en
	r.sc.SummaryZH += " " + zh
}

func intPtr(v int) *int { return &v }
