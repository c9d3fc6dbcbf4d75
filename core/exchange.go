package core

// Exchange types the simulator routes for (docs/rabbitmq.md "Routing basics").
const (
	Direct  = "direct"
	Fanout  = "fanout"
	Topic   = "topic"
	Headers = "headers"
)

// Exchange is a declared exchange with its outgoing bindings in the order
// they were made (that order decides the order copies are enqueued).
type Exchange struct {
	Name       string
	Type       string
	Durable    bool
	AutoDelete bool
	Internal   bool
	Args       Table

	bindings []*Binding
	// direct indexes the bindings of a direct exchange by key: the hot path.
	direct map[string][]*Binding
	// lastKey and lastDirect: the key last routed and its bindings,
	// valid while lastOK (any binding change clears it): a key looked up
	// by its hash only when it changes.
	lastKey    string
	lastDirect []*Binding
	lastOK     bool
	policy     *Policy
	mark       uint64 // routing visit mark (Broker.routeGen)
}

// Binding routes from an exchange to a queue or to another exchange.
// Bindings are identified by (source, destination, kind, key, arguments).
type Binding struct {
	Source          string
	Destination     string
	DestinationType string // "queue" or "exchange"
	RoutingKey      string
	Args            Table

	// toQueue, toExchange: the destination as last resolved (resolve.go).
	toQueue    qRef
	toExchange xRef
}

// alternate is the exchange's alternate-exchange: the argument wins over
// a policy (docs/rabbitmq.md "Exchange-to-exchange bindings and alternate exchanges").
func (x *Exchange) alternate() (string, bool) {
	if v, ok := x.Args["alternate-exchange"].(string); ok {
		return v, true
	}
	if x.policy != nil {
		if v, ok := x.policy.Definition["alternate-exchange"].(string); ok {
			return v, true
		}
	}
	return "", false
}

func (x *Exchange) matches(p Profile, bd *Binding, keys []string, headers Table) bool {
	switch x.Type {
	case Fanout:
		return true
	case Direct:
		for _, k := range keys {
			if k == bd.RoutingKey {
				return true
			}
		}
	case Topic:
		for _, k := range keys {
			if topicMatches(bd.RoutingKey, k) {
				return true
			}
		}
	case Headers:
		return headersMatchFor(p, bd.Args, headers)
	}
	return false
}

// directFor returns the bindings of a direct exchange for key k.
func (x *Exchange) directFor(k string) []*Binding {
	if x.lastOK && x.lastKey == k {
		return x.lastDirect
	}
	l := x.direct[k]
	x.lastKey, x.lastDirect, x.lastOK = k, l, true
	return l
}

func (x *Exchange) addBinding(bd *Binding) {
	x.lastOK, x.lastDirect = false, nil
	x.bindings = append(x.bindings, bd)
	if x.Type == Direct {
		if x.direct == nil {
			x.direct = map[string][]*Binding{}
		}
		x.direct[bd.RoutingKey] = append(x.direct[bd.RoutingKey], bd)
	}
}

func (x *Exchange) removeBinding(bd *Binding) {
	x.lastOK, x.lastDirect = false, nil
	x.bindings = removePtr(x.bindings, bd)
	if x.Type == Direct {
		l := removePtr(x.direct[bd.RoutingKey], bd)
		if len(l) == 0 {
			delete(x.direct, bd.RoutingKey)
		} else {
			x.direct[bd.RoutingKey] = l
		}
	}
}

func removePtr[T comparable](s []T, v T) []T {
	for i := range s {
		if s[i] == v {
			return append(s[:i:i], s[i+1:]...)
		}
	}
	return s
}

func sameBinding(a, b *Binding) bool {
	return a.Source == b.Source && a.Destination == b.Destination &&
		a.DestinationType == b.DestinationType && a.RoutingKey == b.RoutingKey &&
		tablesEqual(a.Args, b.Args)
}
