package scenarios

import (
	"fmt"
	"strings"
)

// Error is a problem at a place in a scenario source:
// "retry.yaml:7:5: unknown key "routing_ky" in binding; did you mean "routing_key"?".
type Error struct {
	File string
	Line int // 1-based; 0 when the place is not known
	Col  int
	Msg  string
}

func (e *Error) Error() string {
	file := e.File
	if file == "" {
		file = "scenario"
	}
	if e.Line == 0 {
		return file + ": " + e.Msg
	}
	return fmt.Sprintf("%s:%d:%d: %s", file, e.Line, e.Col, e.Msg)
}

// ErrorList is every problem found in a scenario, in source order. Parse
// stops collecting after maxErrors.
type ErrorList []*Error

const maxErrors = 20

func (l ErrorList) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// suggest returns ` ; did you mean "x"?` for the known word nearest to
// word, or "" when none is close enough to be a likely typo.
func suggest(word string, known []string) string {
	best, bestDist := "", -1
	for _, k := range known {
		d := levenshtein(strings.ToLower(word), strings.ToLower(k))
		if bestDist < 0 || d < bestDist {
			best, bestDist = k, d
		}
	}
	limit := max(2, len(word)/3)
	if best == "" || bestDist > limit {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", best)
}

// levenshtein is the edit distance between a and b (bytes; keys are ASCII).
func levenshtein(a, b string) int {
	if len(a) > 64 || len(b) > 64 { // keys are short; do not spend time on junk
		return max(len(a), len(b))
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
