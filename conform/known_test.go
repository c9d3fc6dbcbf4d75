package conform

import (
	"strings"
	"testing"
)

func TestGlobAndMatchPath(t *testing.T) {
	for _, c := range []struct {
		pattern, path string
		want          bool
	}{
		{"deliveries[*].t_ms", "deliveries[3].t_ms", true},
		{"deliveries[*].t_ms", "deliveries[3].message.body", false},
		{"deliveries[2]", "deliveries[2]", true},
		{"deliveries[2]", "deliveries[2].message.headers.x-death[0].count", true},
		{"deliveries[2]", "deliveries[20]", false},
		{"deliveries[*].message.headers.x-death[*]", "deliveries[1].message.headers.x-death[1].queue", true},
		{"*", "errors[0].text", true},
		{"errors[0].text", "errors[0].textual", false},
		{"queues.*.unacked", "queues.dlq.unacked", true},
	} {
		if got := matchPath(c.pattern, c.path); got != c.want {
			t.Errorf("matchPath(%q, %q) = %v, want %v", c.pattern, c.path, got, c.want)
		}
	}
	if !glob("a*b*c", "aXbYc") || glob("a*b*c", "aXbY") || !glob("ab", "ab") || glob("ab", "abc") {
		t.Error("glob")
	}
}

func TestParseKnown(t *testing.T) {
	good := "known:\n  - {scenario: retry-loop, path: 'deliveries[*].t_ms', reason: because}\n"
	ks, err := ParseKnown("k.yaml", []byte(good))
	if err != nil || len(ks) != 1 || ks[0].Path != "deliveries[*].t_ms" {
		t.Fatalf("ParseKnown: %v %+v", err, ks)
	}
	for _, bad := range []string{
		"known:\n  - {scenario: a, path: b}\n",                      // no reason
		"known:\n  - {scenario: a, path: b, reason: c, extra: d}\n", // unknown field
		"known:\n  - {scenario: a, path: b, reason: c}\nother: 1\n", // unknown top-level key
		"known: [",
	} {
		if _, err := ParseKnown("k.yaml", []byte(bad)); err == nil {
			t.Errorf("ParseKnown accepted %q", bad)
		}
	}
	if _, err := DefaultKnown(); err != nil {
		t.Errorf("conform/known.yaml: %v", err)
	}
}

func TestClassify(t *testing.T) {
	known := []Known{{Scenario: "retry-*", Path: "deliveries[*].t_ms", Reason: "slow\nmore"}, {Scenario: "other", Path: "*", Reason: "x"}}
	diffs := []Difference{{Path: "deliveries[1].t_ms"}, {Path: "deliveries[1].message.body"}}
	used := make([]bool, len(known))
	unlisted := classify("retry-loop", diffs, known, used)
	if len(unlisted) != 1 || unlisted[0].Path != "deliveries[1].message.body" {
		t.Errorf("unlisted: %+v", unlisted)
	}
	if diffs[0].Known != "slow\nmore" || !used[0] || used[1] {
		t.Errorf("known marks: %+v %v", diffs, used)
	}
	if got := firstSentence("Simulator bug (profile x). More words. Even more."); got != "Simulator bug (profile x)." {
		t.Errorf("firstSentence: %q", got)
	}
}

func TestStaleKnown(t *testing.T) {
	known := []Known{
		{Scenario: "a", Path: "errors[0]", Reason: "r"},     // compared, matched
		{Scenario: "a", Path: "deliveries[9]", Reason: "r"}, // compared, matched nothing: stale
		{Scenario: "b", Path: "*", Reason: "r"},             // b was not compared (skipped): not stale
	}
	results := []Result{
		{Name: "a", Status: Passed, Diffs: []Difference{{Path: "errors[0].text"}}},
		{Name: "b", Status: Skipped},
	}
	stale := staleKnown(known, results)
	if len(stale) != 1 || !strings.Contains(stale[0].Path, "deliveries[9]") {
		t.Errorf("staleKnown: %+v", stale)
	}
}
