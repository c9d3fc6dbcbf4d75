package core

import "fmt"

// CheckInvariants verifies that every message copy is accounted for and
// that the broker's bookkeeping agrees with its contents. Tests call it
// after every step; it returns the first violation found.
//
// Every copy ever enqueued is, at every moment, in exactly one place:
// ready in a queue, unacked on a channel, acked, dead-lettered onward, or
// dropped with a recorded reason.
func (b *Broker) CheckInvariants() error {
	ready, unacked, err := b.countPlaces()
	if err != nil {
		return err
	}
	s := b.stats
	var held uint64
	for _, q := range b.qOrder {
		held += uint64(len(q.backlog))
	}
	if int(held) != b.backlogged {
		return fmt.Errorf("accounting: %d held dead letters but counter says %d", held, b.backlogged)
	}
	if got := ready + unacked + held + s.Acked + s.DeadLettered + s.Dropped; got != s.Enqueued {
		return fmt.Errorf("accounting: enqueued %d but ready %d + unacked %d + held %d + acked %d + dead-lettered %d + dropped %d = %d",
			s.Enqueued, ready, unacked, held, s.Acked, s.DeadLettered, s.Dropped, got)
	}
	return b.checkQueues()
}

func (b *Broker) countPlaces() (ready, unacked uint64, err error) {
	seen := map[uint64]string{}
	place := func(id uint64, where string) error {
		if prev, dup := seen[id]; dup {
			return fmt.Errorf("accounting: copy %d is both %s and %s", id, prev, where)
		}
		seen[id] = where
		return nil
	}
	for _, q := range b.qOrder {
		for _, l := range []*readyList{&q.returns, &q.ready} {
			for i := 0; i < l.len(); i++ {
				if err := place(l.at(i).id, "ready in "+q.Name); err != nil {
					return 0, 0, err
				}
				ready++
			}
		}
	}
	for _, ch := range b.chOrder {
		for _, d := range ch.unacked {
			if err := place(d.e.id, "unacked on channel "+ch.Name); err != nil {
				return 0, 0, err
			}
			unacked++
		}
	}
	return ready, unacked, nil
}

// checkQueues: cached counters match contents, prefetch is respected, no
// ready message sits with a consumer idle, no expired message is at a head.
func (b *Broker) checkQueues() error {
	perQueue := map[*Queue]int{}
	for _, ch := range b.chOrder {
		for _, d := range ch.unacked {
			perQueue[d.q]++
		}
	}
	for _, q := range b.qOrder {
		var bytes int64
		for _, l := range []*readyList{&q.returns, &q.ready} {
			for i := 0; i < l.len(); i++ {
				bytes += l.at(i).msg.size()
			}
			if e := l.peek(); e != nil && e.expiresAt <= b.clock.Now && !b.limitHit && b.spent == nil {
				return fmt.Errorf("queue %s: expired message %d left at the head", q.Name, e.id)
			}
		}
		if bytes != q.bytes {
			return fmt.Errorf("queue %s: bytes %d but messages hold %d", q.Name, q.bytes, bytes)
		}
		if perQueue[q] != q.unacked {
			return fmt.Errorf("queue %s: unacked %d but channels hold %d", q.Name, q.unacked, perQueue[q])
		}
		if err := checkConsumers(q); err != nil {
			return err
		}
	}
	return nil
}

func checkConsumers(q *Queue) error {
	for _, c := range q.consumers {
		if c.Prefetch > 0 && c.unacked > c.Prefetch {
			return fmt.Errorf("consumer %s: %d unacked over prefetch %d", c.Tag, c.unacked, c.Prefetch)
		}
		if c.hasCapacity() && q.readyCount() > 0 {
			return fmt.Errorf("queue %s: %d ready while consumer %s has free prefetch", q.Name, q.readyCount(), c.Tag)
		}
	}
	return nil
}
