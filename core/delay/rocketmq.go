package delay

import (
	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/core/rocketmq"
)

// levelDelays is the broker's default delay-level table from core/rocketmq,
// level 1 first.
func levelDelays() []core.Time {
	t := rocketmq.DefaultDelayTable()
	out := make([]core.Time, t.Levels())
	for i := range out {
		d, _ := t.Delay(i + 1)
		out[i] = core.Time(d)
	}
	return out
}

// runRocketLevels models RocketMQ 4.x delay levels: the producer can only
// pick a level, so a delay is rounded up to the next level (a delay above
// the highest gets the highest and comes out early; 0 means no delay). A
// message waits in its level's queue of SCHEDULE_TOPIC_XXXX, counted from
// when it is stored. One task per level reads its queue head and, when the
// head is not due yet or the queue is empty, looks again 100 ms later
// (ScheduleMessageService's DELAY_FOR_A_WHILE): release falls on the next
// check at or after the due time. A level's queue holds one delay, so it is
// always in due order.
func runRocketLevels(l *lab, sp Spec, o *outcome) {
	levels := sortedTiers(sp.List("levels"))
	check := core.Time(sp.Value("check"))
	clamped := false
	var delayed int64
	for i, m := range l.msgs {
		if m.Delay <= 0 {
			o.release[i] = m.At
			continue
		}
		li, ok := roundUp(levels, m.Delay)
		clamped = clamped || !ok
		o.release[i] = ceilTo(m.At+levels[li], check)
		delayed++
	}
	p := poller{interval: check}
	o.count("level checks", int64(len(levels))*p.polls(l, o))
	o.count("commit log writes", int64(len(l.msgs))+delayed) // a delayed message is written again when due
	if clamped {
		o.warnings = append(o.warnings, WarnClamped)
	}
}

// runRocketTimer models RocketMQ 5.x timer messages (setDelayTimeMs and
// friends). The broker refuses a delay over timerMaxDelaySec (3 days) and
// sends a message whose time has come at once. Otherwise it files the
// message in the wheel slot of its deliver time rounded down to the
// precision (an exact multiple one slot earlier), and reads a slot only
// once the clock has passed it by a whole slot: so a message comes out at
// its deliver time rounded up to the precision, never early.
func runRocketTimer(l *lab, sp Spec, o *outcome) {
	prec := core.Time(sp.Value("precision"))
	maxDelay := core.Time(sp.Value("max_delay"))
	var delayed int64
	for i, m := range l.msgs {
		switch {
		case m.Delay > maxDelay:
			o.reject(i, "WHEEL_TIMER_MSG_ILLEGAL: the delay is over timerMaxDelaySec")
		case m.Delay <= 0:
			o.release[i] = m.At
		default:
			o.release[i] = ceilTo(m.Due(), prec)
			delayed++
		}
	}
	p := poller{interval: prec}
	o.count("slots read", p.polls(l, o))
	o.count("timer log writes", delayed)
}
