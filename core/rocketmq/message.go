package rocketmq

import (
	"fmt"
	"maps"
	"slices"
	"strings"
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
	Topic          string
	QueueID        int
	QueueOffset    int64
	Tags           string
	Keys           []string
	Body           string
	User           map[string]string // user properties: shared by every copy, never changed
	sys            [nSys]string      // system properties ("" = unset)
	ReconsumeTimes int
	BornAt         Time
	StoredAt       Time
	Parent         uint64            // the copy this one was made from (0: a producer's)
	viewProps      map[string]string // Props, made once for View (a stored copy never changes)
}

// sysProp indexes the system properties a copy may carry.
type sysProp uint8

const (
	sRetryTopic sysProp = iota
	sOrigin
	sRealTopic
	sRealQID
	sDelay
	sTimerDeliver
	sTimerOut
	nSys
)

var sysNames = [nSys]string{PropRetryTopic, PropOriginMessageID, PropRealTopic, PropRealQID, PropDelay,
	PropTimerDeliverMs, PropTimerOutMs}

// Prop returns a property ("" if unset), system or user.
func (m *Message) Prop(k string) string {
	for i, n := range sysNames {
		if n == k {
			return m.sys[i]
		}
	}
	switch k {
	case PropUniqKey:
		return m.MsgID
	case PropKeys:
		return strings.Join(m.Keys, " ")
	case PropTags:
		return m.Tags
	}
	return m.User[k]
}

// Props returns every property of the copy as the broker stores them.
func (m *Message) Props() map[string]string {
	out := make(map[string]string, len(m.User)+4)
	maps.Copy(out, m.User)
	for i, n := range sysNames {
		if m.sys[i] != "" {
			out[n] = m.sys[i]
		}
	}
	out[PropUniqKey] = m.MsgID
	if len(m.Keys) > 0 {
		out[PropKeys] = strings.Join(m.Keys, " ")
	}
	if m.Tags != "" {
		out[PropTags] = m.Tags
	}
	return out
}

// sharedProps is Props made once and kept: View asks for every stored
// copy's properties on every call, and a stored copy never changes. The
// map is shared, so its readers must not change it.
func (m *Message) sharedProps() map[string]string {
	if m.viewProps == nil {
		m.viewProps = m.Props()
	}
	return m.viewProps
}

// OffsetMsgID is the offset id of this copy (store host + commit-log
// position): it changes on every re-store, unlike MsgID.
func (m *Message) OffsetMsgID() string { return fmt.Sprintf("7F00000100002A9F%016X", m.ID) }

// HasKey reports whether the message carries key k.
func (m *Message) HasKey(k string) bool { return slices.Contains(m.Keys, k) }

// derive makes the next copy of m for topic: same id, body, keys, tags,
// born time and properties; the caller sets what changes.
func (m *Message) derive(topic string) *Message {
	c := *m
	c.Topic = topic
	c.Parent = m.ID
	return &c
}
