package model

import (
	"strings"
	"testing"
)

func TestLessonGroups(t *testing.T) {
	all := LessonGroups("")
	if len(all) < 3 || all[0].Key != "lib.group.start" || all[0].Lessons[0].Name != "retry-loop" {
		t.Fatalf("groups %+v", all)
	}
	n := 0
	for _, g := range all {
		n += len(g.Lessons)
		for _, l := range g.Lessons {
			if g.Key == "lib.group.myth" && !strings.HasPrefix(l.Name, "myth-") {
				t.Errorf("%s in %s", l.Name, g.Key)
			}
		}
	}
	if n != len(Library()) {
		t.Errorf("%d lessons grouped, library has %d", n, len(Library()))
	}
	for _, tc := range []struct {
		query, want string
		none        bool
	}{
		{"MYTH:", "myth-cycles-are-detected", false}, // case-insensitive, in titles
		{"死信", "basics-reject-to-dlq", false},        // Chinese summaries too
		{"no lesson has this", "", true},
	} {
		gs := LessonGroups(tc.query)
		if tc.none {
			if len(gs) != 0 {
				t.Errorf("%q: %d groups, want none", tc.query, len(gs))
			}
			continue
		}
		found := false
		for _, g := range gs {
			for _, l := range g.Lessons {
				found = found || l.Name == tc.want
			}
		}
		if !found {
			t.Errorf("%q does not find %s", tc.query, tc.want)
		}
	}
}

func TestFirstSentence(t *testing.T) {
	for in, want := range map[string]string{
		"One. Two.":                  "One.",
		"No stop":                    "No stop",
		"第一句。第二句。":                   "第一句。",
		"只有一句。":                      "只有一句。",
		"Uses x-death. 然后。":          "Uses x-death.",
		"先说 x-death。Then more. End.": "先说 x-death。",
		strings.Repeat("a", 300):     strings.Repeat("a", 219) + "…",
	} {
		if got := FirstSentence(in); got != want {
			t.Errorf("FirstSentence(%q) = %q, want %q", in, got, want)
		}
	}
}
