package rocketmq

import "fmt"

// CheckInvariants verifies that every message is accounted for: each copy
// sits at its offset (or was removed by retention), every consume offset
// only passes settled copies, every retry or dead letter has its parent
// marked, every scheduled copy is waiting or released, and the counters
// agree. Tests call it after every step.
func (b *Broker) CheckInvariants() error {
	children := map[uint64]int{}
	dlq := 0
	for i, m := range b.copies {
		if m.ID != uint64(i+1) {
			return fmt.Errorf("copy %d has id %d", i+1, m.ID)
		}
		t := b.topics[m.Topic]
		if t == nil || m.QueueID >= len(t.Queues) {
			return fmt.Errorf("copy %d in unknown %s/%d", m.ID, m.Topic, m.QueueID)
		}
		q := t.Queues[m.QueueID]
		if m.QueueOffset >= q.MinOffset && q.At(m.QueueOffset) != m {
			return fmt.Errorf("copy %d is not at %s/%d offset %d", m.ID, m.Topic, m.QueueID, m.QueueOffset)
		}
		if m.Parent != 0 {
			children[m.Parent]++
		}
		if t.Kind == "dlq" {
			dlq++
		}
	}
	if dlq != b.stats.DeadLettered {
		return fmt.Errorf("%d copies in %%DLQ%% topics, %d dead-lettered", dlq, b.stats.DeadLettered)
	}
	for _, m := range b.copies {
		t := b.topics[m.Topic]
		live := m.QueueOffset >= t.Queues[m.QueueID].MinOffset
		if (t.Kind == "schedule" || t.Kind == "timer") && live && !b.releasedIDs[m.ID] {
			if children[m.ID] != 0 {
				return fmt.Errorf("scheduled copy %d has a child but is not released", m.ID)
			}
		}
		if b.releasedIDs[m.ID] && children[m.ID] != 1 {
			return fmt.Errorf("released copy %d has %d children", m.ID, children[m.ID])
		}
	}
	for _, t := range b.tOrder {
		if !t.delays() {
			continue
		}
		for _, q := range t.Queues {
			waiting := 0
			for i, m := range q.msgs {
				if !b.releasedIDs[m.ID] {
					waiting++
					if q.MinOffset+int64(i) < q.scan {
						return fmt.Errorf("%s queue %d: copy %d waits before the released mark %d", t.Name, q.ID, m.ID, q.scan)
					}
				}
			}
			if waiting != q.waiting {
				return fmt.Errorf("%s queue %d: %d copies waiting, counted %d", t.Name, q.ID, waiting, q.waiting)
			}
		}
	}
	for _, g := range b.gOrder {
		for _, tr := range g.tracks {
			if err := b.checkReads(tr); err != nil {
				return err
			}
			if err := b.checkTrack(tr, children); err != nil {
				return fmt.Errorf("%s: %w", tr.name(), err)
			}
		}
	}
	if b.stats.SentBack+b.stats.DeadLettered+b.stats.Sent+len(b.releasedIDs) != b.stats.Stored {
		return fmt.Errorf("stored %d ≠ sent %d + retries %d + dead letters %d + releases %d",
			b.stats.Stored, b.stats.Sent, b.stats.SentBack, b.stats.DeadLettered, len(b.releasedIDs))
	}
	return nil
}

func (b *Broker) checkTrack(tr *track, children map[uint64]int) error {
	for q, off := range tr.committed {
		if off > q.MaxOffset() {
			return fmt.Errorf("offset %d past the end of %s/%d", off, q.Topic, q.ID)
		}
		for o := q.MinOffset; o < off; o++ {
			if m := q.At(o); !tr.settled(m) {
				return fmt.Errorf("offset %d of %s/%d passed copy %d, which is not settled", off, q.Topic, q.ID, m.ID)
			}
		}
	}
	for i, f := range tr.fate {
		id := uint64(i + 1)
		if f == fateNone {
			continue
		}
		if (f == fateSentBack || f == fateDLQ) && children[id] == 0 {
			return fmt.Errorf("copy %d is %s but has no next copy", id, fateNames[f])
		}
		if tr.inflight[id] != nil {
			return fmt.Errorf("copy %d is %s and still in flight", id, fateNames[f])
		}
	}
	return nil
}

// checkReads: reads, which dispatch asks by name, agrees with queuesOf.
func (b *Broker) checkReads(tr *track) error {
	mine := map[*MQueue]bool{}
	for _, q := range b.queuesOf(tr) {
		mine[q] = true
	}
	for _, t := range b.tOrder {
		for _, q := range t.Queues {
			if b.reads(tr, q) != mine[q] {
				return fmt.Errorf("%s: reads %s queue %d = %v, queuesOf says %v", tr.name(), t.Name, q.ID, b.reads(tr, q), mine[q])
			}
		}
	}
	return nil
}
