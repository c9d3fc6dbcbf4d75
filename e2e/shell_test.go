package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestShellClockPlays is the first journey: the page loads, the wasm
// mounts, the learner presses play and the virtual clock runs; pause stops it.
func TestShellClockPlays(t *testing.T) {
	base := siteURL(t)
	ctx := browser(t)
	checkExceptions := exceptions(t, ctx)

	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/")); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	firstRender, err := mounted(ctx)
	if err != nil {
		t.Fatalf("waiting for the wasm to mount: %v", err)
	}
	t.Logf("first render (loader gone, clock mounted): %.0f ms after navigation start", firstRender)

	title, err := chromedp.Run(ctx, chromedp.Title())
	if err != nil || !strings.HasPrefix(title, "DLX Lab") {
		t.Errorf("title = %q (%v), want it to start with DLX Lab", title, err)
	}
	// TextContent, not Text: innerText is undefined on SVG elements.
	hint, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.ID("canvas-hint")))
	if err != nil || !strings.Contains(hint, "Pick a scenario") {
		t.Errorf("canvas hint = %q (%v)", hint, err)
	}
	if got := clockSeconds(t, ctx); got != 0 {
		t.Fatalf("clock before play = %v s, want 0", got)
	}

	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("play"))); err != nil {
		t.Fatalf("click play: %v", err)
	}
	// The clock must move past 0 and keep moving.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](
		`document.getElementById('clock-time').textContent !== 't = 0.000 s'`,
		chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("clock did not start after play: %v", err)
	}
	first := clockSeconds(t, ctx)
	time.Sleep(300 * time.Millisecond)
	second := clockSeconds(t, ctx)
	if !(first > 0 && second > first) {
		t.Fatalf("clock is not advancing while playing: %v s then %v s", first, second)
	}
	t.Logf("clock while playing: %.3f s, then %.3f s", first, second)

	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	saveScreenshot(t, "shell.png", png)

	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("play"))); err != nil {
		t.Fatalf("click pause: %v", err)
	}
	// The click handler runs on go-app's UI goroutine after Click returns:
	// wait for the button to say Play again before reading the time.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](
		`document.getElementById('play').getAttribute('aria-pressed') === 'false'`,
		chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("pause did not take effect: %v", err)
	}
	paused := clockSeconds(t, ctx)
	time.Sleep(200 * time.Millisecond)
	if later := clockSeconds(t, ctx); later != paused {
		t.Errorf("clock moved while paused: %v s then %v s", paused, later)
	}
	checkExceptions()
}

// TestEmbedIsCompact checks the /embed route mounts without the side panel.
func TestEmbedIsCompact(t *testing.T) {
	base := siteURL(t)
	ctx := browser(t)
	checkExceptions := exceptions(t, ctx)

	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/embed")); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	// The embed is click-to-load (docs/links-and-http.md "Fragment links"): a poster first.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("embed-load"))); err != nil {
		t.Fatalf("click the embed poster: %v", err)
	}
	if _, err := mounted(ctx); err != nil {
		t.Fatalf("waiting for the wasm to mount: %v", err)
	}
	state, err := chromedp.Run(ctx, chromedp.Evaluate[[]bool](
		`[document.getElementById('side') !== null, document.getElementById('canvas') !== null]`))
	if err != nil {
		t.Fatal(err)
	}
	if state[0] || !state[1] {
		t.Errorf("embed: side panel present=%v, canvas present=%v; want false, true", state[0], state[1])
	}
	checkExceptions()
}

// clockSeconds reads the virtual time from "t = 1.250 s".
func clockSeconds(t *testing.T, ctx context.Context) float64 {
	t.Helper()
	text, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("clock-time")))
	if err != nil {
		t.Fatalf("read clock: %v", err)
	}
	s := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(text), "t = "), " s")
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("clock text %q: %v", text, err)
	}
	return v
}
