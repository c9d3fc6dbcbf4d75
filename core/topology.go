package core

import "strings"

// ExchangeDecl is exchange.declare.
type ExchangeDecl struct {
	Name       string
	Type       string
	Durable    bool
	AutoDelete bool
	Internal   bool
	Args       Table
}

// QueueDecl is queue.declare. Quorum queues must be durable (docs/rabbitmq.md "Declare argument checks").
type QueueDecl struct {
	Name       string
	Durable    bool
	AutoDelete bool
	Exclusive  bool
	Args       Table
}

// DeclareExchange creates an exchange or checks an existing one is equivalent.
func (b *Broker) DeclareExchange(d ExchangeDecl) error {
	if err := b.declareExchange(d); err != nil {
		return b.fail(err)
	}
	return b.settle()
}

func (b *Broker) declareExchange(d ExchangeDecl) *Error {
	if err := checkShort("exchange name", d.Name); err != nil {
		return err
	}
	if d.Name == "" {
		return accessRefused("operation not permitted on the default exchange")
	}
	if x := b.exchanges[d.Name]; x != nil {
		return exchangeEquivalent(x, d)
	}
	if strings.HasPrefix(d.Name, "amq.") {
		return accessRefused("exchange name '%s' contains reserved prefix 'amq.*'", d.Name)
	}
	switch d.Type {
	case Direct, Fanout, Topic, Headers:
	default:
		if b.profile.unknownExchangeTypeCode() == CodeCommandInvalid {
			return newError(CodeCommandInvalid, "COMMAND_INVALID", "unknown exchange type '%s'", d.Type)
		}
		return preconditionFailed("unknown exchange type '%s'", d.Type)
	}
	if v, ok := d.Args["alternate-exchange"]; ok {
		if _, isStr := v.(string); !isStr {
			return preconditionFailed("invalid type '%s' for arg 'alternate-exchange' in exchange '%s' in vhost '%s'", TypeName(v), d.Name, Vhost)
		}
	}
	if len(b.exchanges) >= MaxExchanges {
		return preconditionFailed("simulator limit: at most %d exchanges", MaxExchanges)
	}
	x := &Exchange{Name: d.Name, Type: d.Type, Durable: d.Durable, AutoDelete: d.AutoDelete, Internal: d.Internal, Args: d.Args.Clone()}
	b.addExchange(x)
	x.policy = b.policyFor(x.Name, "exchanges", "")
	b.emit(Event{Kind: EvTopology, Exchange: x.Name, Detail: "exchange declared"})
	return nil
}

func (b *Broker) addExchange(x *Exchange) {
	b.exchanges[x.Name] = x
	b.topologyChanged()
	b.exOrder = append(b.exOrder, x)
}

func exchangeEquivalent(x *Exchange, d ExchangeDecl) *Error {
	res := "exchange '" + x.Name + "' in vhost '" + Vhost + "'"
	switch {
	case x.Type != d.Type:
		return preconditionFailed("inequivalent arg 'type' for %s: received '%s' but current is '%s'", res, d.Type, x.Type)
	case x.Durable != d.Durable:
		return preconditionFailed("inequivalent arg 'durable' for %s: received '%t' but current is '%t'", res, d.Durable, x.Durable)
	case x.AutoDelete != d.AutoDelete:
		return preconditionFailed("inequivalent arg 'auto_delete' for %s: received '%t' but current is '%t'", res, d.AutoDelete, x.AutoDelete)
	case x.Internal != d.Internal:
		return preconditionFailed("inequivalent arg 'internal' for %s: received '%t' but current is '%t'", res, d.Internal, x.Internal)
	}
	return nil
}

// DeleteExchange removes an exchange and every binding from or to it.
func (b *Broker) DeleteExchange(name string) error {
	if name == "" {
		return b.fail(accessRefused("operation not permitted on the default exchange"))
	}
	if strings.HasPrefix(name, "amq.") {
		return b.fail(accessRefused("deletion of system exchange '%s' in vhost '%s' not allowed", name, Vhost))
	}
	x := b.exchanges[name]
	if x == nil {
		return b.fail(notFound("no exchange '%s' in vhost '%s'", name, Vhost))
	}
	for _, bd := range append([]*Binding(nil), b.bindings...) {
		if bd.Source == name || (bd.DestinationType == "exchange" && bd.Destination == name) {
			b.removeBinding(bd)
		}
	}
	delete(b.exchanges, name)
	b.topologyChanged()
	b.exOrder = removePtr(b.exOrder, x)
	b.emit(Event{Kind: EvTopology, Exchange: name, Detail: "exchange deleted"})
	return b.settle()
}

// DeclareQueue creates a queue (validating its arguments exactly as
// RabbitMQ does) or checks that an existing one is equivalent.
func (b *Broker) DeclareQueue(d QueueDecl) error {
	err := b.declareQueue(d)
	if err != nil {
		return b.fail(err)
	}
	return b.settle()
}

