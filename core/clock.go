package core

// Time is virtual time in milliseconds since the scenario started. The core
// never reads a wall clock: callers move time with Advance / RunUntil
// (docs/architecture.md "Parts"), which is what makes replays and "fast-forward 4 hours" exact.
type Time int64

// Never is a time no timer reaches: a message without TTL expires at Never.
const Never Time = 1<<63 - 1

// maxTTL is RabbitMQ's upper bound for TTLs and expiries: ten years in ms (docs/rabbitmq.md "Message TTL").
const maxTTL = 315360000000

type timerKind uint8

const (
	timerExpireHead timerKind = iota // check the head of q for expired messages
	timerQueueLease                  // x-expires: delete q if still unused
	timerSettle                      // a scripted consumer settles a delivery
	timerFunc                        // a caller-scheduled function (scenario runner)
)

// timer is one pending action. Timers fire in (at, seq) order, so two timers
// due at the same instant fire in the order they were set: never by chance.
type timer struct {
	at   Time
	seq  uint64
	kind timerKind
	q    *Queue
	ch   *Channel
	tag  uint64
	fn   func()
}

// timerHeap is a binary min-heap on (at, seq), kept by hand to avoid the
// interface boxing of container/heap on the hot path.
type timerHeap []timer

func (h timerHeap) less(i, j int) bool {
	if h[i].at != h[j].at {
		return h[i].at < h[j].at
	}
	return h[i].seq < h[j].seq
}

func (h *timerHeap) push(t timer) {
	*h = append(*h, t)
	s := *h
	i := len(s) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !s.less(i, p) {
			break
		}
		s[i], s[p] = s[p], s[i]
		i = p
	}
}

func (h *timerHeap) pop() timer {
	s := *h
	top := s[0]
	last := len(s) - 1
	s[0] = s[last]
	s[last] = timer{}
	s = s[:last]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(s) && s.less(l, m) {
			m = l
		}
		if r < len(s) && s.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		s[i], s[m] = s[m], s[i]
		i = m
	}
	*h = s
	return top
}
