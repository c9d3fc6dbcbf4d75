package main

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The repository explains itself: code, comments, help texts and docs
// point into docs/ by file and heading (docs/README.md), never at
// documents a clone does not have. These tests keep it that way.

// outsideRef matches references to documents outside the repository: the
// project's private spec, design and style notes, the source articles
// ("seeds") and issue numbers.
var outsideRef = regexp.MustCompile(`(?i)\b(spec|design|style|notes)(\.md)? ?§|\bshared/(spec|design|style|notes|seeds)\b|\bseeds? 0[0-9]{2}\b|\bissue #?[0-9]+`)

// upstreamIssue is an issue of a public repository named just before it
// (an owner/repository pair, then "issue" or "PR" and a number): a source
// anyone can read, not one of ours.
var upstreamIssue = regexp.MustCompile(`[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+ (issue|PR) #?[0-9]+$`)

// outsideRefIn returns the first outside reference in line, or "".
func outsideRefIn(line string) string {
	for _, loc := range outsideRef.FindAllStringIndex(line, -1) {
		m := line[loc[0]:loc[1]]
		if strings.HasPrefix(strings.ToLower(m), "issue") && upstreamIssue.MatchString(line[:loc[1]]) {
			continue
		}
		return m
	}
	return ""
}

// docsRef matches a reference into docs/: the file, then optionally one
// or more quoted headings ("docs/rabbitmq.md "Message TTL", "Queue expiry"").
var docsRef = regexp.MustCompile(`docs/([A-Za-z0-9_.-]+\.md)((?:,? "[^"\n]+")*)`)

var quoted = regexp.MustCompile(`"([^"\n]+)"`)

// checkedExt are the text files the tests read.
var checkedExt = map[string]bool{".go": true, ".md": true, ".yaml": true, ".yml": true,
	".sh": true, ".js": true, ".jsonc": true, ".css": true, ".html": true, "": true}

// skippedDirs hold generated or third-party files.
var skippedDirs = map[string]bool{".git": true, "dist": true, "node_modules": true, "testdata": true,
	"screenshots": true, "build": true, "public": true, ".wrangler": true, ".dlxlab-data": true}

type textFile struct {
	path  string
	lines []string
}

func repoTextFiles(t *testing.T) []textFile {
	t.Helper()
	var out []textFile
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if skippedDirs[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		if !checkedExt[filepath.Ext(path)] || !d.Type().IsRegular() {
			return nil
		}
		if filepath.Ext(path) == "" && !isScript(path) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("../..", path)
		out = append(out, textFile{filepath.ToSlash(rel), strings.Split(string(data), "\n")})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// isScript: extension-less files are checked when they are shell scripts
// (.ci/run).
func isScript(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	line, _ := bufio.NewReader(f).ReadString('\n')
	return strings.HasPrefix(line, "#!")
}

// TestNoOutsideReferences: nothing names a document outside the repository.
func TestNoOutsideReferences(t *testing.T) {
	for _, f := range repoTextFiles(t) {
		if f.path == "cmd/dlxlab/docrefs_test.go" {
			continue
		}
		for i, line := range f.lines {
			if m := outsideRefIn(line); m != "" {
				t.Errorf("%s:%d: %q names a document outside the repository: put what is needed into docs/ and point at docs/FILE.md \"Heading\"", f.path, i+1, m)
			}
		}
	}
}

// TestDocsReferencesExist: every docs/FILE.md named exists, and so does
// every heading quoted right after it.
func TestDocsReferencesExist(t *testing.T) {
	files := repoTextFiles(t)
	headings := map[string]map[string]bool{}
	for _, f := range files {
		if strings.HasPrefix(f.path, "docs/") && strings.Count(f.path, "/") == 1 {
			headings[strings.TrimPrefix(f.path, "docs/")] = headingsOf(f.lines)
		}
	}
	for _, f := range files {
		if f.path == "cmd/dlxlab/docrefs_test.go" {
			continue
		}
		for i, line := range f.lines {
			for _, m := range docsRef.FindAllStringSubmatch(line, -1) {
				hs, ok := headings[m[1]]
				if !ok {
					t.Errorf("%s:%d: docs/%s does not exist", f.path, i+1, m[1])
					continue
				}
				for _, q := range quoted.FindAllStringSubmatch(m[2], -1) {
					if !hs[q[1]] {
						t.Errorf("%s:%d: docs/%s has no heading %q", f.path, i+1, m[1], q[1])
					}
				}
			}
		}
	}
}

// TestDocsIndexed: docs/README.md lists every document in docs/.
func TestDocsIndexed(t *testing.T) {
	index, err := os.ReadFile("../../docs/README.md")
	if err != nil {
		t.Fatal(err)
	}
	names, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		base := filepath.Base(n)
		if base != "README.md" && !strings.Contains(string(index), "("+base+")") {
			t.Errorf("docs/README.md does not list docs/%s: add a line to its table", base)
		}
	}
}

// headingsOf returns the Markdown headings of a file, without the #s.
func headingsOf(lines []string) map[string]bool {
	hs := map[string]bool{}
	fence := false
	for _, l := range lines {
		if strings.HasPrefix(l, "```") {
			fence = !fence
		}
		if fence || !strings.HasPrefix(l, "#") {
			continue
		}
		h := strings.TrimSpace(strings.TrimLeft(l, "#"))
		hs[h] = true
	}
	return hs
}
