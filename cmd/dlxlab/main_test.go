package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunUsage(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		code       int
		wantStdout string
		wantStderr string
	}{
		{"no command", nil, exitUsage, "", "usage: dlxlab"},
		{"help", []string{"--help"}, exitOK, "usage: dlxlab", ""},
		{"unknown", []string{"nope"}, exitUsage, "", `unknown command "nope"`},
		{"gen without flags", []string{"gen"}, exitUsage, "", ""},
		{"gen bad flag", []string{"gen", "-bogus"}, exitUsage, "", ""},
		{"gen stray argument", []string{"gen", "-out", "x", "-version", "v", "extra"}, exitUsage, "", ""},
		{"serve help", []string{"serve", "-h"}, exitOK, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(tt.args, &stdout, &stderr); code != tt.code {
				t.Errorf("exit code = %d, want %d", code, tt.code)
			}
			if !strings.Contains(stdout.String(), tt.wantStdout) {
				t.Errorf("stdout %q does not contain %q", stdout.String(), tt.wantStdout)
			}
			if !strings.Contains(stderr.String(), tt.wantStderr) {
				t.Errorf("stderr %q does not contain %q", stderr.String(), tt.wantStderr)
			}
		})
	}
}

func TestHelpListsCommandsSorted(t *testing.T) {
	var out bytes.Buffer
	usage(&out)
	help := out.String()
	gen, serve := strings.Index(help, "\n  gen "), strings.Index(help, "\n  serve ")
	if gen < 0 || serve < 0 || gen > serve {
		t.Errorf("gen and serve not listed in order:\n%s", help)
	}
}

func TestGenWritesSite(t *testing.T) {
	out := t.TempDir()
	if code := run([]string{"gen", "-out", out, "-version", "test1", "-nosw"}, os.Stdout, os.Stderr); code != exitOK {
		t.Fatalf("gen exit code %d", code)
	}
	for _, f := range []string{"index.html", "embed.html", "app.js", "app.css", "app-worker.js", "manifest.webmanifest", "wasm_exec.js"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("gen did not write %s: %v", f, err)
		}
	}
	index := readFile(t, filepath.Join(out, "index.html"))
	for _, w := range []string{"<title>DLX Lab", `id="canvas"`, `/web/dlxlab.css`, `/web/icon.svg`} {
		if !strings.Contains(index, w) {
			t.Errorf("index.html lacks %q", w)
		}
	}
	// Nothing may point at a remote host: the site must work offline.
	for _, f := range []string{"index.html", "manifest.webmanifest", "app-worker.js"} {
		if s := readFile(t, filepath.Join(out, f)); strings.Contains(s, "githubusercontent") {
			t.Errorf("%s references a remote resource", f)
		}
	}
	if sw := readFile(t, filepath.Join(out, "app-worker.js")); strings.Contains(sw, `"fetch"`) {
		t.Errorf("-nosw worker still has a fetch handler:\n%s", sw)
	}
}

func TestServeRefusesUnbuiltDir(t *testing.T) {
	if code := run([]string{"serve", "-dir", t.TempDir()}, os.Stdout, os.Stderr); code != exitFail {
		t.Errorf("exit code = %d, want %d", code, exitFail)
	}
}

func TestSiteHandlerFallsBackToIndex(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("INDEX"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(newSiteHandler(dir))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/deep/link")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("status = %d, want 200", resp.StatusCode)
	}
}

func TestUnderPrefix(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("INDEX"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := underPrefix("/playground", newSiteHandler(dir))
	tests := []struct {
		path string
		code int
	}{
		{"/playground/", 200},
		{"/playground/deep/link", 200},
		{"/", 302},
		{"/other", 302},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://x"+tt.path, nil))
		if rec.Code != tt.code {
			t.Errorf("%s: code = %d, want %d", tt.path, rec.Code, tt.code)
		}
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
