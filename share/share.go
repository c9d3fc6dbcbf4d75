// Package share serves DLX Lab's short links, embeds, oEmbed and topology
// posters (docs/links-and-http.md "Routes"). It is plain Go over net/http so the same
// handler runs natively in `dlxlab serve` (FileStore) and inside the
// Cloudflare Worker (wasm/worker, KV store). See docs/links-and-http.md for the routes
// and the contract with the UI.
package share

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"log"
	"mime"
	"net/http"
	"net/url"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
)

// MaxBody is the largest request body accepted (docs/links-and-http.md "Fragment links": 64 KiB).
const MaxBody = 64 << 10

// drainLimit is how much of a too-large body is read and discarded.
const drainLimit = 1 << 20

// Options configures New. Only Store is required.
type Options struct {
	// Store keeps the shared scenarios.
	Store Store
	// Site serves the static site. New uses it to fetch the page HTML for
	// /s/{id} (IndexPath) and /embed/s/{id} (EmbedPath), and hands it every
	// request that is not one of this package's routes. Nil: pages are a
	// minimal built-in HTML and other paths are 404.
	Site http.Handler
	// Validate checks a scenario and returns its canonical JSON (what is
	// stored and hashed into the id) and its title. Nil: ValidateScenario.
	Validate func(data []byte) (canonical []byte, title string, err error)
	// Poster renders a scenario as SVG. Nil: RenderPoster.
	Poster func(scenarioJSON []byte) ([]byte, error)
	// BaseURL is the public origin (and path prefix, if any) used in
	// absolute URLs: oEmbed html and thumbnail, og:url, og:image. It comes
	// from configuration (`dlxlab serve -base`), because a Host header is
	// whatever the client says: echoed into a page, it lets anyone make a
	// share page point elsewhere. Empty: URLs are relative, unless
	// TrustHost.
	BaseURL string
	// TrustHost derives the origin from each request's Host header when
	// BaseURL is empty. Only for a platform that routes nothing but its
	// own configured hostnames to this handler (the Cloudflare Worker).
	TrustHost bool
	// PathPrefix is the URL path the site is served under when BaseURL is
	// empty (e.g. "/playground", as `dlxlab serve -prefix` strips it before
	// this handler); it is put in front of the paths of generated URLs.
	PathPrefix string
	// IndexPath and EmbedPath are the site paths of the app page and the
	// embed page. Defaults "/" and "/embed".
	IndexPath, EmbedPath string
	// Logf logs server-side errors (store failures, panics). Nil: log.Printf.
	Logf func(format string, args ...any)
}

type handler struct {
	locks    [64]sync.Mutex // by idStripe: one create at a time per id
	opts     Options
	validate func([]byte) ([]byte, string, error)
	poster   func([]byte) ([]byte, error)
	logf     func(string, ...any)
}

// New returns the handler for the share routes (docs/links-and-http.md "Routes"), wrapped so
// every response carries the security headers and a panic becomes a 500
// JSON error. Other paths go to Options.Site.
func New(opts Options) http.Handler {
	if opts.Store == nil {
		panic("share.New: Options.Store is nil")
	}
	h := &handler{opts: opts, validate: opts.Validate, poster: opts.Poster, logf: opts.Logf}
	if h.validate == nil {
		h.validate = ValidateScenario
	}
	if h.poster == nil {
		h.poster = RenderPoster
	}
	if h.logf == nil {
		h.logf = log.Printf
	}
	if h.opts.IndexPath == "" {
		h.opts.IndexPath = "/"
	}
	if h.opts.EmbedPath == "" {
		h.opts.EmbedPath = "/embed"
	}
	h.opts.BaseURL = strings.TrimRight(h.opts.BaseURL, "/")
	if p := strings.Trim(h.opts.PathPrefix, "/"); p != "" {
		h.opts.PathPrefix = "/" + p
	} else {
		h.opts.PathPrefix = ""
	}
	return h.recover(SecurityHeaders(h))
}

