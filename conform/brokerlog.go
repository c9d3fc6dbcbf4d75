package conform

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Some of what a broker does never reaches a client. The one that matters
// for dead-lettering is the cycle check: a dead letter whose target queue
// would close a cycle of automatic deaths is not delivered there, and the
// broker says so only in its log, once per cycle and queue process
// ("Message dropped. Dead-letter queues cycle detected: [...]" on 3.x,
// "Message dropped because the following list of queues (ordered by death
// recency) contains a dead letter cycle ..." on 4.x). When the dead letter
// has another target that does not cycle, nothing on the wire shows the
// cut at all. So conform reads the lines the node wrote while a scenario
// ran, keeps the cycle lines logged by that scenario's queue processes,
// and compares their queue lists with the simulator's cycle events.

// brokerLog is a node's log file, read from an offset.
type brokerLog struct{ path string }

// openBrokerLog finds the node's log in dir: NODE.log, or without a node
// name the most recently written *.log that is not an *_upgrade.log.
func openBrokerLog(dir, node string) (*brokerLog, error) {
	if node != "" {
		p := filepath.Join(dir, node+".log")
		if _, err := os.Stat(p); err != nil {
			return nil, fmt.Errorf("broker log: %w", err)
		}
		return &brokerLog{path: p}, nil
	}
	matches, err := filepath.Glob(filepath.Join(dir, "*.log"))
	if err != nil {
		return nil, err
	}
	var best string
	var bestTime int64
	for _, m := range matches {
		st, err := os.Stat(m)
		if err != nil || strings.HasSuffix(m, "_upgrade.log") {
			continue
		}
		if t := st.ModTime().UnixNano(); best == "" || t > bestTime {
			best, bestTime = m, t
		}
	}
	if best == "" {
		return nil, fmt.Errorf("broker log: no *.log in %s", dir)
	}
	return &brokerLog{path: best}, nil
}

