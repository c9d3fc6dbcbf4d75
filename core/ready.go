package core

// entry is one copy of a message in one queue.
type entry struct {
	// id is the instance id: unique, and increasing in enqueue order, so it
	// also gives a classic queue's original position for requeues.
	id        uint64
	msg       *Message
	expiresAt Time // Never when no TTL applies
	priority  uint8
	delivered bool  // delivered at least once from this queue (redelivered flag)
	quorum    bool  // held by a quorum queue: deliveries show its counters
	acquired  int32 // quorum: returns of any kind (x-acquired-count / 4.2 x-delivery-count)
	// failed counts failed deliveries (4.3 x-delivery-count; discards on
	// 4.0–4.2 quorum queues), starting from what the message carried in.
	failed int32
}

// readyList is a FIFO of ready messages with cheap pops at the head. Classic
// requeues insert by original sequence and priority queues insert by priority,
// both O(n) in the worst case: rare paths.
type readyList struct {
	items []*entry
	head  int
}

func (l *readyList) len() int { return len(l.items) - l.head }

func (l *readyList) peek() *entry {
	if l.head == len(l.items) {
		return nil
	}
	return l.items[l.head]
}

func (l *readyList) at(i int) *entry { return l.items[l.head+i] }

func (l *readyList) pushBack(e *entry) { l.items = append(l.items, e) }

func (l *readyList) pop() *entry {
	e := l.items[l.head]
	l.items[l.head] = nil
	l.head++
	if l.head == len(l.items) {
		l.items, l.head = l.items[:0], 0
	} else if l.head >= 1024 && l.head*2 >= len(l.items) {
		n := copy(l.items, l.items[l.head:])
		clear(l.items[n:])
		l.items, l.head = l.items[:n], 0
	}
	return e
}

// insertAt puts e before the element now at position i (0 = head).
func (l *readyList) insertAt(i int, e *entry) {
	if i == 0 && l.head > 0 {
		l.head--
		l.items[l.head] = e
		return
	}
	p := l.head + i
	l.items = append(l.items, nil)
	copy(l.items[p+1:], l.items[p:])
	l.items[p] = e
}

// insertBySeq puts e back at its original position (by id) (classic requeue, docs/rabbitmq.md "Delivery limit").
func (l *readyList) insertBySeq(e *entry) {
	n := l.len()
	i := 0
	for i < n {
		o := l.at(i)
		if o.priority < e.priority || (o.priority == e.priority && o.id > e.id) {
			break
		}
		i++
	}
	l.insertAt(i, e)
}

// insertByPriority keeps higher priorities first, FIFO within one priority.
func (l *readyList) insertByPriority(e *entry) {
	n := l.len()
	if n == 0 || l.at(n-1).priority >= e.priority {
		l.pushBack(e)
		return
	}
	i := 0
	for i < n && l.at(i).priority >= e.priority {
		i++
	}
	l.insertAt(i, e)
}

// removeAt removes and returns the element at position i.
func (l *readyList) removeAt(i int) *entry {
	if i == 0 {
		return l.pop()
	}
	p := l.head + i
	e := l.items[p]
	copy(l.items[p:], l.items[p+1:])
	l.items[len(l.items)-1] = nil
	l.items = l.items[:len(l.items)-1]
	return e
}

func (l *readyList) clear() []*entry {
	out := append([]*entry(nil), l.items[l.head:]...)
	clear(l.items)
	l.items, l.head = l.items[:0], 0
	return out
}
