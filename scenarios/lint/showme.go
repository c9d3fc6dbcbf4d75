package lint

import (
	"fmt"
	"slices"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// Reproduce builds the "show me" scenario of a finding: the user's own
// topology (exchanges, queues, bindings, policies, canvas layout) with one
// consumer and a few steps that make the trap happen on the clock. profile
// is the report's. The result has been through scenarios.Parse, so it
// loads anywhere a scenario does.
func Reproduce(sc *scenarios.Scenario, profile string, f Finding) (*scenarios.Scenario, error) {
	t, err := newTopology(sc, profile)
	if err != nil {
		return nil, err
	}
	out, err := t.reproduce(f)
	if err != nil {
		return nil, err
	}
	js, err := scenarios.CanonicalJSON(out)
	if err != nil {
		return nil, err
	}
	return scenarios.Parse("show me "+f.Code, js)
}

// reproduce writes the reproduction of f on t's topology.
func (t *topology) reproduce(f Finding) (*scenarios.Scenario, error) {
	build := reproductions[f.Code]
	if build == nil {
		return nil, fmt.Errorf("no reproduction for %s", f.Code)
	}
	sc := t.sc
	r := &repro{t: t, f: f, sc: &scenarios.Scenario{Version: scenarios.Version, Profile: string(t.profile),
		Title: "Show me: " + f.Code, TitleZH: "演示：" + f.Code, Summary: f.Text, SummaryZH: f.TextZH,
		Exchanges: sc.Exchanges, Queues: sc.Queues, Bindings: sc.Bindings, Policies: sc.Policies, Layout: sc.Layout}}
	if err := build(r); err != nil {
		return nil, err
	}
	return r.sc, nil
}

// repro is a reproduction being written.
type repro struct {
	t  *topology
	f  Finding
	sc *scenarios.Scenario
}

// reproductions by code; each adds consumers and steps.
var reproductions = map[string]func(*repro) error{
	"dlx-missing":           (*repro).rejectOne,
	"dlx-unroutable":        (*repro).rejectOne,
	"dead-letter-cycle":     (*repro).goRound,
	"queue-expires":         (*repro).expireWithMessage,
	"dlq-ttl":               (*repro).waitOutTTL,
	"expiry-without-dlx":    (*repro).waitOutTTLOrOverflow,
	"dlq-max-length":        (*repro).overflow,
	"qq-reject-publish-dlx": (*repro).overflow,
	"quorum-delivery-limit": (*repro).poison,
	"head-of-line":          (*repro).twoDelays,
	"exchange-unroutable":   (*repro).publishNowhere,

	"delivery-limit-loop":        (*repro).requeueUntilLimit,
	"reject-publish-shared":      (*repro).fillShared,
	"declare-refused":            (*repro).refused,
	"mirroring-removed":          (*repro).policyRefused,
	"dlq-not-durable":            (*repro).notDurable,
	"dlq-unbounded":              (*repro).unbounded,
	"at-least-once-fallback":     (*repro).fallback,
	"policy-matches-nothing":     (*repro).policyUnused,
	"policy-not-applied":         (*repro).policyLost,
	"policy-dlx-overridden":      (*repro).policyLost,
	"alternate-exchange-missing": (*repro).alternateMissing,
}

// queue is the finding's first queue.
func (r *repro) queue() (core.QueueView, error) {
	for _, o := range r.f.Objects {
		if q, ok := r.t.queue[o.Name]; ok && o.Kind == "queue" {
			return q, nil
		}
	}
	return core.QueueView{}, fmt.Errorf("%s: no queue to reproduce it in", r.f.Code)
}

// publish sends n messages the finding's way (its Via), or straight to
// queue through the default exchange.
func (r *repro) publish(queue string, n int, expiration string) {
	p := &scenarios.PublishStep{RoutingKey: queue, Body: "show me", Count: n}
	if v := r.f.Via; v != nil && (v.Exchange != "" || v.Key != "") {
		p.Exchange, p.RoutingKey = v.Exchange, v.Key
		p.Properties.Headers = v.headers()
	}
	p.Properties.Expiration = expiration
	r.sc.Steps = append(r.sc.Steps, scenarios.Step{Publish: p})
}

// publishDirect sends n messages to queue through the default exchange.
func (r *repro) publishDirect(queue string, n int, expiration string) {
	p := &scenarios.PublishStep{RoutingKey: queue, Body: "show me", Count: n}
	p.Properties.Expiration = expiration
	r.sc.Steps = append(r.sc.Steps, scenarios.Step{Publish: p})
}

func (r *repro) wait(ms int64) {
	d := scenarios.Duration(ms)
	r.sc.Steps = append(r.sc.Steps, scenarios.Step{Wait: &d})
}

func (r *repro) consumer(queue, action string) {
	r.sc.Consumers = append(r.sc.Consumers, scenarios.Consumer{Name: "show-me", Queue: queue,
		Actions: []scenarios.Action{{Kind: action}}})
}

// rejectOne: a consumer rejects one message, which then goes nowhere;
// when the finding is about another death (a headers DLX that matches the
// reason), the message dies that way instead.
func (r *repro) rejectOne() error {
	q, err := r.queue()
	if err != nil {
		return err
	}
	switch reason := r.f.Via.reasonOf(); reason {
	case core.ReasonExpired:
		r.publish(q.Name, 1, "100")
		r.wait(1000) // the shorter of the queue TTL and 100 ms applies
		return nil
	case core.ReasonMaxLen:
		return r.overflow()
	case core.ReasonDeliveryLimit:
		return r.poison()
	}
	r.consumer(q.Name, core.ActReject)
	r.publish(q.Name, 1, "")
	r.wait(1000)
	return nil
}

// headers are the publish headers of v: its client headers and CC.
func (v *Via) headers() core.Table {
	h := v.Headers.Clone()
	if len(v.CC) > 0 {
		if h == nil {
			h = core.Table{}
		}
		cc := make([]any, len(v.CC))
		for i, k := range v.CC {
			cc[i] = k
		}
		h["CC"] = cc
	}
	return h
}

// reasonOf is the death a reproduction makes: Reason, or rejected.
func (v *Via) reasonOf() string {
	if v == nil || v.Reason == "" {
		return core.ReasonRejected
	}
	return v.Reason
}

// goRound: one message sent into the loop, and time for it to go round twice.
func (r *repro) goRound() error {
	q, err := r.queue()
	if err != nil {
		return err
	}
	var round int64
	for _, o := range r.f.Objects {
		if c := r.t.queue[o.Name].Config; c.MessageTTL > 0 {
			round += c.MessageTTL
		}
	}
	r.publishDirect(q.Name, 1, "")
	r.wait(2*round + 1000)
	return nil
}

// expireWithMessage: a message arrives a second before the queue's lease
// runs out, so the queue expires with it inside.
func (r *repro) expireWithMessage() error {
	q, err := r.queue()
	if err != nil {
		return err
	}
	e := q.Config.Expires
	if e > int64(scenarios.MaxVirtualTime) {
		return fmt.Errorf("queue-expires: %d ms is longer than a scenario may wait", e)
	}
	if e > 1000 {
		r.wait(e - 1000)
	}
	r.publishDirect(q.Name, 1, "")
	r.wait(2000)
	return nil
}

func (r *repro) waitOutTTL() error {
	q, err := r.queue()
	if err != nil {
		return err
	}
	if q.Config.MessageTTL < 0 || q.Config.MessageTTL > int64(scenarios.MaxVirtualTime)-1000 {
		return fmt.Errorf("%s: no TTL to wait out", r.f.Code)
	}
	r.publishDirect(q.Name, 1, "")
	r.wait(q.Config.MessageTTL + 1000)
	return nil
}

func (r *repro) waitOutTTLOrOverflow() error {
	q, err := r.queue()
	if err != nil {
		return err
	}
	if q.Config.MessageTTL >= 0 {
		return r.waitOutTTL()
	}
	return r.overflow()
}

// overflow publishes one message more than the queue's length limit
// (two more for a quorum queue, which overshoots by one).
func (r *repro) overflow() error {
	q, err := r.queue()
	if err != nil {
		return err
	}
	max := q.Config.MaxLength
	if max < 0 || max > scenarios.MaxPublishTotal-2 {
		return fmt.Errorf("%s: no length limit small enough to fill", r.f.Code)
	}
	n := int(max) + 1
	if q.Type == core.Quorum {
		n++
	}
	for n > 0 {
		c := min(n, scenarios.MaxPublishCount)
		r.publishDirect(q.Name, c, "")
		n -= c
	}
	r.wait(1000)
	return nil
}

// poison: a consumer that requeues every delivery, until the delivery
// limit takes the message away.
func (r *repro) poison() error {
	q, err := r.queue()
	if err != nil {
		return err
	}
	r.consumer(q.Name, core.ActRequeue)
	r.publishDirect(q.Name, 1, "")
	r.wait(1000)
	return nil
}

// twoDelays: a 60 s message, then a 1 s one: the second leaves only when
// the first does.
func (r *repro) twoDelays() error {
	q, err := r.queue()
	if err != nil {
		return err
	}
	r.publishDirect(q.Name, 1, "60000")
	r.publishDirect(q.Name, 1, "1000")
	r.wait(2000)
	r.sc.Steps = append(r.sc.Steps, scenarios.Step{Snapshot: &scenarios.SnapshotStep{Name: "after 2s"}})
	r.wait(59_000)
	return nil
}

func (r *repro) publishNowhere() error {
	i := slices.IndexFunc(r.f.Objects, func(o Object) bool { return o.Kind == "exchange" })
	if i < 0 {
		return fmt.Errorf("exchange-unroutable: no exchange")
	}
	r.sc.Steps = append(r.sc.Steps, scenarios.Step{Publish: &scenarios.PublishStep{Exchange: r.f.Objects[i].Name,
		RoutingKey: "any", Body: "show me", Count: 1}})
	return nil
}
