package scenarios

import (
	"fmt"
	"strconv"
	"strings"
)

// Duration is virtual time in milliseconds (core.Time's unit).
type Duration int64

// Duration units.
const (
	Millisecond Duration = 1
	Second               = 1000 * Millisecond
	Minute               = 60 * Second
	Hour                 = 60 * Minute
	Day                  = 24 * Hour
)

var durationUnits = []struct {
	name string
	d    Duration
}{{"d", Day}, {"h", Hour}, {"m", Minute}, {"s", Second}, {"ms", Millisecond}}

// ParseDuration reads "250ms", "2s", "5m", "4h", "1h30m", "1.5s", "2d" or
// a bare integer of milliseconds ("300"). The result must be a whole
// number of milliseconds, not negative, and at most MaxVirtualTime.
func ParseDuration(s string) (Duration, error) {
	orig := s
	if s == "" {
		return 0, fmt.Errorf("empty duration")
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return checkDuration(orig, n)
	}
	var total float64
	for s != "" {
		i := 0
		for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
			i++
		}
		if i == 0 {
			return 0, badDuration(orig)
		}
		num, err := strconv.ParseFloat(s[:i], 64)
		if err != nil {
			return 0, badDuration(orig)
		}
		s = s[i:]
		j := 0
		for j < len(s) && s[j] >= 'a' && s[j] <= 'z' {
			j++
		}
		unit, ok := unitOf(s[:j])
		if !ok {
			return 0, badDuration(orig)
		}
		s = s[j:]
		total += num * float64(unit)
		if total > float64(MaxVirtualTime) {
			return checkDuration(orig, int64(MaxVirtualTime)+1)
		}
	}
	ms := int64(total)
	if float64(ms) != total {
		return 0, fmt.Errorf("duration %q is not a whole number of milliseconds", orig)
	}
	return checkDuration(orig, ms)
}

func unitOf(name string) (Duration, bool) {
	for _, u := range durationUnits {
		if u.name == name {
			return u.d, true
		}
	}
	return 0, false
}

func badDuration(s string) error {
	return fmt.Errorf("invalid duration %q (want e.g. 250ms, 2s, 5m, 4h, 1h30m, or an integer of milliseconds)", s)
}

func checkDuration(orig string, ms int64) (Duration, error) {
	if ms < 0 {
		return 0, fmt.Errorf("duration %q is negative", orig)
	}
	if Duration(ms) > MaxVirtualTime {
		return 0, fmt.Errorf("duration %q is longer than the limit of %s (MaxVirtualTime)", orig, MaxVirtualTime)
	}
	return Duration(ms), nil
}

// String writes the exact form in whole units, largest first: "250ms",
// "2s", "1h30m", "1m500ms", "2d". ParseDuration reads it back.
func (d Duration) String() string {
	if d == 0 {
		return "0s"
	}
	if d < 0 {
		return strconv.FormatInt(int64(d), 10) + "ms"
	}
	var b strings.Builder
	rest := d
	for _, u := range durationUnits {
		if rest >= u.d {
			n := rest / u.d
			rest -= n * u.d
			b.WriteString(strconv.FormatInt(int64(n), 10))
			b.WriteString(u.name)
		}
	}
	return b.String()
}
