package model

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dlxlab/dlxlab/core"
)

// Formatting virtual times and AMQP values for people.

// FormatDuration writes virtual milliseconds for people: "300 ms",
// "1.5 s", "2 min", "1 min 30.5 s", "1 h 30 min", "1 d", "2 d 3 h". Every
// unit that is not zero is written, so nothing is rounded away.
func FormatDuration(t core.Time) string {
	switch {
	case t < 0:
		return "-" + FormatDuration(-t)
	case t < 1000:
		return strconv.FormatInt(int64(t), 10) + " ms"
	case t < 60_000:
		return seconds(t)
	}
	var parts []string
	rest := t
	for _, u := range []struct {
		name string
		ms   core.Time
	}{{"d", 86_400_000}, {"h", 3_600_000}, {"min", 60_000}} {
		if rest >= u.ms {
			parts = append(parts, strconv.FormatInt(int64(rest/u.ms), 10)+" "+u.name)
			rest %= u.ms
		}
	}
	if rest > 0 {
		parts = append(parts, seconds(rest))
	}
	return strings.Join(parts, " ")
}

// seconds writes milliseconds as seconds, without trailing zeros: "1.5 s".
func seconds(t core.Time) string {
	return strconv.FormatFloat(float64(t)/1000, 'f', -1, 64) + " s"
}

// FormatClock writes a moment of the virtual clock: under a minute with
// three decimals ("1.250 s", so a running clock keeps its width), later
// in units ("1 d", "4 h 46 min", "2 min 0.5 s").
func FormatClock(t core.Time) string {
	if t >= 0 && t < 60_000 {
		return core.FormatClock(t)
	}
	return FormatDuration(t)
}

// FormatValue writes an AMQP value the way the inspector shows it.
func FormatValue(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case []byte:
		return string(x)
	case core.Timestamp:
		return strconv.FormatInt(int64(x), 10)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = FormatValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case core.Table:
		var parts []string
		for _, k := range x.SortedKeys() {
			parts = append(parts, k+": "+FormatValue(x[k]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	if i, ok := core.AsInteger(v); ok {
		return strconv.FormatInt(i, 10)
	}
	return fmt.Sprint(v)
}
