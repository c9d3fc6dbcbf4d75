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

	"github.com/dlxlab/dlxlab/scenarios/metrics"
)

// The metrics check (Config.Metrics): around each replay the broker's
// rabbitmq_prometheus endpoint is read and compared with what
// scenarios/metrics says the run shows, series by series (same names,
// same labels, same values). The check itself is in metrics_check.go;
// how the scenario's own numbers are told apart from other traffic on the
// node is in docs/conformance.md "Metrics".

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
