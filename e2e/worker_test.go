//go:build unix

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// workerDir is wasm/worker seen from this package.
const workerDir = "../wasm/worker"

// TestWorkerLocal runs the Cloudflare Worker (wasm/worker) under
// `wrangler dev --local` (workerd, local KV in a temporary folder) and
// checks the share API, the share pages, oEmbed, the poster and the
// static site through it. The wasm is rebuilt first (./build.sh worker)
// when it is missing or older than its sources.
//
// Without wasm/worker/node_modules (npm ci) the test is skipped locally,
// loudly, and fails with CI=true.
func TestWorkerLocal(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not starting wrangler")
	}
	wrangler := filepath.Join(workerDir, "node_modules", ".bin", "wrangler")
	if _, err := os.Stat(wrangler); err != nil {
		msg := "!!! WRANGLER NOT INSTALLED (" + wrangler + "): the Worker test did NOT run. " +
			"Run `(cd wasm/worker && npm ci)` (or .ci/run)."
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	ensureWorkerBuilt(t)

	base, ready := startWrangler(t)
	t.Logf("wrangler dev ready in %v", ready.Round(time.Millisecond))

	scenario := []byte(`{"version":1,"title":"Retry <loop> & wait","exchanges":[{"name":"retry.dlx"}],
		"queues":[{"name":"main","arguments":{"x-dead-letter-exchange":"retry.dlx","x-dead-letter-routing-key":"wait"}},
		          {"name":"wait","arguments":{"x-message-ttl":300,"x-dead-letter-exchange":"","x-dead-letter-routing-key":"main"}}],
		"bindings":[{"source":"retry.dlx","destination":"wait","routing_key":"wait"}],
		"steps":[{"publish":{"routing_key":"main","body":"job-1"}},{"wait":"2s"}]}`)

	// POST /api/share: 201, then 200 with the same id.
	res, body := do(t, "POST", base+"/api/share", "application/json", scenario)
	wantCode(t, res, body, http.StatusCreated)
	var created struct{ ID, URL string }
	if err := json.Unmarshal(body, &created); err != nil || len(created.ID) != 11 {
		t.Fatalf("POST /api/share answered %s (%v)", body, err)
	}
	id := created.ID
	if created.URL != base+"/s/"+id {
		t.Errorf("url %q, want %q", created.URL, base+"/s/"+id)
	}
	res, body = do(t, "POST", base+"/api/share", "application/json", scenario)
	wantCode(t, res, body, http.StatusOK)
	if !bytes.Contains(body, []byte(id)) {
		t.Errorf("same scenario, other answer: %s", body)
	}

	// GET /api/share/{id}: the stored scenario, from KV.
	res, body = do(t, "GET", base+"/api/share/"+id, "", nil)
	wantCode(t, res, body, http.StatusOK)
	var back map[string]any
	if err := json.Unmarshal(body, &back); err != nil || back["title"] != "Retry <loop> & wait" {
		t.Fatalf("GET /api/share/%s: %s", id, body)
	}
	wantHeader(t, res, "Content-Type", "application/json; charset=utf-8")

	// Errors come from the Go handler as JSON.
	for _, tc := range []struct {
		method, path, ct string
		body             []byte
		code             int
	}{
		{"GET", "/api/share/AAAAAAAAAAA", "", nil, 404},
		{"GET", "/api/share/..%2Fx", "", nil, 400},
		{"POST", "/api/share", "text/plain", scenario, 415},
		{"POST", "/api/share", "application/json", bytes.Repeat([]byte(" "), 64<<10+1), 413},
		{"POST", "/api/share", "application/json", []byte(`[]`), 400},
		{"DELETE", "/api/share", "", nil, 405},
		{"GET", "/oembed?url=" + url.QueryEscape(base+"/s/"+id) + "&format=xml", "", nil, 501},
		{"GET", "/oembed?url=" + url.QueryEscape("http://elsewhere.example/s/"+id), "", nil, 404},
	} {
		res, body := do(t, tc.method, base+tc.path, tc.ct, tc.body)
		wantCode(t, res, body, tc.code)
		var e struct{ Error string }
		if json.Unmarshal(body, &e) != nil || e.Error == "" {
			t.Errorf("%s %s: not a JSON error: %s", tc.method, tc.path, body)
		}
	}

	// GET /s/{id}: the app's index.html, fetched from the ASSETS binding,
	// with the id and link metadata injected.
	res, body = do(t, "GET", base+"/s/"+id, "", nil)
	wantCode(t, res, body, http.StatusOK)
	wantHeader(t, res, "Content-Type", "text/html; charset=utf-8")
	for _, want := range []string{
		`<meta name="dlxlab-share" content="` + id + `">`,
		`<title>Retry &lt;loop&gt; &amp; wait · DLX Lab</title>`,
		`/poster/` + id + `.svg`,
		`application/json+oembed`,
		`id="app-wasm-loader"`, // it is the go-app page
	} {
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("/s/%s lacks %s", id, want)
		}
	}
	wantFrameAncestors(t, res, "'self'")
	wantHeader(t, res, "X-Frame-Options", "SAMEORIGIN")

	// GET /embed/s/{id}: the embed page, frameable by anyone.
	res, body = do(t, "GET", base+"/embed/s/"+id, "", nil)
	wantCode(t, res, body, http.StatusOK)
	if !bytes.Contains(body, []byte(`dl-shell--compact`)) || !bytes.Contains(body, []byte(`content="`+id+`"`)) {
		t.Errorf("/embed/s/%s is not the embed page with the id:\n%.600s", id, body)
	}
	wantFrameAncestors(t, res, "*")
	wantHeader(t, res, "X-Frame-Options", "")

	// oEmbed.
	res, body = do(t, "GET", base+"/oembed?format=json&maxwidth=400&url="+url.QueryEscape(base+"/s/"+id), "", nil)
	wantCode(t, res, body, http.StatusOK)
	var o struct {
		Version, Type, ProviderName, Title, HTML string
		Width, Height                            int
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&o); err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	json.Unmarshal(body, &raw)
	if raw["version"] != "1.0" || raw["type"] != "rich" || raw["provider_name"] != "DLX Lab" || o.Width != 400 ||
		!strings.Contains(o.HTML, `<iframe src="`+base+`/embed/s/`+id+`"`) {
		t.Errorf("oembed: %s", body)
	}

	// Poster.
	res, body = do(t, "GET", base+"/poster/"+id+".svg", "", nil)
	wantCode(t, res, body, http.StatusOK)
	wantHeader(t, res, "Content-Type", "image/svg+xml; charset=utf-8")
	if !bytes.HasPrefix(body, []byte("<svg")) || !bytes.Contains(body, []byte("Retry &lt;loop&gt; &amp; wait")) {
		t.Errorf("poster: %.300s", body)
	}

	// The static site, served by Workers Static Assets with _headers.
	res, body = do(t, "GET", base+"/", "", nil)
	wantCode(t, res, body, http.StatusOK)
	if !bytes.Contains(body, []byte(`id="app-wasm-loader"`)) {
		t.Errorf("/ is not the app page: %.300s", body)
	}
	wantFrameAncestors(t, res, "'self'")
	wantHeader(t, res, "X-Content-Type-Options", "nosniff")
	res, body = do(t, "GET", base+"/embed", "", nil)
	wantCode(t, res, body, http.StatusOK)
	wantFrameAncestors(t, res, "*")
	res, body = do(t, "GET", base+"/web/app.wasm", "", nil)
	wantCode(t, res, body, http.StatusOK)
	wantHeader(t, res, "Content-Type", "application/wasm")
	if !bytes.HasPrefix(body, []byte("\x00asm")) {
		t.Errorf("/web/app.wasm is not wasm (%d bytes)", len(body))
	}

	// Latency on loopback: 40 sequential requests each (the figure in
	// BENCHMARKS.md, "Hosting"). Each POST is a new scenario (a KV write).
	var posts, gets []time.Duration
	for i := range 40 {
		sc := fmt.Appendf(nil, `{"version":1,"title":"bench %d","queues":[{"name":"q"}]}`, i)
		start := time.Now()
		res, body := do(t, "POST", base+"/api/share", "application/json", sc)
		posts = append(posts, time.Since(start))
		wantCode(t, res, body, http.StatusCreated)
	}
	for range 40 {
		start := time.Now()
		res, body := do(t, "GET", base+"/api/share/"+id, "", nil)
		gets = append(gets, time.Since(start))
		wantCode(t, res, body, http.StatusOK)
	}
	t.Logf("latency over 40 sequential requests: POST /api/share (new, KV write) p50 %v p90 %v; GET /api/share/{id} p50 %v p90 %v",
		pct(posts, 50), pct(posts, 90), pct(gets, 50), pct(gets, 90))
}

