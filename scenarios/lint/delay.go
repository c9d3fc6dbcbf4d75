package lint

import (
	"regexp"
	"slices"

	"github.com/dlxlab/dlxlab/core"
)

// headOfLine: a delay queue (no consumer, a DLX, messages leave by
// expiring) fed with different per-message TTLs. Only the head can expire,
// so a short TTL waits behind a long one. Known exactly from a scenario's
// publish steps; for an export, a queue shaped like a delay queue without
// a queue TTL (the delay must then come from per-message expiration) and
// named like one.
func headOfLine(t *topology) []Finding {
	var out []Finding
	for _, q := range t.queues {
		c := q.Config
		if !c.HasDLX || len(t.consumers[q.Name]) > 0 {
			continue
		}
		if !t.fromDefinitions() {
			if ttls := t.perMessageTTLs(q.Name); len(ttls) > 1 {
				f := finding("head-of-line", Warning, []Object{queueObj(q.Name)},
					"Delay queue '%[1]s' receives messages with different per-message TTLs (%[2]s): only the message at the head can expire, so a short delay waits behind a longer one. Use one queue per delay (queue TTL) or a delay plugin.",
					"延迟队列 '%[1]s' 收到不同的单条消息 TTL（%[2]s）：只有队头消息会过期，短延迟的消息要排在长延迟后面。请为每种延迟单独建队列（队列 TTL），或使用延迟插件。",
					q.Name, quote(ttls))
				f.Via = &Via{Key: q.Name}
				out = append(out, f)
			}
			continue
		}
		if c.MessageTTL < 0 && delayName.MatchString(q.Name) {
			f := finding("head-of-line", Warning, []Object{queueObj(q.Name)},
				"Queue '%[1]s' looks like a delay queue (no queue TTL, a DLX, named as one): its delays must come from per-message expiration, and only the head expires — a short delay waits behind a longer one. Give it a queue TTL (one queue per delay).",
				"队列 '%[1]s' 看起来是延迟队列（没有队列 TTL，有死信交换机，名字也像）：延迟只能来自单条消息的 expiration，而只有队头会过期——短延迟要排在长延迟后面。请设置队列 TTL（每种延迟一个队列）。",
				q.Name)
			f.Via = &Via{Key: q.Name}
			out = append(out, f)
		}
	}
	return out
}

// delayName matches the usual names of delay queues as a word.
var delayName = regexp.MustCompile(`(?i)(^|[._-])(delay|delayed|wait|waiting|retry|later|schedule|scheduled)([._-]|$)`)

// perMessageTTLs lists the distinct expirations the scenario's publish
// steps send into queue (directly, not through dead-lettering).
func (t *topology) perMessageTTLs(queue string) []string {
	var out []string
	for _, s := range t.sc.Steps {
		p := s.Publish
		if p == nil || p.Properties.Expiration == "" {
			continue
		}
		keys, err := core.PublishKeys(p.RoutingKey, p.Properties.Headers)
		if err != nil {
			continue
		}
		targets, _ := t.b.Route(p.Exchange, keys)
		if slices.Contains(targets, queue) && !slices.Contains(out, p.Properties.Expiration) {
			out = append(out, p.Properties.Expiration)
		}
	}
	return out
}
