package core

import "github.com/dlxlab/dlxlab/core/kernel"

// Vhost is the one virtual host the simulator has; error texts name it.
const Vhost = "/"

// Limits of the simulator, named and loud: hitting one records an EvLimit
// event and an error instead of running away.
const (
	// MaxTimersPerInstant bounds work done without virtual time moving, e.g.
	// a consumer that rejects with no delay into a queue that routes back.
	MaxTimersPerInstant = kernel.DefaultMaxPerInstant
	// MaxQueues and MaxExchanges bound a topology.
	MaxQueues    = 10_000
	MaxExchanges = 10_000
)

// Broker is a deterministic RabbitMQ: commands in, events out, time moved
// only by the caller. It is not safe for concurrent use; it needs no locks
// because one goroutine drives it.
type Broker struct {
	profile Profile
	clock   kernel.Clock[timer] // virtual time, pending timers, per-instant limit

	exchanges  map[string]*Exchange
	exOrder    []*Exchange
	queues     map[string]*Queue
	qOrder     []*Queue
	bindings   []*Binding
	policies   []*Policy
	channels   map[string]*Channel
	chOrder    []*Channel
	consumerCh map[string]*Channel // consumer tag → channel

	nextLineage  uint64
	nextInstance uint64
	nextQueueSeq uint64
	routeGen     uint64
	topoGen      uint64 // exchanges or queues added or removed (resolve.go)
	pubX         xRef   // the exchange last published to
	lastKeys     []string
	backlogged   int // held at-least-once dead letters in all queues
	freeEntries  []*entry
	entryChunk   []entry             // the unused rest of the last chunk of entries (allocEntry)
	keyLists     map[string][]string // shared one-key lists of dead letters (sharedKeys)
	routed       []*Queue            // route's buffer for the queues one route reaches

	record bool
	events []Event
	sink   func(Event)

	budget       Budget       // the work budget (budget.go)
	work         int64        // events so far, observed or not
	bytesHeld    int64        // body bytes of the live copies
	spent        *BudgetError // set once a budget limit is exceeded
	loggedCycles map[string]bool
	stats        Stats
	limitHit     bool
}

// Stats counts where every queued copy went. The accounting invariant is
// Enqueued == Ready + Unacked + Acked + DeadLettered + Dropped (CheckInvariants).
type Stats struct {
	Published    uint64 // basic.publish calls that passed validation
	Unroutable   uint64 // publishes that reached no queue (returned or dropped)
	Returned     uint64
	Enqueued     uint64 // copies created in queues
	Acked        uint64
	DeadLettered uint64 // copies that left for a DLX and reached at least one queue
	Dropped      uint64 // copies that are gone, each with a recorded reason
	Delivered    uint64
}

// Option configures a Broker.
type Option func(*Broker)

// WithEventLog keeps every event in memory (Events returns them).
func WithEventLog() Option { return func(b *Broker) { b.record = true } }

// WithEventSink calls fn for every event as it happens.
func WithEventSink(fn func(Event)) Option { return func(b *Broker) { b.sink = fn } }

// WithInstantLimit lowers MaxTimersPerInstant (tests that provoke loops).
func WithInstantLimit(n int) Option { return func(b *Broker) { b.clock.MaxPerInstant = n } }

// New makes an empty broker with the predeclared exchanges of a vhost.
func New(p Profile, opts ...Option) *Broker {
	b := &Broker{
		profile:      p,
		exchanges:    map[string]*Exchange{},
		queues:       map[string]*Queue{},
		channels:     map[string]*Channel{},
		consumerCh:   map[string]*Channel{},
		loggedCycles: map[string]bool{},
		topoGen:      1,
	}
	b.clock.MaxPerInstant = MaxTimersPerInstant
	for _, o := range opts {
		o(b)
	}
	b.predeclare()
	return b
}

// predeclare makes the default exchange and the amq.* exchanges (docs/rabbitmq.md "Routing basics").
func (b *Broker) predeclare() {
	for _, x := range []*Exchange{
		{Name: "", Type: Direct, Durable: true},
		{Name: "amq.direct", Type: Direct, Durable: true},
		{Name: "amq.fanout", Type: Fanout, Durable: true},
		{Name: "amq.headers", Type: Headers, Durable: true},
		{Name: "amq.match", Type: Headers, Durable: true},
		{Name: "amq.rabbitmq.trace", Type: Topic, Durable: true, Internal: true},
		{Name: "amq.topic", Type: Topic, Durable: true},
	} {
		b.addExchange(x)
	}
}

// Profile is the broker version this broker behaves as.
func (b *Broker) Profile() Profile { return b.profile }

// Now is the virtual time.
func (b *Broker) Now() Time { return b.clock.Now }

// Stats returns the counters.
func (b *Broker) Stats() Stats { return b.stats }

// Events returns the recorded log (WithEventLog); the slice is the broker's.
func (b *Broker) Events() []Event { return b.events }

func (b *Broker) emit(ev Event) {
	b.spend()
	if !b.record && b.sink == nil {
		return
	}
	ev.Seq, ev.T = b.clock.Stamp()
	if b.record {
		b.events = append(b.events, ev)
	}
	if b.sink != nil {
		b.sink(ev)
	}
}

// observing reports whether events are wanted, so hot paths can skip
// building details nobody reads.
func (b *Broker) observing() bool { return b.record || b.sink != nil }

func (b *Broker) fail(err *Error) *Error {
	b.emit(Event{Kind: EvError, Code: err.Code, Detail: err.Text})
	return err
}
