package lint

import (
	"fmt"
	"slices"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// rejectPublishShared: a queue that refuses new messages when full
// (overflow reject-publish) and receives copies of publishes other queues
// take too (a '#' binding next to the real consumers' queues, a fanout).
// Once it is full a publisher with confirms gets basic.nack for those
// messages although the other queues took them, so a publisher that
// retries on a nack duplicates them there; one queue's backlog stalls or
// floods the others' publishers.
func rejectPublishShared(t *topology) []Finding {
	var out []Finding
	for _, q := range t.queues {
		c := q.Config
		if c.Overflow != core.OverflowRejectPublish && c.Overflow != "reject-publish-dlx" || c.MaxLength < 0 && c.MaxLengthBytes < 0 {
			continue
		}
		via, others := t.sharedPublish(q.Name)
		if len(others) == 0 {
			continue
		}
		f := finding("reject-publish-shared", Warning, []Object{queueObj(q.Name), exchangeObj(via.Exchange)},
			"Queue '%[1]s' refuses new messages when full (overflow %[2]s) and gets copies of what '%[3]s' routes to %[4]s: once it is full, publishers with confirms get basic.nack for those messages although the other queues took them, and a publisher that retries duplicates them there. Give it drop-head, or its own exchange.",
			"队列 '%[1]s' 满了以后会拒收新消息（overflow %[2]s），而它会收到 '%[3]s' 路由给 %[4]s 的消息副本：一旦它满了，使用 confirm 的发布者会对这些消息收到 basic.nack，尽管其他队列已经收下了它们；发布者若重试，就会在那些队列里产生重复消息。请改用 drop-head，或给它单独的交换机。",
			q.Name, c.Overflow, via.Exchange, quote(others))
		f.Via = &via
		out = append(out, f)
	}
	return out
}

// sharedPublish finds a client publish (an arrival from an exchange) that
// reaches q and other queues, and lists those others.
func (t *topology) sharedPublish(q string) (Via, []string) {
	for _, p := range t.queues {
		for _, a := range t.arrivals[p.Name] {
			if a.via.Exchange == "" || a.msg == nil || len(a.msg.Deaths()) > 0 {
				continue
			}
			targets, _ := t.b.Route(a.via.Exchange, a.keys)
			if !slices.Contains(targets, q) || len(targets) < 2 {
				continue
			}
			var others []string
			for _, x := range targets {
				if x != q {
					others = append(others, x)
				}
			}
			return a.via, others
		}
	}
	return Via{}, nil
}

// fillShared: the queue is filled through the shared route; the message
// that does not fit is refused by it and taken by the others.
func (r *repro) fillShared() error {
	q, err := r.queue()
	if err != nil {
		return err
	}
	limit := q.Config.MaxLength
	if limit < 0 || limit >= maxFill {
		return fmt.Errorf("reject-publish-shared: no length limit small enough to fill")
	}
	via, others := r.t.sharedPublish(q.Name)
	n := int(limit) + 1
	if q.Type == core.Quorum {
		n++ // a quorum queue may overshoot by one
	}
	r.publishVia(via, n, "", 0)
	r.wait(1000)
	r.expect(scenarios.Expectation{Drop: &scenarios.DropRef{Queue: q.Name, Reason: core.DropOverflow}})
	if o := r.t.queue[others[0]].Config; o.MaxLength < 0 || o.MaxLength >= int64(n) {
		r.expect(scenarios.Expectation{Queue: others[0], Depth: &n})
	}
	return nil
}