func (b *Broker) declareQueue(d QueueDecl) *Error {
	if err := checkShort("queue name", d.Name); err != nil {
		return err
	}
	if q := b.queues[d.Name]; q != nil {
		if err := queueEquivalent(b.profile, q, d); err != nil {
			return err
		}
		if q.Type == Classic { // a redeclare renews a classic queue's lease (docs/rabbitmq.md "Queue expiry")
			b.renewLease(q)
		}
		return nil
	}
	if err := checkQueueName(d.Name); err != nil {
		return err
	}
	qt, err := queueTypeOf(Vhost, d.Name, d.Args)
	if err != nil {
		return err
	}
	if err := validateNewQueueArgs(b.profile, Vhost, d.Name, qt, d.Args); err != nil {
		return err
	}
	if err := quorumProperties(qt, d); err != nil {
		return err
	}
	if len(b.queues) >= MaxQueues {
		return preconditionFailed("simulator limit: at most %d queues", MaxQueues)
	}
	b.addQueue(d, qt)
	return nil
}

func (b *Broker) addQueue(d QueueDecl, qt QueueType) {
	b.nextQueueSeq++
	q := &Queue{Name: d.Name, Type: qt, Durable: d.Durable, AutoDelete: d.AutoDelete, Exclusive: d.Exclusive,
		Args: d.Args.Clone(), headTimer: Never, leaseTimer: Never, order: b.nextQueueSeq}
	b.queues[q.Name] = q
	b.topologyChanged()
	b.qOrder = append(b.qOrder, q)
	q.policy = b.policyFor(q.Name, "queues", q.Type)
	q.cfg = resolveConfig(b.profile, q)
	b.emit(Event{Kind: EvTopology, Queue: q.Name, Detail: "queue declared"})
	b.renewLease(q)
}

// quorumProperties: quorum queues cannot be exclusive, auto-delete or
// non-durable (docs/rabbitmq.md "Declare argument checks").
func quorumProperties(qt QueueType, d QueueDecl) *Error {
	if qt != Quorum {
		return nil
	}
	prop := ""
	switch {
	case d.Exclusive:
		prop = "exclusive"
	case d.AutoDelete:
		prop = "auto-delete"
	case !d.Durable:
		prop = "non-durable"
	default:
		return nil
	}
	return preconditionFailed("invalid property '%s' for queue '%s' in vhost '%s'", prop, d.Name, Vhost)
}

func queueEquivalent(p Profile, q *Queue, d QueueDecl) *Error {
	res := "queue '" + q.Name + "' in vhost '" + Vhost + "'"
	if q.Exclusive != d.Exclusive { // checked first, with its own code (405)
		return newError(405, "RESOURCE_LOCKED", "cannot obtain exclusive access to locked %s. It could be originally "+
			"declared on another connection or the exclusive property value does not match that of the original declaration.", res)
	}
	switch {
	case q.Durable != d.Durable:
		return preconditionFailed("inequivalent arg 'durable' for %s: received '%t' but current is '%t'", res, d.Durable, q.Durable)
	case q.AutoDelete != d.AutoDelete:
		return preconditionFailed("inequivalent arg 'auto_delete' for %s: received '%t' but current is '%t'", res, d.AutoDelete, q.AutoDelete)
	}
	return checkQueueEquivalenceFor(p, Vhost, q.Name, q.Type, q.Args, d.Args)
}

// DeleteQueue deletes a queue. Its messages, ready or unacked, are
// discarded and never dead-lettered (docs/rabbitmq.md "Never dead-lettered"); each is recorded as dropped.
func (b *Broker) DeleteQueue(name string) error {
	q := b.queues[name]
	if q == nil {
		return b.fail(notFound("no queue '%s' in vhost '%s'", name, Vhost))
	}
	b.removeQueue(q, DropQueueDeleted)
	return b.settle()
}

func (b *Broker) removeQueue(q *Queue, reason string) {
	for _, c := range append([]*Consumer(nil), q.consumers...) {
		b.dropConsumerDeliveries(c, reason)
		b.detachConsumer(c)
	}
	for _, ch := range b.chOrder {
		b.dropDeliveriesFrom(ch, q, reason)
	}
	b.dropAll(q, reason)
	b.discardBacklog(q, reason, "held for at-least-once dead-lettering when the queue went away")
	for _, bd := range append([]*Binding(nil), b.bindings...) {
		if bd.DestinationType == "queue" && bd.Destination == q.Name {
			b.removeBinding(bd)
		}
	}
	delete(b.queues, q.Name)
	b.topologyChanged()
	b.qOrder = removePtr(b.qOrder, q)
	b.emit(Event{Kind: EvTopology, Queue: q.Name, Detail: "queue deleted", Reason: reason})
}

// PurgeQueue discards the ready messages (never dead-lettered) and returns how many.
func (b *Broker) PurgeQueue(name string) (int, error) {
	q := b.queues[name]
	if q == nil {
		return 0, b.fail(notFound("no queue '%s' in vhost '%s'", name, Vhost))
	}
	n := q.readyCount()
	b.dropAll(q, DropPurged)
	if b.profile == Rabbit43 { // 4.3 purge also removes the at-least-once backlog (docs/rabbitmq.md "At-least-once dead-lettering")
		b.discardBacklog(q, DropPurged, "at-least-once dead-letter backlog purged")
	}
	return n, b.settle()
}

func (b *Broker) dropAll(q *Queue, reason string) {
	for _, l := range []*readyList{&q.returns, &q.ready} {
		for _, e := range l.clear() {
			b.dropEntry(q, e, reason, "")
		}
	}
	q.bytes = 0
	q.blocked = false
}
