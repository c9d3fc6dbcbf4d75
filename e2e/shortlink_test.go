package e2e

import (
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/dlxlab/dlxlab/share"
	"github.com/dlxlab/dlxlab/ui"
)

// shareSite serves ../dist behind the real share handler, as `dlxlab
// serve` does (cmd/dlxlab/serve_share.go) but with a MemoryStore. While
// tooBig is set, POST /api/share answers 413 as the handler does for a
// body over 64 KiB.
func shareSite(t *testing.T) (base string, store *share.MemoryStore, tooBig *atomic.Bool) {
	t.Helper()
	if os.Getenv("SITE_URL") != "" {
		t.Skip("SITE_URL is set: this test serves ../dist itself, behind the share API")
	}
	siteURL(t) // checks that ../dist is built
	store, tooBig = share.NewMemoryStore(), &atomic.Bool{}
	// The handler needs the server's address as its base URL (links are
	// absolute and never taken from Host), so it is made once the server is.
	var h http.Handler
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if tooBig.Load() && r.Method == http.MethodPost && r.URL.Path == "/api/share" {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.WriteHeader(http.StatusRequestEntityTooLarge)
			w.Write([]byte(`{"error":"request body over 65536 bytes"}` + "\n"))
			return
		}
		h.ServeHTTP(w, r)
	}))
	h = share.New(share.Options{Store: store, Site: ui.SiteHandler(distDir), Logf: t.Logf, BaseURL: srv.URL})
	t.Cleanup(srv.Close)
	return srv.URL, store, tooBig
}

// TestJourneyShortLink: on a site served with the share API, "Copy short
// link" stores the scenario and gives a /s/{id} URL; opened in a fresh
// browser it loads the same scenario. Sharing it again stores nothing new;
// a refusal (413) is explained politely.
func TestJourneyShortLink(t *testing.T) {
	base, store, tooBig := shareSite(t)
	p := openPageAt(t, base, "/")
	p.waitFor(`[data-shortlinks="on"]`)
	p.loadLesson("retry-loop")
	p.click("#share-short")
	p.waitJS(`(document.querySelector('#share-link') || {value: ''}).value.includes('/s/')`, "the short link")
	link := js[string](p, `document.querySelector('#share-link').value`)
	if !regexp.MustCompile(`^` + regexp.QuoteMeta(base) + `/s/[A-Za-z0-9_-]{10}[A-Za-z0-9]$`).MatchString(link) {
		t.Fatalf("short link = %q", link)
	}
	if got := p.text("#share-bar label"); !strings.Contains(got, "Short link copied") {
		t.Errorf("share bar = %q", got)
	}
	if store.Len() != 1 {
		t.Errorf("the store holds %d scenarios, want 1", store.Len())
	}
	p.screenshot("short-link.png")
	p.click("#tab-scenario")
	yaml := js[string](p, `document.querySelector('#yaml-text').value`)

	// Sharing the same scenario again gives the same link, with no write.
	p.click("#share-close")
	p.click("#share-short")
	p.waitJS(`(document.querySelector('#share-link') || {value: ''}).value === `+quote(link), "the same short link")
	if store.Puts() != 1 {
		t.Errorf("%d store writes for one scenario shared twice", store.Puts())
	}

	// The short link in a fresh browser (no autosave): the same scenario.
	q := openPageAt(t, base, strings.TrimPrefix(link, base))
	q.waitFor(`[data-node="queue:wait"]`)
	if got := q.text("#scenario-title"); got != "Retry loop with a TTL wait queue" {
		t.Errorf("opened short link: title %q", got)
	}
	q.click("#tab-scenario")
	if got := js[string](q, `document.querySelector('#yaml-text').value`); got != yaml {
		t.Errorf("the short link opened another scenario:\n%s\nwant\n%s", got, yaml)
	}
	q.screenshot("short-link-opened.png")

	// A refusal is said politely; the page goes on working.
	tooBig.Store(true)
	p.click("#share-short")
	p.waitFor("#share-error")
	if got := p.text("#share-error"); !strings.Contains(got, "too big for a short link") {
		t.Errorf("413 shown as %q", got)
	}
	if p.exists("#share-link") {
		t.Error("a refused short link still shows the previous link")
	}
	p.screenshot("short-link-too-big.png")
	p.check()
	q.check()
}
