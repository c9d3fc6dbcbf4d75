package core

// newEntry makes the copy of m that q will hold; its expiry is fixed now:
// min(queue TTL, message TTL) from enqueue time (docs/rabbitmq.md "Message TTL").
func (b *Broker) newEntry(q *Queue, m *Message) *entry {
	b.nextInstance++
	b.stats.Enqueued++
	b.hold(m)
	e := b.allocEntry()
	*e = entry{id: b.nextInstance, msg: m, expiresAt: Never, failed: m.carried, quorum: q.Type == Quorum}
	e.delivered = b.profile.showsCarriedAsRedelivered(q.Type) && m.carried > 0
	ttl := m.ttl
	if q.cfg.messageTTL >= 0 && (ttl < 0 || q.cfg.messageTTL < ttl) {
		ttl = q.cfg.messageTTL
	}
	if ttl >= 0 {
		if ttl == 0 && q.Type == Quorum {
			ttl = 1 // quorum queues implement TTL 0 as 1 ms (docs/rabbitmq.md "Message TTL")
		}
		e.expiresAt = b.clock.Now + Time(ttl)
	}
	if q.cfg.maxPriority > 0 && m.props != nil && m.props.HasPriority {
		e.priority = uint8(min(int64(m.props.Priority), q.cfg.maxPriority))
	}
	return e
}

// enqueue gives q a copy of m and reports whether q accepted it (false:
// an overflow reject-publish refused it, and the publisher would get a nack).
func (b *Broker) enqueue(q *Queue, m *Message) bool {
	if q.cfg.overflow != OverflowDropHead && b.refuses(q, m) {
		e := b.newEntry(q, m)
		b.emit(Event{Kind: EvPublishRejected, Msg: m, Instance: e.id, Queue: q.Name, Reason: q.cfg.overflow})
		if q.cfg.overflow == OverflowRejectPublishDLX {
			b.deadLetter(q, e, ReasonMaxLen) // classic only (docs/rabbitmq.md "Length limits and overflow")
		} else {
			b.dropEntry(q, e, DropOverflow, "x-overflow "+q.cfg.overflow+" ("+q.cfg.overflowFrom+")")
		}
		return false
	}
	e := b.newEntry(q, m)
	// A consumer that can take the message now gets it before any limit or
	// TTL applies: TTL 0 and x-max-length 0 still reach an idle consumer (docs/rabbitmq.md "Message TTL", "Length limits and overflow").
	if q.readyCount() == 0 {
		if c := q.nextConsumer(); c != nil {
			b.noteEnqueued(q, e)
			if q.Type == Classic {
				e.delivered = false // handed straight to a waiting consumer: a first delivery
			}
			b.deliver(c, q, e)
			return true
		}
	}
	q.push(e)
	b.noteEnqueued(q, e) // told once it is in the queue: an observer sees it there
	b.enforceLimit(q)
	b.dropExpired(q)
	b.armHeadTimer(q)
	return true
}

func (b *Broker) noteEnqueued(q *Queue, e *entry) {
	if b.observing() {
		b.emit(Event{Kind: EvEnqueued, Msg: e.msg, Instance: e.id, Queue: q.Name})
	} else {
		b.spend()
	}
}

// refuses applies reject-publish: a classic queue refuses when ready+1
// would exceed the limit; a quorum queue refuses only once it is already
// over it, until it drains to 80 % (docs/rabbitmq.md "Length limits and overflow").
func (b *Broker) refuses(q *Queue, m *Message) bool {
	if q.Type == Classic {
		return q.wouldOverflow(m.size())
	}
	if q.blocked && !q.aboveLowWater() {
		q.blocked = false
	}
	return q.blocked
}

// aboveLowWater: a blocked quorum queue stays blocked while its ready count
// is above 80 % of the limit (LOW_LIMIT 0.8).
func (q *Queue) aboveLowWater() bool {
	return (q.cfg.maxLength >= 0 && float64(q.readyCount()) > 0.8*float64(q.cfg.maxLength)) ||
		(q.cfg.maxBytes >= 0 && float64(q.bytes) > 0.8*float64(q.cfg.maxBytes))
}

func (q *Queue) push(e *entry) {
	if q.cfg.maxPriority > 0 {
		q.ready.insertByPriority(e)
	} else {
		q.ready.pushBack(e)
	}
	q.bytes += e.msg.size()
}

// take removes the head (quorum returns first) from the ready lists.
func (q *Queue) take() *entry {
	_, l := q.head()
	e := l.pop()
	q.bytes -= e.msg.size()
	return e
}

