package rocketmq

import (
	"fmt"
	"strconv"
	"strings"
)

// DefaultMessageDelayLevel is the broker's delay-level table as written in
// its configuration (MessageStoreConfig.messageDelayLevel): level 1 is the
// first entry, level 18 the last. Retries decided by the broker use levels
// 3..18 (docs/rocketmq.md "Delay levels").
const DefaultMessageDelayLevel = "1s 5s 10s 30s 1m 2m 3m 4m 5m 6m 7m 8m 9m 10m 20m 30m 1h 2h"

// DefaultTimerPrecisionMs is the 5.x timer wheel's slot width
// (MessageStoreConfig.timerPrecisionMs): an arbitrary deliver time is held
// to this precision (docs/rocketmq.md "Timer messages (5.x)").
const DefaultTimerPrecisionMs int64 = 1000

// DelayTable maps delay levels (1-based) to a wait in milliseconds. The
// zero value has no levels; use DefaultDelayTable or ParseDelayLevels.
type DelayTable struct {
	ms []int64 // ms[level-1]
}

// unitMs is the unit letter table of ScheduleMessageService.parseDelayLevel.
var unitMs = map[byte]int64{'s': 1000, 'm': 60 * 1000, 'h': 60 * 60 * 1000, 'd': 24 * 60 * 60 * 1000}

// maxEntryMs keeps a custom entry far from int64 overflow when the model
// adds it to a clock (the broker itself would accept more: a longer wait
// than ten years teaches nothing).
const maxEntryMs int64 = 10 * 365 * 24 * 60 * 60 * 1000

var defaultTable = mustParse(DefaultMessageDelayLevel)

func mustParse(s string) DelayTable {
	t, err := ParseDelayLevels(s)
	if err != nil {
		panic(err)
	}
	return t
}

// DefaultDelayTable is the 18-level table every broker starts with.
func DefaultDelayTable() DelayTable { return defaultTable }

// ParseDelayLevels reads a messageDelayLevel string the way the broker's
// ScheduleMessageService.parseDelayLevel does: entries separated by single
// spaces, each a whole number followed by one unit letter s, m, h or d.
// Where the broker would log an exception and refuse to start its
// schedule service, this returns an error naming the entry.
func ParseDelayLevels(s string) (DelayTable, error) {
	if s == "" {
		return DelayTable{}, fmt.Errorf("messageDelayLevel is empty: give entries like %q", "1s 5s 10s")
	}
	parts := strings.Split(s, " ")
	ms := make([]int64, len(parts))
	for i, p := range parts {
		v, err := parseDelayEntry(p)
		if err != nil {
			return DelayTable{}, fmt.Errorf("messageDelayLevel level %d: %w", i+1, err)
		}
		ms[i] = v
	}
	return DelayTable{ms: ms}, nil
}

func parseDelayEntry(p string) (int64, error) {
	if p == "" {
		return 0, fmt.Errorf("empty entry (entries are separated by exactly one space)")
	}
	unit, ok := unitMs[p[len(p)-1]]
	if !ok {
		return 0, fmt.Errorf("%q must end with a unit: s, m, h or d", p)
	}
	n, err := strconv.ParseInt(p[:len(p)-1], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%q: %q is not a whole number", p, p[:len(p)-1])
	}
	if n < 0 {
		return 0, fmt.Errorf("%q: a delay cannot be negative", p)
	}
	if n > maxEntryMs/unit {
		return 0, fmt.Errorf("%q: longer than ten years", p)
	}
	return n * unit, nil
}

// Levels is the number of levels (the highest level); 18 by default.
func (t DelayTable) Levels() int { return len(t.ms) }

// Clamp maps a requested level onto the table the way the broker's put
// hook does (HookUtils.handleScheduleMessage): a level above the highest
// becomes the highest; 0 or below means "no delay" and stays as it is.
func (t DelayTable) Clamp(level int) int {
	if level > len(t.ms) {
		return len(t.ms)
	}
	return level
}

// Delay is the wait of a level after clamping (ms), and false when the
// level means no delay (≤ 0) or the table is empty.
func (t DelayTable) Delay(level int) (int64, bool) {
	level = t.Clamp(level)
	if level <= 0 {
		return 0, false
	}
	return t.ms[level-1], true
}

// String writes the table back in the broker's configuration syntax, with
// the largest unit that divides each entry.
func (t DelayTable) String() string {
	var b strings.Builder
	for i, ms := range t.ms {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(formatDelayEntry(ms))
	}
	return b.String()
}

func formatDelayEntry(ms int64) string {
	for _, u := range []byte{'d', 'h', 'm'} {
		if ms != 0 && ms%unitMs[u] == 0 {
			return strconv.FormatInt(ms/unitMs[u], 10) + string(u)
		}
	}
	return strconv.FormatInt(ms/1000, 10) + "s"
}
