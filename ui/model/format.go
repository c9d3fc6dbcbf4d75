package model

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dlxlab/dlxlab/core"
)

// Formatting virtual times and AMQP values for people.

// FormatDuration writes virtual milliseconds for people: "300 ms",
// "1.5 s", "2 min", "1 h 30 min".
func FormatDuration(t core.Time) string {
	switch {
	case t < 1000:
		return strconv.FormatInt(int64(t), 10) + " ms"
	case t < 60_000:
		return strconv.FormatFloat(float64(t)/1000, 'f', -1, 64) + " s"
	case t < 3_600_000 && t%60_000 == 0:
		return strconv.FormatInt(int64(t/60_000), 10) + " min"
	case t < 3_600_000:
		return strconv.FormatFloat(float64(t)/60_000, 'f', 1, 64) + " min"
	}
	h := t / 3_600_000
	m := (t % 3_600_000) / 60_000
	if m == 0 {
		return strconv.FormatInt(int64(h), 10) + " h"
	}
	return fmt.Sprintf("%d h %d min", h, m)
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