// IsRoute reports whether a URL path is one of this package's routes
// (the rest goes to Options.Site). The Worker's run_worker_first list in
// wasm/worker/wrangler.jsonc must cover exactly these.
func IsRoute(p string) bool {
	return strings.HasPrefix(p, "/api/") || p == "/api" ||
		strings.HasPrefix(p, "/s/") || strings.HasPrefix(p, "/embed/s/") ||
		strings.HasPrefix(p, "/poster/") || p == "/poster.svg" || p == "/oembed"
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	switch {
	case p == "/api/share":
		if !allow(w, r, http.MethodPost) {
			return
		}
		h.create(w, r)
	case strings.HasPrefix(p, "/api/share/"):
		if !allow(w, r, http.MethodGet, http.MethodHead) {
			return
		}
		h.get(w, r, strings.TrimPrefix(p, "/api/share/"))
	case p == "/api" || strings.HasPrefix(p, "/api/"):
		writeError(w, http.StatusNotFound, "no such API route")
	case strings.HasPrefix(p, "/s/"):
		if !allow(w, r, http.MethodGet, http.MethodHead) {
			return
		}
		h.page(w, r, strings.TrimPrefix(p, "/s/"), false)
	case strings.HasPrefix(p, "/embed/s/"):
		if !allow(w, r, http.MethodGet, http.MethodHead) {
			return
		}
		h.page(w, r, strings.TrimPrefix(p, "/embed/s/"), true)
	case p == "/poster.svg":
		if !allow(w, r, http.MethodPost) {
			return
		}
		h.posterPost(w, r)
	case strings.HasPrefix(p, "/poster/"):
		if !allow(w, r, http.MethodGet, http.MethodHead) {
			return
		}
		name := strings.TrimPrefix(p, "/poster/")
		id, ok := strings.CutSuffix(name, ".svg")
		if !ok {
			writeError(w, http.StatusNotFound, "posters are /poster/{id}.svg")
			return
		}
		h.posterGet(w, r, id)
	case p == "/oembed":
		if !allow(w, r, http.MethodGet, http.MethodHead) {
			return
		}
		h.oembed(w, r)
	case h.opts.Site != nil:
		h.opts.Site.ServeHTTP(w, r)
	default:
		writeError(w, http.StatusNotFound, "not found")
	}
}

// allow answers 405 with an Allow header unless r uses one of methods.
func allow(w http.ResponseWriter, r *http.Request, methods ...string) bool {
	for _, m := range methods {
		if r.Method == m {
			return true
		}
	}
	w.Header().Set("Allow", strings.Join(methods, ", "))
	writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("method %s not allowed; use %s", r.Method, strings.Join(methods, " or ")))
	return false
}

type errorBody struct {
	Error string `json:"error"`
}

func writeError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, status, errorBody{Error: msg}, true)
}

func writeJSON(w http.ResponseWriter, status int, v any, escapeHTML bool) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(escapeHTML)
	if err := enc.Encode(v); err != nil {
		b.Reset()
		b.WriteString(`{"error":"cannot encode response"}` + "\n")
		status = http.StatusInternalServerError
	}
	writeBody(w, status, "application/json; charset=utf-8", b.Bytes())
}

func writeBody(w http.ResponseWriter, status int, contentType string, body []byte) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body)
}

func (h *handler) internal(w http.ResponseWriter, what string, err error) {
	h.logf("share: %s: %v", what, err)
	w.Header().Set("Cache-Control", "no-store")
	if errors.Is(err, errDamaged) {
		writeError(w, http.StatusInternalServerError, errDamaged.Error())
		return
	}
	writeError(w, http.StatusInternalServerError, what+" failed")
}

