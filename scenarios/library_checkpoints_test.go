package scenarios

import (
	"path/filepath"
	"strings"
	"testing"
)

// allNames: choices that are all numbers or names (no space) read the
// same in both languages and need no choices_zh.
func allNames(choices []string) bool {
	for _, c := range choices {
		if strings.Contains(c, " ") {
			return false
		}
	}
	return true
}

// TestLibraryCheckpoints: every lesson of the library (the templates
// aside: they are there to be edited) pauses 3 to 6 times, and says
// everything in both languages: each checkpoint's text, and a question's
// wording, choices (unless they are numbers or names) and explanation.
func TestLibraryCheckpoints(t *testing.T) {
	for _, path := range libraryFiles(t) {
		name := filepath.Base(path)
		if strings.HasPrefix(name, "template-") {
			continue
		}
		sc := load(t, path)
		if n := len(sc.Checkpoints); n < 3 || n > 6 {
			t.Errorf("%s: %d checkpoints, want 3 to 6", name, n)
		}
		for i, c := range sc.Checkpoints {
			missing := c.TextZH == "" ||
				c.Question != "" && (c.QuestionZH == "" || len(c.ChoicesZH) != len(c.Choices) && !allNames(c.Choices)) ||
				c.Explain != "" && c.ExplainZH == ""
			if missing {
				t.Errorf("%s: checkpoint %d is not all in Chinese too", name, i+1)
			}
		}
	}
}
