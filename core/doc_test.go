package core

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestFileMapComplete: the package doc's file map (doc.go, "Files") lists
// every non-test Go file of the package, and nothing else.
func TestFileMapComplete(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	listed := regexp.MustCompile(`(?m)^//\t([a-z0-9_]+\.go)\s`).FindAllStringSubmatch(string(doc), -1)
	var inDoc []string
	for _, m := range listed {
		inDoc = append(inDoc, m[1])
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") && !slices.Contains(inDoc, f) {
			t.Errorf("core/%s is not in the file map of core/doc.go: add a line saying what it holds", f)
		}
	}
	for _, f := range inDoc {
		if !slices.Contains(files, f) {
			t.Errorf("core/doc.go lists %s, which does not exist: remove or rename its line", f)
		}
	}
}
