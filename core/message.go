package core

// Properties are the AMQP basic properties. Empty strings and zero values
// mean "not set"; Priority and Timestamp have explicit Has flags because 0
// is a legal value for them.
type Properties struct {
	ContentType     string
	ContentEncoding string
	DeliveryMode    uint8
	Priority        uint8
	HasPriority     bool
	CorrelationID   string
	ReplyTo         string
	Expiration      string
	MessageID       string
	Timestamp       int64
	HasTimestamp    bool
	Type            string
	UserID          string
	AppID           string
}

// Message is a message as the broker holds it. A Message is never changed
// once created: dead-lettering makes a new one, so copies in several queues
// and pointers kept by events can share it.
//
// Its layout is kept small because every queued message has one (the
// target is ≤ 300 bytes per queued 16-byte message, BENCHMARKS.md "Core"): properties and the death
// history live behind pointers that are nil for most messages.
type Message struct {
	Lineage  uint64 // id of the publish this message descends from (survives dead-lettering)
	Exchange string // exchange it was last published or dead-lettered to
	// Keys are the routing keys: the publish key, then CC, then BCC keys
	// (docs/rabbitmq.md "CC and BCC", "Routing basics"). The last NBCC of them came from BCC, which x-death omits.
	// Keys slices are shared between messages and never modified.
	Keys    []string
	Body    string
	Headers Table // client headers (BCC stripped at publish); never modified
	ttl     int64 // parsed per-message expiration in ms, or -1
	NBCC    int32
	// carried is the failed-delivery count a 4.x broker keeps with the
	// message across dead-lettering (docs/rabbitmq.md "Delivery counts
	// across dead-lettering"); 0 when none.
	carried int32
	props   *Properties // nil: no property set
	death   *deathState // nil: never dead-lettered by the broker
}

// deathState is the broker's death annotation of a message: the x-death
// history and the x-first-death-* and x-last-death-* records (docs/rabbitmq.md
// "First and last death headers"). The last death's queue and reason are
// those of deaths[0] (the entry a death updates moves to the front), and
// for a message dead-lettered once, the common case, the first death is the
// last one and its exchange is deaths[0].Exchange: then more is nil and
// nothing is stored twice (every dead-lettered message has a deathState;
// BENCHMARKS.md "Core").
type deathState struct {
	deaths []Death // most recent first (docs/rabbitmq.md "x-death order and compression")
	more   *deathMore
}

// deathMore is what deaths[0] does not say: the first death, when it is
// not the last one (zero: no x-first-death-* at all, as for a 3.12 history
// read back from a client), and x-last-death-exchange (3.13+), the
// exchange before the last death, when it is not deaths[0].Exchange (that
// entry keeps the exchange of its first death). Never modified: shared by
// the generations of a message while it stays the same.
type deathMore struct {
	first        deathRef
	lastExchange string
}

// newDeathState records deaths with the given first death and last
// exchange, storing a deathMore only when deaths[0] does not say them.
func newDeathState(deaths []Death, first deathRef, lastExchange string, prev *deathMore) deathState {
	if len(deaths) > 0 {
		d := &deaths[0]
		if first == (deathRef{Queue: d.Queue, Reason: d.Reason, Exchange: d.Exchange}) && lastExchange == d.Exchange {
			return deathState{deaths: deaths}
		}
	}
	if prev != nil && prev.first == first && prev.lastExchange == lastExchange {
		return deathState{deaths: deaths, more: prev}
	}
	return deathState{deaths: deaths, more: &deathMore{first: first, lastExchange: lastExchange}}
}

// last is the x-last-death-* record.
func (d *deathState) last() deathRef {
	if len(d.deaths) == 0 {
		return deathRef{}
	}
	x := d.deaths[0].Exchange
	if d.more != nil {
		x = d.more.lastExchange
	}
	return deathRef{Queue: d.deaths[0].Queue, Reason: d.deaths[0].Reason, Exchange: x}
}

// first is the x-first-death-* record; zero when there is none.
func (d *deathState) first() deathRef {
	if d.more != nil {
		return d.more.first
	}
	return d.last()
}

type deathRef struct{ Queue, Reason, Exchange string }

// Properties returns the message's basic properties.
func (m *Message) Properties() Properties {
	if m.props == nil {
		return Properties{}
	}
	return *m.props
}

// Deaths returns the death history, most recent first. Do not modify it.
func (m *Message) Deaths() []Death {
	if m.death == nil {
		return nil
	}
	return m.death.deaths
}

// RoutingKey is the key a consumer sees in basic.deliver: the first key.
func (m *Message) RoutingKey() string {
	if len(m.Keys) == 0 {
		return ""
	}
	return m.Keys[0]
}

func (m *Message) size() int64 { return int64(len(m.Body)) }

func (m *Message) expiration() string {
	if m.props == nil {
		return ""
	}
	return m.props.Expiration
}

// empty reports whether no property is set. It is *p == Properties{}
// written out: the generated comparison calls memequal for every string,
// and under js/wasm each call counts (two per published message).
func (p *Properties) empty() bool {
	return len(p.ContentType)|len(p.ContentEncoding)|len(p.CorrelationID)|len(p.ReplyTo)|len(p.Expiration)|
		len(p.MessageID)|len(p.Type)|len(p.UserID)|len(p.AppID) == 0 &&
		p.DeliveryMode == 0 && p.Priority == 0 && !p.HasPriority && p.Timestamp == 0 && !p.HasTimestamp
}

// propsPtr copies p to the heap only when a property is set.
func propsPtr(p *Properties) *Properties {
	if p.empty() {
		return nil
	}
	c := *p
	return &c
}

// Death is one x-death entry: deaths from the same (queue, reason) share an
// entry whose count rises while the other fields keep their first values.
type Death struct {
	Queue    string
	Reason   string
	Count    int64
	Time     Time // first death for this (queue, reason)
	Exchange string
	Keys     []string // routing keys before the first death, BCC excluded
	// OrigExpiration is the original-expiration value, "" when the message
	// had no per-message expiration at its first death here.
	OrigExpiration string
	// client is the table a client published this entry as (3.12 read
	// x-death back): a later death here only counts it up and keeps every
	// other key exactly as the client wrote it, present or not.
	client Table
	// clientNoCount: the client's entry had no count, and it stays so
	// until a death here adds one.
	clientNoCount bool
}

// nonBCCKeys are the keys x-death records (docs/rabbitmq.md "CC and BCC"); the result shares
// the immutable Keys array.
func (m *Message) nonBCCKeys() []string {
	n := len(m.Keys) - int(m.NBCC)
	return m.Keys[:n:n]
}

// messageBlock allocates a message with room for one routing key, the
// common case, in one allocation (allocations dominate the hot path,
// most of all under wasm).
type messageBlock struct {
	m   Message
	key [1]string
}

// newMessageWithKey returns a message whose Keys are key, cc..., bcc....
func newMessageWithKey(key string, cc, bcc []string) *Message {
	if len(cc)+len(bcc) == 0 {
		blk := &messageBlock{key: [1]string{key}}
		blk.m.Keys = blk.key[:1:1]
		return &blk.m
	}
	keys := make([]string, 0, 1+len(cc)+len(bcc))
	keys = append(append(append(keys, key), cc...), bcc...)
	return &Message{Keys: keys}
}

// deadBlock is a dead-lettered message with its death state and room for
// a one-entry history, in one allocation.
type deadBlock struct {
	m   Message
	ds  deathState
	one [1]Death
}
