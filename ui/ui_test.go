package ui

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/core"
)

func TestShellPreRender(t *testing.T) {
	tests := []struct {
		name    string
		shell   *Shell
		want    []string
		notWant []string
	}{
		{
			name:  "full",
			shell: &Shell{},
			want: []string{
				`<h1>DLX Lab</h1>`, `id="canvas"`, CanvasHint, `<svg`,
				`id="side"`, `Inspect`, `Library`, `id="tab-build"`, `id="add-queue"`,
				`id="clock"`, `id="play"`, `id="step"`, `id="next-expiry"`, `id="jump-30m"`, `id="restart"`,
				`id="speed"`, `id="clock-time"`, `t = 0.000 s`, `id="lang"`, `id="profile"`, `id="share"`,
			},
			// The mount marker must be absent from pre-rendered HTML, or the
			// e2e test could not tell the wasm ran.
			notWant: []string{`data-mounted`},
		},
		{
			name:    "compact",
			shell:   &Shell{Compact: true},
			want:    []string{`<h1>DLX Lab</h1>`, `id="canvas"`, `id="clock-time"`, `id="play"`},
			notWant: []string{`id="side"`, `id="add-queue"`, `data-mounted`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := app.NewServerTester(tt.shell)
			defer d.Close()
			html := app.HTMLString(tt.shell)
			for _, w := range tt.want {
				if !strings.Contains(html, w) {
					t.Errorf("missing %q in\n%s", w, html)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(html, w) {
					t.Errorf("unexpected %q in\n%s", w, html)
				}
			}
		})
	}
}

// TestShellMountsAndDraws mounts the page natively (no browser): the
// mount marker appears, a loaded lesson is drawn, play moves the clock.
func TestShellMountsAndDraws(t *testing.T) {
	h := &Shell{}
	d := app.NewClientTester(h)
	defer d.Close()
	if html := app.HTMLString(h); !strings.Contains(html, `data-mounted="1"`) {
		t.Fatalf("mounted page has no marker")
	}
	d.Dispatch(app.Dispatch{Mode: app.Update, Source: h, Function: func(ctx app.Context) {
		if !h.s.LoadLesson("retry-loop") {
			t.Errorf("load: %+v", h.s.Notice())
		}
		h.s.Play()
		if h.s.Checkpoint() != nil { // the lesson's first checkpoint: play on
			h.s.Continue()
		}
		h.changed()
	}})
	d.Consume()
	deadline := time.Now().Add(5 * time.Second)
	for h.s.Now() < 200 {
		if time.Now().After(deadline) {
			t.Fatalf("clock did not advance while playing: %v", h.s.Now())
		}
		time.Sleep(tickEvery)
		d.Consume()
	}
	html := app.HTMLString(h)
	// A slow machine can play on to the lesson's 300 ms checkpoint, which
	// pauses: the button then offers Play again.
	button := "Pause"
	if !h.s.Playing() {
		button = "Play"
	}
	for _, w := range []string{`data-node="queue:main"`, `data-node="queue:wait"`, `data-node="exchange:retry.dlx"`,
		`data-kind="dlx"`, "dead letters → ", "(queue argument)", button} {
		if !strings.Contains(html, w) {
			t.Errorf("missing %q", w)
		}
	}
}

func TestClockLabel(t *testing.T) {
	tests := []struct {
		ms   core.Time
		want string
	}{
		{0, "t = 0.000 s"},
		{50, "t = 0.050 s"},
		{1250, "t = 1.250 s"},
		{(4*60 + 46) * 60_000, "t = 4 h 46 min"},
		{86_400_000, "t = 1 d"},
	}
	for _, tt := range tests {
		if got := clockLabel(tt.ms); got != tt.want {
			t.Errorf("clockLabel(%v) = %q, want %q", tt.ms, got, tt.want)
		}
	}
}

func TestRunTickerStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	ticks := make(chan struct{}, 100)
	done := make(chan struct{})
	go func() {
		runTicker(ctx, time.Millisecond, func() { ticks <- struct{}{} })
		close(done)
	}()
	<-ticks
	cancel()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("runTicker still running after its context was cancelled")
	}
}

func TestHandlerUsesLocalResources(t *testing.T) {
	h := Handler("abc123", "")
	if h.Version != "abc123" || h.Name != Name || h.Title == "" || h.Description == "" {
		t.Errorf("metadata not set: %+v", h)
	}
	for _, u := range []string{h.Icon.Default, h.Icon.Large, h.Icon.SVG, h.Styles[0]} {
		if !strings.HasPrefix(u, "/web/") {
			t.Errorf("resource %q is not local", u)
		}
	}
	if h.Resources != nil {
		t.Errorf("root site has a resource provider: %v", h.Resources)
	}
	if p := Handler("v", "/playground"); p.Resources == nil || p.Resources.Static() != "/playground" {
		t.Errorf("prefix not applied: %v", p.Resources)
	}
}

func TestSiteHandler(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("index.html", "INDEX")
	write("embed.html", "EMBED")
	write("web/app.wasm", "\x00asm")
	write("web/icon.svg", "<svg/>")
	write("manifest.webmanifest", "{}")

	tests := []struct {
		path     string
		code     int
		body     string
		wantType string
	}{
		{"/", 200, "INDEX", "text/html"},
		{"/embed", 200, "EMBED", "text/html"},
		{"/s/abc123", 200, "INDEX", "text/html"},
		{"/web/app.wasm", 200, "\x00asm", "application/wasm"},
		{"/web/icon.svg", 200, "<svg/>", "image/svg+xml"},
		{"/manifest.webmanifest", 200, "{}", "application/manifest+json"},
		{"/web/missing.png", 404, "", ""},
		{"/web", 404, "", ""},
		{"/../../etc/passwd", 400, "", ""}, // http.ServeFile refuses ".."
	}
	h := SiteHandler(dir)
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://x"+tt.path, nil))
			if rec.Code != tt.code {
				t.Fatalf("code = %d, want %d (body %q)", rec.Code, tt.code, rec.Body)
			}
			if tt.code != 200 {
				return
			}
			if got := rec.Body.String(); got != tt.body {
				t.Errorf("body = %q, want %q", got, tt.body)
			}
			if got := rec.Header().Get("Content-Type"); !strings.HasPrefix(got, tt.wantType) {
				t.Errorf("Content-Type = %q, want %q", got, tt.wantType)
			}
		})
	}
}

func TestSitePrefix(t *testing.T) {
	for in, want := range map[string]string{
		"/": "", "": "", "/embed": "", "/embed.html": "", "/s/abcDEF12345": "", "/embed/s/abcDEF12345": "",
		"/playground/": "/playground", "/playground/embed": "/playground", "/playground/s/x1": "/playground",
		"/playground/embed/s/x1": "/playground", "/index.html": "",
	} {
		if got := sitePrefix(in); got != want {
			t.Errorf("sitePrefix(%q) = %q, want %q", in, got, want)
		}
	}
}
