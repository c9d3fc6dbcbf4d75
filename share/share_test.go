package share

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

const testHost = "dlx.example"

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sitePages is a stand-in for the generated site: index.html and
// embed.html with go-app's head (title and og: tags to be replaced).
func sitePages() http.Handler {
	page := func(name string) string {
		return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="description" content="Watch messages dead-letter, retry and expire.">
<meta property="og:url" content="http://127.0.0.1:38515/">
<meta property="og:title" content="DLX Lab: dead-letter exchange playground">
<meta content="" property="og:image">
<title>DLX Lab: dead-letter exchange playground</title>
<script defer src="/app.js"></script>
</head>
<body><div id="` + name + `"></div></body>
</html>`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, page("app-page"))
		case "/embed":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, page("embed-page"))
		case "/web/app.wasm":
			w.Header().Set("Content-Type", "application/wasm")
			w.Write([]byte("\x00asm"))
		default:
			http.NotFound(w, r)
		}
	})
}

type logRec struct {
	mu    sync.Mutex
	lines []string
}

func (l *logRec) logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func (l *logRec) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

type fixture struct {
	store *MemoryStore
	h     http.Handler
	log   *logRec
}

func newFixture(t testing.TB, mod ...func(*Options)) *fixture {
	t.Helper()
	f := &fixture{store: NewMemoryStore(), log: &logRec{}}
	o := Options{Store: f.store, Site: sitePages(), Logf: f.log.logf, TrustHost: true}
	for _, m := range mod {
		m(&o)
	}
	f.h = New(o)
	return f
}

func (f *fixture) do(t testing.TB, method, target, contentType string, body []byte) *httptest.ResponseRecorder {
	t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req := httptest.NewRequest(method, "http://"+testHost+target, rd)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	rec := httptest.NewRecorder()
	f.h.ServeHTTP(rec, req)
	return rec
}

func (f *fixture) share(t testing.TB, body []byte) string {
	t.Helper()
	rec := f.do(t, "POST", "/api/share", "application/json", body)
	if rec.Code != http.StatusCreated && rec.Code != http.StatusOK {
		t.Fatalf("POST /api/share: %d %s", rec.Code, rec.Body)
	}
	var resp createResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &resp); err != nil {
		t.Fatal(err)
	}
	return resp.ID
}

func wantStatus(t testing.TB, rec *httptest.ResponseRecorder, status int) {
	t.Helper()
	if rec.Code != status {
		t.Fatalf("status %d, want %d; body %s", rec.Code, status, rec.Body)
	}
}

// wantJSONError checks the status and that the body is {"error": "..."}.
func wantJSONError(t testing.TB, rec *httptest.ResponseRecorder, status int) string {
	t.Helper()
	wantStatus(t, rec, status)
	if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Fatalf("error Content-Type %q", ct)
	}
	var e map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
		t.Fatalf("error body is not JSON: %q", rec.Body)
	}
	msg, ok := e["error"].(string)
	if !ok || msg == "" || len(e) != 1 {
		t.Fatalf("error body %q is not {\"error\": \"...\"}", rec.Body)
	}
	return msg
}

// ---- ids ----------------------------------------------------------------

func TestNewIDRule(t *testing.T) {
	// Golden values: changing the rule would break every stored link.
	golden := map[string]string{
		"{}":          NewID([]byte("{}")),
		`{"title":1}`: NewID([]byte(`{"title":1}`)),
	}
	for in, id := range golden {
		d := sha256.Sum256([]byte(in))
		first := base64.RawURLEncoding.EncodeToString(d[:])[:IDLen]
		if last := first[IDLen-1]; last != '-' && last != '_' && id != first {
			t.Errorf("NewID(%s) = %s, want the first 11 chars of base64url(sha256) %s", in, id, first)
		}
	}
	if got := NewID([]byte("{}")); got != "RBNvo1WzZ4o" {
		t.Errorf(`NewID("{}") = %q, want RBNvo1WzZ4o (the rule must not change)`, got)
	}

	// Find inputs whose first derivation ends in '-' or '_' (1 in 32) and
	// check the documented re-derivation: sha256 of the previous digest.
	rederived := 0
	for i := 0; i < 2000; i++ {
		in := []byte(fmt.Sprintf(`{"n":%d}`, i))
		id := NewID(in)
		if !ValidID(id) {
			t.Fatalf("NewID(%s) = %q is not a valid id", in, id)
		}
		if id != NewID(in) {
			t.Fatalf("NewID is not deterministic for %s", in)
		}
		d := sha256.Sum256(in)
		want := ""
		for {
			s := base64.RawURLEncoding.EncodeToString(d[:])[:IDLen]
			if s[IDLen-1] != '-' && s[IDLen-1] != '_' {
				want = s
				break
			}
			d = sha256.Sum256(d[:])
		}
		first := sha256.Sum256(in)
		if f := base64.RawURLEncoding.EncodeToString(first[:])[:IDLen]; f != want {
			rederived++
		}
		if id != want {
			t.Fatalf("NewID(%s) = %s, want %s", in, id, want)
		}
	}
	if rederived == 0 {
		t.Fatal("no input in the sample needed re-derivation; the test proves nothing")
	}
	t.Logf("%d of 2000 ids were re-derived", rederived)
}

func TestValidID(t *testing.T) {
	for _, tc := range []struct {
		id string
		ok bool
	}{
		{"RBNvo1WzZ4o", true},
		{"a-b_c-d_e0Z", true},
		{"-_________A", true},
		{"RBNvo1WzZ4-", false},
		{"RBNvo1WzZ4_", false},
		{"RBNvo1WzZ4", false},
		{"RBNvo1WzZ4oo", false},
		{"", false},
		{"../x", false},
		{"../../etc/p", false},
		{"RBNvo1WzZ/o", false},
		{"RBNvo1WzZ.o", false},
		{"RBNvo1WzZ+o", false},
		{"RBNvo1WzZ=o", false},
		{"RBNvo1Wz\x00o", false},
		{"ünïcødéabc", false},
		{"RBNvo1WzZ4ö", false},
		{"RBNvo1 WzZ4", false},
		{strings.Repeat("a", 1000), false},
	} {
		if got := ValidID(tc.id); got != tc.ok {
			t.Errorf("ValidID(%q) = %v, want %v", tc.id, got, tc.ok)
		}
	}
}

// ---- create and get -------------------------------------------------------

func TestShareRoundTripAndIdempotence(t *testing.T) {
	f := newFixture(t)
	body := readTestdata(t, "retry.json")

	rec := f.do(t, "POST", "/api/share", "application/json", body)
	wantStatus(t, rec, http.StatusCreated)
	var resp createResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &resp); err != nil {
		t.Fatal(err)
	}
	if !ValidID(resp.ID) {
		t.Fatalf("id %q is not valid", resp.ID)
	}
	if resp.URL != "http://"+testHost+"/s/"+resp.ID {
		t.Errorf("url %q", resp.URL)
	}
	if loc := rec.Header().Get("Location"); loc != "/api/share/"+resp.ID {
		t.Errorf("Location %q", loc)
	}

	// The same scenario again, reformatted with keys in another order:
	// same id, 200, and no second write.
	var v map[string]any
	json.Unmarshal(body, &v)
	again, _ := json.MarshalIndent(v, "", "    ")
	rec = f.do(t, "POST", "/api/share", "application/json; charset=UTF-8", again)
	wantStatus(t, rec, http.StatusOK)
	var resp2 createResponse
	json.Unmarshal(rec.Body.Bytes(), &resp2)
	if resp2.ID != resp.ID {
		t.Fatalf("same scenario, different ids: %s, %s", resp.ID, resp2.ID)
	}
	if n := f.store.Puts(); n != 1 {
		t.Fatalf("%d writes for two shares of one scenario, want 1", n)
	}
	// Defaults spelled out (durable queues, a direct exchange) change nothing.
	spelled := bytes.Replace(body, []byte(`{"name": "main", `), []byte(`{"name": "main", "durable": true, "auto_delete": false, `), 1)
	spelled = bytes.Replace(spelled, []byte(`"type": "direct"`), []byte(`"type": "direct", "durable": true`), 1)
	if bytes.Equal(spelled, body) {
		t.Fatal("test data changed: nothing spelled out")
	}
	if id := f.share(t, spelled); id != resp.ID || f.store.Puts() != 1 {
		t.Fatalf("defaults spelled out: id %s (want %s), %d puts", id, resp.ID, f.store.Puts())
	}

	rec = f.do(t, "GET", "/api/share/"+resp.ID, "", nil)
	wantStatus(t, rec, http.StatusOK)
	if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	canonical, _, _ := ValidateScenario(body)
	if !bytes.Equal(rec.Body.Bytes(), canonical) {
		t.Errorf("GET returned\n%s\nwant the canonical JSON\n%s", rec.Body, canonical)
	}
	if NewID(rec.Body.Bytes()) != resp.ID {
		t.Error("the id is not the hash of the stored bytes")
	}
	if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "immutable") {
		t.Errorf("Cache-Control %q", cc)
	}

	// Conditional GET.
	req := httptest.NewRequest("GET", "http://"+testHost+"/api/share/"+resp.ID, nil)
	req.Header.Set("If-None-Match", rec.Header().Get("ETag"))
	rec2 := httptest.NewRecorder()
	f.h.ServeHTTP(rec2, req)
	wantStatus(t, rec2, http.StatusNotModified)

	// HEAD works like GET.
	wantStatus(t, f.do(t, "HEAD", "/api/share/"+resp.ID, "", nil), http.StatusOK)

	// A different scenario gets a different id and a second write.
	other := f.share(t, []byte(`{"version":1,"title":"other","queues":[{"name":"q"}]}`))
	if other == resp.ID || f.store.Puts() != 2 {
		t.Fatalf("other id %s, puts %d", other, f.store.Puts())
	}
}

func TestShareErrors(t *testing.T) {
	f := newFixture(t)
	good := readTestdata(t, "retry.json")
	id := f.share(t, good)

	big := append([]byte(`{"title":"`), bytes.Repeat([]byte("x"), MaxBody)...)
	big = append(big, `"}`...)
	exact := append([]byte(`{"title":"`), bytes.Repeat([]byte("y"), MaxBody-len(`{"title":""}`))...)
	exact = append(exact, `"}`...)
	if len(exact) != MaxBody {
		t.Fatalf("exact is %d bytes", len(exact))
	}

	for _, tc := range []struct {
		name, method, path, ct string
		body                   []byte
		status                 int
		allow                  string
	}{
		{"no content type", "POST", "/api/share", "", good, 415, ""},
		{"text/plain", "POST", "/api/share", "text/plain", good, 415, ""},
		{"form", "POST", "/api/share", "application/x-www-form-urlencoded", good, 415, ""},
		{"json with latin1", "POST", "/api/share", "application/json; charset=iso-8859-1", good, 415, ""},
		{"garbage content type", "POST", "/api/share", ";;;/", good, 415, ""},
		{"64 KiB + 1", "POST", "/api/share", "application/json", big[:MaxBody+1], 413, ""},
		{"much too big", "POST", "/api/share", "application/json", big, 413, ""},
		{"empty body", "POST", "/api/share", "application/json", []byte{}, 400, ""},
		{"white space", "POST", "/api/share", "application/json", []byte(" \n "), 400, ""},
		{"not JSON", "POST", "/api/share", "application/json", []byte("title: yaml"), 400, ""},
		{"array", "POST", "/api/share", "application/json", []byte(`[1,2]`), 400, ""},
		{"string", "POST", "/api/share", "application/json", []byte(`"x"`), 400, ""},
		{"null", "POST", "/api/share", "application/json", []byte(`null`), 400, ""},
		{"two objects", "POST", "/api/share", "application/json", []byte(`{} {}`), 400, ""},
		{"trailing garbage", "POST", "/api/share", "application/json", []byte(`{}x`), 400, ""},
		{"truncated", "POST", "/api/share", "application/json", []byte(`{"queues":[`), 400, ""},
		{"bad utf-8", "POST", "/api/share", "application/json", []byte("{\"title\":\"\xff\"}"), 400, ""},
		{"version 2", "POST", "/api/share", "application/json", []byte(`{"version":2}`), 400, ""},
		{"queues not a list", "POST", "/api/share", "application/json", []byte(`{"queues":{"name":"q"}}`), 400, ""},
		{"queue without name", "POST", "/api/share", "application/json", []byte(`{"queues":[{}]}`), 400, ""},
		{"unknown key", "POST", "/api/share", "application/json", []byte(`{"queues":[{"name":"q","nope":1}]}`), 400, ""},
		{"unknown step", "POST", "/api/share", "application/json", []byte(`{"steps":[{"fly":{}}]}`), 400, ""},
		{"unknown profile", "POST", "/api/share", "application/json", []byte(`{"profile":"rabbitmq-1.0"}`), 400, ""},
		{"bad duration", "POST", "/api/share", "application/json", []byte(`{"steps":[{"wait":"forever"}]}`), 400, ""},
		{"yaml body", "POST", "/api/share", "application/json", []byte("version: 1\ntitle: yaml\n"), 400, ""},
		{"GET collection", "GET", "/api/share", "", nil, 405, "POST"},
		{"PUT collection", "PUT", "/api/share", "application/json", good, 405, "POST"},
		{"POST item", "POST", "/api/share/" + id, "application/json", good, 405, "GET, HEAD"},
		{"DELETE item", "DELETE", "/api/share/" + id, "", nil, 405, "GET, HEAD"},
		{"POST page", "POST", "/s/" + id, "", nil, 405, "GET, HEAD"},
		{"PUT embed", "PUT", "/embed/s/" + id, "", nil, 405, "GET, HEAD"},
		{"GET poster.svg", "GET", "/poster.svg", "", nil, 405, "POST"},
		{"POST poster id", "POST", "/poster/" + id + ".svg", "application/json", good, 405, "GET, HEAD"},
		{"POST oembed", "POST", "/oembed", "", nil, 405, "GET, HEAD"},
		{"unknown id", "GET", "/api/share/AAAAAAAAAAA", "", nil, 404, ""},
		{"unknown poster", "GET", "/poster/AAAAAAAAAAA.svg", "", nil, 404, ""},
		{"poster without .svg", "GET", "/poster/" + id, "", nil, 404, ""},
		{"unknown api", "GET", "/api/nope", "", nil, 404, ""},
		{"api root", "GET", "/api", "", nil, 404, ""},
		{"dotdot id", "GET", "/api/share/../x", "", nil, 400, ""},
		{"escaped dotdot id", "GET", "/api/share/..%2F..%2Fetc%2Fpasswd", "", nil, 400, ""},
		{"long id", "GET", "/api/share/" + strings.Repeat("A", 12), "", nil, 400, ""},
		{"very long id", "GET", "/api/share/" + strings.Repeat("A", 5000), "", nil, 400, ""},
		{"short id", "GET", "/api/share/AAAA", "", nil, 400, ""},
		{"empty id", "GET", "/api/share/", "", nil, 400, ""},
		{"unicode id", "GET", "/api/share/%C3%BCn%C3%AFc%C3%B8d%C3%A9ab", "", nil, 400, ""},
		{"id ending in dash", "GET", "/api/share/AAAAAAAAAA-", "", nil, 400, ""},
		{"id with slash", "GET", "/api/share/AAAAA/AAAAA", "", nil, 400, ""},
		{"nul in id", "GET", "/api/share/AAAAA%00AAAAA", "", nil, 400, ""},
		{"page dotdot", "GET", "/s/..%2Fx", "", nil, 400, ""},
		{"page trailing slash", "GET", "/s/" + id + "/", "", nil, 400, ""},
		{"embed bad id", "GET", "/embed/s/<script>", "", nil, 400, ""},
		{"poster bad id", "GET", "/poster/..%2F..%2Fx.svg", "", nil, 400, ""},
		{"poster POST invalid", "POST", "/poster.svg", "application/json", []byte(`[]`), 400, ""},
		{"poster POST no type", "POST", "/poster.svg", "text/plain", good, 415, ""},
		{"poster POST big", "POST", "/poster.svg", "application/json", big, 413, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := f.do(t, tc.method, tc.path, tc.ct, tc.body)
			if tc.method == "HEAD" {
				wantStatus(t, rec, tc.status)
				return
			}
			wantJSONError(t, rec, tc.status)
			if got := rec.Header().Get("Allow"); got != tc.allow {
				t.Errorf("Allow %q, want %q", got, tc.allow)
			}
			if cc := rec.Header().Get("Cache-Control"); cc != "no-store" {
				t.Errorf("error Cache-Control %q", cc)
			}
		})
	}
	if f.store.Puts() != 1 {
		t.Errorf("failed requests wrote to the store: %d puts", f.store.Puts())
	}

	// Exactly 64 KiB is accepted.
	wantStatus(t, f.do(t, "POST", "/api/share", "application/json", exact), http.StatusCreated)
}

// TestShareProbe: the app looks for the share API with one HEAD
// /api/share and takes a JSON answer for "here" (ui/shortlink.go); a
// static host answers HTML. Keep that answer JSON.
func TestShareProbe(t *testing.T) {
	f := newFixture(t)
	rec := f.do(t, "HEAD", "/api/share", "", nil)
	wantStatus(t, rec, http.StatusMethodNotAllowed)
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("HEAD /api/share Content-Type %q, want JSON", ct)
	}
	if got := rec.Header().Get("Allow"); got != "POST" {
		t.Errorf("Allow %q", got)
	}
}

// A body with no Content-Length (chunked) is cut by MaxBytesReader.
func TestShareTooLargeWithoutContentLength(t *testing.T) {
	f := newFixture(t)
	body := append([]byte(`{"title":"`), bytes.Repeat([]byte("x"), MaxBody)...)
	req := httptest.NewRequest("POST", "http://"+testHost+"/api/share", io.MultiReader(bytes.NewReader(body), strings.NewReader(`"}`)))
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	f.h.ServeHTTP(rec, req)
	wantJSONError(t, rec, http.StatusRequestEntityTooLarge)
}

func TestShareNilBody(t *testing.T) {
	f := newFixture(t)
	req := httptest.NewRequest("POST", "http://"+testHost+"/api/share", nil)
	req.Body = nil
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	f.h.ServeHTTP(rec, req)
	wantJSONError(t, rec, http.StatusBadRequest)
}

// A stored file that does not hash to its id is damage: reading it is a
// 500 that says so and is never cached, and sharing the real scenario
// again repairs it (instead of a 409 for ever).
func TestShareDamagedStore(t *testing.T) {
	f := newFixture(t)
	body := []byte(`{"title":"a"}`)
	canonical, _, _ := ValidateScenario(body)
	id := NewID(canonical)
	f.store.Put(context.Background(), id, []byte(`{"title":"something else"}`))
	for _, path := range []string{"/api/share/" + id, "/s/" + id, "/poster/" + id + ".svg", "/oembed?url=" + urlQ("http://"+testHost+"/s/"+id)} {
		rec := f.do(t, "GET", path, "", nil)
		wantJSONError(t, rec, http.StatusInternalServerError)
		if !strings.Contains(rec.Body.String(), "does not match its id") || rec.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("%s: %s, Cache-Control %q", path, rec.Body, rec.Header().Get("Cache-Control"))
		}
	}
	wantStatus(t, f.do(t, "POST", "/api/share", "application/json", body), http.StatusCreated)
	rec := f.do(t, "GET", "/api/share/"+id, "", nil)
	wantStatus(t, rec, http.StatusOK)
	if !bytes.Equal(rec.Body.Bytes(), canonical) {
		t.Fatalf("after repair: %s", rec.Body)
	}
}

// Without a configured base URL the Host header is never echoed: the
// share page and the create response use relative URLs.
func TestHostNotEchoed(t *testing.T) {
	f := newFixture(t, func(o *Options) { o.TrustHost = false })
	rec := f.do(t, "POST", "/api/share", "application/json", []byte(`{"title":"a"}`))
	wantStatus(t, rec, http.StatusCreated)
	var resp createResponse
	json.Unmarshal(rec.Body.Bytes(), &resp)
	if resp.URL != "/s/"+resp.ID {
		t.Fatalf("url %q", resp.URL)
	}
	page := f.do(t, "GET", "/s/"+resp.ID, "", nil).Body.String()
	if strings.Contains(page, testHost) {
		t.Fatalf("the Host header reached the page:\n%s", page)
	}
}

// One hundred parallel identical shares write once, in both stores that
// can create atomically, and every request gets the same id.
func TestParallelSharesWriteOnce(t *testing.T) {
	dir := t.TempDir()
	fs, err := NewFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	for name, st := range map[string]Store{"memory": NewMemoryStore(), "file": countingStore{Store: fs, n: new(atomic.Int64)}} {
		t.Run(name, func(t *testing.T) {
			h := New(Options{Store: st, Site: sitePages(), Logf: t.Logf})
			var wg sync.WaitGroup
			codes := make([]int, 100)
			for i := range codes {
				wg.Add(1)
				go func() {
					defer wg.Done()
					req := httptest.NewRequest("POST", "/api/share", bytes.NewReader(readTestdata(t, "retry.json")))
					req.Header.Set("Content-Type", "application/json")
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, req)
					codes[i] = rec.Code
				}()
			}
			wg.Wait()
			created := 0
			for _, c := range codes {
				if c == http.StatusCreated {
					created++
				} else if c != http.StatusOK {
					t.Fatalf("status %d", c)
				}
			}
			writes := 0
			switch s := st.(type) {
			case *MemoryStore:
				writes = s.Puts()
			case countingStore:
				writes = int(s.n.Load())
			}
			if created != 1 || writes != 1 {
				t.Fatalf("%d created, %d writes", created, writes)
			}
		})
	}
}

