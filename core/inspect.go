package core

// Read-only views of the broker for the UI, the scenario runner and tests.
// They copy what they return, so callers cannot change broker state.

// QueueView describes a queue and what it does.
type QueueView struct {
	Name      string
	Type      QueueType
	Durable   bool
	Args      Table
	Policy    string // applied policy name, "" if none
	Ready     int
	Unacked   int
	Bytes     int64
	Consumers []string
	Config    ConfigView
}

// ConfigView is the queue's effective configuration and where each part
// came from ("argument x-…" or "policy NAME"), so a learner can see which
// policy gave which queue its DLX.
type ConfigView struct {
	DLX, DLXFrom                string
	HasDLX                      bool
	DLRoutingKey, DLRoutingFrom string
	HasDLRoutingKey             bool
	MessageTTL, Expires         int64 // -1 = none
	MaxLength, MaxLengthBytes   int64 // -1 = none
	Overflow, OverflowFrom      string
	DeliveryLimit               int64 // -1 = none (classic queues never have one)
	MaxPriority                 int64
}

// MessageView is one ready message in queue order.
type MessageView struct {
	Instance    uint64
	Msg         *Message
	Headers     Table
	ExpiresAt   Time // Never if no TTL applies
	Redelivered bool
	Position    int // 0 = the head
	// Blocked: its expiry has come or comes before that of a message
	// ahead of it, so it waits until that one leaves the head (expiry acts
	// at the head only: docs/rabbitmq.md "Head-of-line expiry").
	Blocked bool
}

// DeliveryView is one unacked delivery on a channel.
type DeliveryView struct {
	Channel  string
	Consumer string
	Tag      uint64
	Queue    string
	Instance uint64
	Msg      *Message
	At       Time
}

// Queues lists queues in declaration order.
func (b *Broker) Queues() []QueueView {
	out := make([]QueueView, 0, len(b.qOrder))
	for _, q := range b.qOrder {
		out = append(out, b.queueView(q))
	}
	return out
}

// Queue describes one queue.
func (b *Broker) Queue(name string) (QueueView, bool) {
	q := b.queues[name]
	if q == nil {
		return QueueView{}, false
	}
	return b.queueView(q), true
}

func (b *Broker) queueView(q *Queue) QueueView {
	v := QueueView{Name: q.Name, Type: q.Type, Durable: q.Durable, Args: q.Args.Clone(),
		Ready: q.readyCount(), Unacked: q.unacked, Bytes: q.bytes}
	if q.policy != nil {
		v.Policy = q.policy.Name
	}
	for _, c := range q.consumers {
		v.Consumers = append(v.Consumers, c.Tag)
	}
	c := q.cfg
	v.Config = ConfigView{DLX: c.dlx, DLXFrom: c.dlxFrom, HasDLX: c.hasDLX,
		DLRoutingKey: c.dlrk, DLRoutingFrom: c.dlrkFrom, HasDLRoutingKey: c.hasDLRK,
		MessageTTL: c.messageTTL, Expires: c.expires, MaxLength: c.maxLength, MaxLengthBytes: c.maxBytes,
		Overflow: c.overflow, OverflowFrom: c.overflowFrom, DeliveryLimit: c.deliveryLimit, MaxPriority: c.maxPriority}
	return v
}

// Messages lists up to limit ready messages of a queue from the head
// (limit <= 0: all), in the order they would be delivered.
func (b *Broker) Messages(queue string, limit int) []MessageView {
	q := b.queues[queue]
	if q == nil {
		return nil
	}
	var out []MessageView
	for _, l := range []*readyList{&q.returns, &q.ready} {
		for i := 0; i < l.len(); i++ {
			if limit > 0 && len(out) >= limit {
				return out
			}
			e := l.at(i)
			out = append(out, MessageView{Instance: e.id, Msg: e.msg, Headers: b.renderHeaders(e.msg, e),
				ExpiresAt: e.expiresAt, Redelivered: e.delivered, Position: len(out)})
		}
	}
	return out
}