// size is where the next line will be written.
func (l *brokerLog) size() (int64, error) {
	st, err := os.Stat(l.path)
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

// logRecord is one log event: the writing process and its text (a
// multi-line event is written as several lines with the same prefix).
type logRecord struct {
	Pid  string // "<0.1251.0>"
	Text string
}

// logPrefix matches "2026-12-01 18:36:45.101548+00:00 [warning] <0.1251.0> ".
var logPrefix = lazyRegexp(`^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+\S* \[[a-z]+\] (<[0-9.]+>)) ?(.*)$`)

// since reads the records written after offset. A log rotated meanwhile
// (smaller than offset) is read from its start.
func (l *brokerLog) since(offset int64) ([]logRecord, error) {
	f, err := os.Open(l.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() < offset {
		offset = 0
	}
	if _, err := f.Seek(offset, io.SeekStart); err != nil {
		return nil, err
	}
	return parseLog(f)
}

// parseLog groups lines into records: a line whose prefix (time, level,
// pid) is the previous line's continues that record.
func parseLog(r io.Reader) ([]logRecord, error) {
	var out []logRecord
	prev := ""
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for sc.Scan() {
		m := logPrefix().FindStringSubmatch(sc.Text())
		if m == nil {
			prev = ""
			continue
		}
		if m[1] == prev && len(out) > 0 {
			out[len(out)-1].Text += "\n" + m[3]
			continue
		}
		prev = m[1]
		out = append(out, logRecord{Pid: m[2], Text: m[3]})
	}
	if err := sc.Err(); err != nil && !errors.Is(err, bufio.ErrTooLong) {
		return out, err
	}
	return out, nil
}

// erlBinary matches an Erlang binary as the broker prints a queue name:
// <<"q.a">>, <<"名"/utf8>>, with \" and \\ escaped inside.
var erlBinary = lazyRegexp(`<<"((?:[^"\\]|\\.)*)"(?:/utf8)?>>`)

// cycleQueues reads a cycle line's queue list, or reports that the record
// is not one.
func cycleQueues(text string) ([]string, bool) {
	if !strings.HasPrefix(text, "Message dropped") || !strings.Contains(text, "cycle") {
		return nil, false
	}
	i := strings.Index(text, "[")
	if i < 0 {
		return nil, false
	}
	var qs []string
	for _, m := range erlBinary().FindAllStringSubmatch(text[i:], -1) {
		qs = append(qs, unescapeErl(m[1]))
	}
	return qs, true
}

func unescapeErl(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// localPid turns the pid rabbitmqctl prints (<rabbit@host.1251.0>, or
// with a creation number <rabbit@host.1700000000.1251.0>) into the form
// the node's own log uses for a local process (<0.1251.0>).
func localPid(p string) string {
	p = strings.Trim(strings.TrimSpace(p), "<>")
	parts := strings.Split(p, ".")
	if len(parts) < 2 {
		return ""
	}
	return "<0." + parts[len(parts)-2] + "." + parts[len(parts)-1] + ">"
}

// brokerCycles keeps the cycle lines written by the given processes and
// returns each one's queue list as the log prints it ("a, b, a").
func brokerCycles(recs []logRecord, pids map[string]bool) []string {
	var out []string
	for _, r := range recs {
		if !pids[r.Pid] {
			continue
		}
		if qs, ok := cycleQueues(r.Text); ok {
			out = append(out, strings.Join(qs, ", "))
		}
	}
	return out
}

// simCycleList reads the queue list from the simulator's cycle event
// text, worded like the broker's line: "...: [a, b, a]" (and on 3.x a
// sentence after it).
func simCycleList(detail string) string {
	i := strings.LastIndex(detail, "[")
	if i < 0 {
		return detail
	}
	rest := detail[i+1:]
	if j := strings.Index(rest, "]"); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

// diffCycles compares the cycle lists as multisets: path log.cycles,
// one difference per list that one side logged and the other did not.
func diffCycles(sim, broker []string, out *[]Difference) {
	s, b := append([]string{}, sim...), append([]string{}, broker...)
	sort.Strings(s)
	sort.Strings(b)
	var onlySim, onlyBroker []string
	i, j := 0, 0
	for i < len(s) || j < len(b) {
		switch {
		case j == len(b) || (i < len(s) && s[i] < b[j]):
			onlySim = append(onlySim, s[i])
			i++
		case i == len(s) || b[j] < s[i]:
			onlyBroker = append(onlyBroker, b[j])
			j++
		default:
			i++
			j++
		}
	}
	for k := 0; k < max(len(onlySim), len(onlyBroker)); k++ {
		d := Difference{Path: "log.cycles", Sim: "(none)", Broker: "(none)"}
		if k < len(onlySim) {
			d.Sim = "[" + onlySim[k] + "]"
		}
		if k < len(onlyBroker) {
			d.Broker = "[" + onlyBroker[k] + "]"
		}
		*out = append(*out, d)
	}
}

// logWatch remembers where the log ended when a scenario started.
type logWatch struct {
	log    *brokerLog
	offset int64
}

// watch starts a scenario's log window; nil without a log.
func (l *brokerLog) watch() *logWatch {
	if l == nil {
		return nil
	}
	off, err := l.size()
	if err != nil {
		return nil
	}
	return &logWatch{log: l, offset: off}
}

// cycles returns the cycle lines the vhost's queues wrote since the
// watch began. The logger writes a moment after the event, so while
// fewer lines than the simulator's want are found it looks again, for
// at most a second.
func (w *logWatch) cycles(ctx context.Context, admin Admin, vhost string, want int) ([]string, error) {
	var pids map[string]bool // listed only once a cycle line is seen: each rabbitmqctl call costs a second or more
	deadline := time.Now().Add(time.Second)
	for {
		recs, err := w.log.since(w.offset)
		if err != nil {
			return nil, err
		}
		if pids == nil && anyCycle(recs) {
			if pids, err = queuePids(ctx, admin, vhost); err != nil {
				return nil, err
			}
		}
		got := brokerCycles(recs, pids)
		if len(got) >= want || time.Now().After(deadline) || ctx.Err() != nil {
			return got, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func anyCycle(recs []logRecord) bool {
	for _, r := range recs {
		if _, ok := cycleQueues(r.Text); ok {
			return true
		}
	}
	return false
}

func queuePids(ctx context.Context, admin Admin, vhost string) (map[string]bool, error) {
	pl, ok := admin.(pidLister)
	if !ok {
		return nil, fmt.Errorf("broker log: the admin cannot list queue pids")
	}
	list, err := pl.QueuePids(ctx, vhost)
	if err != nil {
		return nil, err
	}
	pids := map[string]bool{}
	for _, p := range list {
		pids[p] = true
	}
	return pids, nil
}