// enforceLimit applies x-max-length(-bytes) after an enqueue or a policy
// change: drop-head dead-letters the oldest ready messages with maxlen; a
// quorum reject-publish queue starts refusing instead (docs/rabbitmq.md "Length limits and overflow").
func (b *Broker) enforceLimit(q *Queue) {
	if !q.overLimit() {
		return
	}
	if q.cfg.overflow != OverflowDropHead {
		if q.Type == Quorum {
			q.blocked = true
		}
		return // classic reject-publish never lets the queue go over
	}
	if q.Type == Quorum && !b.profile.countsOnlyFailedReturns() {
		// Before 4.3 a quorum queue dead-lettered the messages one publish
		// pushed out newest first (measured on 3.10.8 and 4.0.5: m1, m2 and
		// a large message over x-max-length-bytes reach the DLQ as large,
		// m2, m1); 4.3 keeps queue order.
		var out []*entry
		for q.overLimit() && q.readyCount() > 0 {
			out = append(out, q.take())
		}
		for i := len(out) - 1; i >= 0; i-- {
			b.deadLetter(q, out[i], ReasonMaxLen)
		}
		return
	}
	for q.overLimit() && q.readyCount() > 0 {
		e := q.take()
		b.deadLetter(q, e, ReasonMaxLen)
	}
}

// dropExpired expires messages at the head only: an expired message behind
// a live one waits (head-of-line blocking, docs/rabbitmq.md "Message TTL"). Quorum queues check
// the head of the returns list and of the main list.
func (b *Broker) dropExpired(q *Queue) {
	if q.returns.len() > 0 {
		b.dropExpiredFrom(q, &q.returns)
	}
	b.dropExpiredFrom(q, &q.ready)
}

func (b *Broker) dropExpiredFrom(q *Queue, l *readyList) {
	for {
		e := l.peek()
		if e == nil || e.expiresAt > b.clock.Now || b.spent != nil {
			return
		}
		l.pop()
		q.bytes -= e.msg.size()
		if b.observing() {
			b.emit(Event{Kind: EvExpired, Msg: e.msg, Instance: e.id, Queue: q.Name})
		} else {
			b.spend()
		}
		b.deadLetter(q, e, ReasonExpired)
	}
}

// armHeadTimer makes sure a timer fires when the earliest head expires.
func (b *Broker) armHeadTimer(q *Queue) {
	at := Never
	if e := q.returns.peek(); e != nil {
		at = e.expiresAt
	}
	if e := q.ready.peek(); e != nil && e.expiresAt < at {
		at = e.expiresAt
	}
	if at == Never || at == q.headTimer {
		return
	}
	if q.headTimer != Never && q.headTimer < at && q.headTimer > b.clock.Now {
		return // an earlier timer will re-arm when it fires
	}
	q.headTimer = at
	b.schedule(timer{at: at, kind: timerExpireHead, q: q})
}

// dropEntry records that a copy is gone, and why.
func (b *Broker) dropEntry(q *Queue, e *entry, reason, detail string) {
	b.dropDead(q, e, reason, "", detail)
}

// dropDead records a drop that ends a dead-lettering (death = its reason).
func (b *Broker) dropDead(q *Queue, e *entry, reason, death, detail string) {
	b.stats.Dropped++
	b.emit(Event{Kind: EvDropped, Msg: e.msg, Instance: e.id, Queue: q.Name, Reason: reason, Death: death, Detail: detail})
	b.recycle(e)
}

// maxFreeEntries bounds the free list of entries kept for reuse.
const maxFreeEntries = 4096

// entryChunk is how many entries one allocation makes when no free one is
// left: a queue that fills (a DLQ) costs one allocation per 16 messages
// instead of one per message. A chunk stays allocated while any of its
// entries is in use: at worst, when every other entry of its chunk is gone
// and not kept for reuse, a held copy costs 16 × 40 bytes instead of 48.
const entryChunk = 16

// allocEntry reuses the entry of a copy that has left the broker, or
// takes the next one of a chunk: one allocation less per message, which
// matters most under wasm, where the garbage collector is most of the cost.
func (b *Broker) allocEntry() *entry {
	if n := len(b.freeEntries); n > 0 {
		e := b.freeEntries[n-1]
		b.freeEntries = b.freeEntries[:n-1]
		return e
	}
	if len(b.entryChunk) == 0 {
		b.entryChunk = make([]entry, entryChunk)
	}
	e := &b.entryChunk[0]
	b.entryChunk = b.entryChunk[1:]
	return e
}

// recycle takes back the entry of a copy that is gone for good (acked,
// dropped, or dead-lettered onward); nothing may use e afterwards.
func (b *Broker) recycle(e *entry) {
	if e.msg != nil {
		b.releaseBytes(e.msg)
	}
	*e = entry{}
	if len(b.freeEntries) < maxFreeEntries {
		b.freeEntries = append(b.freeEntries, e)
	}
}
