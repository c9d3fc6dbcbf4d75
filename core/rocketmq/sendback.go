package rocketmq

import (
	"fmt"
	"strconv"
)

// sendBack is the broker's answer to CONSUMER_SEND_MSG_BACK
// (AbstractSendMessageProcessor.consumerSendMsgBack on 5.x,
// SendMessageProcessor.consumerSendMsgBack on 4.x), as described in
// docs/rocketmq.md "Concurrent retry".
func (b *Broker) sendBack(tr *track, m *Message, delayLevel int, why string) {
	g := tr.g
	if g.RetryQueueNums <= 0 {
		tr.setFate(m.ID, fateDropped)
		b.drop(m, g.Name, DropRetryQueueNums, "the group's retryQueueNums is 0: the broker answered SUCCESS and stored nothing")
		return
	}
	rt := m.ReconsumeTimes // read back from the stored copy, not the client's count
	maxRT := g.maxReconsume()
	if rt >= maxRT || delayLevel < 0 {
		reason := fmt.Sprintf("reconsumeTimes %d ≥ maxReconsumeTimes %d", rt, maxRT)
		if delayLevel < 0 {
			reason = "delayLevelWhenNextConsume " + strconv.Itoa(delayLevel)
		}
		b.toDLQ(tr, m, rt+1, "0", reason)
		return
	}
	level := delayLevel
	if level == 0 {
		level = 3 + rt
	}
	b.retry(tr, m, rt+1, level, why)
}

// retry stores the next copy of m in %RETRY%{group} through the schedule
// topic, with reconsumeTimes rt.
func (b *Broker) retry(tr *track, m *Message, rt, level int, why string) {
	g := tr.g
	n := max(g.RetryQueueNums, 1)
	t := b.ensureTopic(RetryTopic(g.Name), n, PermRead|PermWrite, "retry")
	c := m.derive(t.Name)
	c.ReconsumeTimes = rt
	if c.sys[sRetryTopic] == "" {
		c.sys[sRetryTopic] = m.Topic
	}
	if c.sys[sOrigin] == "" {
		c.sys[sOrigin] = m.OffsetMsgID()
	}
	// The broker picks a retry queue at random; the model goes round robin.
	q := t.Queues[rt%len(t.Queues)]
	tr.setFate(m.ID, fateSentBack)
	b.stats.SentBack++
	level = b.delays.Clamp(level)
	b.emit(Event{Kind: EvSentBack, Copy: m.ID, MsgID: m.MsgID, Topic: m.Topic, QueueID: m.QueueID, Offset: m.QueueOffset,
		Group: g.Name, Level: level, Detail: why})
	b.putDelayed(c, q, level)
}

// putDelayed stores c for q, through SCHEDULE_TOPIC_XXXX when level > 0
// (HookUtils.handleScheduleMessage: REAL_TOPIC, REAL_QID, queue level−1).
func (b *Broker) putDelayed(c *Message, q *MQueue, level int) {
	wait, ok := b.delays.Delay(level)
	if !ok {
		b.store(c, q)
		b.emit(Event{Kind: EvStored, Copy: c.ID, MsgID: c.MsgID, Topic: c.Topic, QueueID: c.QueueID, Offset: c.QueueOffset})
		return
	}
	level = b.delays.Clamp(level)
	c.sys[sRealTopic] = q.Topic
	c.sys[sRealQID] = strconv.Itoa(q.ID)
	c.sys[sDelay] = strconv.Itoa(level)
	b.store(c, b.topics[ScheduleTopic].Queues[level-1])
	due := c.StoredAt + Time(wait)
	b.emit(Event{Kind: EvScheduled, Copy: c.ID, MsgID: c.MsgID, Topic: c.Topic, QueueID: c.QueueID, Offset: c.QueueOffset,
		Level: level, Detail: "due at " + strconv.FormatInt(int64(due), 10) + " ms for " + q.Topic})
	b.clock.At(due, timer{kind: tRelease, id: c.ID})
}

// release re-stores a due scheduled or timer copy in its real topic
// (ScheduleMessageService: DELAY removed, REAL_TOPIC/REAL_QID kept;
// TimerMessageStore likewise). A copy that retention removed first is
// already recorded as lost.
func (b *Broker) release(m *Message) {
	src := b.topics[m.Topic].Queues[m.QueueID]
	if m.QueueOffset < src.MinOffset {
		return
	}
	t := b.topics[m.sys[sRealTopic]]
	qid, _ := strconv.Atoi(m.sys[sRealQID])
	c := m.derive(t.Name)
	c.sys[sDelay] = ""
	b.released(m.ID)
	src.waiting--
	i := int(max(src.scan-src.MinOffset, 0))
	for i < len(src.msgs) && b.releasedIDs[src.msgs[i].ID] {
		i++
	}
	src.scan = src.MinOffset + int64(i)
	b.store(c, t.Queues[qid])
	b.emit(Event{Kind: EvStored, Copy: c.ID, MsgID: c.MsgID, Topic: c.Topic, QueueID: c.QueueID, Offset: c.QueueOffset,
		Detail: "released from " + m.Topic})
}

func (b *Broker) released(id uint64) {
	if b.releasedIDs == nil {
		b.releasedIDs = map[uint64]bool{}
	}
	b.releasedIDs[id] = true
}

// toDLQ stores the next copy of m in %DLQ%{group}, created on demand with
// one queue, perm 6 (TopicConfigManager.createTopicInSendMessageBackMethod;
// perm 2 before 4.9.2), subscribed by nobody.
func (b *Broker) toDLQ(tr *track, m *Message, rt int, delayProp, reason string) {
	g := tr.g
	t := b.ensureTopic(DLQTopic(g.Name), 1, PermRead|PermWrite, "dlq")
	c := m.derive(t.Name)
	c.ReconsumeTimes = rt
	if c.sys[sRetryTopic] == "" {
		c.sys[sRetryTopic] = m.Topic
	}
	if c.sys[sOrigin] == "" {
		c.sys[sOrigin] = m.OffsetMsgID()
	}
	c.sys[sDelay] = delayProp
	tr.setFate(m.ID, fateDLQ)
	delete(tr.orderRT, m.ID)
	b.stats.DeadLettered++
	b.store(c, t.Queues[0])
	b.emit(Event{Kind: EvDeadLettered, Copy: c.ID, MsgID: c.MsgID, Topic: c.Topic, QueueID: c.QueueID, Offset: c.QueueOffset,
		Group: g.Name, ReconsumeTimes: rt, Reason: reason})
}
