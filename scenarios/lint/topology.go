package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// topology is a scenario's topology declared on a broker of one profile,
// with what the checker derives from it: the routing keys messages arrive
// in each queue with, and where each queue's dead letters go.
type topology struct {
	sc      *scenarios.Scenario
	profile core.Profile
	b       *core.Broker
	errors  []scenarios.StepError // what the broker refused while declaring

	queues    []core.QueueView
	queue     map[string]core.QueueView
	exchanges map[string]core.ExchangeView
	bindings  []core.Binding

	// arrivals[q] are the ways messages reach q: the routing keys they
	// carry and how to publish one that way.
	arrivals map[string][]arrival
	// unknownKeys[q]: some messages reach q with keys the topology cannot
	// tell (through a fanout or headers exchange, or a topic wildcard).
	unknownKeys map[string]bool
	// dead[q] are q's dead-letter routes, one per arrival (or one when the
	// queue has a fixed dead-letter routing key).
	dead map[string][]deadRoute
	// sources[q] are the other queues whose dead letters reach q.
	sources map[string][]string
	// consumers[q] are the scenario's consumers of q (listed or consume steps).
	consumers map[string][]scenarios.Consumer
}

// arrival is one set of routing keys a message reaches a queue with.
type arrival struct {
	keys []string
	via  Via
}

// deadRoute is where a dead letter of a queue goes for one arrival.
type deadRoute struct {
	core.DeadLetterRoute
	from arrival
}

func newTopology(sc *scenarios.Scenario, profile string) (*topology, error) {
	p, err := profileOf(sc, profile)
	if err != nil {
		return nil, err
	}
	only := *sc
	only.Steps, only.Consumers, only.Expect = nil, nil, nil
	r, err := scenarios.NewRunner(&only, scenarios.Options{Profile: string(p), NoTrace: true})
	if err != nil {
		return nil, err
	}
	t := &topology{sc: sc, profile: p, b: r.Broker(), errors: r.Observation().Errors,
		queue: map[string]core.QueueView{}, exchanges: map[string]core.ExchangeView{},
		arrivals: map[string][]arrival{}, unknownKeys: map[string]bool{}, dead: map[string][]deadRoute{},
		consumers: map[string][]scenarios.Consumer{}}
	t.queues = t.b.Queues()
	for _, q := range t.queues {
		t.queue[q.Name] = q
	}
	for _, x := range t.b.Exchanges() {
		t.exchanges[x.Name] = x
	}
	t.bindings = t.b.Bindings()
	t.collectConsumers()
	t.collectArrivals()
	t.followDeadLetters()
	t.sources = map[string][]string{}
	for _, s := range t.queues {
		for _, x := range t.targetsOf(s.Name) {
			if x != s.Name {
				t.sources[x] = append(t.sources[x], s.Name)
			}
		}
	}
	return t, nil
}

func (t *topology) collectConsumers() {
	for _, c := range t.sc.Consumers {
		t.consumers[c.Queue] = append(t.consumers[c.Queue], c)
	}
	for _, s := range t.sc.Steps {
		if s.Consume != nil {
			t.consumers[s.Consume.Queue] = append(t.consumers[s.Consume.Queue], *s.Consume)
		}
	}
}

// collectArrivals reads the keys messages arrive with: from the scenario's
// publish steps when it has them (exact, CC and BCC included), else from
// the bindings into each queue (a direct or exact topic binding key), and
// the queue's own name for a queue nothing is bound to (the default exchange).
func (t *topology) collectArrivals() {
	published := false
	for _, s := range t.sc.Steps {
		if p := s.Publish; p != nil {
			published = true
			t.addPublish(p)
		}
	}
	if published {
		return
	}
	bound := map[string]bool{}
	for _, bd := range t.bindings {
		if bd.DestinationType != "queue" {
			continue
		}
		bound[bd.Destination] = true
		if exactKey(t.exchanges[bd.Source].Type, bd.RoutingKey) {
			t.addArrival(bd.Destination, arrival{keys: []string{bd.RoutingKey}, via: Via{Exchange: bd.Source, Key: bd.RoutingKey}})
		} else {
			t.unknownKeys[bd.Destination] = true
		}
	}
	for _, q := range t.queues {
		if !bound[q.Name] {
			t.addArrival(q.Name, arrival{keys: []string{q.Name}, via: Via{Key: q.Name}})
		}
	}
}

// exactKey: the binding key is the routing key of what it lets through.
func exactKey(exchangeType, key string) bool {
	switch exchangeType {
	case core.Direct:
		return true
	case core.Topic:
		return !strings.ContainsAny(key, "*#")
	}
	return false
}

