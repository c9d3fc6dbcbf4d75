package core

// router collects the queues one publish reaches. It lives on the stack
// of one route call (its fields are written once per route: in the
// broker's memory each pointer write would go through the garbage
// collector's write barrier while a collection runs), and its queue list
// reuses the broker's buffer, so routing allocates nothing once warm.
type router struct {
	b      *Broker
	queues []*Queue
	keys   []string
	msg    *Message
	hdrs   Table // routing headers, built on first use by a headers exchange
}

// route returns the queues reached from exchange x for m's routing keys
// and routing headers: bindings in order, exchange-to-exchange bindings
// followed (each exchange at most once), alternate exchanges used when an
// exchange routed to nothing at all, and each queue at most once (docs/rabbitmq.md "Routing basics", "Exchange-to-exchange bindings and alternate exchanges").
// The returned slice is only valid until the next call.
func (b *Broker) route(x *Exchange, m *Message) []*Queue {
	b.routeGen++
	r := router{b: b, queues: b.routed[:0], keys: m.Keys, msg: m}
	if x.Name == "" {
		r.routeDefault()
	} else {
		r.visit(x)
	}
	if cap(r.queues) != cap(b.routed) {
		b.routed = r.queues[:0] // grown: keep the larger buffer
	}
	return r.queues
}

// routeDefault: each key names a queue directly (docs/rabbitmq.md "Default exchange"); no AE.
func (r *router) routeDefault() {
	for _, k := range r.keys {
		if q := r.b.queues[k]; q != nil {
			r.addQueue(q)
		}
	}
}

func (r *router) addQueue(q *Queue) {
	if q.mark == r.b.routeGen {
		return
	}
	q.mark = r.b.routeGen
	r.queues = append(r.queues, q)
}

func (r *router) visit(x *Exchange) {
	if x.mark == r.b.routeGen {
		return
	}
	x.mark = r.b.routeGen
	if !r.follow(x) {
		r.alternate(x)
	}
}

// follow routes through x's matching bindings and reports whether any matched.
func (r *router) follow(x *Exchange) bool {
	matched := false
	if x.Type == Direct {
		for _, k := range r.keys {
			for _, bd := range x.directFor(k) {
				matched = r.toDestination(bd) || matched
			}
		}
		return matched
	}
	if x.Type == Headers && r.hdrs == nil {
		r.hdrs = r.b.routingHeaders(r.msg)
	}
	for _, bd := range x.bindings {
		if x.matches(r.b.profile, bd, r.keys, r.hdrs) {
			matched = r.toDestination(bd) || matched
		}
	}
	return matched
}

func (r *router) toDestination(bd *Binding) bool {
	if bd.DestinationType == "exchange" {
		if d := r.b.exchangeVia(&bd.toExchange, bd.Destination); d != nil {
			r.visit(d)
			return true
		}
		return false
	}
	if q := r.b.queueVia(&bd.toQueue, bd.Destination); q != nil {
		r.addQueue(q)
		return true
	}
	return false
}

// alternate follows x's alternate-exchange chain; a missing or already
// visited AE ends it (docs/rabbitmq.md "Exchange-to-exchange bindings and alternate exchanges").
func (r *router) alternate(x *Exchange) {
	name, ok := x.alternate()
	if !ok {
		return
	}
	if ae := r.b.exchanges[name]; ae != nil && name != "" {
		r.visit(ae)
	}
}
