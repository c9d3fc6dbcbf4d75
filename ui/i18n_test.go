package ui

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// TestCatalogue: every key the page uses has an English and a Chinese
// text, and every placeholder count matches between the two.
func TestCatalogue(t *testing.T) {
	keys := map[string]bool{}
	literal := regexp.MustCompile(`(?:h\.t|tr\(h\.lang,|h\.help|tr\(lang,)\("([a-z][a-z0-9.-]*[a-z0-9])"`)
	modelKey := regexp.MustCompile(`"((?:notice|where|hist)\.[a-z.]+)"`)
	files, _ := filepath.Glob("*.go")
	mfiles, _ := filepath.Glob("model/*.go")
	for _, f := range append(files, mfiles...) {
		if filepath.Base(f) == "i18n.go" || filepath.Ext(f) != ".go" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range literal.FindAllStringSubmatch(string(src), -1) {
			keys[m[1]] = true
		}
		for _, m := range modelKey.FindAllStringSubmatch(string(src), -1) {
			keys[m[1]] = true
		}
	}
	for _, k := range []string{"tab.inspect", "tab.build", "tab.publish", "tab.scenario", "tab.charts", "link.notfound"} {
		keys[k] = true
	}
	for _, k := range model.LessonGroupKeys() {
		keys[k] = true
	}
	for _, a := range append(append([]model.Arg{}, model.QueueArgs...), model.ExchangeArgs...) {
		keys["arg."+a.Key] = true
	}
	for _, x := range model.ExchangeTypes {
		keys["help.xtype."+x] = true
	}
	for _, k := range model.WordKeys() { // the canvas's words
		keys[k] = true
	}
	for _, k := range []string{"help.qtype.classic", "help.qtype.quorum", "help.bkey.direct", "help.bkey.topic"} {
		keys[k] = true
	}
	verbs := regexp.MustCompile(`%\[\d+\]`)
	for k := range keys {
		e, ok := catalogue[k]
		switch {
		case !ok:
			t.Errorf("key %q is used but not in the catalogue", k)
		case e[0] == "" || e[1] == "":
			t.Errorf("key %q lacks a translation: %q", k, e)
		case len(verbs.FindAllString(e[0], -1)) != len(verbs.FindAllString(e[1], -1)):
			t.Errorf("key %q: placeholders differ: %q vs %q", k, e[0], e[1])
		}
	}
	if len(keys) < 150 {
		t.Errorf("only %d keys found: is the scan still matching?", len(keys))
	}
}

func TestTranslate(t *testing.T) {
	if got := tr(langZH, "count.ready", 3); got != "就绪 3" {
		t.Errorf("zh = %q", got)
	}
	if got := tr(langEN, "count.ready", 3); got != "ready 3" {
		t.Errorf("en = %q", got)
	}
	if got := tr(langEN, "no.such.key"); got != "no.such.key" {
		t.Errorf("unknown key = %q", got)
	}
}

// TestLocalText: a scenario's own Chinese title and summary are shown in
// 简体中文, falling back to English when the scenario has none.
func TestLocalText(t *testing.T) {
	for _, tt := range []struct{ lang, en, zh, want string }{
		{langZH, "Retry loop", "重试循环", "重试循环"},
		{langZH, "Retry loop", "", "Retry loop"},
		{langEN, "Retry loop", "重试循环", "Retry loop"},
	} {
		if got := localText(tt.lang, tt.en, tt.zh); got != tt.want {
			t.Errorf("localText(%q, %q, %q) = %q", tt.lang, tt.en, tt.zh, got)
		}
	}
}

// TestRichText: backquoted words become code, the rest text (escaped);
// an unpaired backquote is shown as written.
func TestRichText(t *testing.T) {
	for in, want := range map[string]string{
		"原因为 `rejected`，随后 `expired`。": "<p>原因为 <code>rejected</code>，随后 <code>expired</code>。</p>",
		"no code":     "<p>no code</p>",
		"`maxlen`":    "<p><code>maxlen</code></p>",
		"odd ` quote": "<p>odd ` quote</p>",
		"a `b` c ` d": "<p>a <code>b</code> c ` d</p>",
		"`<b>` & <i>": "<p><code>&lt;b&gt;</code> &amp; &lt;i&gt;</p>",
	} {
		// HTMLString puts each child on its own line: only the nodes matter.
		if got := strings.ReplaceAll(app.HTMLString(app.P().Body(richText(in)...)), "\n", ""); got != want {
			t.Errorf("richText(%q) = %s, want %s", in, got, want)
		}
	}
	if got := plainText("原因为 `rejected`"); got != "原因为 rejected" {
		t.Errorf("plainText = %q", got)
	}
}

// TestShortLinkAnswers: the probe tells the share API (JSON) from a
// static host (HTML, no answer); POST /api/share's answers become the
// link or a polite sentence.
func TestShortLinkAnswers(t *testing.T) {
	for _, tt := range []struct {
		r    fetchResult
		want bool
	}{
		{fetchResult{Status: 405, ContentType: "application/json; charset=utf-8"}, true},
		{fetchResult{Status: 200, ContentType: "text/html; charset=utf-8"}, false},
		{fetchResult{Status: 404, ContentType: "text/plain; charset=utf-8"}, false},
		{fetchResult{Err: "TypeError: Failed to fetch"}, false},
	} {
		if got := hasShareAPI(tt.r); got != tt.want {
			t.Errorf("hasShareAPI(%+v) = %v", tt.r, got)
		}
	}
	h := &page{lang: langEN}
	for _, tt := range []struct {
		r            fetchResult
		url, problem string
	}{
		{fetchResult{Status: 201, Body: `{"id":"abcdefghijK","url":"http://x/s/abcdefghijK"}`}, "http://x/s/abcdefghijK", ""},
		{fetchResult{Status: 200, Body: `{"id":"abcdefghijK","url":"http://x/s/abcdefghijK"}`}, "http://x/s/abcdefghijK", ""},
		{fetchResult{Status: 413, Body: `{"error":"request body over 65536 bytes"}`}, "", "too big for a short link"},
		{fetchResult{Err: "TypeError: Failed to fetch"}, "", "could not be reached"},
		{fetchResult{Status: 500, Body: `{"error":"internal error"}`}, "", "could not make a short link (500): internal error"},
		{fetchResult{Status: 502, Body: "<html>Bad gateway</html>"}, "", "(502): <html>Bad gateway</html>"},
		{fetchResult{Status: 201, Body: `{}`}, "", "(201): no link in the answer"},
	} {
		url, problem := h.shortLinkResult(tt.r)
		if url != tt.url || !strings.Contains(problem, tt.problem) || (tt.problem == "") != (problem == "") {
			t.Errorf("shortLinkResult(%+v) = %q, %q; want %q and a problem with %q", tt.r, url, problem, tt.url, tt.problem)
		}
	}
	if _, p := (&page{lang: langZH}).shortLinkResult(fetchResult{Status: 413}); !strings.Contains(p, "太大") {
		t.Errorf("in Chinese: %q", p)
	}
}
