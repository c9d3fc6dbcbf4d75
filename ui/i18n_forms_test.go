package ui

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestFieldErrorKeys: every explanation ui/model gives a field error
// has an English and a Chinese text.
func TestFieldErrorKeys(t *testing.T) {
	key := regexp.MustCompile(`"((?:fielderr|form|unit)\.[a-z.]+)"`)
	files, _ := filepath.Glob("model/*.go")
	n := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range key.FindAllStringSubmatch(string(src), -1) {
			n++
			if e, ok := catalogue[m[1]]; !ok || e[0] == "" || e[1] == "" {
				t.Errorf("%s: key %q lacks a text", f, m[1])
			}
		}
	}
	for _, u := range []string{"ms", "bytes"} {
		if _, ok := catalogue["unit."+u]; !ok {
			t.Errorf("unit %s has no words", u)
		}
	}
	if n < 10 {
		t.Errorf("only %d field error keys found in ui/model", n)
	}
}
