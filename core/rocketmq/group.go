package rocketmq

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// ClientKind is how a group's consumers talk to the broker.
type ClientKind string

const (
	Remoting ClientKind = "remoting"  // DefaultMQPushConsumer (4.x API, also on 5.x)
	GrpcPush ClientKind = "grpc-push" // 5.x PushConsumer through the proxy (pop)
	Simple   ClientKind = "simple"    // 5.x SimpleConsumer (receive, ack)
)

// Consumer-side defaults (docs/rocketmq.md "Defaults").
const (
	DefaultMaxReconsumeTimes = 16
	DefaultRetryMaxTimes     = 16
	DefaultRetryQueueNums    = 1
	DefaultSuspendMs         = 1000
	DefaultConsumeTimeoutMs  = 15 * 60 * 1000
	DefaultInvisibleMs       = 60 * 1000
	unboundedOrderly         = 1<<31 - 1 // Integer.MAX_VALUE
)

// GroupConfig is a consumer group: the broker's subscription-group config
// and the settings its clients share.
type GroupConfig struct {
	Name         string
	Broadcasting bool
	Orderly      bool // MessageListenerOrderly (remoting) or a FIFO group (5.x)
	Client       ClientKind
	// MaxReconsumeTimes is the remoting client's setting; -1 is the
	// default (16 concurrent, unbounded orderly).
	MaxReconsumeTimes int
	RetryQueueNums    int // broker group config; default 1, 0 loses failures
	RetryMaxTimes     int // broker group config for 5.x clients; default 16
	Policy            RetryPolicy
	SuspendMs         int64 // orderly suspend (clamped 10..30000); 0 = 1000
	ConsumeTimeoutMs  int64 // concurrent consume timeout; 0 = 15 min
	InvisibleMs       int64 // SimpleConsumer receive invisibleDuration; 0 = 60 s
	BatchMax          int   // consumeMessageBatchMaxSize; 0 = 1
}

// DefaultGroupConfig is a group with every broker and client default.
func DefaultGroupConfig(name string) GroupConfig {
	return GroupConfig{Name: name, Client: Remoting, MaxReconsumeTimes: -1, RetryQueueNums: DefaultRetryQueueNums,
		RetryMaxTimes: DefaultRetryMaxTimes, Policy: CustomizedPolicy()}
}

// Group is a consumer group with its subscriptions and consumers.
type Group struct {
	GroupConfig
	Subs      []Subscription
	Consumers []*Consumer
	tracks    []*track // one (clustering) or one per consumer (broadcasting)
}

// Subscription is a topic and a tag expression ("*" or "a || b").
type Subscription struct {
	Topic string
	Tags  string
}

func (s Subscription) matches(tag string) bool {
	if s.Tags == "" || s.Tags == "*" {
		return true
	}
	for _, t := range strings.Split(s.Tags, "||") {
		if strings.TrimSpace(t) == tag {
			return true
		}
	}
	return false
}

// Consumer is one client instance of a group.
type Consumer struct {
	ID       string
	Group    string
	Listener Listener
}

// maxReconsume is the client's max (DefaultMQPushConsumerImpl /
// ConsumeMessageOrderlyService.getMaxReconsumeTimes).
func (g *Group) maxReconsume() int {
	if g.MaxReconsumeTimes >= 0 {
		return g.MaxReconsumeTimes
	}
	if g.Orderly {
		return unboundedOrderly
	}
	return DefaultMaxReconsumeTimes
}

// maxAttempts is what the proxy tells 5.x clients: retryMaxTimes + 1
// (GrpcClientSettingsManager.mergeSubscriptionData).
func (g *Group) maxAttempts() int { return g.RetryMaxTimes + 1 }

// invisibleMs is the invisible duration a receive sets (0 = 60 s).
func (g *Group) invisibleMs() int64 {
	if g.InvisibleMs <= 0 {
		return DefaultInvisibleMs
	}
	return g.InvisibleMs
}

func (g *Group) pop() bool { return g.Client == GrpcPush || g.Client == Simple }