// countingStore counts the Creates of a FileStore that wrote.
type countingStore struct {
	Store
	n *atomic.Int64
}

func (c countingStore) Create(ctx context.Context, id string, data []byte) (bool, error) {
	ok, err := c.Store.(Creator).Create(ctx, id, data)
	if ok {
		c.n.Add(1)
	}
	return ok, err
}

// The file store follows no symbolic link: a link planted under an id's
// name is an error, not the file it points to.
func TestFileStoreNoSymlinks(t *testing.T) {
	dir := t.TempDir()
	s, _ := NewFileStore(dir)
	secret := filepath.Join(t.TempDir(), "secret")
	os.WriteFile(secret, []byte(`{"title":"secret"}`), 0o644)
	id := "AAAAAAAAAAA"
	if err := os.Symlink(secret, filepath.Join(dir, id+".json")); err != nil {
		t.Skip(err)
	}
	if d, _, err := s.Get(context.Background(), id); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("read %q through a link (err %v)", d, err)
	}
}

type failingStore struct{ panics bool }

func (s failingStore) Get(context.Context, string) ([]byte, bool, error) {
	if s.panics {
		panic("store exploded")
	}
	return nil, false, errors.New("disk on fire")
}

func (s failingStore) Put(context.Context, string, []byte) error { return errors.New("disk on fire") }

