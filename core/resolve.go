package core

// Names resolved once: the hot path (publish → route → enqueue → expire →
// dead-letter → route → enqueue) names the same exchanges and queues for
// every message, and a lookup by name hashes the string. Under js/wasm,
// which has no AES hashing, the six lookups a dead-lettered message made
// were about a tenth of the engine's time (BENCHMARKS.md "Observed paths",
// "js/wasm against native"). Each place remembers what its name resolved
// to, for as long as no exchange or queue has been added or removed since
// (Broker.topoGen): a name then still means the same object, because an
// object is only ever replaced by a delete and a declare.

// xRef is an exchange a name resolved to, and when.
type xRef struct {
	x   *Exchange
	gen uint64
}

// qRef is a queue a name resolved to, and when.
type qRef struct {
	q   *Queue
	gen uint64
}

// topologyChanged makes every remembered resolution stale.
func (b *Broker) topologyChanged() { b.topoGen++ }

// exchangeVia returns the exchange called name, using and refreshing r.
func (b *Broker) exchangeVia(r *xRef, name string) *Exchange {
	if r.gen == b.topoGen && r.x != nil && r.x.Name == name {
		return r.x
	}
	x := b.exchanges[name]
	*r = xRef{x: x, gen: b.topoGen}
	return x
}

// queueVia returns the queue called name, using and refreshing r.
func (b *Broker) queueVia(r *qRef, name string) *Queue {
	if r.gen == b.topoGen && r.q != nil && r.q.Name == name {
		return r.q
	}
	q := b.queues[name]
	*r = qRef{q: q, gen: b.topoGen}
	return q
}
