package core

import (
	"strconv"
	"strings"
)

// deadLetter republishes a copy that left q for reason to q's DLX
// (docs/rabbitmq.md "Where a dead letter is republished"): DLX looked up now, routing keys = [DL routing key] or the
// message's current keys, no mandatory, the DLX's alternate exchange
// honoured, cycles removed (docs/rabbitmq.md "Cycle detection"). A copy that reaches no queue is
// dropped with the cause recorded: RabbitMQ drops it silently.
func (b *Broker) deadLetter(q *Queue, e *entry, reason string) {
	if q.atLeastOnce() {
		b.holdDeadLetter(q, e, reason)
		return
	}
	if !q.cfg.hasDLX {
		b.dropDead(q, e, DropNoDLX, reason, reason+"; queue '"+q.Name+"' has no dead-letter exchange")
		return
	}
	x := b.exchangeVia(&q.dlxRef, q.cfg.dlx)
	if x == nil {
		b.dropDead(q, e, DropDLXMissing, reason, reason+"; dead-letter exchange '"+q.cfg.dlx+"' ("+q.cfg.dlxFrom+") does not exist")
		return
	}
	m := b.withDeath(q, e, reason)
	targets := b.route(x, m)
	if len(targets) == 0 {
		b.dropDead(q, e, DropDLXUnroutable, reason, reason+"; dead-letter exchange '"+x.Name+"' routed it to no queue")
		return
	}
	if len(targets) == 1 && (reason == ReasonRejected || !inDeathCycle(m.Deaths(), targets[0].Name)) {
		b.deadLetterTo(q, e, x, m, reason, targets[0])
		return
	}
	targets = copyQueues(targets)
	if reason != ReasonRejected {
		targets = b.removeCycles(q, m, targets)
		if len(targets) == 0 {
			b.dropDead(q, e, DropCycle, reason, reason+"; every target is a dead-letter cycle without reason 'rejected'")
			return
		}
	}
	if len(targets) == 1 {
		b.deadLetterTo(q, e, x, m, reason, targets[0])
		return
	}
	b.noteDeadLettered(q, e, x, m, reason, targets)
	for _, t := range targets {
		b.enqueue(t, m)
	}
	b.recycle(e)
}

// deadLetterTo is the one-target path, which allocates no target list.
func (b *Broker) deadLetterTo(q *Queue, e *entry, x *Exchange, m *Message, reason string, t *Queue) {
	if b.observing() {
		b.noteDeadLettered(q, e, x, m, reason, []*Queue{t})
	} else {
		b.stats.DeadLettered++
		b.spend()
	}
	b.enqueue(t, m)
	b.recycle(e)
}

func (b *Broker) noteDeadLettered(q *Queue, e *entry, x *Exchange, m *Message, reason string, targets []*Queue) {
	b.stats.DeadLettered++
	b.emit(Event{Kind: EvDeadLettered, Msg: m, Instance: e.id, Queue: q.Name, Exchange: x.Name,
		Reason: reason, Detail: q.cfg.dlxFrom, Targets: targetNames(targets)})
}

// withDeath makes the dead-lettered message: the death recorded, the
// expiration removed and kept as original-expiration, exchange and keys
// set for the republish, CC removed on 3.12 when a DL routing key is set
// (docs/rabbitmq.md "The dead-lettered message").
func (b *Broker) withDeath(q *Queue, e *entry, reason string) *Message {
	old := e.msg
	blk := &deadBlock{m: *old}
	blk.m.carried = b.carriedCount(q, e)
	m, ds := &blk.m, &blk.ds
	first := deathRef{Queue: q.Name, Reason: reason, Exchange: old.Exchange}
	keys := b.sharedKeys(old.nonBCCKeys())
	deaths := recordDeath(b.profile, old, keys, q.Name, reason, b.clock.Now, b.origExpiration(old), blk.one[:0])
	var prev *deathMore
	if old.death == nil && !b.profile.is4() {
		if _, has := old.Headers[HeaderXDeath]; has {
			// 3.x set x-first-death-* only when the message had no x-death
			// header at all; one it could not read (not an array) is
			// replaced by the new entry, and no first-death headers are
			// added (v3.10.8 rabbit_dead_letter:update_x_death_header/2;
			// measured on 3.10.8).
			first = deathRef{}
		}
	}
	if old.death != nil {
		// Keep the first death; a 3.12 history read back from a client's
		// x-death has none, and 3.12 then sets no x-first-death-* (it set
		// them only when the message had no x-death yet, docs/rabbitmq.md "First and last death headers", "Client-published x-death").
		first, prev = old.death.first(), old.death.more
	}
	*ds = newDeathState(deaths, first, old.Exchange, prev)
	m.death = ds
	if old.props != nil && old.props.Expiration != "" {
		p := *old.props
		p.Expiration = ""
		m.props = propsPtr(&p)
	}
	m.ttl = -1
	m.Exchange = q.cfg.dlx
	if old.NBCC == 0 {
		m.Keys = keys // the same keys, shared rather than kept in the old message
	}
	if q.cfg.hasDLRK {
		m.Keys, m.NBCC = q.dlrkKeys(), 0
		if !b.profile.keepsCCWithDLRoutingKey() {
			if _, has := m.Headers["CC"]; has {
				m.Headers = m.Headers.Clone()
				delete(m.Headers, "CC")
			}
		}
	}
	return m
}

// origExpiration renders the message's expiration for x-death: 4.x writes
// the parsed number ("007" → "7"), 3.12 copied the raw text (docs/rabbitmq.md "x-death entries").
func (b *Broker) origExpiration(m *Message) string {
	exp := m.expiration()
	if exp == "" {
		return ""
	}
	if b.profile.is4() && m.ttl >= 0 {
		return strconv.FormatInt(m.ttl, 10)
	}
	return exp
}

