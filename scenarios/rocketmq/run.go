package rocketmq

import (
	"encoding/json"
	"fmt"
	"sort"

	model "github.com/dlxlab/dlxlab/core/rocketmq"
)

// Observation is what a run of a RocketMQ scenario shows
// (docs/scenario-format.md "RocketMQ observation").
type Observation struct {
	Broker      string           `json:"broker"`
	Profile     string           `json:"profile"`
	EndMs       int64            `json:"end_ms"`
	Error       string           `json:"error,omitempty"`
	Topics      []TopicObs       `json:"topics"`
	Groups      []GroupObs       `json:"groups"`
	Deliveries  []DeliveryObs    `json:"deliveries"`
	DeadLetters []DeliveryObs    `json:"dead_letters"`
	Drops       []DropObs        `json:"drops"`
	Resends     []DeliveryObs    `json:"resends,omitempty"`
	Errors      []string         `json:"errors,omitempty"`
	PerMinute   []MinuteObs      `json:"deliveries_per_minute"`
	Stats       model.Stats      `json:"stats"`
	Trace       []string         `json:"-"`
	byKey       map[string][]int // delivery indexes by message key
}

// TopicObs is a topic at the end of the run.
type TopicObs struct {
	Name   string     `json:"name"`
	Kind   string     `json:"kind"`
	Perm   int        `json:"perm"`
	Queues []QueueObs `json:"queues"`
}

// QueueObs is a queue at the end of the run with the copies it still holds.
type QueueObs struct {
	ID        int          `json:"id"`
	MinOffset int64        `json:"min_offset"`
	MaxOffset int64        `json:"max_offset"`
	Messages  []MessageObs `json:"messages,omitempty"`
}

// MessageObs is one stored copy.
type MessageObs struct {
	Offset         int64             `json:"offset"`
	MsgID          string            `json:"msg_id"`
	Keys           []string          `json:"keys,omitempty"`
	Tags           string            `json:"tags,omitempty"`
	Body           string            `json:"body"`
	ReconsumeTimes int               `json:"reconsume_times"`
	Props          map[string]string `json:"properties"`
	StoredMs       int64             `json:"stored_ms"`
	DueMs          int64             `json:"due_ms,omitempty"`
}

// GroupObs is a group's offsets, lag and blocked queues at the end.
type GroupObs struct {
	Name     string                `json:"name"`
	Mode     string                `json:"mode"`
	Client   string                `json:"client"`
	Orderly  bool                  `json:"orderly,omitempty"`
	Progress []model.QueueProgress `json:"progress"`
	Blocked  []model.BlockedQueue  `json:"blocked,omitempty"`
}

// DeliveryObs is one listener call (or a dead-lettering).
type DeliveryObs struct {
	T              int64             `json:"t"`
	Group          string            `json:"group"`
	Consumer       string            `json:"consumer,omitempty"`
	Topic          string            `json:"topic"`
	Queue          int               `json:"queue"`
	Offset         int64             `json:"offset"`
	MsgID          string            `json:"msg_id"`
	Keys           []string          `json:"keys,omitempty"`
	ReconsumeTimes int               `json:"reconsume_times"`
	Result         string            `json:"result,omitempty"`
	Reason         string            `json:"reason,omitempty"`
	Props          map[string]string `json:"properties,omitempty"`
}

// DropObs is a recorded loss.
type DropObs struct {
	T      int64  `json:"t"`
	Reason string `json:"reason"`
	Group  string `json:"group,omitempty"`
	MsgID  string `json:"msg_id"`
	Detail string `json:"detail"`
}

// MinuteObs counts deliveries in one minute of virtual time.
type MinuteObs struct {
	Minute     int64 `json:"minute"`
	Deliveries int   `json:"deliveries"`
}

// JSON is the observation as indented JSON.
func (o *Observation) JSON() ([]byte, error) { return json.MarshalIndent(o, "", "  ") }

