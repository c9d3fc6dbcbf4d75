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
	fate      []fate               // by copy id (index id−1)
	inflight  map[uint64]*delivery // copy id → its running delivery
	blocked   map[*MQueue]Time     // orderly: suspended until
	orderRT   map[uint64]int       // orderly: in-memory reconsumeTimes
	gen       int                  // bumped on rebalance: older deliveries are void
	rr        int
}

func newTrack(g *Group, c *Consumer) *track {
	return &track{g: g, owner: c, committed: map[*MQueue]int64{}, pulled: map[*MQueue]int64{},
		inflight: map[uint64]*delivery{}, blocked: map[*MQueue]Time{}, orderRT: map[uint64]int{}}
}

func (tr *track) name() string {
	if tr.owner != nil {
		return tr.g.Name + "/" + tr.owner.ID
	}
	return tr.g.Name
}

func (tr *track) settled(m *Message) bool { return tr.fateOf(m.ID) != fateNone }

func (tr *track) fateOf(id uint64) fate {
	if id > uint64(len(tr.fate)) {
		return fateNone
	}
	return tr.fate[id-1]
}

func (tr *track) setFate(id uint64, f fate) {
	for uint64(len(tr.fate)) < id {
		tr.fate = append(tr.fate, fateNone)
	}
	tr.fate[id-1] = f
}

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

// forgetExpired moves consume offsets over copies retention removed.
func (b *Broker) forgetExpired() {
	for _, g := range b.gOrder {
		for _, tr := range g.tracks {
			for q := range tr.committed {
				tr.advance(q)
			}
		}
	}
}
