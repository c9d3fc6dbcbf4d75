package conform

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/dlxlab/dlxlab/scenarios"
	"github.com/dlxlab/dlxlab/scenarios/metrics"
)

// The metrics check (Config.Metrics): around each replay the broker's
// rabbitmq_prometheus endpoint is read, and the node-wide counters' growth
// is compared with what scenarios/metrics says the run moves, series by
// series (same names, same labels); the per-queue and per-exchange
// families must exist on the broker (docs/metrics.md "Checked against the real brokers").
// Counters the conformance runner itself moves when it reads the queues
// back are read before that. The counters are node-wide, so another
// client's traffic during the replay makes the comparison meaningless:
// when the received count does not match, the check is skipped with a
// warning rather than failed.

// scrapeTimeout bounds one read of the endpoint.
const scrapeTimeout = 10 * time.Second

// samples is one scrape: series (name and sorted labels) → value.
type samples map[string]float64

// scrape reads a Prometheus text exposition.
func scrape(ctx context.Context, url string) (samples, error) {
	ctx, cancel := context.WithTimeout(ctx, scrapeTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: HTTP %d", url, resp.StatusCode)
	}
	return parseExposition(resp.Body)
}

// parseExposition reads the sample lines of a text exposition.
func parseExposition(r io.Reader) (samples, error) {
	out := samples{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			continue
		}
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			continue
		}
		out[seriesKey(line[:i])] = v
	}
	return out, sc.Err()
}

// seriesKey normalises name{b="2",a="1"} to name{a="1",b="2"}.
func seriesKey(s string) string {
	name, rest, ok := strings.Cut(s, "{")
	if !ok {
		return s
	}
	labels := splitLabels(strings.TrimSuffix(rest, "}"))
	sort.Strings(labels)
	return name + "{" + strings.Join(labels, ",") + "}"
}

// splitLabels splits a="x",b="y" at the commas between labels.
func splitLabels(s string) []string {
	var out []string
	inQuote, start := false, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			inQuote = !inQuote
		case ',':
			if !inQuote {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// simKey is a simulator sample's series key.
func simKey(name string, s metrics.Sample) string {
	if len(s.Labels) == 0 {
		return name
	}
	parts := make([]string, len(s.Labels))
	for i, l := range s.Labels {
		parts[i] = l.Name + "=" + strconv.Quote(l.Value)
	}
	return seriesKey(name + "{" + strings.Join(parts, ",") + "}")
}

// metricsCheck holds the scrapes around one replay.
type metricsCheck struct {
	base          string // e.g. http://127.0.0.1:15693
	before, after samples
	objects       samples // /metrics/per-object after the replay
	err           error
}

func (m *metricsCheck) start(ctx context.Context) {
	m.before, m.err = scrape(ctx, m.base+"/metrics")
}

// finish reads the endpoints after the last step, before the queues are
// read back.
func (m *metricsCheck) finish(ctx context.Context) {
	if m.err != nil {
		return
	}
	if m.after, m.err = scrape(ctx, m.base+"/metrics"); m.err == nil {
		m.objects, m.err = scrape(ctx, m.base+"/metrics/per-object")
	}
}

// compare lists the differences between the simulator's report and the
// broker's counters, and a warning when the comparison could not be made.
func (m *metricsCheck) compare(rep *metrics.Report) (diffs []Difference, warning string) {
	if m.err != nil {
		return nil, "metrics not compared: " + m.err.Error()
	}
	received := simKey("rabbitmq_global_messages_received_total", metrics.Sample{Labels: []metrics.Label{{Name: "protocol", Value: "amqp091"}}})
	want, _ := rep.Value("rabbitmq_global_messages_received_total", "protocol=amqp091")
	if got := m.after[received] - m.before[received]; got != float64(want) {
		return nil, fmt.Sprintf("metrics not compared: the broker received %g messages during the replay, the scenario sent %d (other clients on the node)", got, want)
	}
	var extra []string
	for _, f := range rep.Families {
		if f.PerObject {
			diffs = append(diffs, m.perObject(f)...)
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

// perObject checks that a per-queue or per-exchange family of the
// simulator exists on the broker. Its series are not compared: the broker
// creates and refreshes them from the statistics its queues and exchanges
// emit every few seconds, so a replay of a second or two may end before a
// new queue's first series appears.
func (m *metricsCheck) perObject(f metrics.Family) []Difference {
	if len(f.Samples) == 0 {
		return nil
	}
	for k := range m.objects {
		if strings.HasPrefix(k, f.Name+"{") {
			return nil
		}
	}
	return []Difference{{Path: "metrics/" + f.Name, Sim: "present", Broker: "no such family"}}
}

// compareMetrics is replayOne's metrics step.
func compareMetrics(m *metricsCheck, sc *scenarios.Scenario, profile string, r *Result) {
	rep, err := metrics.Collect(sc, profile)
	if err != nil {
		r.Warnings = append(r.Warnings, "metrics not compared: "+err.Error())
		return
	}
	diffs, warning := m.compare(rep)
	if warning != "" {
		r.Warnings = append(r.Warnings, warning)
	}
	r.Diffs = append(r.Diffs, diffs...)
}