// Run plays the scenario. A broker error in a step is recorded in the
// observation (Errors) and the run goes on; a spent work budget ends it.
func Run(sc *Scenario, trace bool) (*Observation, error) {
	obs := &Observation{Broker: Broker, byKey: map[string][]int{}}
	var b *model.Broker
	sink := func(e model.Event) { obs.record(b, e, trace) }
	r, err := newRunner(sc, obs, model.WithEventSink(sink))
	if err != nil {
		return nil, err
	}
	b = r.b
	for !r.Done() {
		r.Act()
	}
	if err := b.Spent(); err != nil {
		obs.Error = err.Error()
	}
	obs.finish(b)
	return obs, nil
}

// budget is the events a run may make: a base plus enough for every
// message to walk a full ladder.
func (sc *Scenario) budget() int64 {
	n := 0
	for _, st := range sc.Steps {
		if st.Send != nil {
			n += max(st.Send.Count, 1)
		}
	}
	return MaxEventsBase + int64(MaxPerMessage*n)
}

type runner struct {
	b   *model.Broker
	obs *Observation
}

func (r *runner) note(err error) {
	if err != nil {
		r.obs.Errors = append(r.obs.Errors, fmt.Sprintf("t=%dms: %v", r.b.Now(), err))
	}
}

func (r *runner) setup(sc *Scenario) {
	for _, t := range sc.Topics {
		r.note(r.b.CreateTopic(t.Name, cmpOr(t.Queues, 4)))
	}
	for _, g := range sc.Groups {
		cfg := model.DefaultGroupConfig(g.Name)
		cfg.Broadcasting = g.Mode == "broadcasting"
		cfg.Orderly = g.Orderly
		if g.Client != "" {
			cfg.Client = model.ClientKind(g.Client)
		}
		if g.MaxReconsumeTimes != nil {
			cfg.MaxReconsumeTimes = *g.MaxReconsumeTimes
		}
		if g.RetryQueueNums != nil {
			cfg.RetryQueueNums = *g.RetryQueueNums
		}
		if g.RetryMaxTimes != nil {
			cfg.RetryMaxTimes = *g.RetryMaxTimes
		}
		if g.Policy == "exponential" {
			cfg.Policy = model.ExponentialPolicy()
		}
		cfg.SuspendMs, cfg.ConsumeTimeoutMs, cfg.InvisibleMs = ms(g.Suspend), ms(g.ConsumeTimeout), ms(g.Invisible)
		cfg.BatchMax = g.Batch
		if err := r.b.CreateGroup(cfg); err != nil {
			r.note(err)
			continue
		}
		for _, s := range g.Subscribe {
			r.note(r.b.Subscribe(g.Name, s.Topic, cmpOr(s.Tags, "*")))
		}
		for _, c := range g.Consumers {
			r.note(r.b.AddConsumer(g.Name, c.ID, listener(c.Listener)))
		}
	}
}

func (r *runner) step(st Step) {
	b := r.b
	switch {
	case st.AddConsumer != nil:
		a := st.AddConsumer
		r.note(b.AddConsumer(a.Group, a.ID, listener(a.Listener)))
	case st.RemoveConsumer != nil:
		r.note(b.RemoveConsumer(st.RemoveConsumer.Group, st.RemoveConsumer.ID))
	case st.Subscribe != nil:
		s := st.Subscribe
		r.note(b.Subscribe(s.Group, s.Topic, cmpOr(s.Tags, "*")))
	case st.Resend != nil:
		if m := r.dead(st.Resend); m != nil {
			_, err := b.Resend(st.Resend.Group, m.ID)
			r.note(err)
		}
	case st.Republish != nil:
		if m := r.dead(st.Republish); m != nil {
			_, err := b.Republish(m.ID)
			r.note(err)
		}
	case st.ResetOffset != nil:
		ro := st.ResetOffset
		r.note(b.ResetOffsetByTime(ro.Group, ro.Topic, model.Time(ms(ro.Time))))
	case st.UpdatePerm != nil:
		r.note(b.UpdateTopicPerm(st.UpdatePerm.Topic, st.UpdatePerm.Perm))
	}
}

