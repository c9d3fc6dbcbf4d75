package ui

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/dlxlab/dlxlab/core/delay"
	"github.com/dlxlab/dlxlab/ui/model"
)

// TestDelayLabCatalogue: every text the delay lab shows has English and
// Chinese, with the same placeholders: the literal keys of delaylab.go
// and the keys it builds from kinds, parameters, work counters, warnings
// and histogram buckets.
func TestDelayLabCatalogue(t *testing.T) {
	keys := map[string]bool{"delay.open": true, "delay.open.title": true, "embed.open": true, "language": true, "share.copy": true, "share.ready": true}
	src, err := os.ReadFile("delaylab.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`p\.t\("([a-z][a-z0-9.-]*[a-z0-9])"`).FindAllStringSubmatch(string(src), -1) {
		keys[m[1]] = true
	}
	for _, m := range regexp.MustCompile(`"(delay\.col\.[a-z0-9]+)"`).FindAllStringSubmatch(string(src), -1) {
		keys[m[1]] = true
		keys[m[1]+".title"] = true
	}
	for _, k := range delay.Kinds {
		keys["delay.kind."+k.Name] = true
		keys["delay.short."+k.Name] = true
		for _, p := range k.Params {
			keys["delay.param."+k.Name+"."+p.Name] = true
		}
	}
	for i := range delay.NumBuckets {
		keys["delay.bucket."+strconv.Itoa(i)] = true
	}
	for _, w := range []string{delay.WarnClamped, delay.WarnPluginBacklog} {
		keys["delay.warn."+w] = true
	}
	d := model.NewDelayLab()
	for _, r := range d.Results() {
		for _, c := range r.Work {
			keys["delay.work."+c.Name] = true
		}
	}
	verbs := regexp.MustCompile(`%\[\d+\]v`)
	for k := range keys {
		e, ok := catalogue[k]
		switch {
		case !ok:
			t.Errorf("key %q is used but not in the catalogue", k)
		case e[0] == "" || e[1] == "":
			t.Errorf("key %q lacks a translation: %q", k, e)
		case len(verbs.FindAllString(e[0], -1)) != len(verbs.FindAllString(e[1], -1)):
			t.Errorf("key %q: placeholders differ: %q", k, e)
		}
	}
}

func TestSitePrefixDelay(t *testing.T) {
	for in, want := range map[string]string{"/delay": "", "/embed/delay": "", "/playground/delay": "/playground", "/playground/embed/delay.html": "/playground"} {
		if got := sitePrefix(in); got != want {
			t.Errorf("sitePrefix(%q) = %q, want %q", in, got, want)
		}
	}
}

// /embed and /embed/delay both open their own page, although go-app
// writes embed.html next to a folder embed/ holding delay.html.
func TestSiteHandlerDelayPages(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{"index.html": "index", "embed.html": "embed", "delay.html": "delay", "embed/delay.html": "embed-delay"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := SiteHandler(dir)
	for path, want := range map[string]string{"/embed": "embed", "/embed/delay": "embed-delay", "/delay": "delay", "/s/abc": "index"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != 200 || rec.Body.String() != want {
			t.Errorf("%s: %d %q, want %q", path, rec.Code, rec.Body.String(), want)
		}
	}
}
