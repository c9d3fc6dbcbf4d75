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
	// hasHeaders: some exchange is a headers exchange, so a dead letter's
	// headers (its death reason among them) can decide where it goes.
	hasHeaders bool
	// allLoops caches loops(): every loop of the dead-letter graph.
	allLoops [][]string
}

// arrival is one way a message reaches a queue: the routing keys it
// carries, the message itself (its client headers, and the death history
// of a dead letter) and how to publish one that way.
type arrival struct {
	keys []string
	via  Via
	msg  *core.Message
	// headersKnown: the client headers are those of a publish step; from
	// an export they are unknown (nil), so a headers binding on a client
	// header might match.
	headersKnown bool
}

// deadRoute is where a dead letter of a queue goes for one arrival and
// one death reason.
type deadRoute struct {
	core.DeadLetterRoute
	from   arrival
	reason string
	dead   *core.Message // the dead letter, as it arrives in Targets
	// unknown: no target for sure, but a client header the checker cannot
	// see would route it (a headers binding on such a header).
	unknown bool
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
	for _, x := range t.exchanges {
		t.hasHeaders = t.hasHeaders || x.Type == core.Headers
	}
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
			keys := []string{bd.RoutingKey}
			t.addArrival(bd.Destination, arrival{keys: keys, via: Via{Exchange: bd.Source, Key: bd.RoutingKey},
				msg: core.ProbeMessage(bd.Source, keys, nil)})
		} else {
			t.unknownKeys[bd.Destination] = true
		}
	}
	for _, q := range t.queues {
		if !bound[q.Name] {
			keys := []string{q.Name}
			t.addArrival(q.Name, arrival{keys: keys, via: Via{Key: q.Name}, msg: core.ProbeMessage("", keys, nil)})
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
	headers := p.Properties.Headers.Clone()
	delete(headers, "BCC") // the broker strips BCC at publish
	client := headers.Clone()
	delete(client, "CC")
	if len(client) == 0 {
		client = nil
	}
	for _, q := range targets {
		t.addArrival(q, arrival{keys: keys, via: Via{Exchange: p.Exchange, Key: p.RoutingKey, CC: cc, Headers: client},
			msg: core.ProbeMessage(p.Exchange, keys, headers), headersKnown: true})
	}
}

// maxArrivals bounds the ways into one queue the checker follows (death
// histories differ by path; the routing keys are what matters most).
const maxArrivals = 64

func (t *topology) addArrival(q string, a arrival) bool {
	sig := t.signature(a)
	for _, o := range t.arrivals[q] {
		if t.signature(o) == sig {
			return false
		}
	}
	if len(t.arrivals[q]) >= maxArrivals {
		return false
	}
	t.arrivals[q] = append(t.arrivals[q], a)
	return true
}

// signature tells arrivals apart: by routing keys, and where a headers
// exchange could look at them, by client headers and death history too.
func (t *topology) signature(a arrival) string {
	sig := strings.Join(a.keys, "\x00")
	if !t.hasHeaders || a.msg == nil {
		return sig
	}
	sig += fmt.Sprintf("|%v|%v", a.headersKnown, a.msg.Headers)
	for _, d := range a.msg.Deaths() {
		sig += "|" + d.Queue + ":" + d.Reason
	}
	return sig
}

// followDeadLetters computes every queue's dead-letter routes, adding the
// dead letters to their targets' arrivals, until nothing new arrives
// (chains of any length; each arrival is added once, so it ends). A
// worklist: a queue is routed again only for the arrivals it gained, so a
// large export costs about one routing per arrival.
func (t *topology) followDeadLetters() {
	routed := map[string]int{} // arrivals of q routed so far; -1: routed with none known
	var work []string
	queued := map[string]bool{}
	for _, q := range t.queues {
		work = append(work, q.Name)
		queued[q.Name] = true
	}
	for len(work) > 0 {
		q := work[0]
		work = work[1:]
		queued[q] = false
		for _, r := range t.routeNew(q, routed) {
			for _, target := range r.Targets {
				if len(r.Keys) == 0 { // keys unknown upstream: unknown downstream too
					t.unknownKeys[target] = true
					continue
				}
				if t.addArrival(target, arrival{keys: r.Keys, via: r.from.via, msg: r.dead, headersKnown: r.from.headersKnown}) && !queued[target] {
					work = append(work, target)
					queued[target] = true
				}
			}
		}
	}
}

// routeNew routes q's arrivals not routed yet and returns their routes
// (all of q's routes again when its first arrivals replace a route made
// with none known).
func (t *topology) routeNew(q string, routed map[string]int) []deadRoute {
	arrs := t.arrivals[q]
	from, seen := routed[q]
	switch {
	case !seen || from < 0 && len(arrs) > 0:
		t.dead[q] = t.deadRoutesOf(q)
		routed[q] = len(arrs)
		if len(arrs) == 0 {
			routed[q] = -1
		}
		return t.dead[q]
	case from < 0 || from == len(arrs):
		return nil
	}
	routed[q] = len(arrs)
	if d := t.dead[q]; len(d) > 0 && d[0].FixedKey && !t.hasHeaders {
		return nil // the same route for every arrival
	}
	fresh := t.deadRoutesFor(q, arrs[from:], true)
	t.dead[q] = append(t.dead[q], fresh...)
	return fresh
}

// deadRoutesOf asks the broker where q's dead letters go, for each way
// messages arrive in q and each way they can die there (the reason only
// matters to a headers exchange, which matches the death headers). A
// queue whose arrivals are unknown still has a route when it does not
// depend on the keys: a fixed dead-letter routing key, or a fanout or
// headers DLX that binds only queues.
func (t *topology) deadRoutesOf(q string) []deadRoute {
	arrs := t.arrivals[q]
	if len(arrs) > 0 {
		return t.deadRoutesFor(q, arrs, true)
	}
	r, _ := t.b.DeadLetterRoute(q, nil)
	if !r.FixedKey && !t.keysIgnored(r.DLX) {
		return nil
	}
	return t.deadRoutesFor(q, []arrival{{via: Via{Key: q}, msg: core.ProbeMessage("", nil, nil)}}, false)
}

// deadRoutesFor routes the dead letters of these arrivals of q.
func (t *topology) deadRoutesFor(q string, arrs []arrival, keysKnown bool) []deadRoute {
	var out []deadRoute
	reasons := t.deathReasons(q)
	for _, a := range arrs {
		for _, reason := range reasons {
			r, dead, _ := t.b.DeadLetterAs(q, a.msg, reason)
			d := deadRoute{DeadLetterRoute: r, from: a, reason: reason, dead: dead}
			if !keysKnown && !r.FixedKey {
				d.Keys = nil
			}
			if len(r.Targets) == 0 && r.DLXExists && !a.headersKnown {
				d.unknown = t.clientHeaderRoutes(q, a, reason)
			}
			out = append(out, d)
			if r.FixedKey && !t.hasHeaders {
				return out // the same for every arrival
			}
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