func TestStoreFailuresAndPanics(t *testing.T) {
	for _, panics := range []bool{false, true} {
		f := newFixture(t, func(o *Options) { o.Store = failingStore{panics: panics} })
		for _, r := range []struct{ method, path string }{
			{"POST", "/api/share"}, {"GET", "/api/share/AAAAAAAAAAA"}, {"GET", "/s/AAAAAAAAAAA"},
			{"GET", "/embed/s/AAAAAAAAAAA"}, {"GET", "/poster/AAAAAAAAAAA.svg"},
			{"GET", "/oembed?url=http://" + testHost + "/s/AAAAAAAAAAA"},
		} {
			rec := f.do(t, r.method, r.path, "application/json", []byte(`{}`))
			msg := wantJSONError(t, rec, http.StatusInternalServerError)
			if strings.Contains(msg, "fire") || strings.Contains(msg, "exploded") {
				t.Errorf("%s %s: internal detail leaked: %q", r.method, r.path, msg)
			}
			if rec.Header().Get("Content-Security-Policy") == "" {
				t.Errorf("%s %s: 500 without security headers", r.method, r.path)
			}
		}
		if want := map[bool]string{false: "disk on fire", true: "panic"}[panics]; !strings.Contains(f.log.String(), want) {
			t.Errorf("log does not mention %q:\n%s", want, f.log)
		}
	}
}

func TestNewWithoutStorePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("New without a store did not panic")
		}
	}()
	New(Options{})
}

// ---- pages --------------------------------------------------------------

func TestSharePages(t *testing.T) {
	f := newFixture(t)
	id := f.share(t, readTestdata(t, "retry.json"))
	var sc struct{ Summary string }
	json.Unmarshal(readTestdata(t, "retry.json"), &sc)
	wantDesc := html.EscapeString(firstSentence(sc.Summary))
	if wantDesc == "" {
		t.Fatal("testdata/retry.json has no summary")
	}
	for _, tc := range []struct {
		path, marker, self string
	}{
		{"/s/" + id, `id="app-page"`, "/s/" + id},
		{"/embed/s/" + id, `id="embed-page"`, "/embed/s/" + id},
	} {
		rec := f.do(t, "GET", tc.path, "", nil)
		wantStatus(t, rec, http.StatusOK)
		body := rec.Body.String()
		if ct := rec.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
			t.Errorf("%s: Content-Type %q", tc.path, ct)
		}
		base := "http://" + testHost
		for _, want := range []string{
			tc.marker,
			`<meta name="dlxlab-share" content="` + id + `">`,
			`<title>Retry loop with a TTL wait queue · DLX Lab</title>`,
			`<meta property="og:title" content="Retry loop with a TTL wait queue">`,
			`<meta property="og:image" content="` + base + `/poster/` + id + `.svg">`,
			`<meta property="og:url" content="` + base + tc.self + `">`,
			`<link rel="alternate" type="application/json+oembed" href="` + base + `/oembed?format=json&amp;url=http%3A%2F%2F` + testHost + strings.ReplaceAll(tc.self, "/", "%2F") + `"`,
			`<meta charset="UTF-8">`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: page lacks %s\n%s", tc.path, want, body)
			}
		}
		for _, gone := range []string{"127.0.0.1:38515", "dead-letter exchange playground"} {
			if strings.Contains(body, gone) {
				t.Errorf("%s: the site's own %q is still there", tc.path, gone)
			}
		}
		if !strings.Contains(body, `<meta property="og:description" content="`+wantDesc+`">`) ||
			!strings.Contains(body, `<meta name="description" content="`+wantDesc+`">`) || strings.Count(body, `name="description"`) != 1 {
			t.Errorf("%s: want the scenario's first sentence as the one description, %q\n%s", tc.path, wantDesc, body)
		}
		if strings.Count(body, "<title>") != 1 || strings.Count(body, `property="og:title"`) != 1 {
			t.Errorf("%s: duplicate title tags\n%s", tc.path, body)
		}
		if strings.Index(body, "dlxlab-share") > strings.Index(body, "</head>") {
			t.Errorf("%s: meta injected outside <head>", tc.path)
		}
	}

	// Unknown id: the page with status 404 (the app shows "not found").
	rec := f.do(t, "GET", "/s/AAAAAAAAAAA", "", nil)
	wantStatus(t, rec, http.StatusNotFound)
	if !strings.Contains(rec.Body.String(), `<meta name="dlxlab-share" content="AAAAAAAAAAA">`) ||
		strings.Contains(rec.Body.String(), "og:image") {
		t.Errorf("unknown-id page:\n%s", rec.Body)
	}

	// A hostile title is escaped.
	hid := f.share(t, readTestdata(t, "hostile.json"))
	rec = f.do(t, "GET", "/s/"+hid, "", nil)
	wantStatus(t, rec, http.StatusOK)
	if b := rec.Body.String(); strings.Contains(b, "<script>alert") || !strings.Contains(b, "&lt;/title&gt;&lt;script&gt;") {
		t.Errorf("hostile title not escaped:\n%s", b)
	}
}

