package conform

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
	"github.com/dlxlab/dlxlab/scenarios/metrics"
)

// Two kinds of series, told apart from other traffic in two ways
// (docs/conformance.md "Metrics"):
//
//   - per-object series (a queue's depth, its redeliveries, an exchange's
//     unroutable drops) carry the vhost label, and every replay has a
//     vhost of its own, so their values are the scenario's alone and are
//     compared exactly;
//   - node-wide counters count every client of the node, so their growth
//     between a scrape before the first step and one after the last is
//     compared: less than the simulator says is a difference, more is
//     another client's (a warning), and when the broker received more
//     messages than the scenario sent the comparison is not made.
//
// The broker fills the per-object series from statistics each queue
// emits on a timer (every 5 s by default; quorum queues on their Raft
// tick), so after the last step the runner reads them again until they
// agree or DefaultMetricsWait has passed.

// DefaultMetricsWait is how long the per-object series may take to show
// the end of a replay: the default statistics interval (5 s) and a margin.
const DefaultMetricsWait = 7 * time.Second

// metricsPoll is the pause between two reads of /metrics/per-object.
const metricsPoll = 250 * time.Millisecond

// metricsCheck holds the scrapes around one replay.
type metricsCheck struct {
	base  string // e.g. http://127.0.0.1:15693
	vhost string // the replay's vhost: the per-object series' label
	want  *metrics.Report
	wait  time.Duration

	before, after samples
	objects       samples       // /metrics/per-object, last read
	waited        time.Duration // until the per-object series agreed, or wait
	err           error
}

func (m *metricsCheck) start(ctx context.Context) {
	m.before, m.err = scrape(ctx, m.base+"/metrics")
}

// finish reads the endpoints after the last step, before the queues are
// read back (which moves the delivery counters and empties the queues).
func (m *metricsCheck) finish(ctx context.Context) {
	if m.err != nil {
		return
	}
	if m.after, m.err = scrape(ctx, m.base+"/metrics"); m.err != nil {
		return
	}
	start := time.Now()
	for {
		if m.objects, m.err = scrape(ctx, m.base+"/metrics/per-object"); m.err != nil {
			return
		}
		m.waited = time.Since(start)
		if len(m.objectDiffs()) == 0 || m.waited >= m.wait || ctx.Err() != nil {
			return
		}
		time.Sleep(metricsPoll)
	}
}

// compare lists the differences between the simulator's report and the
// broker's series, and a warning when part of it could not be compared.
func (m *metricsCheck) compare() (diffs []Difference, warning string) {
	if m.err != nil {
		return nil, "metrics not compared: " + m.err.Error()
	}
	diffs = m.objectDiffs()
	received := simKey("rabbitmq_global_messages_received_total", metrics.Sample{Labels: []metrics.Label{{Name: "protocol", Value: "amqp091"}}})
	want, _ := m.want.Value("rabbitmq_global_messages_received_total", "protocol=amqp091")
	if got := m.after[received] - m.before[received]; got != float64(want) {
		return diffs, fmt.Sprintf(nodeWideSkipped+": the broker received %g messages during the replay, the scenario sent %d (other clients on the node)", got, want)
	}
	var extra []string
	for _, f := range m.want.Families {
		if f.PerObject {
			continue
		}
		for _, s := range f.Samples {
			key := simKey(f.Name, s)
			after, ok := m.after[key]
			if !ok {
				diffs = append(diffs, Difference{Path: "metrics/" + key, Sim: fmt.Sprint(s.Value), Broker: "no such series"})
				continue
			}
			switch got := after - m.before[key]; {
			case got < float64(s.Value):
				diffs = append(diffs, Difference{Path: "metrics/" + key + " (growth)", Sim: fmt.Sprint(s.Value), Broker: fmt.Sprint(got)})
			case got > float64(s.Value):
				// another client can only add to a node-wide counter
				extra = append(extra, fmt.Sprintf("%s +%g", key, got-float64(s.Value)))
			}
		}
	}
	if len(extra) > 0 {
		return diffs, "metrics: the broker counted more than the scenario explains (other clients on the node?): " + strings.Join(extra, "; ")
	}
	return diffs, ""
}

