package rocketmq

import "strconv"

// View is a snapshot of the broker a UI can draw: topics with their queues
// and copies, and groups with offsets, lag and blocked queues.
type View struct {
	Now    Time
	Topics []TopicView
	Groups []GroupView
}

// TopicView is one topic.
type TopicView struct {
	Name   string
	Kind   string // normal, retry, dlq, schedule, timer
	Perm   int
	Queues []QueueView
}

// QueueView is one message queue.
type QueueView struct {
	ID        int
	MinOffset int64
	MaxOffset int64
	Messages  []MessageView
	Waiting   int // schedule and timer queues: copies not released yet (TopicTails only)
}

// MessageView is one stored copy.
type MessageView struct {
	Copy           uint64
	MsgID          string
	Offset         int64
	Tags           string
	Keys           []string
	Body           string
	ReconsumeTimes int
	Props          map[string]string // shared by every View of this copy: read only
	StoredAt       Time
	Due            Time // scheduled / timer copies: when they are released (else 0)
}

// GroupView is one consumer group.
type GroupView struct {
	Name      string
	Mode      string // CLUSTERING or BROADCASTING
	Orderly   bool
	Client    ClientKind
	Consumers []string
	Progress  []QueueProgress
	Blocked   []BlockedQueue
}

// BlockedQueue is an orderly queue suspended after a failure.
type BlockedQueue struct {
	Track   string
	Topic   string
	QueueID int
	Until   Time
}

// View returns the snapshot.
func (b *Broker) View() View {
	v := View{Now: b.clock.Now}
	for _, t := range b.tOrder {
		tv := TopicView{Name: t.Name, Kind: t.Kind, Perm: t.Perm}
		for _, q := range t.Queues {
			qv := QueueView{ID: q.ID, MinOffset: q.MinOffset, MaxOffset: q.MaxOffset(), Messages: make([]MessageView, 0, len(q.msgs))}
			for _, m := range q.msgs {
				qv.Messages = append(qv.Messages, b.messageView(t, m))
			}
			tv.Queues = append(tv.Queues, qv)
		}
		v.Topics = append(v.Topics, tv)
	}
	v.Groups = b.GroupViews()
	return v
}

// GroupViews is the groups part of View, without copying every stored
// message: what a consumer-progress console reads on every frame.
func (b *Broker) GroupViews() []GroupView {
	out := make([]GroupView, 0, len(b.gOrder))
	for _, g := range b.gOrder {
		gv := GroupView{Name: g.Name, Mode: "CLUSTERING", Orderly: g.Orderly, Client: g.Client}
		if g.Broadcasting {
			gv.Mode = "BROADCASTING"
		}
		for _, c := range g.Consumers {
			gv.Consumers = append(gv.Consumers, c.ID)
		}
		gv.Progress, _ = b.ConsumerProgress(g.Name)
		for _, tr := range g.tracks {
			for _, q := range b.queuesOf(tr) {
				if until := tr.blocked[q]; until > b.clock.Now {
					gv.Blocked = append(gv.Blocked, BlockedQueue{Track: tr.name(), Topic: q.Topic, QueueID: q.ID, Until: until})
				}
			}
		}
		out = append(out, gv)
	}
	return out
}

func (b *Broker) messageView(t *Topic, m *Message) MessageView {
	mv := MessageView{Copy: m.ID, MsgID: m.MsgID, Offset: m.QueueOffset, Tags: m.Tags, Keys: m.Keys, Body: m.Body,
		ReconsumeTimes: m.ReconsumeTimes, Props: m.sharedProps(), StoredAt: m.StoredAt}
	if !b.releasedIDs[m.ID] {
		switch t.Kind {
		case "schedule":
			lvl, _ := strconv.Atoi(m.sys[sDelay])
			d, _ := b.delays.Delay(lvl)
			mv.Due = m.StoredAt + Time(d)
		case "timer":
			d, _ := strconv.ParseInt(m.sys[sTimerOut], 10, 64)
			mv.Due = Time(d)
		}
	}
	return mv
}
