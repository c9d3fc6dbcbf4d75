package rocketmq

// fate is what a track did with a copy.
type fate uint8

const (
	fateNone     fate = iota
	fateConsumed      // consumed successfully
	fateFiltered      // skipped by the tag expression
	fateSentBack      // a retry copy was made from it
	fateDLQ           // it went to %DLQ%
	fateDropped       // lost, with a recorded reason
)

var fateNames = [...]string{"pending", "consumed", "filtered", "sent-back", "dead-lettered", "dropped"}

// track is one consumption line: a clustering group, or one consumer of a
// broadcasting group. It holds the consume offsets and the process queue.
type track struct {
	g         *Group
	owner     *Consumer            // broadcasting: the consumer; clustering: nil
	committed map[*MQueue]int64    // consume offset (everything below is settled)
	pulled    map[*MQueue]int64    // next offset to pull
	fate      map[uint64]fate      // copy id → fate
	inflight  map[uint64]*delivery // copy id → its running delivery
	blocked   map[*MQueue]Time     // orderly: suspended until
	orderRT   map[uint64]int       // orderly: in-memory reconsumeTimes
	gen       int                  // bumped on rebalance: older deliveries are void
	rr        int
}

func newTrack(g *Group, c *Consumer) *track {
	return &track{g: g, owner: c, committed: map[*MQueue]int64{}, pulled: map[*MQueue]int64{}, fate: map[uint64]fate{},
		inflight: map[uint64]*delivery{}, blocked: map[*MQueue]Time{}, orderRT: map[uint64]int{}}
}

func (tr *track) name() string {
	if tr.owner != nil {
		return tr.g.Name + "/" + tr.owner.ID
	}
	return tr.g.Name
}

func (tr *track) settled(m *Message) bool { return tr.fate[m.ID] != fateNone }

// advance moves the consume offset of q over every settled copy
// (ProcessQueue.removeMessage: the offset is the lowest unfinished one).
func (tr *track) advance(q *MQueue) {
	off := max(tr.committed[q], q.MinOffset)
	for off < q.MaxOffset() && tr.settled(q.At(off)) {
		off++
	}
	tr.committed[q] = off
	if tr.pulled[q] < off {
		tr.pulled[q] = off
	}
}

// forgetExpired drops fates of copies retention removed (memory only: they
// are accounted for by their expiry events).
func (b *Broker) forgetExpired() {
	for _, g := range b.gOrder {
		for _, tr := range g.tracks {
			for id := range tr.fate {
				m := b.copies[id-1]
				if q := b.topics[m.Topic].Queues[m.QueueID]; m.QueueOffset < q.MinOffset {
					delete(tr.fate, id)
				}
			}
			for q := range tr.committed {
				tr.advance(q)
			}
		}
	}
}
