package core

// returnEntry puts a returned (requeued) message back. Quorum queues count
// the return and dead-letter with delivery_limit once the counter passes the
// limit (docs/rabbitmq.md "Delivery limit"): 4.3 counts failed deliveries (basic.reject requeue, a
// closed channel), 4.0–4.2 and 3.x count every return. Position: classic
// queues put it back where it was; quorum queues with a limit serve returns
// first in return order; without a limit it goes to the back.
func (b *Broker) returnEntry(q *Queue, e *entry, failed bool, consumer string) {
	if b.queues[q.Name] != q {
		b.dropEntry(q, e, DropQueueDeleted, "returned to a queue that no longer exists")
		return
	}
	if q.Type == Quorum && b.overDeliveryLimit(q, e, failed) {
		b.deadLetter(q, e, ReasonDeliveryLimit)
		return
	}
	if q.Type == Classic && failed && b.profile.countsOnlyFailedReturns() {
		e.failed++ // 4.3 classic queues count failed deliveries too (carried on dead-lettering)
	}
	switch {
	case q.Type == Classic:
		q.ready.insertBySeq(e)
	case q.cfg.deliveryLimit >= 0:
		q.returns.pushBack(e)
	default:
		q.ready.pushBack(e)
	}
	q.bytes += e.msg.size()
	if b.observing() { // told once it is back: an observer sees it there
		why := "nack requeue=true"
		if failed {
			why = "reject requeue=true or channel closed"
		}
		b.emit(Event{Kind: EvRequeued, Msg: e.msg, Instance: e.id, Queue: q.Name, Consumer: consumer, Reason: why})
	} else {
		b.spend()
	}
	// A requeued message keeps its expiry; if that has passed it expires now
	// (when it is at the head, docs/rabbitmq.md "Message TTL").
	b.dropExpired(q)
}

func (b *Broker) overDeliveryLimit(q *Queue, e *entry, failed bool) bool {
	e.acquired++
	if failed && b.profile.countsOnlyFailedReturns() {
		e.failed++
	}
	limit := q.cfg.deliveryLimit
	if limit < 0 {
		return false
	}
	if b.profile.countsOnlyFailedReturns() {
		return int64(e.failed) > limit
	}
	return int64(e.acquired) > limit
}

// dropConsumerDeliveries discards a consumer's unacked messages when its
// queue is deleted.
func (b *Broker) dropConsumerDeliveries(c *Consumer, reason string) {
	b.dropDeliveriesFrom(c.ch, c.q, reason)
}

func (b *Broker) dropDeliveriesFrom(ch *Channel, q *Queue, reason string) {
	kept := ch.unacked[:0]
	for _, d := range ch.unacked {
		if d.q != q {
			kept = append(kept, d)
			continue
		}
		b.release(d)
		b.dropEntry(q, d.e, reason, "unacked when the queue went away")
	}
	clear(ch.unacked[len(kept):])
	ch.unacked = kept
}

// renewLease restarts a queue's x-expires countdown (docs/rabbitmq.md "Queue expiry").
func (b *Broker) renewLease(q *Queue) {
	q.lease = b.clock.Now
	b.renewLeaseTimer(q)
}

func (b *Broker) renewLeaseTimer(q *Queue) {
	if q.cfg.expires <= 0 || len(q.consumers) > 0 {
		q.leaseTimer = Never
		return
	}
	at := q.lease + Time(q.cfg.expires)
	if at == q.leaseTimer {
		return
	}
	q.leaseTimer = at
	b.schedule(timer{at: max(at, b.clock.Now), kind: timerQueueLease, q: q})
	q.leaseTimer = max(at, b.clock.Now)
}

// checkLease deletes an unused queue whose lease ran out; its messages are
// discarded, not dead-lettered (docs/rabbitmq.md "Queue expiry").
func (b *Broker) checkLease(q *Queue) {
	if len(q.consumers) > 0 || q.cfg.expires <= 0 {
		return
	}
	if b.clock.Now < q.lease+Time(q.cfg.expires) {
		b.renewLeaseTimer(q)
		return
	}
	b.removeQueue(q, DropQueueExpired)
}
