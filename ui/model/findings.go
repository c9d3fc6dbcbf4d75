package model

import (
	"github.com/dlxlab/dlxlab/scenarios"
	"github.com/dlxlab/dlxlab/scenarios/lint"
	"github.com/dlxlab/dlxlab/scenarios/metrics"
)

// The Findings panel: the topology checker's report on the scenario being
// edited (docs/lint.md), the canvas nodes a finding is about, and its
// "show me" reproduction.

// lintCache keeps the last report: it is worked out again only when the
// scenario changes (every edit makes a new *Scenario) or the profile does.
type lintCache struct {
	sc  *scenarios.Scenario
	rep *lint.Report
	err error
}

// Findings is the checker's report on the current topology under the
// session's profile.
func (s *Session) Findings() (*lint.Report, error) {
	if s.lint.sc != s.sc || s.lint.rep == nil && s.lint.err == nil {
		s.lint.rep, s.lint.err = lint.Check(s.sc, "")
		s.lint.sc = s.sc
	}
	return s.lint.rep, s.lint.err
}

// FindingNodes are the canvas node keys of a finding's queues and
// exchanges (policies have no node).
func FindingNodes(f lint.Finding) []string {
	var out []string
	for _, o := range f.Objects {
		switch o.Kind {
		case "queue":
			out = append(out, QueueKey(o.Name))
		case "exchange":
			out = append(out, ExchangeKey(o.Name))
		}
	}
	return out
}

// ShowMe loads the finding's reproduction (undoable: Undo returns to the
// topology it was built from) and starts the clock.
func (s *Session) ShowMe(f lint.Finding) bool {
	sc, err := lint.Reproduce(s.sc, s.Profile(), f)
	if err != nil {
		return s.fail("notice.showme", err.Error())
	}
	s.Load(sc)
	s.Play()
	return true
}

// Metrics is what a real broker's Prometheus endpoint would show after
// the scenario's whole run, with the alerts that would fire
// (docs/metrics.md). It runs the scenario to its end on its own broker,
// so it is worked out only when asked for, and kept per scenario version.
func (s *Session) Metrics() (*metrics.Report, error) {
	if s.metricsFor != s.sc || s.metricsRep == nil {
		rep, err := metrics.Collect(s.sc, "")
		if err != nil {
			return nil, err
		}
		s.metricsFor, s.metricsRep = s.sc, rep
	}
	return s.metricsRep, nil
}
