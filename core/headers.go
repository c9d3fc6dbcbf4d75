package core

// Headers the broker renders from its death annotations (docs/rabbitmq.md "x-death entries", "First and last death headers").
const (
	HeaderXDeath             = "x-death"
	HeaderFirstDeathQueue    = "x-first-death-queue"
	HeaderFirstDeathReason   = "x-first-death-reason"
	HeaderFirstDeathExchange = "x-first-death-exchange"
	HeaderLastDeathQueue     = "x-last-death-queue"
	HeaderLastDeathReason    = "x-last-death-reason"
	HeaderLastDeathExchange  = "x-last-death-exchange"
	HeaderDeliveryCount      = "x-delivery-count"
	HeaderAcquiredCount      = "x-acquired-count"
)

// MessageHeaders is what a consumer of m would see, leaving out the
// per-delivery counters of quorum queues.
func (b *Broker) MessageHeaders(m *Message) Table { return b.renderHeaders(m, nil) }

// renderHeaders builds the delivered header table: client headers, then the
// broker's death headers, which win over client-sent ones (docs/rabbitmq.md "Client-published x-death"), then
// quorum delivery counters (docs/rabbitmq.md "Delivery limit").
func (b *Broker) renderHeaders(m *Message, e *entry) Table {
	h := make(Table, len(m.Headers)+8)
	for k, v := range m.Headers {
		h[k] = v
	}
	if m.death != nil {
		h[HeaderXDeath] = deathArray(m.death.deaths)
	}
	b.putDeathRefs(h, m)
	if e != nil && e.quorum {
		b.putDeliveryCounts(h, e)
	}
	if len(h) == 0 {
		return nil
	}
	return h
}

func (b *Broker) putDeathRefs(h Table, m *Message) {
	d := m.death
	if d == nil {
		return
	}
	first := d.first()
	if first.Queue == "" && first.Reason == "" {
		return // 3.12 client-sent deaths carry no first-death record
	}
	h[HeaderFirstDeathQueue] = first.Queue
	h[HeaderFirstDeathReason] = first.Reason
	h[HeaderFirstDeathExchange] = first.Exchange
	if b.profile.hasLastDeathHeaders() {
		last := d.last()
		h[HeaderLastDeathQueue] = last.Queue
		h[HeaderLastDeathReason] = last.Reason
		h[HeaderLastDeathExchange] = last.Exchange
	}
}

// deliveryHeaders are the headers of one delivery from q. A 3.x quorum
// queue's basic.get always carried x-delivery-count, 0 for a message never
// returned (rabbit_fifo_client:dequeue; seen on a 3.10 broker), where a
// consumer delivery adds it only after a return.
func (b *Broker) deliveryHeaders(q *Queue, e *entry, get bool) Table {
	h := b.renderHeaders(e.msg, e)
	if get && q.Type == Quorum && !b.profile.is4() && e.acquired == 0 {
		if h == nil {
			h = Table{}
		}
		h[HeaderDeliveryCount] = int64(0)
	}
	return h
}

// putDeliveryCounts: 4.3 shows x-acquired-count (all returns) and
// x-delivery-count (failed deliveries); 4.0–4.2 and 3.x show x-delivery-count
// counting every return (docs/rabbitmq.md "Delivery limit"). Classic queues show neither.
func (b *Broker) putDeliveryCounts(h Table, e *entry) {
	if b.profile.countsOnlyFailedReturns() {
		if n := shownAcquired(e); n > 0 {
			h[HeaderAcquiredCount] = int64(n)
		}
		if e.failed > 0 {
			h[HeaderDeliveryCount] = int64(e.failed)
		}
		return
	}
	if n := shownAcquired(e); n > 0 {
		h[HeaderDeliveryCount] = int64(n)
	}
}

// deathArray renders x-death: an array of tables, most recent first, with
// exactly the broker's keys and AMQP types (docs/rabbitmq.md "x-death entries").
func deathArray(deaths []Death) []any {
	arr := make([]any, len(deaths))
	for i, d := range deaths {
		if d.client != nil {
			t := d.client.Clone()
			if !d.clientNoCount {
				t["count"] = d.Count
			}
			arr[i] = t
			continue
		}
		keys := make([]any, len(d.Keys))
		for j, k := range d.Keys {
			keys[j] = k
		}
		t := Table{
			"count":        d.Count,
			"reason":       d.Reason,
			"queue":        d.Queue,
			"time":         Timestamp(d.Time / 1000),
			"exchange":     d.Exchange,
			"routing-keys": keys,
		}
		if d.OrigExpiration != "" {
			t["original-expiration"] = d.OrigExpiration
		}
		arr[i] = t
	}
	return arr
}

// routingHeaders are the headers a headers exchange matches on: the client
// headers plus the x-first/x-last-death annotations; a fresh x-death is not
// among them in 4.x (docs/rabbitmq.md "First and last death headers").
func (b *Broker) routingHeaders(m *Message) Table {
	if m.death == nil {
		if m.Headers == nil {
			return Table{}
		}
		return m.Headers
	}
	h := make(Table, len(m.Headers)+6)
	for k, v := range m.Headers {
		h[k] = v
	}
	b.putDeathRefs(h, m)
	if !b.profile.is4() {
		h[HeaderXDeath] = deathArray(m.death.deaths) // 3.12 kept x-death as a real header
	}
	return h
}

// adoptClientDeaths: 3.12 read a client-published x-death header back into
// the history, so counts continue and cycle detection sees it (docs/rabbitmq.md "Client-published x-death").
// 4.x ignores it (and replaces it if the broker dead-letters the message).
func adoptClientDeaths(m *Message) {
	arr, ok := m.Headers[HeaderXDeath].([]any)
	if !ok {
		return
	}
	deaths := make([]Death, 0, len(arr))
	for _, v := range arr {
		t, ok := v.(Table)
		if !ok {
			return // 3.10.8 crashes the queue on such an entry; not modelled (docs/rabbitmq.md "Not modelled")
		}
		deaths = append(deaths, deathFromTable(t))
	}
	m.death = &deathState{deaths: deaths, more: &deathMore{}} // no first death, no last exchange
	m.Headers = m.Headers.Clone()
	delete(m.Headers, HeaderXDeath)
}

// deathFromTable reads a client's x-death entry. 3.x keeps an entry it
// cannot read (no queue, reason or count) exactly as written, after the
// broker's own entries: it never matches a death, so it is never counted
// (measured on 3.10.8: [{}] and [{queue: old, reason: rejected, count: 4}]
// both come back unchanged behind the new entry).
func deathFromTable(t Table) Death {
	q, _ := t["queue"].(string)
	r, _ := t["reason"].(string)
	c, hasCount := AsInteger(t["count"])
	d := Death{Queue: q, Reason: r, Count: c, client: t, clientNoCount: !hasCount}
	d.Exchange, _ = t["exchange"].(string)
	if ts, ok := t["time"].(Timestamp); ok {
		d.Time = Time(ts) * 1000
	}
	if ks, ok := t["routing-keys"].([]any); ok {
		for _, k := range ks {
			if s, ok := k.(string); ok {
				d.Keys = append(d.Keys, s)
			}
		}
	}
	d.OrigExpiration, _ = t["original-expiration"].(string)
	return d
}
