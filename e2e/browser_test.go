// Package e2e drives the built site (./build.sh build writes ../dist) in
// headless Chromium with chromedp. Run it with ./build.sh e2e, or
// `go test ./e2e` after a build. SITE_URL=http://host:port tests a running
// site instead of serving ../dist.
package e2e

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/dlxlab/dlxlab/ui"
)

// chromiumPath is Debian's real binary; /usr/bin/chromium is a wrapper
// script that prints noise and adds flags. CHROMIUM overrides it.
const chromiumPath = "/usr/lib/chromium/chromium"

// distDir is where ./build.sh build writes the site, seen from this package.
const distDir = "../dist"

// siteURL returns the base URL to test (no trailing slash): SITE_URL if
// set, else ../dist served with the same handler as `dlxlab serve`.
func siteURL(t *testing.T) string {
	t.Helper()
	if u := os.Getenv("SITE_URL"); u != "" {
		return trimSlash(u)
	}
	for _, f := range []string{"index.html", "web/app.wasm"} {
		if _, err := os.Stat(filepath.Join(distDir, f)); err != nil {
			t.Fatalf("dist/%s is missing: run ./build.sh build first (or ./build.sh e2e, which builds)", f)
		}
	}
	srv := httptest.NewServer(ui.SiteHandler(distDir))
	t.Cleanup(srv.Close)
	return srv.URL
}

func trimSlash(s string) string {
	for len(s) > 0 && s[len(s)-1] == '/' {
		s = s[:len(s)-1]
	}
	return s
}

// browser starts a fresh headless Chromium (its own profile, so no service
// worker or cache survives from another run) and returns a tab context.
// Without Chromium the test is skipped locally, but fails when CI=true: CI
// must never pass by skipping the browser.
func browser(t *testing.T) context.Context {
	t.Helper()
	exe := chromiumPath
	if p := os.Getenv("CHROMIUM"); p != "" {
		exe = p
	}
	if _, err := os.Stat(exe); err != nil {
		msg := "!!! CHROMIUM NOT FOUND at " + exe + ": the browser tests did NOT run. " +
			"Install it with `apt-get install -y chromium` (or run .ci/run)."
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	t.Cleanup(cancel)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(ctx,
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox, // we run as root in CI containers
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 800),
	)
	t.Cleanup(cancelAlloc)
	tabCtx, cancelTab := chromedp.NewContext(allocCtx)
	t.Cleanup(cancelTab)
	start := time.Now()
	// The window size includes the (invisible) browser frame; pin the
	// page viewport so screenshots are exactly 1280x800.
	if err := chromedp.Do(tabCtx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	t.Logf("chromium started in %v", time.Since(start).Round(time.Millisecond))
	return tabCtx
}

// exceptions collects uncaught page exceptions (a Go panic in the wasm
// surfaces as one) until the returned func is called, which reports them.
func exceptions(t *testing.T, ctx context.Context) (check func()) {
	t.Helper()
	ctx, stop := context.WithCancel(ctx)
	events := chromedp.Events(ctx, runtime.ExceptionThrown)
	var (
		mu   sync.Mutex
		got  []string
		done = make(chan struct{})
	)
	go func() {
		defer close(done)
		for ev, err := range events {
			if err != nil {
				return
			}
			text := ev.ExceptionDetails.Text
			if ev.ExceptionDetails.Exception != nil && ev.ExceptionDetails.Exception.Description != "" {
				text = ev.ExceptionDetails.Exception.Description
			}
			mu.Lock()
			got = append(got, text)
			mu.Unlock()
		}
	}()
	var once sync.Once
	check = func() {
		t.Helper()
		once.Do(func() {
			stop()
			<-done
			mu.Lock()
			defer mu.Unlock()
			for _, e := range got {
				t.Errorf("uncaught exception in the page: %s", e)
			}
		})
	}
	t.Cleanup(func() { stop(); <-done })
	return check
}

// mounted waits until the wasm has replaced the pre-rendered page: go-app
// removes #app-wasm-loader right after go.run, and only the mounted Clock
// sets data-mounted. The pre-rendered HTML already has every element, so
// waiting for an element alone would pass before any Go code ran. It
// returns performance.now() at that moment: milliseconds since navigation
// started, i.e. the first interactive render.
func mounted(ctx context.Context) (float64, error) {
	return chromedp.Run(ctx, chromedp.Poll[float64](`(() => {
		const loader = document.getElementById('app-wasm-loader');
		const clock = document.querySelector('#clock-time[data-mounted="1"]');
		return (loader === null && clock !== null) ? performance.now() : 0;
	})()`, chromedp.WithPollingInterval(2*time.Millisecond)))
}

// saveScreenshot writes png to e2e/screenshots/name (git-ignored).
func saveScreenshot(t *testing.T, name string, png []byte) {
	t.Helper()
	if err := os.MkdirAll("screenshots", 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join("screenshots", name)
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(p)
	t.Logf("screenshot: %s (%d bytes)", abs, len(png))
}
