package delay

import (
	"strconv"
	"strings"

	"github.com/dlxlab/dlxlab/core"
)

var timeUnits = []struct {
	name string
	ms   core.Time
}{{"d", 24 * 3600 * 1000}, {"h", 3600 * 1000}, {"m", 60 * 1000}, {"s", 1000}, {"ms", 1}}

// FormatTime writes an exact duration in whole units, largest first:
// "250ms", "30s", "1h30m", "1m500ms", "-25s".
func FormatTime(t core.Time) string {
	if t == 0 {
		return "0s"
	}
	var b strings.Builder
	if t < 0 {
		b.WriteByte('-')
		t = -t
	}
	for _, u := range timeUnits {
		if t >= u.ms {
			b.WriteString(strconv.FormatInt(int64(t/u.ms), 10))
			b.WriteString(u.name)
			t %= u.ms
		}
	}
	return b.String()
}

// FormatShort writes a duration for a table cell, rounded to at most two
// units: "250ms", "1.5s", "3m12s", "2h5m", "-25s".
func FormatShort(t core.Time) string {
	if t < 0 {
		return "-" + FormatShort(-t)
	}
	switch {
	case t < 1000:
		return strconv.FormatInt(int64(t), 10) + "ms"
	case t < 60*1000:
		s := strconv.FormatFloat(float64(t)/1000, 'f', 1, 64)
		return strings.TrimSuffix(s, ".0") + "s"
	case t < 3600*1000:
		return FormatTime(t / 1000 * 1000)
	case t < 24*3600*1000:
		return FormatTime(t / 60000 * 60000)
	}
	return FormatTime(t / 3600000 * 3600000)
}
