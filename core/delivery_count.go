package core

// Delivery counts across dead-lettering (docs/rabbitmq.md "Delivery
// counts across dead-lettering"). A 4.x broker keeps a message's
// failed-delivery count as an annotation of the message itself, so the
// dead-lettered copy takes it along:
//
//   - 4.3 counts basic.reject (requeue or not) and a closed channel as
//     failed deliveries, in classic and quorum queues; basic.nack does not
//     count. A classic queue marks a message that arrives with a count as
//     redelivered, unless it goes straight to a waiting consumer; a quorum
//     queue starts its x-delivery-count from it (measured on 4.3.6;
//     rabbit_variable_queue:maybe_inc_delivery_count, rabbit_fifo).
//   - 4.0–4.2 quorum queues count a discard (basic.reject or basic.nack
//     without requeue) into the carried count, not their returns (those
//     only raise the queue's own x-delivery-count); classic queues neither
//     count nor read the annotation (measured on 4.0.5; rabbit_fifo
//     incr_msg on the discard path, v4.0.5).
//   - 3.x carries nothing (measured on 3.10.8).

// carriedCount is the count the dead-lettered copy of e takes along.
func (b *Broker) carriedCount(q *Queue, e *entry) int32 {
	switch {
	case !b.profile.is4():
		return 0
	case b.profile.countsOnlyFailedReturns() || q.Type == Quorum:
		return e.failed
	}
	return e.msg.carried // a 4.0–4.2 classic queue passes the annotation on unchanged
}

// countDiscard counts a reject or nack without requeue before the copy is
// dead-lettered: 4.3 counts basic.reject (not basic.nack) in any queue,
// 4.0–4.2 quorum queues count both.
func (b *Broker) countDiscard(q *Queue, e *entry, isReject bool) {
	switch {
	case b.profile.countsOnlyFailedReturns():
		if isReject {
			e.failed++
		}
	case b.profile.is4() && q.Type == Quorum:
		e.failed++
	}
}

// showsCarriedAsRedelivered: a queue of type qt delivers a message that
// arrived with a carried count with redelivered=true (a quorum queue
// derives the flag from its counters; a 4.3 classic queue from the count).
func (p Profile) showsCarriedAsRedelivered(qt QueueType) bool {
	if qt == Quorum {
		return p.is4()
	}
	return p.countsOnlyFailedReturns()
}

// shownAcquired is the quorum acquired count a delivery shows: the
// queue's own returns once there is one, before that the carried count
// (rabbit_fifo_client:add_delivery_count_header falls back to it).
func shownAcquired(e *entry) int32 {
	if e.acquired > 0 {
		return e.acquired
	}
	return e.failed
}
