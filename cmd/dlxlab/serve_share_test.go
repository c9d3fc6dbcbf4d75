package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeShare checks `dlxlab serve`'s handler end to end: the share
// API over a file store in -data, the share page built from the site's
// index.html, and security headers on static files too, with and
// without -prefix.
func TestServeShare(t *testing.T) {
	dir := t.TempDir()
	page := `<!DOCTYPE html><html><head><meta charset="UTF-8"><title>DLX Lab</title></head><body>PAGE</body></html>`
	for name, body := range map[string]string{"index.html": page, "embed.html": strings.Replace(page, "PAGE", "EMBED", 1), "web/app.wasm": "\x00asm"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	scenario := `{"version":1,"title":"served","queues":[{"name":"q"}]}`
	for _, prefix := range []string{"", "/playground"} {
		data := filepath.Join(t.TempDir(), "data")
		var h http.Handler
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.ServeHTTP(w, r) }))
		base := srv.URL + prefix
		sh, err := newServeHandler(dir, data, prefix, base)
		if err != nil {
			t.Fatal(err)
		}
		h = underPrefix(prefix, sh)

		res, err := http.Post(base+"/api/share", "application/json", strings.NewReader(scenario))
		if err != nil {
			t.Fatal(err)
		}
		var created struct{ ID, URL string }
		json.NewDecoder(res.Body).Decode(&created)
		res.Body.Close()
		if res.StatusCode != http.StatusCreated || created.URL != base+"/s/"+created.ID {
			t.Fatalf("prefix %q: POST: %d %+v", prefix, res.StatusCode, created)
		}
		if _, err := os.Stat(filepath.Join(data, created.ID+".json")); err != nil {
			t.Fatalf("prefix %q: not in the file store: %v", prefix, err)
		}

		for _, tc := range []struct{ path, want, frame string }{
			{"/s/" + created.ID, "PAGE", "frame-ancestors 'self'"},
			{"/embed/s/" + created.ID, "EMBED", "frame-ancestors *"},
			{"/api/share/" + created.ID, `"title":"served"`, "frame-ancestors 'self'"},
			{"/web/app.wasm", "\x00asm", "frame-ancestors 'self'"},
			{"/embed", "EMBED", "frame-ancestors *"},
			{"/deep/link", "PAGE", "frame-ancestors 'self'"},
		} {
			res, err := http.Get(base + tc.path)
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			b := string(raw)
			if res.StatusCode != http.StatusOK || !strings.Contains(b, tc.want) {
				t.Errorf("prefix %q: GET %s: %d %.200s", prefix, tc.path, res.StatusCode, b)
			}
			if csp := res.Header.Get("Content-Security-Policy"); !strings.HasSuffix(csp, tc.frame) {
				t.Errorf("prefix %q: GET %s: CSP %q", prefix, tc.path, csp)
			}
			if res.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("prefix %q: GET %s: no nosniff", prefix, tc.path)
			}
		}
		srv.Close()
	}
}
