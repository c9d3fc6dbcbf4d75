package core

// EachReadyHeaders calls fn for each ready message of a queue from the
// head, as Messages lists them (Blocked unset), but renders a message's
// Headers only when they may differ from the previous message's: same
// reports that they are exactly the previous message's, and Headers is
// then nil. The messages of a queue usually share their history (a DLQ
// filled by one expiring queue: the same x-death table, message after
// message), so a caller that writes each message's headers out (`dlxlab
// run --json`) renders and writes them once per run of equal ones instead
// of once per message. It stops when fn returns false.
func (b *Broker) EachReadyHeaders(queue string, fn func(mv MessageView, same bool) bool) {
	q := b.queues[queue]
	if q == nil {
		return
	}
	pos := 0
	var prev *entry
	for _, l := range []*readyList{&q.returns, &q.ready} {
		for i := 0; i < l.len(); i, pos = i+1, pos+1 {
			e := l.at(i)
			mv := MessageView{Instance: e.id, Msg: e.msg, ExpiresAt: e.expiresAt, Redelivered: e.delivered, Position: pos}
			same := sameRenderedHeaders(prev, e)
			if !same {
				mv.Headers = b.renderHeaders(e.msg, e)
			}
			if !fn(mv, same) {
				return
			}
			prev = e
		}
	}
}

// sameRenderedHeaders reports that renderHeaders gives the same table for
// both entries. It answers true only where that is cheap to be sure of:
// no client headers, and death histories (and quorum counters) equal in
// every field that is rendered. false is always safe.
func sameRenderedHeaders(prev, e *entry) bool {
	if prev == nil {
		return false
	}
	a, c := prev.msg, e.msg
	if len(a.Headers) != 0 || len(c.Headers) != 0 {
		return false
	}
	if prev.quorum != e.quorum || e.quorum && (shownAcquired(prev) != shownAcquired(e) || prev.failed != e.failed) {
		return false
	}
	if a == c || a.death == nil && c.death == nil {
		return true
	}
	if a.death == nil || c.death == nil {
		return false
	}
	return sameDeathState(a.death, c.death)
}

// sameDeathState compares what the x-death, x-first-death-* and
// x-last-death-* headers are made of.
func sameDeathState(x, y *deathState) bool {
	if len(x.deaths) != len(y.deaths) || x.first() != y.first() || x.last().Exchange != y.last().Exchange {
		return false
	}
	for i := range x.deaths {
		if !sameDeath(&x.deaths[i], &y.deaths[i]) {
			return false
		}
	}
	return true
}

// sameDeath compares the fields deathArray renders of two entries that a
// client did not write.
func sameDeath(d, e *Death) bool {
	if d.client != nil || e.client != nil || len(d.Keys) != len(e.Keys) {
		return false
	}
	for i := range d.Keys {
		if d.Keys[i] != e.Keys[i] {
			return false
		}
	}
	return d.Queue == e.Queue && d.Reason == e.Reason && d.Count == e.Count && d.Time/1000 == e.Time/1000 &&
		d.Exchange == e.Exchange && d.OrigExpiration == e.OrigExpiration
}