func TestSharePageSiteProblems(t *testing.T) {
	for name, site := range map[string]http.Handler{
		"404": http.NotFoundHandler(),
		"not html": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, "{}")
		}),
		"too big": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			for range 5 {
				w.Write(bytes.Repeat([]byte("x"), 1<<20))
			}
		}),
	} {
		f := newFixture(t, func(o *Options) { o.Site = site })
		id := f.share(t, []byte(`{"title":"t"}`))
		wantJSONError(t, f.do(t, "GET", "/s/"+id, "", nil), http.StatusBadGateway)
		if !strings.Contains(f.log.String(), "page") {
			t.Errorf("%s: not logged", name)
		}
	}
	// No site at all: a minimal page, still with the metadata.
	f := newFixture(t, func(o *Options) { o.Site = nil })
	id := f.share(t, []byte(`{"title":"t"}`))
	rec := f.do(t, "GET", "/s/"+id, "", nil)
	wantStatus(t, rec, http.StatusOK)
	if !strings.Contains(rec.Body.String(), `name="dlxlab-share"`) {
		t.Error(rec.Body.String())
	}
	wantJSONError(t, f.do(t, "GET", "/anything", "", nil), http.StatusNotFound)
}

func TestSiteFallback(t *testing.T) {
	f := newFixture(t)
	rec := f.do(t, "GET", "/web/app.wasm", "", nil)
	wantStatus(t, rec, http.StatusOK)
	if rec.Header().Get("Content-Type") != "application/wasm" {
		t.Error(rec.Header())
	}
	if rec.Header().Get("X-Content-Type-Options") != "nosniff" {
		t.Error("site responses lack the security headers")
	}
}