func (t *topology) addPublish(p *scenarios.PublishStep) {
	keys, err := core.PublishKeys(p.RoutingKey, p.Properties.Headers)
	if err != nil {
		return
	}
	targets, _ := t.b.Route(p.Exchange, keys)
	var cc []string
	if v, ok := p.Properties.Headers["CC"].([]any); ok {
		for _, e := range v {
			if s, ok := e.(string); ok {
				cc = append(cc, s)
			}
		}
	}
	for _, q := range targets {
		t.addArrival(q, arrival{keys: keys, via: Via{Exchange: p.Exchange, Key: p.RoutingKey, CC: cc}})
	}
}

func (t *topology) addArrival(q string, a arrival) bool {
	for _, o := range t.arrivals[q] {
		if slices.Equal(o.keys, a.keys) {
			return false
		}
	}
	t.arrivals[q] = append(t.arrivals[q], a)
	return true
}

// followDeadLetters computes every queue's dead-letter routes, adding the
// keys dead letters arrive with to their targets, until nothing new
// arrives (chains of any length; each key set is added once, so it ends).
func (t *topology) followDeadLetters() {
	for changed := true; changed; {
		changed = false
		for _, q := range t.queues {
			routes := t.deadRoutesOf(q.Name)
			t.dead[q.Name] = routes
			for _, r := range routes {
				for _, target := range r.Targets {
					if len(r.Keys) == 0 { // a fanout DLX: keys unknown downstream too
						changed = changed || !t.unknownKeys[target]
						t.unknownKeys[target] = true
						continue
					}
					if t.addArrival(target, arrival{keys: r.Keys, via: r.from.via}) {
						changed = true
					}
				}
			}
		}
	}
}

func (t *topology) deadRoutesOf(q string) []deadRoute {
	arrs := t.arrivals[q]
	if len(arrs) == 0 {
		r, _ := t.b.DeadLetterRoute(q, nil)
		if r.FixedKey || t.exchanges[r.DLX].Type == core.Fanout {
			return []deadRoute{{DeadLetterRoute: r, from: arrival{via: Via{Key: q}}}}
		}
		return nil
	}
	var out []deadRoute
	for _, a := range arrs {
		r, _ := t.b.DeadLetterRoute(q, a.keys)
		out = append(out, deadRoute{DeadLetterRoute: r, from: a})
		if r.FixedKey {
			break // the same for every arrival
		}
	}
	return out
}

// targetsOf lists the queues q's dead letters reach, by any arrival.
func (t *topology) targetsOf(q string) []string {
	var out []string
	for _, r := range t.dead[q] {
		for _, x := range r.Targets {
			if !slices.Contains(out, x) {
				out = append(out, x)
			}
		}
	}
	return out
}

// sourcesOf lists the queues whose dead letters reach q (q itself
// excluded), in declaration order.
func (t *topology) sourcesOf(q string) []string { return t.sources[q] }

// isDLQ: dead letters of some other queue that is not a delay stage end
// up in q (a queue fed only by delay queues is where delayed work is
// done, not where failures are kept).
func (t *topology) isDLQ(q string) bool {
	for _, s := range t.sourcesOf(q) {
		if !t.delayStage(s) {
			return true
		}
	}
	return false
}

// delayStage: messages leave q by expiring (a queue TTL, or a queue shaped
// and named like a delay queue) and nothing in the topology consumes it.
func (t *topology) delayStage(q string) bool {
	if len(t.consumers[q]) > 0 {
		return false
	}
	return t.queue[q].Config.MessageTTL >= 0 || delayName.MatchString(q)
}

// rejects reports a consumer of q in the scenario that rejects or nacks
// without requeue (so q's deaths include 'rejected').
func (t *topology) rejects(q string) bool {
	for _, c := range t.consumers[q] {
		for _, a := range c.Actions {
			if a.Kind == core.ActReject || a.Kind == core.ActNack {
				return true
			}
		}
	}
	return false
}

// fromDefinitions: the topology came without consumers or steps (an
// export), so nothing is known about who consumes what.
func (t *topology) fromDefinitions() bool {
	return len(t.sc.Consumers) == 0 && len(t.sc.Steps) == 0
}

func queueObj(name string) Object    { return Object{Kind: "queue", Name: name} }
func exchangeObj(name string) Object { return Object{Kind: "exchange", Name: name} }
func policyObj(name string) Object   { return Object{Kind: "policy", Name: name} }

// maxQuoted bounds the names a text lists (the objects list has them all).
const maxQuoted = 8

// quote lists names as 'a', 'b', and says how many more there are.
func quote(names []string) string {
	q := make([]string, 0, min(len(names), maxQuoted)+1)
	for i, n := range names {
		if i == maxQuoted {
			q = append(q, fmt.Sprintf("+%d", len(names)-maxQuoted))
			break
		}
		q = append(q, "'"+n+"'")
	}
	return strings.Join(q, ", ")
}
