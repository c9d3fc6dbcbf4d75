package rocketmq

import (
	"fmt"
	"maps"
	"slices"
)

// Property names the broker and clients set (MessageConst).
const (
	PropRetryTopic      = "RETRY_TOPIC"
	PropOriginMessageID = "ORIGIN_MESSAGE_ID"
	PropRealTopic       = "REAL_TOPIC"
	PropRealQID         = "REAL_QID"
	PropDelay           = "DELAY"
	PropUniqKey         = "UNIQ_KEY"
	PropKeys            = "KEYS"
	PropTags            = "TAGS"
	PropTimerDeliverMs  = "TIMER_DELIVER_MS"
	PropTimerOutMs      = "TIMER_OUT_MS"
)

// System topic names (MixAll, TopicValidator, TimerMessageStore).
const (
	ScheduleTopic = "SCHEDULE_TOPIC_XXXX"
	TimerTopic    = "rmq_sys_wheel_timer"
	RetryPrefix   = "%RETRY%"
	DLQPrefix     = "%DLQ%"
)

// RetryTopic is the group's retry topic (MixAll.getRetryTopic).
func RetryTopic(group string) string { return RetryPrefix + group }

// DLQTopic is the group's dead-letter topic (MixAll.getDLQTopic).
func DLQTopic(group string) string { return DLQPrefix + group }

// PopRetryTopic is the 5.x pop retry topic of a group and topic
// (KeyBuilder.buildPopRetryTopic, V1 naming).
func PopRetryTopic(group, topic string) string { return RetryPrefix + group + "_" + topic }

// Message is one stored copy: what a producer sent, a retry, a scheduled
// hop or a dead letter. Copies are immutable once stored; a retry is a new
// copy with a new offset, as in the commit log.
type Message struct {
	ID             uint64 // the model's copy id (store order)
	MsgID          string // client-visible id (UNIQ_KEY), the same on every retry
	OffsetMsgID    string // offset id of this copy: changes on every re-store
	Topic          string
	QueueID        int
	QueueOffset    int64
	Tags           string
	Keys           []string
	Body           string
	Props          map[string]string // user and system properties
	ReconsumeTimes int
	BornAt         Time
	StoredAt       Time
	Parent         uint64 // the copy this one was made from (0: a producer's)
}

// Prop returns a property ("" if unset).
func (m *Message) Prop(k string) string { return m.Props[k] }

// HasKey reports whether the message carries key k.
func (m *Message) HasKey(k string) bool { return slices.Contains(m.Keys, k) }

// derive makes the next copy of m for topic: same id, body, keys, tags,
// born time and properties; the caller sets what changes.
func (m *Message) derive(topic string) *Message {
	c := *m
	c.Topic = topic
	c.Props = maps.Clone(m.Props)
	if c.Props == nil {
		c.Props = map[string]string{}
	}
	c.Parent = m.ID
	return &c
}

func offsetMsgID(id uint64) string { return fmt.Sprintf("7F00000100002A9F%016X", id) }