// dead finds the n-th dead letter still in the group's DLQ.
func (r *runner) dead(ref *DLQRef) *model.Message {
	t := r.b.Topic(model.DLQTopic(ref.Group))
	if t == nil || ref.N < 0 || ref.N >= len(t.Queues[0].Messages()) {
		r.note(fmt.Errorf("no dead letter %d in %s", ref.N, model.DLQTopic(ref.Group)))
		return nil
	}
	return t.Queues[0].Messages()[ref.N]
}

func (o *Observation) record(b *model.Broker, e model.Event, trace bool) {
	if trace {
		o.Trace = append(o.Trace, e.String())
	}
	switch e.Kind {
	case model.EvDelivered, model.EvDeadLettered, model.EvResent:
		m := b.Copy(e.Copy)
		d := DeliveryObs{T: int64(e.T), Group: e.Group, Consumer: e.Consumer, Topic: e.Topic, Queue: e.QueueID, Offset: e.Offset,
			MsgID: e.MsgID, Keys: m.Keys, ReconsumeTimes: e.ReconsumeTimes, Result: e.Result, Reason: e.Reason}
		if e.Kind == model.EvDelivered {
			if t := m.Prop(model.PropRetryTopic); t != "" && e.Topic == model.RetryTopic(e.Group) {
				d.Topic = t // the client shows the original topic (resetRetryAndNamespace)
			}
		}
		if e.Kind != model.EvDelivered || m.ReconsumeTimes > 0 {
			d.Props = m.Props()
		}
		switch e.Kind {
		case model.EvDelivered:
			for _, k := range m.Keys {
				o.byKey[k] = append(o.byKey[k], len(o.Deliveries))
			}
			o.Deliveries = append(o.Deliveries, d)
			minute := int64(e.T) / 60000
			if n := len(o.PerMinute); n > 0 && o.PerMinute[n-1].Minute == minute {
				o.PerMinute[n-1].Deliveries++
			} else {
				o.PerMinute = append(o.PerMinute, MinuteObs{Minute: minute, Deliveries: 1})
			}
		case model.EvDeadLettered:
			o.DeadLetters = append(o.DeadLetters, d)
		default:
			o.Resends = append(o.Resends, d)
		}
	case model.EvDropped:
		o.Drops = append(o.Drops, DropObs{T: int64(e.T), Reason: e.Reason, Group: e.Group, MsgID: e.MsgID, Detail: e.Detail})
	}
}

func (o *Observation) finish(b *model.Broker) {
	v := b.View()
	o.EndMs = int64(v.Now)
	o.Stats = b.Stats()
	for _, t := range v.Topics {
		to := TopicObs{Name: t.Name, Kind: t.Kind, Perm: t.Perm}
		for _, q := range t.Queues {
			qo := QueueObs{ID: q.ID, MinOffset: q.MinOffset, MaxOffset: q.MaxOffset}
			if len(q.Messages) <= 1000 { // a big backlog is summarised by its offsets
				for _, m := range q.Messages {
					qo.Messages = append(qo.Messages, MessageObs{Offset: m.Offset, MsgID: m.MsgID, Keys: m.Keys, Tags: m.Tags,
						Body: m.Body, ReconsumeTimes: m.ReconsumeTimes, Props: m.Props, StoredMs: int64(m.StoredAt), DueMs: int64(m.Due)})
				}
			}
			to.Queues = append(to.Queues, qo)
		}
		o.Topics = append(o.Topics, to)
	}
	for _, g := range v.Groups {
		o.Groups = append(o.Groups, GroupObs{Name: g.Name, Mode: g.Mode, Client: string(g.Client), Orderly: g.Orderly,
			Progress: g.Progress, Blocked: g.Blocked})
	}
	sort.SliceStable(o.Drops, func(i, j int) bool { return o.Drops[i].T < o.Drops[j].T })
}

func cmpOr[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}