// readScenario reads a POSTed scenario: application/json (415), at most
// MaxBody bytes (413), and valid (400). It writes the error itself.
func (h *handler) readScenario(w http.ResponseWriter, r *http.Request) (canonical []byte, title string, ok bool) {
	ct := r.Header.Get("Content-Type")
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil || mt != "application/json" {
		writeError(w, http.StatusUnsupportedMediaType, "send the scenario as Content-Type: application/json")
		return nil, "", false
	}
	if cs, has := params["charset"]; has && !strings.EqualFold(cs, "utf-8") {
		writeError(w, http.StatusUnsupportedMediaType, "the scenario must be UTF-8")
		return nil, "", false
	}
	if r.ContentLength > MaxBody {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("a scenario may be at most %d bytes", MaxBody))
		return nil, "", false
	}
	var body []byte
	if r.Body != nil {
		body, err = io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
		if err != nil {
			// Read on (up to drainLimit) before answering: under `wrangler
			// dev`, a request body left half-read breaks the next POST on
			// that connection ("Your worker restarted mid-request").
			io.Copy(io.Discard, io.LimitReader(r.Body, drainLimit))
		}
		r.Body.Close()
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("a scenario may be at most %d bytes", MaxBody))
			} else {
				writeError(w, http.StatusBadRequest, "cannot read the request body")
			}
			return nil, "", false
		}
	}
	if len(bytes.TrimSpace(body)) == 0 {
		writeError(w, http.StatusBadRequest, "empty body: send a scenario as JSON")
		return nil, "", false
	}
	canonical, title, err = h.validate(body)
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid scenario: "+err.Error())
		return nil, "", false
	}
	return canonical, title, true
}

type createResponse struct {
	ID  string `json:"id"`
	URL string `json:"url"`
}

// create stores a scenario under its content id: 201 when stored now,
// 200 when it was already there (no second write).
func (h *handler) create(w http.ResponseWriter, r *http.Request) {
	canonical, _, ok := h.readScenario(w, r)
	if !ok {
		return
	}
	id := NewID(canonical)
	status, ok := h.store(w, r.Context(), id, canonical)
	if !ok {
		return
	}
	w.Header().Set("Location", h.prefix()+"/api/share/"+id)
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, status, createResponse{ID: id, URL: h.base(r) + "/s/" + id}, true)
}

// store writes canonical under id once: 201 when this request wrote it,
// 200 when it was there already. Parallel identical requests write once
// (Creator, else a lock per id in this process). A stored file that does
// not hash to its id is damage, not a collision: the good data replaces it.
func (h *handler) store(w http.ResponseWriter, ctx context.Context, id string, canonical []byte) (int, bool) {
	mu := &h.locks[idStripe(id)]
	mu.Lock()
	defer mu.Unlock()
	if c, ok := h.opts.Store.(Creator); ok {
		created, err := c.Create(ctx, id, canonical)
		if err != nil {
			h.internal(w, "writing the store", err)
			return 0, false
		}
		if created {
			return http.StatusCreated, true
		}
	}
	old, found, err := h.opts.Store.Get(ctx, id)
	if err != nil {
		h.internal(w, "reading the store", err)
		return 0, false
	}
	switch {
	case found && bytes.Equal(old, canonical):
		return http.StatusOK, true
	case found && NewID(old) == id:
		// 66 bits of SHA-256 colliding: never expected, never overwritten.
		h.logf("share: id %s collides: stored %d bytes differ from new %d bytes", id, len(old), len(canonical))
		writeError(w, http.StatusConflict, "id collision: this scenario cannot be shared")
		return 0, false
	case found:
		h.logf("share: id %s: the stored data did not match its id and is replaced by the scenario shared now", id)
	}
	if err := h.opts.Store.Put(ctx, id, canonical); err != nil {
		h.internal(w, "writing the store", err)
		return 0, false
	}
	return http.StatusCreated, true
}

// idStripe picks one of the handler's locks for an id.
func idStripe(id string) int {
	n := 0
	for i := 0; i < len(id); i++ {
		n = n*31 + int(id[i])
	}
	return n & (len(handler{}.locks) - 1)
}

