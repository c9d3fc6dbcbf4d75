package core

// At-least-once dead-lettering of quorum queues (docs/rabbitmq.md "At-least-once dead-lettering"): the dead
// letter stays in the source queue's backlog until every target queue has
// taken it. Effective only with a DLX and overflow reject-publish; with the
// default drop-head it silently falls back to at-most-once.

// held is a dead letter waiting in a backlog, its death already recorded.
type held struct {
	e      *entry
	m      *Message
	reason string
}

// atLeastOnce reports whether q dead-letters at-least-once.
func (q *Queue) atLeastOnce() bool {
	return q.Type == Quorum && q.cfg.strategy == "at-least-once" && q.cfg.hasDLX &&
		q.cfg.overflow == OverflowRejectPublish
}

// holdDeadLetter puts a dead letter in q's backlog and tries to deliver it.
func (b *Broker) holdDeadLetter(q *Queue, e *entry, reason string) {
	h := held{e: e, m: b.withDeath(q, e, reason), reason: reason}
	q.backlog = append(q.backlog, h)
	b.backlogged++
	if !b.tryHeld(q, h) {
		b.emit(Event{Kind: EvDeadLettered, Msg: h.m, Instance: e.id, Queue: q.Name, Exchange: q.cfg.dlx, Reason: reason,
			Detail: "at-least-once: kept in the dead-letter backlog of '" + q.Name + "' until the DLX routes it to queues that accept it"})
	}
}

// tryHeld delivers one held dead letter if its DLX exists and routes it
// (cycles excluded) to queues that all accept it now; it reports success.
func (b *Broker) tryHeld(q *Queue, h held) bool {
	x := b.exchanges[q.cfg.dlx]
	if x == nil {
		return false
	}
	targets := copyQueues(b.route(x, h.m))
	if h.reason != ReasonRejected {
		targets = b.removeCycles(q, h.m, targets)
	}
	if len(targets) == 0 {
		return false
	}
	for _, t := range targets {
		if t.cfg.overflow != OverflowDropHead && b.refuses(t, h.m) {
			return false
		}
	}
	q.backlog = removeHeld(q.backlog, h.e)
	b.backlogged--
	b.noteDeadLettered(q, h.e, x, h.m, h.reason, targets)
	for _, t := range targets {
		b.enqueue(t, h.m)
	}
	b.recycle(h.e)
	return true
}

func removeHeld(hs []held, e *entry) []held {
	for i := range hs {
		if hs[i].e == e {
			return append(hs[:i:i], hs[i+1:]...)
		}
	}
	return hs
}

// retryBacklogs retries every held dead letter, oldest first. It runs after
// topology changes and settles, the moments a retry can newly succeed.
func (b *Broker) retryBacklogs() {
	if b.backlogged == 0 {
		return
	}
	for _, q := range b.qOrder {
		if !q.atLeastOnce() {
			b.discardBacklog(q, DropBacklogDiscarded, "the queue no longer dead-letters at-least-once")
			continue
		}
		for _, h := range append([]held(nil), q.backlog...) {
			b.tryHeld(q, h)
		}
	}
}

// discardBacklog drops a queue's held dead letters (queue deleted, purged
// on 4.3, or strategy switched away from at-least-once).
func (b *Broker) discardBacklog(q *Queue, reason, detail string) {
	for _, h := range q.backlog {
		b.dropEntry(q, h.e, reason, detail)
	}
	b.backlogged -= len(q.backlog)
	q.backlog = nil
}