// EachReady calls fn for each ready message of a queue from the head, as
// Messages lists them but with no headers rendered (Headers nil, Blocked
// unset): for callers that read only bodies, counts or flags of a long
// queue. It stops when fn returns false.
func (b *Broker) EachReady(queue string, fn func(MessageView) bool) {
	q := b.queues[queue]
	if q == nil {
		return
	}
	pos := 0
	for _, l := range []*readyList{&q.returns, &q.ready} {
		for i := 0; i < l.len(); i, pos = i+1, pos+1 {
			e := l.at(i)
			if !fn(MessageView{Instance: e.id, Msg: e.msg, ExpiresAt: e.expiresAt, Redelivered: e.delivered, Position: pos}) {
				return
			}
		}
	}
}

// MessagesRange lists up to n ready messages from position from, building
// headers only for those, each marked Blocked when it waits behind an
// earlier message (docs/rabbitmq.md "Head-of-line expiry"). It also
// returns the latest expiry among the messages ahead of them (Never if
// one of those has no TTL, 0 if none are ahead): none of the listed
// messages can expire before that time.
func (b *Broker) MessagesRange(queue string, from, n int) ([]MessageView, Time) {
	q := b.queues[queue]
	if q == nil || n <= 0 {
		return nil, 0
	}
	var out []MessageView
	ahead, pos := Time(0), 0
	latest := Time(0) // the latest expiry ahead of the message being listed
	for _, l := range []*readyList{&q.returns, &q.ready} {
		for i := 0; i < l.len() && len(out) < n; i, pos = i+1, pos+1 {
			e := l.at(i)
			if pos < from {
				ahead = max(ahead, e.expiresAt)
				latest = ahead
				continue
			}
			out = append(out, MessageView{Instance: e.id, Msg: e.msg, Headers: b.renderHeaders(e.msg, e),
				ExpiresAt: e.expiresAt, Redelivered: e.delivered, Position: pos,
				Blocked: e.expiresAt != Never && e.expiresAt < latest})
			latest = max(latest, e.expiresAt)
		}
	}
	return out, ahead
}

// Unacked lists the unacked deliveries of every open channel, channels in
// the order they were opened and tags ascending.
func (b *Broker) Unacked() []DeliveryView {
	var out []DeliveryView
	for _, ch := range b.chOrder {
		for _, d := range ch.unacked {
			out = append(out, DeliveryView{Channel: ch.Name, Consumer: ch.consumerTag(), Tag: d.tag,
				Queue: d.q.Name, Instance: d.e.id, Msg: d.e.msg, At: d.at})
		}
	}
	return out
}

// UnackedCount is how many deliveries consumer holds unacked: Unacked
// counted for one consumer without building the list (the canvas asks
// for every consumer badge on every frame, with thousands in flight).
func (b *Broker) UnackedCount(consumer string) int {
	n := 0
	for _, ch := range b.chOrder {
		if ch.consumerTag() == consumer {
			n += len(ch.unacked)
		}
	}
	return n
}

// ExchangeView describes an exchange.
type ExchangeView struct {
	Name       string
	Type       string
	Durable    bool
	AutoDelete bool
	Internal   bool
	Args       Table
	Policy     string
	Alternate  string
}

// Exchanges lists exchanges in declaration order (predeclared first).
func (b *Broker) Exchanges() []ExchangeView {
	out := make([]ExchangeView, 0, len(b.exOrder))
	for _, x := range b.exOrder {
		v := ExchangeView{Name: x.Name, Type: x.Type, Durable: x.Durable, AutoDelete: x.AutoDelete,
			Internal: x.Internal, Args: x.Args.Clone()}
		if x.policy != nil {
			v.Policy = x.policy.Name
		}
		v.Alternate, _ = x.alternate()
		out = append(out, v)
	}
	return out
}

// Bindings lists bindings in the order they were made.
func (b *Broker) Bindings() []Binding {
	out := make([]Binding, len(b.bindings))
	for i, bd := range b.bindings {
		out[i] = Binding{Source: bd.Source, Destination: bd.Destination, DestinationType: bd.DestinationType,
			RoutingKey: bd.RoutingKey, Args: bd.Args.Clone()}
	}
	return out
}

// QueueArgumentKeys lists the x- arguments a queue type knows under a
// profile, in the broker's order (docs/rabbitmq.md "Declare argument checks"): the edit forms offer these.
func QueueArgumentKeys(p Profile, qt QueueType) []string {
	return append([]string(nil), knownArgs(p, string(qt))...)
}