// CreateGroup adds a consumer group (the broker auto-creates subscription
// groups; this is where a scenario sets its options).
func (b *Broker) CreateGroup(cfg GroupConfig) error {
	if cfg.Name == "" || strings.ContainsAny(cfg.Name, " %") {
		return b.fail(fmt.Errorf("group name %q: must be non-empty, without spaces or %%", cfg.Name))
	}
	if b.groups[cfg.Name] != nil {
		return b.fail(fmt.Errorf("group %s already exists", cfg.Name))
	}
	switch cfg.Client {
	case "":
		cfg.Client = Remoting
	case Remoting, GrpcPush, Simple:
	default:
		return b.fail(fmt.Errorf("group %s: unknown client %q (remoting, grpc-push, simple)", cfg.Name, cfg.Client))
	}
	if cfg.Client != Remoting && !b.profile.is5() {
		return b.fail(fmt.Errorf("group %s: %s consumers need RocketMQ 5 (profile %s)", cfg.Name, cfg.Client, b.profile))
	}
	if cfg.Client != Remoting && cfg.Broadcasting {
		return b.fail(fmt.Errorf("group %s: 5.x %s consumers have no broadcasting mode", cfg.Name, cfg.Client))
	}
	if cfg.RetryQueueNums < 0 || cfg.RetryMaxTimes < 0 || cfg.MaxReconsumeTimes < -1 || cfg.BatchMax < 0 || cfg.BatchMax > 32 {
		return b.fail(fmt.Errorf("group %s: retryQueueNums, retryMaxTimes ≥ 0, maxReconsumeTimes ≥ -1, batch 0..32", cfg.Name))
	}
	if cfg.Policy.Kind == "" {
		cfg.Policy = CustomizedPolicy()
	}
	if err := cfg.Policy.validate(); err != nil {
		return b.fail(fmt.Errorf("group %s: %w", cfg.Name, err))
	}
	g := &Group{GroupConfig: cfg}
	if !cfg.Broadcasting {
		g.tracks = []*track{newTrack(g, nil)}
	}
	b.groups[cfg.Name] = g
	b.gOrder = append(b.gOrder, g)
	return nil
}

// Group returns a group by name (nil if none).
func (b *Broker) Group(name string) *Group { return b.groups[name] }

// Groups lists the groups in creation order.
func (b *Broker) Groups() []*Group { return slices.Clone(b.gOrder) }

// Subscribe makes group read topic with a tag expression.
func (b *Broker) Subscribe(group, topic, tags string) error {
	g := b.groups[group]
	if g == nil {
		return b.fail(fmt.Errorf("group %s does not exist", group))
	}
	if b.topics[topic] == nil {
		return b.fail(fmt.Errorf("topic %s does not exist", topic))
	}
	g.Subs = append(g.Subs, Subscription{Topic: topic, Tags: tags})
	b.wakeAll()
	return b.settle()
}

// AddConsumer starts a consumer of group with a scripted listener.
func (b *Broker) AddConsumer(group, id string, l Listener) error {
	g := b.groups[group]
	if g == nil {
		return b.fail(fmt.Errorf("group %s does not exist", group))
	}
	if id == "" || slices.ContainsFunc(g.Consumers, func(c *Consumer) bool { return c.ID == id }) {
		return b.fail(fmt.Errorf("consumer id %q: must be non-empty and unique in %s", id, group))
	}
	if err := l.validate(); err != nil {
		return b.fail(fmt.Errorf("consumer %s: %w", id, err))
	}
	c := &Consumer{ID: id, Group: group, Listener: l}
	g.Consumers = append(g.Consumers, c)
	slices.SortFunc(g.Consumers, func(x, y *Consumer) int { return strings.Compare(x.ID, y.ID) })
	if g.Broadcasting {
		g.tracks = append(g.tracks, newTrack(g, c))
	}
	b.rebalanced(g)
	return b.settle()
}

// RemoveConsumer stops a consumer: its queues go to the others; what it had
// in flight comes back from the committed offset.
func (b *Broker) RemoveConsumer(group, id string) error {
	g := b.groups[group]
	if g == nil {
		return b.fail(fmt.Errorf("group %s does not exist", group))
	}
	i := slices.IndexFunc(g.Consumers, func(c *Consumer) bool { return c.ID == id })
	if i < 0 {
		return b.fail(fmt.Errorf("no consumer %s in %s", id, group))
	}
	c := g.Consumers[i]
	g.Consumers = slices.Delete(g.Consumers, i, i+1)
	if g.Broadcasting {
		g.tracks = slices.DeleteFunc(g.tracks, func(t *track) bool { return t.owner == c })
	}
	b.rebalanced(g)
	return b.settle()
}