// maxSharedKeys bounds the one-key lists sharedKeys keeps (a run whose
// every message has its own key would otherwise grow the table for ever).
const maxSharedKeys = 1024

// sharedKeys returns keys, or for a one-key list an equal list shared by
// every dead letter with that key. A dead letter would otherwise keep its
// predecessor message alive only for the array its keys sit in (each
// published message holds its key in its own allocation): about a third
// of the memory of a queue of dead letters.
func (b *Broker) sharedKeys(keys []string) []string {
	if len(keys) != 1 {
		return keys
	}
	if l := b.lastKeys; len(l) == 1 && l[0] == keys[0] {
		return l
	}
	if l, ok := b.keyLists[keys[0]]; ok {
		b.lastKeys = l
		return l
	}
	l := []string{keys[0]}
	if len(b.keyLists) < maxSharedKeys {
		if b.keyLists == nil {
			b.keyLists = map[string][]string{}
		}
		b.keyLists[keys[0]] = l
	}
	return l[:1:1]
}

// recordDeath returns a new death list: an existing (queue, reason) entry
// has its count raised and moves to the front keeping its first values; a
// new one goes to the front with count 1 (docs/rabbitmq.md "x-death order and compression"). buf is used when it
// has room. keys are the routing keys a new entry records.
//
// 3.x kept x-death as a header and regrouped it by (queue, reason) before
// every update with a fold that prepends, which reverses an array of two or
// more entries (rabbit_dead_letter:group_by_queue_and_reason, 3.12): after
// deaths q1 rejected, q2 expired, q3 expired a 3.10 broker delivers
// [q3, q1, q2] where 4.x delivers [q3, q2, q1]. Found by `dlxlab conform`.
func recordDeath(p Profile, m *Message, keys []string, queue, reason string, now Time, origExp string, buf []Death) []Death {
	old := m.Deaths()
	if !p.is4() && len(old) >= 2 {
		old = reversed(old)
	}
	out := buf
	if cap(out) < len(old)+1 {
		out = make([]Death, 0, len(old)+1)
	}
	for i, d := range old {
		if d.Queue == queue && d.Reason == reason {
			d.Count++
			d.clientNoCount = false
			out = append(out, d)
			out = append(out, old[:i]...)
			return append(out, old[i+1:]...)
		}
	}
	out = append(out, Death{Queue: queue, Reason: reason, Count: 1, Time: now,
		Exchange: m.Exchange, Keys: keys, OrigExpiration: origExp})
	return append(out, old...)
}

// removeCycles drops the targets that would make a dead-letter cycle
// (docs/rabbitmq.md "Cycle detection"): walking the history from the most recent death to the most
// recent death in the target queue, a cycle is one with no 'rejected'.
// Each distinct cycle is reported once, like the broker's log line.
func (b *Broker) removeCycles(q *Queue, m *Message, targets []*Queue) []*Queue {
	kept := targets[:0]
	for _, t := range targets {
		path, cycle := deathCycle(m.Deaths(), t.Name)
		if !cycle {
			kept = append(kept, t)
			continue
		}
		if !b.profile.is4() {
			path = deathQueues(m.Deaths())
		}
		key := t.Name + "|" + strings.Join(path, ",")
		if !b.loggedCycles[key] {
			b.loggedCycles[key] = true
			b.emit(Event{Kind: EvCycle, Msg: m, Queue: q.Name, Targets: []string{t.Name}, Detail: b.cycleLogLine(t.Name, path)})
		}
	}
	return kept
}

// cycleLogLine is the broker's warning for a cycle. 4.x lists the target
// and the queues walked to its last death; 3.x listed the target and every
// queue of the x-death header, and worded it differently (v3.10.8
// rabbit_dead_letter:detect_cycles/3 and log_cycle_once/1; measured on
// 3.10.8).
func (b *Broker) cycleLogLine(target string, path []string) string {
	list := "[" + strings.Join(append([]string{target}, path...), ", ") + "]"
	if !b.profile.is4() {
		return "Message dropped. Dead-letter queues cycle detected: " + list + " This cycle will NOT be reported again."
	}
	return "Message dropped because the following list of queues (ordered by death recency) " +
		"contains a dead letter cycle without reason 'rejected'. This list will not be logged again: " + list
}

func deathQueues(deaths []Death) []string {
	out := make([]string, len(deaths))
	for i, d := range deaths {
		out[i] = d.Queue
	}
	return out
}

// inDeathCycle is deathCycle's answer without the path: the test every
// dead letter with one target makes, allocating nothing.
func inDeathCycle(deaths []Death, target string) bool {
	for i := range deaths {
		d := &deaths[i]
		if d.Reason == ReasonRejected {
			return false
		}
		if d.Queue == target {
			return true
		}
	}
	return false
}

// deathCycle walks deaths (most recent first) to the first entry for
// target. It returns the queue names walked and whether that walk is a
// cycle (found, and no entry on it has reason rejected).
func deathCycle(deaths []Death, target string) ([]string, bool) {
	var path []string
	for _, d := range deaths {
		if d.Reason == ReasonRejected {
			return nil, false
		}
		path = append(path, d.Queue)
		if d.Queue == target {
			return path, true
		}
	}
	return nil, false
}

func reversed(ds []Death) []Death {
	out := make([]Death, len(ds))
	for i, d := range ds {
		out[len(ds)-1-i] = d
	}
	return out
}
