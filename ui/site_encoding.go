package ui

import (
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// Pre-compressed files: `./build.sh build` writes FILE.br (brotli) and
// FILE.gz (gzip) beside each large text or wasm file of the site
// (docs/links-and-http.md "Compressed files"). SiteHandler sends one of
// them when the browser accepts its encoding, so app.wasm travels as
// about a fifth of its size, and nothing is compressed per request.

// encodings are the pre-compressed copies, in order of preference.
var encodings = []struct{ name, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// serveEncoded sends the pre-compressed copy of the file at urlPath that
// the request accepts, if there is one, and reports whether it did.
// Every file that has a copy is sent with Vary: Accept-Encoding, so a
// cache keeps one answer per encoding.
func serveEncoded(w http.ResponseWriter, r *http.Request, dir, urlPath string) bool {
	name := filepath.Join(dir, filepath.FromSlash(urlPath))
	accept := r.Header.Get("Accept-Encoding")
	has := false
	for _, e := range encodings {
		f, err := os.Open(name + e.suffix)
		if err != nil {
			continue
		}
		has = true
		fi, err := f.Stat()
		if err != nil || !fi.Mode().IsRegular() || !acceptsEncoding(accept, e.name) {
			f.Close()
			continue
		}
		defer f.Close()
		h := w.Header()
		h.Add("Vary", "Accept-Encoding")
		h.Set("Content-Encoding", e.name)
		if h.Get("Content-Type") == "" {
			h.Set("Content-Type", typeOf(urlPath))
		}
		// net/http leaves out Content-Length once Content-Encoding is
		// set, but go-app's loader shows its progress from it: set it,
		// and send whole files (a range of compressed bytes helps no one).
		h.Set("Content-Length", strconv.FormatInt(fi.Size(), 10))
		r2 := r.Clone(r.Context())
		r2.Header.Del("Range")
		http.ServeContent(w, r2, urlPath, fi.ModTime(), f)
		return true
	}
	if has {
		w.Header().Add("Vary", "Accept-Encoding")
	}
	return false
}

// typeOf is the Content-Type of the file at urlPath, by its extension
// (an encoded copy must not be sniffed: its bytes are compressed).
func typeOf(urlPath string) string {
	ext := path.Ext(urlPath)
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

// acceptsEncoding reads an Accept-Encoding header (RFC 9110 12.5.3): the
// coding, or "*", listed with a weight above zero.
func acceptsEncoding(header, coding string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		ok := weight(params) > 0
		switch name {
		case coding:
			return ok
		case "*":
			star = ok
		}
	}
	return star
}

// weight is the q parameter of an Accept-Encoding entry (1 when absent).
func weight(params string) float64 {
	for _, p := range strings.Split(params, ";") {
		k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
		if strings.EqualFold(strings.TrimSpace(k), "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				return 0
			}
			return q
		}
	}
	return 1
}
