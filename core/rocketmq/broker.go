package rocketmq

import (
	"errors"
	"fmt"
	"slices"

	"github.com/dlxlab/dlxlab/core/kernel"
)

// Time is virtual time in milliseconds, shared with the RabbitMQ model.
type Time = kernel.Time

// Never is a time no timer reaches.
const Never = kernel.Never

// Defaults of the broker configuration (docs/rocketmq.md "Defaults").
const (
	DefaultFileReservedMs  int64 = 72 * 3600 * 1000 // MessageStoreConfig.fileReservedTime
	DefaultTimerMaxDelayMs int64 = 3 * 24 * 3600 * 1000
	DefaultMaxEvents             = 5_000_000
)

// Config is the broker's configuration that lessons change.
type Config struct {
	DelayLevels      string // messageDelayLevel ("" = default table)
	FileReservedMs   int64  // commit-log retention (0 = 72 h)
	TimerPrecisionMs int64  // 5.x timer wheel slot (0 = 1000)
	MaxEvents        int64  // work budget: events (0 = DefaultMaxEvents)
}

// Broker is a deterministic RocketMQ broker with its clients: commands in,
// events out, time moved only by the caller. Not safe for concurrent use.
type Broker struct {
	profile Profile
	cfg     Config
	delays  DelayTable
	clock   kernel.Clock[timer]

	topics  map[string]*Topic
	tOrder  []*Topic
	groups  map[string]*Group
	gOrder  []*Group
	copies  []*Message // every stored copy by ID-1
	nextUID uint64
	sent    uint64 // producer messages (their msgIds)

	events []Event
	sink   func(Event)
	record bool
	work   int64
	spent  error
	stats  Stats
	sweep  Time // when the next retention sweep is scheduled (Never: none)

	releasedIDs map[uint64]bool // scheduled/timer copies already re-stored
}

// Stats counts what happened to messages; CheckInvariants ties them together.
type Stats struct {
	Sent         int // producer sends stored
	Stored       int // copies stored, all topics
	Deliveries   int // listener calls
	Consumed     int // successful consumptions
	SentBack     int // retries created (send-back, orderly max loop, revive)
	DeadLettered int
	Dropped      int // recorded losses (each with a reason)
	Expired      int // copies removed by retention
}

// Option configures a Broker.
type Option func(*Broker)

// WithEventLog keeps every event (Events returns them).
func WithEventLog() Option { return func(b *Broker) { b.record = true } }

// WithEventSink calls fn for every event as it happens.
func WithEventSink(fn func(Event)) Option { return func(b *Broker) { b.sink = fn } }

// New makes an empty broker.
func New(p Profile, cfg Config, opts ...Option) (*Broker, error) {
	tab := DefaultDelayTable()
	if cfg.DelayLevels != "" {
		t, err := ParseDelayLevels(cfg.DelayLevels)
		if err != nil {
			return nil, err
		}
		tab = t
	}
	if cfg.FileReservedMs <= 0 {
		cfg.FileReservedMs = DefaultFileReservedMs
	}
	if cfg.TimerPrecisionMs <= 0 {
		cfg.TimerPrecisionMs = DefaultTimerPrecisionMs
	}
	if cfg.MaxEvents <= 0 {
		cfg.MaxEvents = DefaultMaxEvents
	}
	b := &Broker{profile: p, cfg: cfg, delays: tab, topics: map[string]*Topic{}, groups: map[string]*Group{}, sweep: Never}
	for _, o := range opts {
		o(b)
	}
	b.ensureTopic(ScheduleTopic, tab.Levels(), PermRead|PermWrite, "schedule")
	if p.is5() {
		b.ensureTopic(TimerTopic, 1, PermRead|PermWrite, "timer")
	}
	return b, nil
}

// Profile is the version this broker behaves as.
func (b *Broker) Profile() Profile { return b.profile }

// Delays is the delay-level table in use.
func (b *Broker) Delays() DelayTable { return b.delays }

// Now is the virtual time.
func (b *Broker) Now() Time { return b.clock.Now }

// Stats returns the counters.
func (b *Broker) Stats() Stats { return b.stats }

// Events returns the recorded log (WithEventLog).
func (b *Broker) Events() []Event { return b.events }

// Copy returns a stored copy by id (nil if none).
func (b *Broker) Copy(id uint64) *Message {
	if id == 0 || id > uint64(len(b.copies)) {
		return nil
	}
	return b.copies[id-1]
}

// ErrBudget is what a run that did too much work returns.
var ErrBudget = errors.New("work budget spent")

func (b *Broker) emit(ev Event) {
	b.work++
	kernel.Yield(uint64(b.work)) // under js/wasm, lets the garbage collector's marker run
	if b.work > b.cfg.MaxEvents && b.spent == nil {
		b.spent = fmt.Errorf("limit: the run stopped at %d ms: more than %d broker events (the simulator's work budget): %w",
			b.clock.Now, b.cfg.MaxEvents, ErrBudget)
		b.clock.Timers.Clear()
	}
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

// Spent returns the budget error once the work budget is spent.
func (b *Broker) Spent() error { return b.spent }

// Topics lists the topics in creation order (system topics included).
func (b *Broker) Topics() []*Topic { return slices.Clone(b.tOrder) }

// Topic returns a topic by name (nil if none).
func (b *Broker) Topic(name string) *Topic { return b.topics[name] }
