package core

// Bind adds a binding (queue.bind or exchange.bind). Binding the same
// (source, destination, key, arguments) twice is a no-op, as in RabbitMQ.
func (b *Broker) Bind(bd Binding) error {
	if err := checkShort("source", bd.Source, "destination", bd.Destination, "binding key", bd.RoutingKey); err != nil {
		return b.fail(err)
	}
	if err := b.checkBinding(bd); err != nil {
		return b.fail(err)
	}
	for _, o := range b.bindings {
		if sameBinding(o, &bd) {
			return nil
		}
	}
	nb := bd
	nb.Args = bd.Args.Clone()
	b.bindings = append(b.bindings, &nb)
	b.exchanges[nb.Source].addBinding(&nb)
	b.emit(Event{Kind: EvTopology, Exchange: nb.Source, Queue: nb.Destination, Detail: "bound with key " + quoteKey(nb.RoutingKey)})
	return b.settle()
}

// Unbind removes a binding; unbinding one that does not exist is a no-op
// once source and destination exist.
func (b *Broker) Unbind(bd Binding) error {
	if err := b.checkEnds(bd); err != nil {
		return b.fail(err)
	}
	for _, o := range b.bindings {
		if sameBinding(o, &bd) {
			b.removeBinding(o)
			b.emit(Event{Kind: EvTopology, Exchange: bd.Source, Queue: bd.Destination, Detail: "unbound key " + quoteKey(bd.RoutingKey)})
			return b.settle()
		}
	}
	return nil
}

func (b *Broker) removeBinding(bd *Binding) {
	b.bindings = removePtr(b.bindings, bd)
	if x := b.exchanges[bd.Source]; x != nil {
		x.removeBinding(bd)
	}
}

// checkEnds: the default exchange takes no bindings (403); both ends must
// exist (404), docs/rabbitmq.md "Routing basics"
func (b *Broker) checkEnds(bd Binding) *Error {
	if bd.Source == "" || (bd.DestinationType == "exchange" && bd.Destination == "") {
		return accessRefused("operation not permitted on the default exchange")
	}
	if b.exchanges[bd.Source] == nil {
		return notFound("no exchange '%s' in vhost '%s'", bd.Source, Vhost)
	}
	switch bd.DestinationType {
	case "queue":
		if b.queues[bd.Destination] == nil {
			return notFound("no queue '%s' in vhost '%s'", bd.Destination, Vhost)
		}
	case "exchange":
		if b.exchanges[bd.Destination] == nil {
			return notFound("no exchange '%s' in vhost '%s'", bd.Destination, Vhost)
		}
	default:
		return preconditionFailed("destination_type must be queue or exchange, got '%s'", bd.DestinationType)
	}
	return nil
}

func (b *Broker) checkBinding(bd Binding) *Error {
	if err := b.checkEnds(bd); err != nil {
		return err
	}
	switch b.exchanges[bd.Source].Type {
	case Topic:
		return validateTopicBinding(b.profile, bd.RoutingKey)
	case Headers:
		return validateHeadersBinding(bd.Args)
	}
	return nil
}

func quoteKey(k string) string { return "'" + k + "'" }
