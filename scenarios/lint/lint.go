// Package lint reads a topology (a scenario, or an imported
// definitions.json) the way a senior RabbitMQ engineer would, per broker
// version, and lists where messages will vanish or pile up: each finding
// has a severity, the objects involved, an explanation in English and
// Chinese, the library lesson that shows it and, where it can, a
// "show me" scenario built from the same topology that reproduces it.
//
// Broker rules are never re-implemented here: the topology is declared on
// a core.Broker of the chosen profile and the checker asks it (routes,
// dead-letter routes, policy reach, ignored settings). What this package
// adds is the reading: which of those answers is a trap. The codes and
// their explanations are listed in docs/lint.md.
package lint

import (
	"cmp"
	"slices"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// Severity ranks findings: an error loses messages or breaks the import,
// a warning will surprise someone in production, info is worth knowing.
type Severity string

const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Info    Severity = "info"
)

// rank orders severities, most severe first.
func (s Severity) rank() int {
	switch s {
	case Error:
		return 0
	case Warning:
		return 1
	}
	return 2
}

// AtLeast reports s is as severe as t or more.
func (s Severity) AtLeast(t Severity) bool { return s.rank() <= t.rank() }

// ParseSeverity reads "error", "warning" or "info".
func ParseSeverity(s string) (Severity, bool) {
	switch Severity(s) {
	case Error, Warning, Info:
		return Severity(s), true
	}
	return "", false
}

// Object is a topology entity a finding is about.
type Object struct {
	Kind string `json:"kind"` // queue, exchange or policy
	Name string `json:"name"`
}

// Via is how a reproduction publishes a message so that it arrives in the
// finding's queue with the routing keys that matter.
type Via struct {
	Exchange string   `json:"exchange"`
	Key      string   `json:"routing_key"`
	CC       []string `json:"cc,omitempty"`
	// Headers are the client headers of the publish (CC and BCC apart):
	// a headers exchange on the way may match them.
	Headers core.Table `json:"headers,omitempty"`
	// Reason is how the message dies there when it matters (a headers
	// DLX matches the death reason): rejected, expired, maxlen or
	// delivery_limit; "" is rejected.
	Reason string `json:"reason,omitempty"`
}

// Finding is one trap found in a topology.
type Finding struct {
	Code     string   `json:"code"`
	Severity Severity `json:"severity"`
	Objects  []Object `json:"objects"`
	Text     string   `json:"text"`
	TextZH   string   `json:"text_zh"`
	Lesson   string   `json:"lesson,omitempty"` // library lesson name, without .yaml
	Docs     string   `json:"docs"`             // docs/lint.md#code
	ShowMe   bool     `json:"show_me"`          // Reproduce can build a scenario for it
	Via      *Via     `json:"via,omitempty"`    // for the reproduction
}

// Message is the finding's text in a language ("zh" or anything else for English).
func (f Finding) Message(lang string) string {
	if lang == "zh" && f.TextZH != "" {
		return f.TextZH
	}
	return f.Text
}

// Names lists the names of the finding's objects (the canvas highlights them).
func (f Finding) Names() []string {
	out := make([]string, len(f.Objects))
	for i, o := range f.Objects {
		out[i] = o.Name
	}
	return out
}

// key identifies a finding across profiles (for the diff).
func (f Finding) key() string {
	k := f.Code
	for _, o := range f.Objects {
		k += "|" + o.Kind + ":" + o.Name
	}
	return k
}

// Report is the result of checking one topology under one profile.
type Report struct {
	Profile  string    `json:"profile"`
	Findings []Finding `json:"findings"`
}

// Worst is the most severe finding's severity, "" when there is none.
func (r *Report) Worst() Severity {
	if len(r.Findings) == 0 {
		return ""
	}
	return r.Findings[0].Severity
}

// Check reads the topology of sc (exchanges, queues, bindings, policies,
// and what its consumers and publish steps tell) under profile ("" keeps
// the scenario's own). Steps are not run.
func Check(sc *scenarios.Scenario, profile string) (*Report, error) {
	t, err := newTopology(sc, profile)
	if err != nil {
		return nil, err
	}
	var fs []Finding
	for _, rule := range rules {
		fs = append(fs, rule(t)...)
	}
	for i := range fs {
		fs[i].fill(t)
	}
	slices.SortStableFunc(fs, func(a, b Finding) int {
		if c := cmp.Compare(a.Severity.rank(), b.Severity.rank()); c != 0 {
			return c
		}
		return cmp.Compare(codeOrder(a.Code), codeOrder(b.Code))
	})
	if fs == nil {
		fs = []Finding{}
	}
	return &Report{Profile: string(t.profile), Findings: fs}, nil
}

// rules run in this order; each returns its findings.
var rules = []func(*topology) []Finding{
	declareRefused, mirroringRemoved,
	dlxMissing, dlxUnroutable, deadLetterCycle, deliveryLimitLoop,
	queueExpires, dlqLimits, dlqNotDurable, dlqUnbounded, expiryWithoutDLX,
	quorumDeliveryLimit, ignoredSettings,
	policyReach, policyDLXOverridden,
	headOfLine, rejectPublishShared, exchangeUnroutable, alternateMissing,
}

// profileOf resolves the profile a check runs under.
func profileOf(sc *scenarios.Scenario, profile string) (core.Profile, error) {
	if profile == "" {
		profile = sc.Profile
	}
	return core.ParseProfile(profile)
}
