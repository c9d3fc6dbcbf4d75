package metrics

import (
	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// deadSeries lists the dead-lettered series the plugin declares at boot,
// per reason: streams never dead-letter, only quorum queues have a
// delivery limit and at-least-once, and at-least-once has no maxlen
// (it needs overflow reject-publish).
func deadSeries(reason string) []deadKey {
	var out []deadKey
	for _, k := range []deadKey{
		{"", classic, strategyAtMostOnce}, {"", classic, strategyDisabled},
		{"", quorum, strategyAtLeastOnce}, {"", quorum, strategyAtMostOnce}, {"", quorum, strategyDisabled},
	} {
		if k.queueType == classic && reason == core.ReasonDeliveryLimit ||
			k.strategy == strategyAtLeastOnce && reason == core.ReasonMaxLen {
			continue
		}
		k.reason = reason
		out = append(out, k)
	}
	return out
}

// families builds every family the run moves, in the plugin's order.
func (c *counts) families(v version, obs *scenarios.Observation) []Family {
	var out []Family
	perProtocol := func(name, help string, amqp091 int64) {
		f := Family{Name: name, Type: "counter", Help: help}
		for _, p := range v.protocols {
			val := int64(0)
			if p == "amqp091" {
				val = amqp091
			}
			f.Samples = append(f.Samples, Sample{Labels: []Label{{"protocol", p}}, Value: val})
		}
		out = append(out, f)
	}
	perQueueType := func(name, help string, by map[string]int64) {
		f := Family{Name: name, Type: "counter", Help: help}
		for _, p := range v.protocols {
			for _, qt := range v.queueTypes {
				val := int64(0)
				if p == "amqp091" {
					val = by[qt]
				}
				f.Samples = append(f.Samples, Sample{Labels: []Label{{"protocol", p}, {"queue_type", qt}}, Value: val})
			}
		}
		out = append(out, f)
	}
	perProtocol("rabbitmq_global_messages_received_total", "Messages publishers sent", c.received)
	perProtocol("rabbitmq_global_messages_routed_total", "Messages routed to at least one queue", c.routed)
	perProtocol("rabbitmq_global_messages_unroutable_dropped_total", "Messages published without mandatory that no queue took: dropped", c.dropped)
	perProtocol("rabbitmq_global_messages_unroutable_returned_total", "Messages published with mandatory that no queue took: returned", c.returned)
	perQueueType("rabbitmq_global_messages_delivered_total", "Deliveries to consumers and basic.get", c.delivered)
	perQueueType("rabbitmq_global_messages_redelivered_total", "Deliveries of messages delivered before", c.redelivered)
	perQueueType("rabbitmq_global_messages_acknowledged_total", "Messages acknowledged by consumers", c.acked)
	for _, reason := range []string{core.ReasonMaxLen, core.ReasonExpired, core.ReasonRejected, core.ReasonDeliveryLimit} {
		f := Family{Name: "rabbitmq_global_messages_dead_lettered_" + reason + "_total", Type: "counter",
			Help: "Messages dead-lettered with reason " + reason + ", by source queue type and dead-letter strategy"}
		for _, k := range deadSeries(reason) {
			f.Samples = append(f.Samples, Sample{Labels: []Label{{"queue_type", k.queueType}, {"dead_letter_strategy", k.strategy}},
				Value: c.dead[k]})
		}
		out = append(out, f)
	}
	out = append(out, Family{Name: "rabbitmq_global_messages_dead_lettered_confirmed_total", Type: "counter",
		Help:    "At-least-once dead letters their target queues confirmed",
		Samples: []Sample{{Labels: []Label{{"queue_type", quorum}, {"dead_letter_strategy", strategyAtLeastOnce}}, Value: c.confirmed}}})
	out = append(out, c.queueGauges(obs)...)
	if v.perQueue {
		out = append(out, c.perObjectCounters(obs)...)
	}
	return out
}

// queueGauges are the per-queue depths at the end of the run.
func (c *counts) queueGauges(obs *scenarios.Observation) []Family {
	ready := Family{Name: "rabbitmq_queue_messages_ready", Type: "gauge", Help: "Messages ready for delivery", PerObject: true}
	unacked := Family{Name: "rabbitmq_queue_messages_unacked", Type: "gauge", Help: "Messages delivered and not yet acknowledged", PerObject: true}
	total := Family{Name: "rabbitmq_queue_messages", Type: "gauge", Help: "Ready plus unacknowledged messages: the queue's depth", PerObject: true}
	for _, name := range sortedNames(obs.Queues) {
		q := obs.Queues[name]
		ls := []Label{{"vhost", core.Vhost}, {"queue", name}}
		ready.Samples = append(ready.Samples, Sample{Labels: ls, Value: int64(len(q.Messages))})
		unacked.Samples = append(unacked.Samples, Sample{Labels: ls, Value: int64(q.Unacked)})
		total.Samples = append(total.Samples, Sample{Labels: ls, Value: int64(len(q.Messages) + q.Unacked)})
	}
	return []Family{ready, unacked, total}
}

// perObjectCounters: the per-queue and per-exchange counters 4.x adds.
func (c *counts) perObjectCounters(obs *scenarios.Observation) []Family {
	redelivered := Family{Name: "rabbitmq_queue_messages_redelivered_total", Type: "counter",
		Help: "Deliveries from the queue of messages delivered before", PerObject: true}
	for _, name := range sortedNames(obs.Queues) {
		if !c.deliveredFrom[name] {
			continue // the broker lists a queue here from its first delivery
		}
		redelivered.Samples = append(redelivered.Samples, Sample{Labels: []Label{{"vhost", core.Vhost}, {"queue", name}},
			Value: c.queueRedelivered[name]})
	}
	dropped := Family{Name: "rabbitmq_exchange_messages_unroutable_dropped_total", Type: "counter",
		Help: "Messages published to the exchange without mandatory that no queue took", PerObject: true}
	returned := Family{Name: "rabbitmq_exchange_messages_unroutable_returned_total", Type: "counter",
		Help: "Messages published to the exchange with mandatory that no queue took", PerObject: true}
	for _, x := range c.exchanges {
		if !c.publishedTo[x] {
			continue // the broker lists an exchange once something was published to it
		}
		ls := []Label{{"vhost", core.Vhost}, {"exchange", x}}
		dropped.Samples = append(dropped.Samples, Sample{Labels: ls, Value: c.exchangeDropped[x]})
		returned.Samples = append(returned.Samples, Sample{Labels: ls, Value: c.exchangeReturned[x]})
	}
	return []Family{redelivered, dropped, returned}
}
