package delay

import (
	"strconv"

	"github.com/dlxlab/dlxlab/core"
)

// The RabbitMQ strategies run on core.Broker, the same broker model the
// playground uses: a delay queue with no consumer whose messages expire and
// are dead-lettered through the default exchange to a "released" queue. A
// message's release time is the instant core dead-letters it, so head-of-line
// blocking (only the head of a queue expires) comes from the broker model.

const releasedQueue = "released"

// brokerRun drives one broker through the workload. publish sends message
// i; the released time of each message is read off the dead-letter events.
type brokerRun struct {
	b     *core.Broker
	first uint64 // lineage of message 0: publishes get consecutive lineages
	o     *outcome
	dead  int64
}

func newBrokerRun(l *lab, o *outcome) *brokerRun {
	br := &brokerRun{o: o}
	limit := max(core.MaxTimersPerInstant, 4*len(l.msgs)+16)
	br.b = core.New(core.DefaultProfile, core.WithInstantLimit(limit), core.WithEventSink(br.event))
	br.must(br.b.DeclareQueue(core.QueueDecl{Name: releasedQueue, Durable: true}))
	return br
}

func (br *brokerRun) event(ev core.Event) {
	if ev.Kind == core.EvDeadLettered && ev.Msg != nil {
		br.o.release[ev.Msg.Lineage-br.first] = ev.T
		br.dead++
	}
}

// must panics on a broker error: the topology and publishes here are fixed
// and valid, so an error is a bug in this file, not bad input.
func (br *brokerRun) must(err error) {
	if err != nil {
		panic("delay: broker refused a fixed command: " + err.Error())
	}
}

// delayQueue declares a queue that dead-letters to the released queue.
func (br *brokerRun) delayQueue(name string, ttl core.Time, hasTTL bool) {
	args := core.Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": releasedQueue}
	if hasTTL {
		args["x-message-ttl"] = int64(ttl)
	}
	br.must(br.b.DeclareQueue(core.QueueDecl{Name: name, Durable: true, Args: args}))
}

func (br *brokerRun) publish(i int, at core.Time, queue, expiration string) {
	br.must(br.b.RunUntil(at))
	res, err := br.b.Publish(core.Publishing{RoutingKey: queue, Props: core.Properties{Expiration: expiration}})
	br.must(err)
	if i == 0 {
		br.first = res.Lineage
	}
}

// drain runs the clock until nothing is pending.
func (br *brokerRun) drain() {
	for t := br.b.NextEventTime(); t != core.Never; t = br.b.NextEventTime() {
		br.must(br.b.RunUntil(t))
	}
	st := br.b.Stats()
	br.o.count("enqueued", int64(st.Enqueued))
	br.o.count("dead-lettered", br.dead)
}

// runRabbitTTL: one delay queue, each message with expiration = its delay.
func runRabbitTTL(l *lab, _ Spec, o *outcome) {
	br := newBrokerRun(l, o)
	br.delayQueue("delay", 0, false)
	for i, m := range l.msgs {
		br.publish(i, m.At, "delay", strconv.FormatInt(int64(m.Delay), 10))
	}
	br.drain()
	o.count("queues", 2)
}

// runRabbitTiers: one queue per tier with x-message-ttl = the tier; each
// message goes to the smallest tier not shorter than its delay, or to the
// longest tier when none is long enough (released early).
func runRabbitTiers(l *lab, sp Spec, o *outcome) {
	tiers := sortedTiers(sp.List("tiers"))
	br := newBrokerRun(l, o)
	names := make([]string, len(tiers))
	for i, t := range tiers {
		names[i] = "delay." + FormatTime(t)
		br.delayQueue(names[i], t, true)
	}
	clamped := false
	for i, m := range l.msgs {
		ti, ok := roundUp(tiers, m.Delay)
		clamped = clamped || !ok
		br.publish(i, m.At, names[ti], "")
	}
	br.drain()
	o.count("queues", int64(len(tiers)+1))
	if clamped {
		o.warnings = append(o.warnings, WarnClamped)
	}
}
