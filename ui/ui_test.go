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
				`<h1>DLX Lab</h1>`, Tagline, `id="canvas"`, CanvasHint, `<svg`,
				`id="side"`, `Inspector`, `Library`,
				`id="clock"`, `id="play"`, `id="clock-time"`, `t = 0.000 s`,
			},
			// The mount marker must be absent from pre-rendered HTML, or the
			// e2e test could not tell the wasm ran.
			notWant: []string{`data-mounted`},
		},
		{
			name:    "compact",
			shell:   &Shell{Compact: true},
			want:    []string{`<h1>DLX Lab</h1>`, `id="canvas"`, `id="clock-time"`},
			notWant: []string{`id="side"`, Tagline, `data-mounted`},
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

func TestClockPlays(t *testing.T) {
	c := &Clock{}
	d := app.NewClientTester(c)
	defer d.Close()

	if html := app.HTMLString(c); !strings.Contains(html, `data-mounted="1"`) {
		t.Fatalf("mounted clock has no marker:\n%s", html)
	}
	d.Dispatch(app.Dispatch{Mode: app.Update, Source: c, Function: func(ctx app.Context) {
		c.onPlay(ctx, app.Event{})
	}})
	d.Consume()

	deadline := time.Now().Add(5 * time.Second)
	for c.now < 2*tickEvery {
		if time.Now().After(deadline) {
			t.Fatalf("clock did not advance while playing: %v", c.now)
		}
		time.Sleep(tickEvery)
		d.Consume()
	}
	html := app.HTMLString(c)
	if !strings.Contains(html, "Pause") || strings.Contains(html, FormatClock(0)) {
		t.Errorf("playing clock renders wrong:\n%s", html)
	}

	d.Dispatch(app.Dispatch{Mode: app.Update, Source: c, Function: func(ctx app.Context) {
		c.onReset(ctx, app.Event{})
	}})
	d.Consume()
	if c.now != 0 || c.playing.Load() {
		t.Errorf("after reset: now=%v playing=%v", c.now, c.playing.Load())
	}
}

func TestFormatClock(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "t = 0.000 s"},
		{50 * time.Millisecond, "t = 0.050 s"},
		{1250 * time.Millisecond, "t = 1.250 s"},
		{4*time.Hour + 46*time.Minute, "t = 17160.000 s"},
	}
	for _, tt := range tests {
		if got := FormatClock(tt.d); got != tt.want {
			t.Errorf("FormatClock(%v) = %q, want %q", tt.d, got, tt.want)
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