func TestInjectHead(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"<html><head><title>x</title></head><body></body></html>", "<html><head>B</head><body></body></html>"},
		{"<HTML><HEAD lang=en><TITLE>x</TITLE><META PROPERTY='og:title' content=x></HEAD>", "<HTML><HEAD lang=en>B</HEAD>"},
		{"<head><meta charset=utf-8>", "<head>\nB<meta charset=utf-8>"},
		{"no head at all", "Bno head at all"},
	} {
		if got := string(injectHead([]byte(tc.in), "B")); got != tc.want {
			t.Errorf("injectHead(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// ---- headers ------------------------------------------------------------

func TestSecurityHeadersPerRoute(t *testing.T) {
	f := newFixture(t)
	id := f.share(t, readTestdata(t, "retry.json"))
	for _, tc := range []struct {
		method, path string
		body         []byte
		csp          string
		xfo          string
	}{
		{"GET", "/", nil, CSP, "SAMEORIGIN"},
		{"GET", "/web/app.wasm", nil, CSP, "SAMEORIGIN"},
		{"GET", "/api/share/" + id, nil, CSP, "SAMEORIGIN"},
		{"GET", "/api/share/nope", nil, CSP, "SAMEORIGIN"},
		{"POST", "/api/share", []byte(`{}`), CSP, "SAMEORIGIN"},
		{"GET", "/s/" + id, nil, CSP, "SAMEORIGIN"},
		{"GET", "/s/AAAAAAAAAAA", nil, CSP, "SAMEORIGIN"},
		{"GET", "/embed/s/" + id, nil, CSPEmbed, ""},
		{"GET", "/embed/s/AAAAAAAAAAA", nil, CSPEmbed, ""},
		{"GET", "/embed/s/bad", nil, CSPEmbed, ""},
		{"GET", "/embed", nil, CSPEmbed, ""},
		{"GET", "/poster/" + id + ".svg", nil, CSPImage, "SAMEORIGIN"},
		{"POST", "/poster.svg", []byte(`{}`), CSPImage, "SAMEORIGIN"},
		{"GET", "/oembed?url=http://" + testHost + "/s/" + id, nil, CSP, "SAMEORIGIN"},
		{"DELETE", "/api/share", nil, CSP, "SAMEORIGIN"},
	} {
		rec := f.do(t, tc.method, tc.path, "application/json", tc.body)
		hd := rec.Header()
		if got := hd.Get("Content-Security-Policy"); got != tc.csp {
			t.Errorf("%s %s: CSP %q, want %q", tc.method, tc.path, got, tc.csp)
		}
		if got := hd.Get("X-Frame-Options"); got != tc.xfo {
			t.Errorf("%s %s: X-Frame-Options %q, want %q", tc.method, tc.path, got, tc.xfo)
		}
		if hd.Get("X-Content-Type-Options") != "nosniff" || hd.Get("Referrer-Policy") != ReferrerPolicy {
			t.Errorf("%s %s: headers %v", tc.method, tc.path, hd)
		}
	}
	for _, csp := range []string{CSP, CSPEmbed} {
		for _, want := range []string{"'wasm-unsafe-eval'", "default-src 'self'", "img-src 'self' data:", "object-src 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("CSP lacks %s: %s", want, csp)
			}
		}
		if strings.Contains(csp, "http") || strings.Contains(csp, "'unsafe-eval'") {
			t.Errorf("CSP allows something remote or eval: %s", csp)
		}
	}
	if !strings.HasSuffix(CSP, "frame-ancestors 'self'") || !strings.HasSuffix(CSPEmbed, "frame-ancestors *") {
		t.Error("frame-ancestors")
	}
}

// wasm/worker/_headers gives the Worker's static assets the same headers.
func TestHeadersFile(t *testing.T) {
	p := filepath.Join("..", "wasm", "worker", "_headers")
	got, err := os.ReadFile(p)
	if os.Getenv("UPDATE_HEADERS") != "" {
		if err := os.WriteFile(p, []byte(HeadersFile()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err != nil {
		t.Fatalf("%v (regenerate: UPDATE_HEADERS=1 go test ./share -run TestHeadersFile)", err)
	}
	if string(got) != HeadersFile() {
		t.Fatalf("%s is stale: UPDATE_HEADERS=1 go test ./share -run TestHeadersFile", p)
	}
}

// ---- oEmbed -------------------------------------------------------------

func TestOEmbed(t *testing.T) {
	f := newFixture(t)
	id := f.share(t, readTestdata(t, "retry.json"))
	base := "http://" + testHost
	get := func(q string) *httptest.ResponseRecorder { return f.do(t, "GET", "/oembed?"+q, "", nil) }

	for _, u := range []string{base + "/s/" + id, base + "/embed/s/" + id, "http://DLX.example/s/" + id + "?x=1#frag"} {
		rec := get("url=" + urlQ(u) + "&format=json")
		wantStatus(t, rec, http.StatusOK)
		var o OEmbed
		if err := json.Unmarshal(rec.Body.Bytes(), &o); err != nil {
			t.Fatal(err)
		}
		if o.Version != "1.0" || o.Type != "rich" || o.ProviderName != "DLX Lab" || o.Title != "Retry loop with a TTL wait queue" {
			t.Errorf("%+v", o)
		}
		if o.Width != EmbedWidth || o.Height != EmbedHeight {
			t.Errorf("size %dx%d", o.Width, o.Height)
		}
		wantHTML := `<iframe src="` + base + `/embed/s/` + id + `" width="720" height="480" title="DLX Lab: Retry loop with a TTL wait queue"`
		if !strings.HasPrefix(o.HTML, wantHTML) || !strings.HasSuffix(o.HTML, "></iframe>") {
			t.Errorf("html %s", o.HTML)
		}
		if o.ThumbnailURL != base+"/poster/"+id+".svg" || o.ThumbnailWidth <= 0 || o.ThumbnailHeight <= 0 {
			t.Errorf("thumbnail %q %dx%d", o.ThumbnailURL, o.ThumbnailWidth, o.ThumbnailHeight)
		}
		if !strings.Contains(rec.Body.String(), `"html":"<iframe`) {
			t.Errorf("html is \\u-escaped: %s", rec.Body)
		}
	}

	// maxwidth / maxheight cap the frame.
	rec := get("url=" + urlQ(base+"/s/"+id) + "&maxwidth=300&maxheight=2000")
	wantStatus(t, rec, http.StatusOK)
	var o OEmbed
	json.Unmarshal(rec.Body.Bytes(), &o)
	if o.Width != 300 || o.Height != EmbedHeight || !strings.Contains(o.HTML, `width="300" height="480"`) {
		t.Errorf("capped: %+v", o)
	}

	for _, tc := range []struct {
		q      string
		status int
	}{
		{"url=" + urlQ(base+"/s/"+id) + "&format=xml", 501},
		{"url=" + urlQ(base+"/s/"+id) + "&format=yaml", 501},
		{"", 400},
		{"url=", 400},
		{"url=%25zz", 400},
		{"url=" + urlQ("/s/"+id), 400},
		{"url=" + urlQ("javascript:alert(1)"), 400},
		{"url=" + urlQ("ftp://"+testHost+"/s/"+id), 400},
		{"url=" + urlQ(base+"/s/"+id) + "&maxwidth=0", 400},
		{"url=" + urlQ(base+"/s/"+id) + "&maxwidth=-5", 400},
		{"url=" + urlQ(base+"/s/"+id) + "&maxheight=abc", 400},
		{"url=" + urlQ(base+"/s/"+id) + "&maxheight=99999999999999999999", 400},
		{"url=" + urlQ("http://evil.example/s/"+id), 404},
		{"url=" + urlQ("http://"+testHost+".evil.example/s/"+id), 404},
		{"url=" + urlQ(base+"/"), 404},
		{"url=" + urlQ(base+"/x/s/"+id), 404},
		{"url=" + urlQ(base+"/s/../x"), 404},
		{"url=" + urlQ(base+"/s/"+id+"/"), 404},
		{"url=" + urlQ(base+"/s/AAAAAAAAAAA"), 404},
	} {
		wantJSONError(t, get(tc.q), tc.status)
	}

	// A hostile title is escaped inside html, and raw in title.
	hid := f.share(t, readTestdata(t, "hostile.json"))
	rec = get("url=" + urlQ(base+"/s/"+hid))
	wantStatus(t, rec, http.StatusOK)
	json.Unmarshal(rec.Body.Bytes(), &o)
	if strings.Contains(o.HTML, "<script") || strings.Contains(o.HTML, `"quotes"`) || !strings.Contains(o.HTML, "&lt;script&gt;") {
		t.Errorf("hostile html %s", o.HTML)
	}
	if !strings.Contains(o.Title, "<script>") {
		t.Errorf("title should be the raw text (consumers escape it): %q", o.Title)
	}
}

func TestOEmbedBaseURL(t *testing.T) {
	f := newFixture(t, func(o *Options) { o.BaseURL = "https://lab.example/playground/" })
	id := f.share(t, readTestdata(t, "retry.json"))
	rec := f.do(t, "GET", "/oembed?url="+urlQ("https://lab.example/playground/s/"+id), "", nil)
	wantStatus(t, rec, http.StatusOK)
	var o OEmbed
	json.Unmarshal(rec.Body.Bytes(), &o)
	if !strings.Contains(o.HTML, `src="https://lab.example/playground/embed/s/`+id+`"`) {
		t.Error(o.HTML)
	}
	// Our host but without the prefix, or the request's host: not ours.
	wantJSONError(t, f.do(t, "GET", "/oembed?url="+urlQ("https://lab.example/s/"+id), "", nil), 404)
	wantJSONError(t, f.do(t, "GET", "/oembed?url="+urlQ("http://"+testHost+"/s/"+id), "", nil), 404)
}

func urlQ(s string) string {
	r := strings.NewReplacer("%", "%25", "&", "%26", "?", "%3F", "#", "%23", "+", "%2B", " ", "%20", ":", "%3A", "/", "%2F")
	return r.Replace(s)
}

// ---- hostile requests ---------------------------------------------------

// Nothing a request sends may panic the handler; the recover middleware
// would hide a panic, so the log is checked for one.
func TestHostileRequests(t *testing.T) {
	f := newFixture(t)
	id := f.share(t, readTestdata(t, "retry.json"))
	paths := []string{
		"/", "/api", "/api/", "/api/share", "/api/share/", "/api/share/" + id, "/api/share/" + id + "/x",
		"/api/share/%00", "/api/share/%ff%fe", "/s", "/s/", "/s/" + id, "/s/%2e%2e", "/embed", "/embed/",
		"/embed/s/", "/embed/s/" + id, "/poster", "/poster/", "/poster/.svg", "/poster/" + id + ".svg",
		"/poster/" + id + ".svg.svg", "/poster.svg", "/oembed", "/oembed?url=", "/oembed?url=%00",
		"/oembed?url=http://[::1]:namedport/s/" + id, "/oembed?url=http://" + testHost + "/s/" + id + "&maxwidth=1e9",
		"/oembed?url=http://" + testHost + "/s/" + id + "&maxwidth=" + strings.Repeat("9", 400),
		"/oembed?format=json&format=xml&url=x", "/" + strings.Repeat("a/", 2000),
	}
	methods := []string{"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "BREW"}
	bodies := [][]byte{nil, {}, []byte("{"), []byte(`{"queues":[{"name":null}]}`), []byte(`{"queues":[null]}`),
		[]byte(`{"steps":[null,{"publish":null},{"declare":{"queue":null}},{"bind":[]}]}`),
		[]byte(`{"policies":[{"pattern":"` + strings.Repeat("(", 100) + `"}]}`),
		[]byte(`{"exchanges":[{"name":""}],"bindings":[{"source":"","destination":"x"}]}`),
		[]byte(`{"queues":[{"name":"a","arguments":{"x-dead-letter-exchange":null,"x-dead-letter-routing-key":{}}}]}`),
		[]byte(`{"version":1e999}`), []byte(`{"version":"1"}`), []byte(`{"title":{"a":[]}}`),
		[]byte(strings.Repeat(`{"a":`, 10000) + strings.Repeat("}", 10000)),
		readTestdata(t, "hostile.json"),
	}
	cts := []string{"", "application/json", "application/json; charset=utf-8; x=\"", "application/json; charset=\"\"", "*/*"}
	n := 0
	for _, p := range paths {
		for _, m := range methods {
			for i, b := range bodies {
				ct := cts[(n+i)%len(cts)]
				n++
				req := httptest.NewRequest("GET", "http://"+testHost+"/", nil)
				req.Method = m
				req.URL.Path, req.URL.RawQuery, _ = strings.Cut(p, "?")
				if b != nil {
					req.Body = io.NopCloser(bytes.NewReader(b))
					req.ContentLength = int64(len(b))
				} else {
					req.Body = nil
				}
				if ct != "" {
					req.Header.Set("Content-Type", ct)
				}
				if n%7 == 0 {
					req.Host = "evil\"><script>"
				}
				rec := httptest.NewRecorder()
				f.h.ServeHTTP(rec, req)
				if rec.Code >= 500 && rec.Code != 501 {
					t.Fatalf("%s %s (body %d) → %d %s", m, p, i, rec.Code, rec.Body)
				}
				if strings.Contains(rec.Body.String(), `"><script>`) {
					t.Fatalf("%s %s: host echoed unescaped: %s", m, p, rec.Body)
				}
			}
		}
	}
	if s := f.log.String(); s != "" {
		t.Fatalf("log after hostile requests (a panic?):\n%s", s)
	}
	t.Logf("%d requests", n)
}

func FuzzHandler(f *testing.F) {
	f.Add("POST", "/api/share", "application/json", []byte(`{"version":1,"queues":[{"name":"q"}]}`))
	f.Add("POST", "/poster.svg", "application/json", readTestdata(f, "hostile.json"))
	f.Add("GET", "/oembed", "url=http://"+testHost+"/s/AAAAAAAAAAA", []byte(nil))
	f.Add("GET", "/s/AAAAAAAAAAA", "", []byte(nil))
	f.Fuzz(func(t *testing.T, method, path, ctOrQuery string, body []byte) {
		fx := newFixture(t)
		req := httptest.NewRequest("GET", "http://"+testHost+"/", bytes.NewReader(body))
		req.Method = method
		req.URL.Path = path
		req.URL.RawQuery = ctOrQuery
		req.Header.Set("Content-Type", ctOrQuery)
		rec := httptest.NewRecorder()
		fx.h.ServeHTTP(rec, req)
		if s := fx.log.String(); strings.Contains(s, "panic") {
			t.Fatalf("%s %q: %s", method, path, s)
		}
	})
}

// ---- poster -------------------------------------------------------------

// wellFormed parses svg as XML and returns all character data.
func wellFormed(t *testing.T, svg []byte) string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var text strings.Builder
	depth := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("poster is not well-formed XML: %v\n%s", err, svg)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			depth++
			if depth == 1 && tk.Name.Local != "svg" {
				t.Fatalf("root element %s", tk.Name.Local)
			}
			if l := strings.ToLower(tk.Name.Local); l == "script" || l == "foreignobject" || l == "iframe" {
				t.Fatalf("poster contains <%s>", tk.Name.Local)
			}
			for _, a := range tk.Attr {
				if strings.HasPrefix(strings.ToLower(a.Name.Local), "on") {
					t.Fatalf("poster has an event attribute %s", a.Name.Local)
				}
			}
		case xml.EndElement:
			depth--
		case xml.CharData:
			text.Write(tk)
		}
	}
	return text.String()
}

func TestPoster(t *testing.T) {
	f := newFixture(t)
	body := readTestdata(t, "retry.json")
	id := f.share(t, body)
	rec := f.do(t, "GET", "/poster/"+id+".svg", "", nil)
	wantStatus(t, rec, http.StatusOK)
	if ct := rec.Header().Get("Content-Type"); ct != "image/svg+xml; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	svg := rec.Body.Bytes()
	text := wellFormed(t, svg)
	for _, want := range []string{"Retry loop with a TTL wait queue", "retry.dlx", "direct exchange", "main", "wait",
		"queue · ttl 300ms", "key wait", "DLX via argument", "key wait", "DLX via argument, key main (default exchange)"} {
		if !strings.Contains(text, want) {
			t.Errorf("poster text lacks %q:\n%s", want, text)
		}
	}
	if strings.Count(string(svg), `stroke-dasharray="6 4"`) != 2 {
		t.Errorf("want 2 dashed dead-letter links:\n%s", svg)
	}

	// POST /poster.svg draws the same picture from a body.
	rec = f.do(t, "POST", "/poster.svg", "application/json", body)
	wantStatus(t, rec, http.StatusOK)
	if !bytes.Equal(rec.Body.Bytes(), svg) {
		t.Error("POST /poster.svg differs from GET /poster/{id}.svg")
	}

	// Deterministic.
	for range 5 {
		again, err := RenderPoster(body)
		if err != nil || !bytes.Equal(again, svg) {
			t.Fatal("RenderPoster is not deterministic")
		}
	}
}

func TestPosterEscapesHostileNames(t *testing.T) {
	svg, err := RenderPoster(readTestdata(t, "hostile.json"))
	if err != nil {
		t.Fatal(err)
	}
	text := wellFormed(t, svg)
	s := string(svg)
	for _, bad := range []string{"<script", "<svg onload", "<img", "<dlx>", "<![CDATA[", "\x01", "\x07", "<b>", "<policy>"} {
		if strings.Contains(s, bad) {
			t.Errorf("poster contains raw %q:\n%s", bad, s)
		}
	}
	for _, want := range []string{"<script>alert('x')", "]]><![CDATA[x", "ünïcødé-队列-🐇", "missing: not declared",
		"DLX via argument", "DLX via policy <policy>", "key <img src=x onerror…", "ttl <b>ms"} {
		if !strings.Contains(text, want) {
			t.Errorf("poster text lacks %q:\n%s", want, text)
		}
	}
	if strings.Count(s, "<svg") != 1 {
		t.Error("more than one <svg")
	}
}

func TestPosterShapes(t *testing.T) {
	for name, tc := range map[string]struct {
		json string
		want []string
	}{
		"empty":            {`{}`, []string{"DLX Lab scenario", "No exchanges or queues"}},
		"missing dlx":      {`{"queues":[{"name":"q","arguments":{"x-dead-letter-exchange":"gone"}}]}`, []string{"gone", "missing: not declared", "DLX via argument"}},
		"default no key":   {`{"queues":[{"name":"q","arguments":{"x-dead-letter-exchange":""}}]}`, []string{"(default exchange)", "routes by original key"}},
		"self loop":        {`{"queues":[{"name":"q","arguments":{"x-dead-letter-exchange":"","x-dead-letter-routing-key":"q"}}]}`, []string{"DLX via argument, key q"}},
		"amq.topic":        {`{"queues":[{"name":"q"}],"bindings":[{"source":"amq.topic","destination":"q","routing_key":"a.#"}]}`, []string{"topic exchange (predeclared)", "key a.#"}},
		"exchange to exch": {`{"exchanges":[{"name":"a","type":"fanout"},{"name":"b","type":"topic"}],"bindings":[{"source":"a","destination":"b","destination_type":"exchange"}]}`, []string{"fanout exchange", "topic exchange"}},
		"steps declare":    {`{"steps":[{"declare":{"queue":"late","arguments":{"x-max-length":2}}},{"declare":{"exchange":"lx","type":"fanout"}},{"bind":{"source":"lx","destination":"late"}}]}`, []string{"late", "max 2", "lx", "fanout exchange"}},
		"quorum policy": {`{"queues":[{"name":"q1","arguments":{"x-queue-type":"quorum"}},{"name":"q2"}],"policies":[{"name":"qq","pattern":".*","apply-to":"quorum_queues","definition":{"dead-letter-exchange":"d"}},{"name":"lo","pattern":".*","priority":-1,"definition":{"dead-letter-exchange":"e"}}]}`,
			[]string{"DLX via policy qq", "DLX via policy lo", "quorum"}},
	} {
		t.Run(name, func(t *testing.T) {
			svg, err := RenderPoster([]byte(tc.json))
			if err != nil {
				t.Fatal(err)
			}
			text := wellFormed(t, svg)
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("lacks %q:\n%s", w, svg)
				}
			}
		})
	}
}

func TestPosterManyNodes(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"queues":[`)
	for i := range 300 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name":"q%d","arguments":{"x-dead-letter-exchange":"x%d"}}`, i, i%7)
	}
	b.WriteString(`]}`)
	svg, err := RenderPoster([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	text := wellFormed(t, svg)
	if !strings.Contains(text, "more not shown") {
		t.Error("no truncation note")
	}
	if len(svg) > 200<<10 {
		t.Errorf("poster is %d bytes", len(svg))
	}
}

// ---- stores -------------------------------------------------------------

func TestFileStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data", "shares")
	s, err := NewFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, ok, err := s.Get(ctx, "AAAAAAAAAAA"); ok || err != nil {
		t.Fatalf("missing id: ok=%v err=%v", ok, err)
	}
	for i := range 2 {
		data := []byte(fmt.Sprintf(`{"n":%d}`, i))
		if err := s.Put(ctx, "AAAAAAAAAAA", data); err != nil {
			t.Fatal(err)
		}
		got, ok, err := s.Get(ctx, "AAAAAAAAAAA")
		if !ok || err != nil || !bytes.Equal(got, data) {
			t.Fatalf("get after put %d: %q %v %v", i, got, ok, err)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "AAAAAAAAAAA.json" {
		t.Fatalf("folder holds %v (temporary files left?)", entries)
	}
	outside := filepath.Join(filepath.Dir(dir), "x.json")
	for _, bad := range []string{"../x", "../../x", "", "/etc/passwd", "AAAAAAAAAA/", "ü", strings.Repeat("A", 100), "AAAAAAAAAA-"} {
		if err := s.Put(ctx, bad, []byte("x")); !errors.Is(err, ErrBadID) {
			t.Errorf("Put(%q) = %v, want ErrBadID", bad, err)
		}
		if _, _, err := s.Get(ctx, bad); !errors.Is(err, ErrBadID) {
			t.Errorf("Get(%q) = %v, want ErrBadID", bad, err)
		}
	}
	if _, err := os.Stat(outside); err == nil {
		t.Fatal("a write escaped the folder")
	}
	if _, err := NewFileStore(""); err == nil {
		t.Error("NewFileStore(\"\") succeeded")
	}

	// The handler over a FileStore.
	h := New(Options{Store: s, Site: sitePages(), Logf: t.Logf, TrustHost: true})
	req := httptest.NewRequest("POST", "http://"+testHost+"/api/share", bytes.NewReader(readTestdata(t, "retry.json")))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	wantStatus(t, rec, http.StatusCreated)
	var resp createResponse
	json.Unmarshal(rec.Body.Bytes(), &resp)
	if _, err := os.Stat(filepath.Join(dir, resp.ID+".json")); err != nil {
		t.Fatal(err)
	}

	// Concurrent writers of the same id leave one whole file.
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.Put(ctx, "BBBBBBBBBBB", bytes.Repeat([]byte{byte('a' + i)}, 10000))
		}()
	}
	wg.Wait()
	got, _, _ := s.Get(ctx, "BBBBBBBBBBB")
	if len(got) != 10000 || bytes.Count(got, got[:1]) != 10000 {
		t.Fatal("concurrent writes mixed")
	}
}

func TestMemoryStoreCopies(t *testing.T) {
	s := NewMemoryStore()
	ctx := context.Background()
	data := []byte("abc")
	s.Put(ctx, "AAAAAAAAAAA", data)
	data[0] = 'x'
	got, _, _ := s.Get(ctx, "AAAAAAAAAAA")
	got[1] = 'y'
	again, _, _ := s.Get(ctx, "AAAAAAAAAAA")
	if string(again) != "abc" || s.Len() != 1 {
		t.Fatalf("%q", again)
	}
}

func TestPathPrefix(t *testing.T) {
	f := newFixture(t, func(o *Options) { o.PathPrefix = "playground/" })
	rec := f.do(t, "POST", "/api/share", "application/json", readTestdata(t, "retry.json"))
	wantStatus(t, rec, http.StatusCreated)
	var resp createResponse
	json.Unmarshal(rec.Body.Bytes(), &resp)
	if resp.URL != "http://"+testHost+"/playground/s/"+resp.ID || rec.Header().Get("Location") != "/playground/api/share/"+resp.ID {
		t.Fatalf("%+v %q", resp, rec.Header().Get("Location"))
	}
	rec = f.do(t, "GET", "/oembed?url="+urlQ(resp.URL), "", nil)
	wantStatus(t, rec, http.StatusOK)
	if !strings.Contains(rec.Body.String(), `src=\"http://`+testHost+`/playground/embed/s/`+resp.ID) {
		t.Error(rec.Body.String())
	}
	wantJSONError(t, f.do(t, "GET", "/oembed?url="+urlQ("http://"+testHost+"/s/"+resp.ID), "", nil), 404)
	rec = f.do(t, "GET", "/s/"+resp.ID, "", nil)
	if !strings.Contains(rec.Body.String(), `content="http://`+testHost+`/playground/poster/`+resp.ID+`.svg"`) {
		t.Error(rec.Body.String())
	}
}

// TestPosterHeadline: the poster is headed by the lesson's title and its
// summary's first sentence, not by a generic name.
func TestPosterHeadline(t *testing.T) {
	svg, err := RenderPoster([]byte(`{"title":"Retry loop","summary":"main rejects, the message waits in ` + "`wait`" + `. Then more.","queues":[{"name":"main"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<title>Retry loop</title>", ">Retry loop</text>", ">main rejects, the message waits in wait.</text>"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("poster lacks %q:\n%s", want, svg)
		}
	}
	if strings.Contains(string(svg), "DLX Lab scenario") || strings.Contains(string(svg), "Then more") {
		t.Errorf("poster has a generic headline or the whole summary:\n%s", svg)
	}
}