func pct(ds []time.Duration, p int) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[(len(s)-1)*p/100].Round(10 * time.Microsecond)
}

var client = &http.Client{Timeout: 30 * time.Second}

func do(t *testing.T, method, u, contentType string, body []byte) (*http.Response, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, u, rd)
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, u, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, u, err)
	}
	return res, b
}

func wantCode(t *testing.T, res *http.Response, body []byte, code int) {
	t.Helper()
	if res.StatusCode != code {
		t.Fatalf("%s %s: status %d, want %d: %.500s", res.Request.Method, res.Request.URL, res.StatusCode, code, body)
	}
}

func wantHeader(t *testing.T, res *http.Response, k, v string) {
	t.Helper()
	if got := res.Header.Get(k); got != v {
		t.Errorf("%s %s: %s %q, want %q", res.Request.Method, res.Request.URL.Path, k, got, v)
	}
}

func wantFrameAncestors(t *testing.T, res *http.Response, v string) {
	t.Helper()
	csp := res.Header.Values("Content-Security-Policy")
	if len(csp) != 1 || !strings.HasSuffix(csp[0], "frame-ancestors "+v) || !strings.Contains(csp[0], "'wasm-unsafe-eval'") {
		t.Errorf("%s: Content-Security-Policy %q, want one policy ending in frame-ancestors %s", res.Request.URL.Path, csp, v)
	}
}

