package core

import "strconv"

// Publishing is basic.publish: where to, the message, and the flags.
type Publishing struct {
	Exchange   string
	RoutingKey string
	Mandatory  bool
	Props      Properties
	Headers    Table
	Body       string
}

// PublishResult says what became of a publish.
type PublishResult struct {
	Lineage  uint64
	Queues   []string // queues that took a copy, in routing order
	Returned bool     // basic.return 312 NO_ROUTE (mandatory and unroutable)
	Nacked   bool     // a queue refused it (overflow reject-publish*): a confirm would be basic.nack
}

// Publish runs basic.publish. A channel error (404 missing exchange, 403
// internal exchange, 406 bad expiration or CC/BCC) is returned and recorded.
func (b *Broker) Publish(p Publishing) (PublishResult, error) {
	if b.spent != nil {
		return PublishResult{}, b.spent
	}
	x, err := b.checkPublish(&p)
	if err != nil {
		return PublishResult{}, b.fail(err)
	}
	ttl, perr := parseExpirationProp(p.Props.Expiration)
	if perr != nil {
		return PublishResult{}, b.fail(perr)
	}
	m, merr := b.newMessage(&p, ttl)
	if merr != nil {
		return PublishResult{}, b.fail(merr)
	}
	b.earnInstant()
	res := b.publishMessage(x, m, p.Mandatory)
	return res, b.settle()
}

func (b *Broker) checkPublish(p *Publishing) (*Exchange, *Error) {
	if err := p.checkShortStrings(); err != nil {
		return nil, err
	}
	if len(p.Headers) > 0 { // no map iterator to set up for none
		for k := range p.Headers {
			if err := checkShort("header name", k); err != nil {
				return nil, err
			}
		}
	}
	x := b.exchangeVia(&b.pubX, p.Exchange)
	if x == nil {
		return nil, notFound("no exchange '%s' in vhost '%s'", p.Exchange, Vhost)
	}
	if x.Internal {
		return nil, accessRefused("cannot publish to internal exchange '%s' in vhost '%s'", p.Exchange, Vhost)
	}
	return x, nil
}

// checkShortStrings refuses a name, key or property too long for a short
// string. Most publishes set no property: their twelve property checks
// are skipped without building the argument list.
func (p *Publishing) checkShortStrings() *Error {
	pr := &p.Props
	if len(p.Exchange) <= MaxShortString && len(p.RoutingKey) <= MaxShortString && pr.empty() {
		return nil
	}
	return checkShort("exchange name", p.Exchange, "routing key", p.RoutingKey, "content_type", pr.ContentType,
		"content_encoding", pr.ContentEncoding, "correlation_id", pr.CorrelationID, "reply_to", pr.ReplyTo,
		"expiration", pr.Expiration, "message_id", pr.MessageID, "type", pr.Type, "user_id", pr.UserID,
		"app_id", pr.AppID)
}

func parseExpirationProp(s string) (int64, *Error) {
	if s == "" {
		return -1, nil
	}
	return parseExpiration(s)
}

// newMessage builds the broker's message: routing keys from the key, CC
// and BCC headers; BCC stripped from the headers (docs/rabbitmq.md "CC and BCC").
func (b *Broker) newMessage(p *Publishing, ttl int64) (*Message, *Error) {
	var cc, bcc []string
	hdrs := p.Headers
	if len(hdrs) > 0 {
		var err *Error
		if cc, err = routeHeader(hdrs, "CC"); err != nil {
			return nil, err
		}
		if bcc, err = routeHeader(hdrs, "BCC"); err != nil {
			return nil, err
		}
		if _, has := hdrs["BCC"]; has {
			hdrs = hdrs.Clone()
			delete(hdrs, "BCC")
		}
	}
	props := &p.Props
	if ttl >= 0 && b.profile.is4() {
		// 4.x keeps the parsed number, so a consumer sees "060000" as
		// "60000" and "+100" as "100"; 3.x passed the text on as written
		// (measured on 4.0.5, 4.3.6 and 3.10.8).
		pr := p.Props
		pr.Expiration = strconv.FormatInt(ttl, 10)
		props = &pr
	}
	b.nextLineage++
	m := newMessageWithKey(p.RoutingKey, cc, bcc)
	*m = Message{Lineage: b.nextLineage, Exchange: p.Exchange, Keys: m.Keys, NBCC: int32(len(bcc)),
		props: propsPtr(props), Headers: hdrs, Body: p.Body, ttl: ttl}
	if b.profile.parsesClientXDeath() {
		adoptClientDeaths(m)
	}
	return m, nil
}

// routeHeader reads a CC or BCC header: an array whose longstr elements are
// extra routing keys (others ignored); any other type is a 406 (docs/rabbitmq.md "CC and BCC").
func routeHeader(h Table, name string) ([]string, *Error) {
	v, ok := h[name]
	if !ok {
		return nil, nil
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, preconditionFailed("invalid message: {unacceptable_type_in_header,\"%s\",%s}", name, TypeName(v))
	}
	keys := make([]string, 0, len(arr))
	for _, e := range arr {
		if s, ok := e.(string); ok {
			keys = append(keys, s)
		}
	}
	return keys, nil
}

func (b *Broker) publishMessage(x *Exchange, m *Message, mandatory bool) PublishResult {
	b.stats.Published++
	res := PublishResult{Lineage: m.Lineage}
	targets := b.route(x, m)
	if b.observing() {
		b.emit(Event{Kind: EvPublished, Msg: m, Exchange: x.Name, Targets: targetNames(targets)})
	} else {
		b.spend()
	}
	if len(targets) == 0 {
		b.unroutable(x, m, mandatory, &res)
		return res
	}
	if b.observing() {
		res.Queues = queueNames(targets)
	}
	if len(targets) == 1 {
		res.Nacked = !b.enqueue(targets[0], m)
		return res
	}
	for _, q := range copyQueues(targets) {
		if !b.enqueue(q, m) {
			res.Nacked = true
		}
	}
	return res
}

func (b *Broker) unroutable(x *Exchange, m *Message, mandatory bool, res *PublishResult) {
	b.stats.Unroutable++
	if mandatory {
		b.stats.Returned++
		res.Returned = true
		b.emit(Event{Kind: EvReturned, Msg: m, Exchange: x.Name, Code: CodeNoRoute, Detail: "NO_ROUTE"})
		return
	}
	b.emit(Event{Kind: EvDropped, Msg: m, Exchange: x.Name, Reason: DropUnroutable,
		Detail: "no binding matched and mandatory was not set"})
}

func queueNames(qs []*Queue) []string {
	out := make([]string, len(qs))
	for i, q := range qs {
		out[i] = q.Name
	}
	return out
}

// targetNames is queueNames for an event's Targets, which nobody
// modifies: a single target's list is the queue's own, shared by every
// event that names it (one allocation less per message observed).
func targetNames(qs []*Queue) []string {
	if len(qs) == 1 {
		q := qs[0]
		if q.nameList == nil {
			q.nameList = []string{q.Name}
		}
		return q.nameList
	}
	return queueNames(qs)
}

// copyQueues copies the router's scratch slice when routing may recur
// (enqueueing can dead-letter, which routes again).
func copyQueues(qs []*Queue) []*Queue {
	if len(qs) == 1 {
		return []*Queue{qs[0]}
	}
	return append([]*Queue(nil), qs...)
}