// rebalanced: queue owners may have changed. In-memory orderly counts are
// lost and unfinished work is pulled again from the committed offset
// (RebalanceImpl: the new owner starts from the stored offset).
func (b *Broker) rebalanced(g *Group) {
	for _, tr := range g.tracks {
		tr.orderRT = map[uint64]int{}
		if g.pop() && !tr.orderly() {
			b.popRebalanced(tr)
			continue
		}
		for q, off := range tr.committed {
			if tr.pulled[q] > off {
				tr.pulled[q] = off
			}
		}
		tr.gen++
		clear(tr.inflight)
		clear(tr.blocked)
	}
	b.wakeAll()
}

// popRebalanced: pop consumers own no queues, so a consumer joining or
// leaving rewinds nothing. The broker moved its pop offset at receive
// (PopMessageProcessor) and a received copy is invisible until it is acked
// or its invisible time ends, when PopReviveService writes it to the retry
// topic. Rewinding here handed such a copy out again while its revive was
// still due, so it was sent back while in flight. What a leaving consumer
// had received comes back only through that revive. (A FIFO push group
// is rewound like a remoting one: its copies come back in place, in order.)
func (b *Broker) popRebalanced(tr *track) {
	for _, id := range slices.Sorted(maps.Keys(tr.inflight)) { // timers in a fixed order
		d := tr.inflight[id]
		if slices.Contains(tr.g.Consumers, d.c) {
			continue
		}
		delete(tr.inflight, id) // its finish and timeout now find nothing of theirs
		b.clock.At(d.start+Time(tr.g.invisibleMs()), timer{kind: tRevive, id: id, d: &delivery{tr: tr, q: d.q}})
	}
	clear(tr.blocked)
}

// queuesOf lists the queues a track reads, topic by topic: its
// subscriptions, then its retry topics (the group subscribes %RETRY%{group}
// itself in clustering mode: DefaultMQPushConsumerImpl.copySubscription).
func (b *Broker) queuesOf(tr *track) []*MQueue {
	var out []*MQueue
	add := func(name string) {
		if t := b.topics[name]; t != nil && t.Readable() {
			out = append(out, t.Queues...)
		}
	}
	for _, s := range tr.g.Subs {
		add(s.Topic)
	}
	if tr.g.pop() {
		for _, s := range tr.g.Subs {
			add(PopRetryTopic(tr.g.Name, s.Topic))
		}
	} else if !tr.g.Broadcasting {
		add(RetryTopic(tr.g.Name))
	}
	return out
}

// owner is the consumer that reads q for the track: in clustering, queues
// of each topic are shared out by AllocateMessageQueueAveragely over the
// consumers sorted by id; pop clients have no owner per queue, every
// consumer receives in turn (nil owner → round robin at delivery).
func (b *Broker) owner(tr *track, q *MQueue) (*Consumer, bool) {
	if tr.owner != nil {
		return tr.owner, true
	}
	cs := tr.g.Consumers
	if len(cs) == 0 {
		return nil, false
	}
	if tr.g.pop() {
		tr.rr++
		return cs[tr.rr%len(cs)], true
	}
	n := len(b.topics[q.Topic].Queues)
	for i, c := range cs {
		start, size := allocateAveragely(n, len(cs), i)
		if q.ID >= start && q.ID < start+size {
			return c, true
		}
	}
	return nil, false
}

// allocateAveragely is AllocateMessageQueueAveragely.allocate: the first
// n%k consumers get one queue more; with more consumers than queues the
// last ones get none.
func allocateAveragely(n, k, i int) (start, size int) {
	mod := n % k
	avg := n / k
	if n <= k {
		avg = 1
	} else if mod > 0 && i < mod {
		avg = n/k + 1
	}
	if mod > 0 && i < mod {
		start = i * avg
	} else {
		start = i*avg + mod
	}
	return start, max(0, min(avg, n-start))
}

func (b *Broker) tracksReading(topic string, qid int) []*track {
	var out []*track
	for _, g := range b.gOrder {
		for _, tr := range g.tracks {
			for _, q := range b.queuesOf(tr) {
				if q.Topic == topic && q.ID == qid {
					out = append(out, tr)
					break
				}
			}
		}
	}
	return out
}