// objectDiffs compares the per-object series of the replay's vhost with
// the simulator's, value for value: a series the simulator writes must be
// there with its value, and a series of the same family the simulator
// does not write must be zero.
func (m *metricsCheck) objectDiffs() []Difference {
	var diffs []Difference
	for _, f := range m.want.Families {
		if !f.PerObject {
			continue
		}
		written := map[string]bool{}
		for _, s := range f.Samples {
			key := objectKey(f.Name, s, m.vhost)
			written[key] = true
			got, ok := m.objects[key]
			switch {
			case !ok:
				diffs = append(diffs, Difference{Path: "metrics/" + key, Sim: fmt.Sprint(s.Value), Broker: "no such series"})
			case got != float64(s.Value):
				diffs = append(diffs, Difference{Path: "metrics/" + key, Sim: fmt.Sprint(s.Value), Broker: fmt.Sprint(got)})
			}
		}
		vhostLabel := "vhost=" + strconv.Quote(m.vhost)
		var keys []string
		for k := range m.objects {
			if strings.HasPrefix(k, f.Name+"{") && strings.Contains(k, vhostLabel) && !written[k] && m.objects[k] != 0 {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			diffs = append(diffs, Difference{Path: "metrics/" + k, Sim: "no such series", Broker: fmt.Sprint(m.objects[k])})
		}
	}
	return diffs
}

// objectKey is a per-object sample's series key on the broker: the
// simulator's vhost label names the replay's vhost there.
func objectKey(name string, s metrics.Sample, vhost string) string {
	ls := make([]metrics.Label, len(s.Labels))
	for i, l := range s.Labels {
		if l.Name == "vhost" && l.Value == core.Vhost {
			l.Value = vhost
		}
		ls[i] = l
	}
	return simKey(name, metrics.Sample{Labels: ls})
}

// metricsWanted says whether a scenario's metrics are compared
// (Config.MetricsOnly lists names; empty: every scenario's).
func metricsWanted(cfg *Config, name string) bool {
	if cfg.Metrics == "" {
		return false
	}
	if len(cfg.MetricsOnly) == 0 {
		return true
	}
	for _, n := range cfg.MetricsOnly {
		if n == name {
			return true
		}
	}
	return false
}

// checkMetricsOnly refuses a MetricsOnly name that is none of the files,
// so that a renamed lesson cannot drop out of the check unnoticed.
func checkMetricsOnly(cfg *Config, files []File) error {
	if len(cfg.MetricsOnly) > 0 && cfg.Metrics == "" {
		return fmt.Errorf("scenarios to compare the metrics of, but no metrics endpoint")
	}
	have := map[string]bool{}
	for _, f := range files {
		have[f.Name()] = true
	}
	for _, n := range cfg.MetricsOnly {
		if !have[n] {
			return fmt.Errorf("the metrics of %s are to be compared, but no scenario file is named so", n)
		}
	}
	return nil
}

// newMetricsCheck prepares the check of one replay: the simulator's
// report first, so that nothing but scrapes happens around the run.
func newMetricsCheck(cfg *Config, sc *scenarios.Scenario, profile, vhost string) (*metricsCheck, error) {
	rep, err := metrics.Collect(sc, profile)
	if err != nil {
		return nil, err
	}
	wait := cfg.MetricsWait
	if wait <= 0 {
		wait = DefaultMetricsWait
	}
	return &metricsCheck{base: strings.TrimSuffix(cfg.Metrics, "/"), vhost: vhost, want: rep, wait: wait}, nil
}

// compareMetrics is replayOne's metrics step.
func compareMetrics(m *metricsCheck, r *Result) {
	diffs, warning := m.compare()
	if warning != "" {
		r.Warnings = append(r.Warnings, warning)
	}
	r.Diffs = append(r.Diffs, diffs...)
	r.MetricsWait = m.waited
	switch {
	case m.err != nil:
		r.Metrics = MetricsNotCompared
	case len(diffs) > 0:
		r.Metrics = MetricsDiffer
	case strings.HasPrefix(warning, nodeWideSkipped):
		r.Metrics = MetricsObjectsOnly
	case warning != "":
		r.Metrics = MetricsSurplus
	default:
		r.Metrics = MetricsEqual
	}
}

// nodeWideSkipped starts the warning of a replay during which another
// client published.
const nodeWideSkipped = "node-wide metrics not compared"

// MetricsOutcome is how a scenario's metrics compared.
type MetricsOutcome string

// Outcomes of the metrics check ("" = not checked).
const (
	MetricsEqual       MetricsOutcome = "equal"
	MetricsObjectsOnly MetricsOutcome = "per-object equal, node-wide not compared"
	// MetricsSurplus: nothing grew less than the simulator says, some
	// node-wide counter more (another client's work).
	MetricsSurplus     MetricsOutcome = "equal or more on the node"
	MetricsDiffer      MetricsOutcome = "differ"
	MetricsNotCompared MetricsOutcome = "not compared"
)

// deleteQueues deletes a replay's queues once it is over, so that nothing
// left in them (a message requeued when the runner's channels closed, a
// TTL still running) can move the node-wide counters during the next
// scenario's replay. Deleting a queue does not dead-letter its messages.
func deleteQueues(url, vhost string, names []string) error {
	conn, err := amqp.DialConfig(url, amqp.Config{Vhost: vhost})
	if err != nil {
		return err
	}
	defer conn.Close()
	for _, n := range names {
		ch, err := conn.Channel()
		if err != nil {
			return err
		}
		_, _ = ch.QueueDelete(n, false, false, false) // a queue the scenario never made is a channel error
		_ = ch.Close()
	}
	return nil
}

// MetricsLine counts the metrics outcomes: "metrics equal on N of M"
// ("" when no scenario's metrics were checked), with the scenarios whose
// node-wide counters could not be compared.
func (s Summary) MetricsLine() string {
	checked, equal, objectsOnly, surplus := 0, 0, 0, 0
	for _, r := range s.Results {
		switch r.Metrics {
		case "":
			continue
		case MetricsEqual:
			equal++
		case MetricsObjectsOnly:
			objectsOnly++
		case MetricsSurplus:
			surplus++
		}
		checked++
	}
	if checked == 0 {
		return ""
	}
	line := fmt.Sprintf("metrics equal on %d of %d", equal, checked)
	var more []string
	if objectsOnly > 0 {
		more = append(more, fmt.Sprintf("%d with node-wide counters not compared", objectsOnly))
	}
	if surplus > 0 {
		more = append(more, fmt.Sprintf("%d with node-wide counters above the scenario's", surplus))
	}
	if len(more) > 0 {
		line += " (" + strings.Join(more, ", ") + ": other traffic)"
	}
	return line
}
