package rocketmq

import "fmt"

// ResetPreview is what resetOffsetByTime would do to one queue of one
// consumption line, computed without changing anything: the dry run an
// operator needs before moving offsets (docs/rocketmq.md "Operations").
type ResetPreview struct {
	Track   string // group, or group/consumer when broadcasting
	Topic   string
	QueueID int
	From    int64 // the consume offset now
	To      int64 // the offset the reset sets
	// Replayed are copies the line already finished (consumed, sent back,
	// dead-lettered): the reset delivers them again.
	Replayed []ResetCopy
	// Skipped are copies not finished yet that the reset jumps over: each
	// becomes a recorded loss (offset-reset-skip).
	Skipped []ResetCopy
	// InFlight are copies a listener is working on now: the reset voids
	// that call and delivers them again, so the downstream sees them twice.
	// Stopping the consumers first leaves none.
	InFlight []ResetCopy
	// Pending counts copies at or after To not started yet: they are
	// delivered as they would have been anyway.
	Pending int
}

// ResetCopy is one copy a reset replays or skips, with what the line had
// done with it.
type ResetCopy struct {
	Copy     uint64
	MsgID    string
	Offset   int64
	Keys     []string
	StoredAt Time
	Fate     string // consumed, sent-back, dead-lettered, filtered, dropped, pending
}

// PreviewResetOffsetByTime is the dry run of ResetOffsetByTime: for every
// consumption line of group and every queue of topic, the offset move and
// the copies it replays or skips. mqadmin resetOffsetByTime has no dry-run
// switch; an operator gets the same answer by comparing consumerProgress
// with the offsets the broker finds for the time (MQAdminExt.searchOffset).
// Filtered copies are left out of Replayed: the tag expression filters
// them again.
func (b *Broker) PreviewResetOffsetByTime(group, topic string, t Time) ([]ResetPreview, error) {
	g := b.groups[group]
	tp := b.topics[topic]
	if g == nil || tp == nil {
		return nil, fmt.Errorf("resetOffsetByTime: group %s or topic %s does not exist", group, topic)
	}
	var out []ResetPreview
	for _, tr := range g.tracks {
		for _, q := range tp.Queues {
			from := max(tr.committed[q], q.MinOffset)
			p := ResetPreview{Track: tr.name(), Topic: topic, QueueID: q.ID, From: from, To: q.offsetAt(t)}
			for o := from; o < p.To; o++ {
				if m := q.At(o); !tr.settled(m) {
					p.Skipped = append(p.Skipped, resetCopy(tr, m))
				}
			}
			for o := p.To; o < q.MaxOffset(); o++ {
				m := q.At(o)
				switch f := tr.fateOf(m.ID); {
				case tr.inflight[m.ID] != nil:
					p.InFlight = append(p.InFlight, resetCopy(tr, m))
				case f == fateNone:
					p.Pending++
				case f != fateFiltered:
					p.Replayed = append(p.Replayed, resetCopy(tr, m))
				}
			}
			out = append(out, p)
		}
	}
	return out, nil
}

func resetCopy(tr *track, m *Message) ResetCopy {
	return ResetCopy{Copy: m.ID, MsgID: m.MsgID, Offset: m.QueueOffset, Keys: m.Keys, StoredAt: m.StoredAt,
		Fate: fateNames[tr.fateOf(m.ID)]}
}

// offsetAt is the first offset of q stored at or after t, or the max
// offset when every copy is older (the broker's searchOffset by time).
func (q *MQueue) offsetAt(t Time) int64 {
	off := q.MinOffset
	for off < q.MaxOffset() && q.At(off).StoredAt < t {
		off++
	}
	return off
}