// ensureWorkerBuilt runs ./build.sh worker when the Worker's wasm or its
// static copy of the site is missing or older than what goes into them.
func ensureWorkerBuilt(t *testing.T) {
	t.Helper()
	wasm := filepath.Join(workerDir, "build", "app.wasm")
	why := ""
	if fi, err := os.Stat(wasm); err != nil {
		why = "no " + wasm
	} else if _, err := os.Stat(filepath.Join(workerDir, "public", "index.html")); err != nil {
		why = "no public/index.html"
	} else {
		why = newerThan(fi.ModTime(), "../share", "../scenarios", "../core", workerDir, "../go.mod", filepath.Join(distDir, "index.html"), filepath.Join(distDir, "web", "app.wasm"))
	}
	if why == "" {
		return
	}
	if _, err := os.Stat(filepath.Join(distDir, "index.html")); err != nil {
		msg := "!!! dist/ is not built: run ./build.sh build first; the Worker test did NOT run"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	t.Logf("building the Worker (%s): ./build.sh worker", why)
	cmd := exec.Command("./build.sh", "worker")
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("./build.sh worker: %v\n%s", err, out)
	}
}

// newerThan names the first .go/go.mod/html/wasm file under paths that
// is newer than ref, or returns "".
func newerThan(ref time.Time, paths ...string) string {
	found := ""
	for _, root := range paths {
		filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
			if err != nil || found != "" {
				return filepath.SkipDir
			}
			if fi.IsDir() {
				switch fi.Name() {
				case "node_modules", "build", "public", ".wrangler", "testdata":
					return filepath.SkipDir
				}
				return nil
			}
			if (strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "go.mod") || strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".wasm") || strings.HasSuffix(p, "_headers")) &&
				fi.ModTime().After(ref) {
				found = p + " changed since the last worker build"
			}
			return nil
		})
	}
	return found
}

// startWrangler starts `wrangler dev --local` on a free loopback port in
// its own process group, with KV persisted to a temporary folder, waits
// until the Worker answers, and kills the whole group at cleanup (killing
// only the npx/node PID leaves workerd running, docs/architecture.md "Platform constraints").
func startWrangler(t *testing.T) (base string, ready time.Duration) {
	t.Helper()
	port := freePort(t)
	persist := t.TempDir()
	logf, err := os.CreateTemp(t.TempDir(), "wrangler-*.log")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(filepath.Join("node_modules", ".bin", "wrangler"), "dev", "--local",
		"--ip", "127.0.0.1", "--port", fmt.Sprint(port), "--inspector-port", "0",
		"--show-interactive-dev-session=false", "--persist-to", persist, "--log-level", "info")
	cmd.Dir = workerDir
	cmd.Env = append(os.Environ(), "WRANGLER_SEND_METRICS=false", "CI=true", "NO_COLOR=1",
		"XDG_CONFIG_HOME="+t.TempDir()) // wrangler's logs and settings stay out of $HOME
	cmd.Stdin = nil
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			pgid := cmd.Process.Pid // Setpgid: the group id is the leader's pid
			syscall.Kill(-pgid, syscall.SIGTERM)
			select {
			case <-exited:
			case <-time.After(5 * time.Second):
				syscall.Kill(-pgid, syscall.SIGKILL)
				<-exited
			}
			// workerd may outlive node briefly; make sure the group is gone.
			for i := 0; i < 50 && syscall.Kill(-pgid, 0) == nil; i++ {
				if i == 30 {
					syscall.Kill(-pgid, syscall.SIGKILL)
				}
				time.Sleep(100 * time.Millisecond)
			}
		})
	}
	t.Cleanup(func() {
		stop()
		if t.Failed() {
			b, _ := os.ReadFile(logf.Name())
			t.Logf("wrangler log:\n%s", b)
		}
	})

	base = fmt.Sprintf("http://127.0.0.1:%d", port)
	probe := &http.Client{Timeout: 5 * time.Second}
	deadline := time.Now().Add(90 * time.Second)
	for {
		select {
		case err := <-exited:
			exited <- err
			b, _ := os.ReadFile(logf.Name())
			t.Fatalf("wrangler exited before it was ready (%v):\n%s", err, b)
		default:
		}
		// A 404 JSON error from the Go handler means the Worker runs.
		res, err := probe.Get(base + "/api/share/AAAAAAAAAAA")
		if err == nil {
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode == http.StatusNotFound && bytes.Contains(b, []byte(`"error"`)) {
				return base, time.Since(start)
			}
		}
		if time.Now().After(deadline) {
			b, _ := os.ReadFile(logf.Name())
			t.Fatalf("wrangler not ready after 90 s (last error %v):\n%s", err, b)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