// errDamaged: what the store holds under an id does not hash to that id.
var errDamaged = errors.New("the stored scenario does not match its id: the share store is damaged")

// load reads id from the store and checks the data against the id, so a
// damaged file is an error (500, not cached) instead of a page served as
// good and cached for a year.
func (h *handler) load(ctx context.Context, id string) ([]byte, bool, error) {
	data, found, err := h.opts.Store.Get(ctx, id)
	if err != nil || !found {
		return nil, found, err
	}
	if NewID(data) != id {
		return nil, false, errDamaged
	}
	return data, true, nil
}

// lookup validates id and loads it, writing 400/404/500 itself.
func (h *handler) lookup(w http.ResponseWriter, ctx context.Context, id string) ([]byte, bool) {
	if !ValidID(id) {
		writeError(w, http.StatusBadRequest, "malformed share id")
		return nil, false
	}
	data, found, err := h.load(ctx, id)
	if err != nil {
		h.internal(w, "reading the store", err)
		return nil, false
	}
	if !found {
		writeError(w, http.StatusNotFound, "no scenario is shared under this id")
		return nil, false
	}
	return data, true
}

func (h *handler) get(w http.ResponseWriter, r *http.Request, id string) {
	data, ok := h.lookup(w, r.Context(), id)
	if !ok {
		return
	}
	etag := `"` + id + `"`
	w.Header().Set("ETag", etag)
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	if inm := r.Header.Get("If-None-Match"); inm != "" && (inm == etag || inm == "W/"+etag || inm == "*") {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	writeBody(w, http.StatusOK, "application/json; charset=utf-8", data)
}

func (h *handler) posterGet(w http.ResponseWriter, r *http.Request, id string) {
	data, ok := h.lookup(w, r.Context(), id)
	if !ok {
		return
	}
	svg, err := h.poster(data)
	if err != nil {
		h.internal(w, "drawing the poster", err)
		return
	}
	w.Header().Set("Cache-Control", "public, max-age=86400")
	writeSVG(w, svg)
}

func (h *handler) posterPost(w http.ResponseWriter, r *http.Request) {
	canonical, _, ok := h.readScenario(w, r)
	if !ok {
		return
	}
	svg, err := h.poster(canonical)
	if err != nil {
		writeError(w, http.StatusBadRequest, "cannot draw this scenario: "+err.Error())
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeSVG(w, svg)
}

func writeSVG(w http.ResponseWriter, svg []byte) {
	w.Header().Set("Content-Security-Policy", CSPImage)
	writeBody(w, http.StatusOK, "image/svg+xml; charset=utf-8", svg)
}

// title returns the title of stored scenario data. Stored data is
// canonical JSON, so reading the one field is enough (a full Validate
// would parse the whole scenario on every page view).
func (h *handler) title(data []byte) string {
	var v struct {
		Title string `json:"title"`
	}
	if json.Unmarshal(data, &v) != nil || strings.TrimSpace(v.Title) == "" {
		return "Shared scenario"
	}
	return shorten(strings.TrimSpace(v.Title), 200)
}

// description is the og:description of a share page: the scenario's
// summary (its first sentence, without the backquotes that mark broker
// terms), or a sentence about DLX Lab when it has none.
func (h *handler) description(data []byte) string {
	var v struct {
		Summary string `json:"summary"`
	}
	if json.Unmarshal(data, &v) == nil {
		if s := firstSentence(v.Summary); s != "" {
			return shorten(s, 300)
		}
	}
	return "A message-broker scenario shared from DLX Lab: open it to watch messages route, dead-letter and retry."
}

// validHost accepts host[:port] made of the characters DNS names, IPv4
// and bracketed IPv6 literals use; anything else is not echoed back.
var validHost = regexp.MustCompile(`^[A-Za-z0-9.\-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$`)

// base is the absolute origin (plus prefix) for URLs in responses, or ""
// (relative URLs) when the request gives no usable host.
func (h *handler) base(r *http.Request) string {
	if h.opts.BaseURL != "" || !h.opts.TrustHost {
		return h.opts.BaseURL
	}
	host := r.Host
	if host == "" {
		host = r.URL.Host
	}
	if !validHost.MatchString(host) {
		return ""
	}
	scheme := "http"
	if r.TLS != nil || r.URL.Scheme == "https" {
		scheme = "https"
	}
	return scheme + "://" + host + h.opts.PathPrefix
}

var (
	reOGMeta  = regexp.MustCompile(`(?is)<meta\b[^>]*\bproperty\s*=\s*["']?og:[^>]*>\s*`)
	reDesc    = regexp.MustCompile(`(?is)<meta\b[^>]*\bname\s*=\s*["']?description["'\s>][^>]*>\s*`)
	reTitle   = regexp.MustCompile(`(?is)<title\b[^>]*>.*?</title>\s*`)
	reHeadEnd = regexp.MustCompile(`(?i)</head\s*>`)
	reHead    = regexp.MustCompile(`(?i)<head\b[^>]*>`)
)

const maxPage = 4 << 20

// page serves the app (or embed) page for a share id, with the id and
// link metadata injected (docs/links-and-http.md "Contract with the UI"). An unknown
// id still gets the page, with status 404, so the app can say so.
func (h *handler) page(w http.ResponseWriter, r *http.Request, id string, embed bool) {
	if !ValidID(id) {
		writeError(w, http.StatusBadRequest, "malformed share id")
		return
	}
	data, found, err := h.load(r.Context(), id)
	if err != nil {
		h.internal(w, "reading the store", err)
		return
	}
	title, description := "Shared scenario not found", h.description(nil)
	if found {
		title, description = h.title(data), h.description(data)
	}
	pagePath, self := h.opts.IndexPath, "/s/"+id
	if embed {
		pagePath, self = h.opts.EmbedPath, "/embed/s/"+id
	}
	doc, err := h.sitePage(r, pagePath)
	if err != nil {
		h.logf("share: page %s: %v", pagePath, err)
		writeError(w, http.StatusBadGateway, "the site page is not available")
		return
	}
	base := h.base(r)
	e := html.EscapeString
	var m strings.Builder
	fmt.Fprintf(&m, "<meta name=\"dlxlab-share\" content=\"%s\">\n", id)
	fmt.Fprintf(&m, "<title>%s · DLX Lab</title>\n", e(title))
	fmt.Fprintf(&m, "<meta property=\"og:title\" content=\"%s\">\n", e(title))
	fmt.Fprintf(&m, "<meta property=\"og:description\" content=\"%s\">\n", e(description))
	fmt.Fprintf(&m, "<meta name=\"description\" content=\"%s\">\n", e(description))
	m.WriteString("<meta property=\"og:type\" content=\"website\">\n")
	m.WriteString("<meta property=\"og:site_name\" content=\"DLX Lab\">\n")
	fmt.Fprintf(&m, "<meta property=\"og:url\" content=\"%s\">\n", e(base+self))
	if found {
		fmt.Fprintf(&m, "<meta property=\"og:image\" content=\"%s\">\n", e(base+"/poster/"+id+".svg"))
		fmt.Fprintf(&m, "<link rel=\"alternate\" type=\"application/json+oembed\" href=\"%s\" title=\"%s\">\n",
			e(base+"/oembed?format=json&url="+url.QueryEscape(base+self)), e(title))
	}
	if !embed {
		fmt.Fprintf(&m, "<link rel=\"canonical\" href=\"%s\">\n", e(base+self))
	}
	w.Header().Set("Cache-Control", "no-cache")
	status := http.StatusOK
	if !found {
		status = http.StatusNotFound
		w.Header().Set("Cache-Control", "no-store")
	}
	writeBody(w, status, "text/html; charset=utf-8", injectHead(doc, m.String()))
}

// injectHead removes the page's own <title> and og: tags and inserts
// block before </head> (or after <head>, or at the start).
func injectHead(doc []byte, block string) []byte {
	doc = reOGMeta.ReplaceAll(doc, nil)
	doc = reDesc.ReplaceAll(doc, nil)
	doc = reTitle.ReplaceAll(doc, nil)
	if loc := reHeadEnd.FindIndex(doc); loc != nil {
		return concat(doc[:loc[0]], []byte(block), doc[loc[0]:])
	}
	if loc := reHead.FindIndex(doc); loc != nil {
		return concat(doc[:loc[1]], []byte("\n"+block), doc[loc[1]:])
	}
	return concat([]byte(block), doc)
}

func concat(parts ...[]byte) []byte {
	var b bytes.Buffer
	for _, p := range parts {
		b.Write(p)
	}
	return b.Bytes()
}

const fallbackPage = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
</head>
<body>
<p>DLX Lab: the site is not built into this server.</p>
</body>
</html>
`

// sitePage fetches the page HTML from Options.Site with a fresh GET (no
// conditional headers, so never a 304).
func (h *handler) sitePage(r *http.Request, pagePath string) ([]byte, error) {
	if h.opts.Site == nil {
		return []byte(fallbackPage), nil
	}
	u := *r.URL
	u.Path, u.RawPath, u.RawQuery, u.Fragment = pagePath, "", "", ""
	req, err := http.NewRequestWithContext(r.Context(), http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	req.Host = r.Host
	req.Header.Set("Accept", "text/html")
	rec := &recorder{header: http.Header{}, code: http.StatusOK}
	h.opts.Site.ServeHTTP(rec, req)
	if rec.code != http.StatusOK {
		return nil, fmt.Errorf("status %d", rec.code)
	}
	if ct := rec.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		return nil, fmt.Errorf("content type %q, not text/html", ct)
	}
	if rec.over {
		return nil, fmt.Errorf("page larger than %d bytes", maxPage)
	}
	if enc := rec.header.Get("Content-Encoding"); enc != "" && enc != "identity" {
		return nil, fmt.Errorf("page is %s-encoded", enc)
	}
	return rec.body.Bytes(), nil
}

// recorder is a minimal in-memory ResponseWriter (net/http/httptest is
// kept out of the Worker's binary).
type recorder struct {
	header      http.Header
	code        int
	wroteHeader bool
	body        bytes.Buffer
	over        bool
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(code int) {
	if !r.wroteHeader {
		r.code, r.wroteHeader = code, true
	}
}

func (r *recorder) Write(p []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	if r.body.Len()+len(p) > maxPage {
		r.over = true
		return 0, errors.New("page too large")
	}
	return r.body.Write(p)
}

// recover turns a panic into a 500 JSON error (if nothing was written
// yet) and logs it with its stack. http.ErrAbortHandler passes through.
func (h *handler) recover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tw := &trackingWriter{ResponseWriter: w}
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v)
			}
			h.logf("share: panic serving %s %q: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
			if !tw.wrote {
				SetSecurityHeaders(w.Header(), r.URL.Path)
				w.Header().Del("Content-Length")
				writeError(w, http.StatusInternalServerError, "internal error")
			}
		}()
		next.ServeHTTP(tw, r)
	})
}

type trackingWriter struct {
	http.ResponseWriter
	wrote bool
}

func (t *trackingWriter) WriteHeader(code int) {
	t.wrote = true
	t.ResponseWriter.WriteHeader(code)
}

func (t *trackingWriter) Write(p []byte) (int, error) {
	t.wrote = true
	return t.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController (used by MaxBytesReader) reach the
// underlying writer.
func (t *trackingWriter) Unwrap() http.ResponseWriter { return t.ResponseWriter }
