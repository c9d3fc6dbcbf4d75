package lint

import (
	"strings"

	"github.com/dlxlab/dlxlab/core"
)

// What a dead letter carries into its DLX, beyond the routing keys: the
// death reason and the death headers (x-first-death-*, x-last-death-*,
// and on 3.x x-death) that a headers exchange can match. The broker makes
// the dead letter (core DeadLetterAs); this file decides which deaths to
// ask about and when a binding on a client header leaves the answer open.

// keysIgnored: dead letters reach the same queues through x whatever
// their routing keys: a fanout or headers exchange binding only queues,
// with no alternate exchange.
func (t *topology) keysIgnored(x string) bool {
	v, ok := t.exchanges[x]
	if !ok || v.Type != core.Fanout && v.Type != core.Headers || v.Alternate != "" {
		return false
	}
	for _, bd := range t.bindings {
		if bd.Source == x && bd.DestinationType == "exchange" {
			return false
		}
	}
	return true
}

// deathReasons are the ways a message can die in q that the topology
// tells: rejected unless q is a delay stage, expired with a TTL (or in a
// delay queue), maxlen with a limit that dead-letters, delivery_limit on
// a quorum queue with a limit. Without a headers exchange the reason
// changes nothing about where a dead letter goes, so one is enough.
func (t *topology) deathReasons(q string) []string {
	if !t.hasHeaders {
		return []string{core.ReasonRejected}
	}
	v := t.queue[q]
	c := v.Config
	var out []string
	if !t.delayStage(q) || t.rejects(q) {
		out = append(out, core.ReasonRejected)
	}
	if c.MessageTTL >= 0 || t.delayStage(q) || t.expiresInSteps(q) {
		out = append(out, core.ReasonExpired)
	}
	if (c.MaxLength >= 0 || c.MaxLengthBytes >= 0) && c.Overflow != "reject-publish" {
		out = append(out, core.ReasonMaxLen)
	}
	if v.Type == core.Quorum && c.DeliveryLimit >= 0 {
		out = append(out, core.ReasonDeliveryLimit)
	}
	if len(out) == 0 {
		out = append(out, core.ReasonRejected)
	}
	return out
}

// expiresInSteps: a publish step sends q a message with an expiration.
func (t *topology) expiresInSteps(q string) bool {
	for _, s := range t.sc.Steps {
		if p := s.Publish; p != nil && p.Properties.Expiration != "" && p.RoutingKey == q {
			return true
		}
	}
	return false
}

// clientHeaderRoutes: a dead letter that routes nowhere with the headers
// the checker knows would route if the message carried the client header
// some headers binding asks for (an export does not say which headers
// publishers set). Each headers binding is tried with its own client
// headers filled in; the death headers stay what the broker writes.
func (t *topology) clientHeaderRoutes(q string, a arrival, reason string) bool {
	if !t.hasHeaders {
		return false
	}
	for _, bd := range t.bindings {
		if t.exchanges[bd.Source].Type != core.Headers {
			continue
		}
		var h core.Table
		for k, v := range bd.Args {
			if k == "x-match" || brokerHeader(k) {
				continue
			}
			if _, has := a.msg.Headers[k]; has {
				continue
			}
			if h == nil {
				h = a.msg.Headers.Clone()
				if h == nil {
					h = core.Table{}
				}
			}
			if v == nil {
				v = "" // a void argument asks only for the header to be there
			}
			h[k] = v
		}
		if h == nil {
			continue // nothing a client header could add
		}
		if r, _, _ := t.b.DeadLetterAs(q, a.msg.WithHeaders(h), reason); len(r.Targets) > 0 {
			return true
		}
	}
	return false
}

// brokerHeader: a header the broker writes on a dead letter, which a
// client header cannot stand in for.
func brokerHeader(k string) bool {
	return k == core.HeaderXDeath || strings.HasPrefix(k, "x-first-death-") || strings.HasPrefix(k, "x-last-death-")
}
