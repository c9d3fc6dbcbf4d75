package kernel

import (
	"strconv"
	"strings"
)

// WriteEventHead writes the start every event line of every model shares,
// "t=300ms #12 dead-lettered", so traces of both brokers read alike and
// replays compare them byte for byte.
func WriteEventHead(sb *strings.Builder, t Time, seq uint64, kind string) {
	sb.WriteString("t=")
	sb.WriteString(strconv.FormatInt(int64(t), 10))
	sb.WriteString("ms #")
	sb.WriteString(strconv.FormatUint(seq, 10))
	sb.WriteByte(' ')
	sb.WriteString(kind)
}
