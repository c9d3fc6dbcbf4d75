package metrics

import (
	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// Queue types and dead-letter strategies as the plugin labels them.
const (
	classic = "rabbit_classic_queue"
	quorum  = "rabbit_quorum_queue"

	strategyDisabled    = "disabled"     // no DLX, or a DLX that does not exist
	strategyAtMostOnce  = "at_most_once" // counted before the republish, whether it routes or not
	strategyAtLeastOnce = "at_least_once"
)

// deadKey is one dead-lettered series.
type deadKey struct{ reason, queueType, strategy string }

// counts is what the run's events add up to.
type counts struct {
	queueType   map[string]string // queue name → queue type label
	atLeastOnce map[string]bool

	received, routed, dropped, returned int64
	delivered, redelivered, acked       map[string]int64 // by queue type
	dead                                map[deadKey]int64
	heldSeen                            map[uint64]bool // at-least-once copies already counted
	confirmed                           int64
	queueRedelivered                    map[string]int64
	exchangeDropped, exchangeReturned   map[string]int64
	exchanges                           []string
	publishedTo                         map[string]bool // exchanges clients published to
	deliveredFrom                       map[string]bool // queues that delivered something

	// within the alert window (the last ten minutes of the run)
	recentDropped, recentDisabled, recentDeliveryLimit int64
}

func newCounts(b *core.Broker, sc *scenarios.Scenario) *counts {
	c := &counts{queueType: map[string]string{}, atLeastOnce: map[string]bool{},
		delivered: map[string]int64{}, redelivered: map[string]int64{}, acked: map[string]int64{},
		dead: map[deadKey]int64{}, heldSeen: map[uint64]bool{}, queueRedelivered: map[string]int64{},
		exchangeDropped: map[string]int64{}, exchangeReturned: map[string]int64{}, publishedTo: map[string]bool{}, deliveredFrom: map[string]bool{}}
	// queues the run deleted are known by their declarations
	for _, q := range sc.Queues {
		c.queueType[q.Name] = typeLabel(q.Arguments)
	}
	for _, s := range sc.Steps {
		if d := s.Declare; d != nil && d.Queue != "" {
			c.queueType[d.Queue] = typeLabel(d.Arguments)
		}
	}
	for _, q := range b.Queues() {
		c.queueType[q.Name] = classic
		if q.Type == core.Quorum {
			c.queueType[q.Name] = quorum
		}
		c.atLeastOnce[q.Name] = b.AtLeastOnce(q.Name)
	}
	for _, x := range b.Exchanges() {
		c.exchanges = append(c.exchanges, x.Name)
	}
	return c
}

func typeLabel(args core.Table) string {
	if args["x-queue-type"] == string(core.Quorum) {
		return quorum
	}
	return classic
}

func (c *counts) qt(queue string) string {
	if t, ok := c.queueType[queue]; ok {
		return t
	}
	return classic
}

// add counts one broker event; recent says it falls in the alert window.
func (c *counts) add(ev core.Event, recent bool) {
	switch ev.Kind {
	case core.EvPublished:
		c.received++
		c.publishedTo[ev.Exchange] = true
		if len(ev.Targets) > 0 {
			c.routed++
		}
	case core.EvReturned:
		c.returned++
		c.exchangeReturned[ev.Exchange]++
	case core.EvDelivered:
		c.delivered[c.qt(ev.Queue)]++
		c.deliveredFrom[ev.Queue] = true
		if ev.Redelivered {
			c.redelivered[c.qt(ev.Queue)]++
			c.queueRedelivered[ev.Queue]++
		}
	case core.EvAcked:
		c.acked[c.qt(ev.Queue)]++
	case core.EvDeadLettered:
		c.deadLettered(ev, recent)
	case core.EvDropped:
		c.droppedEvent(ev, recent)
	}
}

// deadLettered: a dead letter that reached the DLX (at-most-once), or an
// at-least-once one held or handed on (counted once, when first seen;
// "confirmed" when its targets took it).
func (c *counts) deadLettered(ev core.Event, recent bool) {
	strategy := strategyAtMostOnce
	if c.atLeastOnce[ev.Queue] {
		strategy = strategyAtLeastOnce
		if len(ev.Targets) > 0 {
			c.confirmed++
		}
		if c.heldSeen[ev.Instance] {
			return
		}
		c.heldSeen[ev.Instance] = true
	}
	c.countDead(ev.Reason, ev.Queue, strategy, recent)
}

// droppedEvent: unroutable publishes, and dead letters that went nowhere.
// A queue without a DLX, or whose DLX does not exist, counts the death
// under strategy "disabled"; a DLX that routes nowhere (or only into a
// cycle) still counts it as dead-lettered at-most-once.
func (c *counts) droppedEvent(ev core.Event, recent bool) {
	switch ev.Reason {
	case core.DropUnroutable:
		c.dropped++
		c.exchangeDropped[ev.Exchange]++
		if recent {
			c.recentDropped++
		}
	case core.DropNoDLX, core.DropDLXMissing:
		c.countDead(ev.Death, ev.Queue, strategyDisabled, recent)
	case core.DropDLXUnroutable, core.DropCycle:
		c.countDead(ev.Death, ev.Queue, strategyAtMostOnce, recent)
	}
}

func (c *counts) countDead(reason, queue, strategy string, recent bool) {
	if reason == "" {
		return
	}
	c.dead[deadKey{reason, c.qt(queue), strategy}]++
	if recent {
		if strategy == strategyDisabled {
			c.recentDisabled++
		}
		if reason == core.ReasonDeliveryLimit {
			c.recentDeliveryLimit++
		}
	}
}
