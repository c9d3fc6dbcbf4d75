package conform

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"
)

// Known is one known divergence: differences in Scenario (a file name
// without its extension, e.g. "retry-loop") whose path matches Path are
// reported but do not fail the run. Both are globs where * matches any
// text, dots and brackets included ("deliveries[*].t_ms",
// "errors[0].text"); a path pattern also covers everything under it
// ("deliveries[2]" covers "deliveries[2].message.body"). Reason says why, citing the spec or the broker's
// output; an entry without one is refused.
type Known struct {
	Scenario string `yaml:"scenario"`
	Path     string `yaml:"path"`
	Reason   string `yaml:"reason"`
}

//go:embed known.yaml
var knownYAML []byte

// DefaultKnown is the list in conform/known.yaml, built in.
func DefaultKnown() ([]Known, error) { return ParseKnown("known.yaml", knownYAML) }

// ParseKnown reads a known-divergences file: a YAML list of entries.
func ParseKnown(name string, data []byte) ([]Known, error) {
	var doc struct {
		Known []Known `yaml:"known"`
	}
	if err := yaml.UnmarshalWithOptions(data, &doc, yaml.Strict()); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	for i, k := range doc.Known {
		if k.Scenario == "" || k.Path == "" || strings.TrimSpace(k.Reason) == "" {
			return nil, fmt.Errorf("%s: known[%d]: scenario, path and reason are all required", name, i)
		}
	}
	return doc.Known, nil
}

// classify marks the differences known divergences cover; it returns the
// unlisted ones and reports which entries were used.
func classify(scenario string, diffs []Difference, known []Known, used []bool) (unlisted []Difference) {
	for i := range diffs {
		for k, kn := range known {
			if glob(kn.Scenario, scenario) && matchPath(kn.Path, diffs[i].Path) {
				diffs[i].Known = strings.TrimSpace(kn.Reason)
				used[k] = true
				break
			}
		}
		if diffs[i].Known == "" {
			unlisted = append(unlisted, diffs[i])
		}
	}
	return unlisted
}

// matchPath matches a known entry's path pattern against a difference's
// path: the pattern itself, or anything under it ("deliveries[2]" covers
// "deliveries[2].message.body").
func matchPath(pattern, path string) bool {
	return glob(pattern, path) || glob(pattern+".*", path) || glob(pattern+"[*", path)
}

// glob matches pattern against s; * matches any run of characters.
func glob(pattern, s string) bool {
	parts := strings.Split(pattern, "*")
	if len(parts) == 1 {
		return pattern == s
	}
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	last := parts[len(parts)-1]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return strings.HasSuffix(s, last)
}
