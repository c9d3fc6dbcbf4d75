package delay

import "github.com/dlxlab/dlxlab/core"

// A poller looks for due messages every interval: a Redis sorted set whose
// score is the due time (ZRANGEBYSCORE 0 now, then ZREM each to claim it),
// or a table with an indexed expire_at column scanned by a scheduled job
// (WHERE expire_at < now). Polls fall on multiples of the interval; each
// takes at most batch messages in due order (0: no limit) and leaves the
// rest for the next poll. Sends at an instant happen before a poll then.
type poller struct {
	interval core.Time
	batch    int
	strict   bool // the table scan's "expire_at < now": a row due now waits one more scan
}

// firstPoll is the first poll that sees a message due at due.
func (p poller) firstPoll(due core.Time) core.Time {
	t := ceilTo(due, p.interval)
	if p.strict && t == due {
		t += p.interval
	}
	return t
}

func (p poller) sees(due, now core.Time) bool { return due < now || !p.strict && due == now }

// ceilTo rounds t up to a multiple of step (t ≥ 0, step > 0).
func ceilTo(t, step core.Time) core.Time { return (t + step - 1) / step * step }

// run releases every message and returns how many polls found something.
func (p poller) run(l *lab, o *outcome) (busy int64) {
	order := l.dueOrder()
	now := core.Time(-1)
	for i := 0; i < len(order); busy++ {
		now = max(now, p.firstPoll(l.msgs[order[i]].Due()))
		for n := 0; i < len(order) && p.sees(l.msgs[order[i]].Due(), now) && (p.batch == 0 || n < p.batch); n++ {
			o.release[order[i]] = now
			i++
		}
		now += p.interval
	}
	return busy
}

// polls is how many polls run from the first send to the last release.
func (p poller) polls(l *lab, o *outcome) int64 {
	last := core.Time(0)
	for _, t := range o.release {
		last = max(last, t)
	}
	first := ceilTo(l.msgs[0].At, p.interval)
	if last < first {
		return 0
	}
	return int64((last-first)/p.interval) + 1
}

func runRedisZSet(l *lab, sp Spec, o *outcome) {
	p := poller{interval: core.Time(sp.Value("poll")), batch: int(sp.Value("batch"))}
	busy := p.run(l, o)
	o.count("ZRANGEBYSCORE", p.polls(l, o))
	o.count("polls that found work", busy)
	o.count("ZREM", int64(len(l.msgs)))
}

func runTableScan(l *lab, sp Spec, o *outcome) {
	p := poller{interval: core.Time(sp.Value("every")), batch: int(sp.Value("limit")), strict: true}
	busy := p.run(l, o)
	o.count("scans", p.polls(l, o))
	o.count("scans that found rows", busy)
	o.count("rows updated", int64(len(l.msgs)))
}
