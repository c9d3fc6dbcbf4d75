package share

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// Embed frame size when the consumer sets no maxwidth/maxheight.
const (
	EmbedWidth  = 720
	EmbedHeight = 480
)

// OEmbed is the oEmbed 1.0 response (https://oembed.com/, type "rich").
type OEmbed struct {
	Version         string `json:"version"`
	Type            string `json:"type"`
	ProviderName    string `json:"provider_name"`
	ProviderURL     string `json:"provider_url,omitempty"`
	Title           string `json:"title"`
	HTML            string `json:"html"`
	Width           int    `json:"width"`
	Height          int    `json:"height"`
	CacheAge        int    `json:"cache_age,omitempty"`
	ThumbnailURL    string `json:"thumbnail_url,omitempty"`
	ThumbnailWidth  int    `json:"thumbnail_width,omitempty"`
	ThumbnailHeight int    `json:"thumbnail_height,omitempty"`
}

// oembed answers GET /oembed?url=...&maxwidth=&maxheight=&format=json.
// 400: url missing or unparseable, bad maxwidth/maxheight; 404: a URL that
// is not one of our share links, or an unknown id; 501: a format other
// than json (the spec's answer for xml).
func (h *handler) oembed(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	switch f := q.Get("format"); f {
	case "", "json":
	default:
		writeError(w, http.StatusNotImplemented, fmt.Sprintf("format %q is not supported; use json", shorten(f, 20)))
		return
	}
	raw := q.Get("url")
	if raw == "" {
		writeError(w, http.StatusBadRequest, "missing url parameter")
		return
	}
	width, ok1 := dimension(q.Get("maxwidth"), EmbedWidth)
	height, ok2 := dimension(q.Get("maxheight"), EmbedHeight)
	if !ok1 || !ok2 {
		writeError(w, http.StatusBadRequest, "maxwidth and maxheight must be positive integers")
		return
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		writeError(w, http.StatusBadRequest, "url must be an absolute http(s) URL")
		return
	}
	base := h.base(r)
	id, ok := h.ourShare(base, u)
	if !ok {
		writeError(w, http.StatusNotFound, "url is not a DLX Lab share link (/s/{id} or /embed/s/{id}) of this site")
		return
	}
	data, found, err := h.load(r.Context(), id)
	if err != nil {
		h.internal(w, "reading the store", err)
		return
	}
	if !found {
		writeError(w, http.StatusNotFound, "no scenario is shared under this id")
		return
	}
	if base == "" {
		base = u.Scheme + "://" + u.Host + h.prefix()
	}
	title := h.title(data)
	src := base + "/embed/s/" + id
	e := html.EscapeString
	resp := OEmbed{
		Version:      "1.0",
		Type:         "rich",
		ProviderName: "DLX Lab",
		ProviderURL:  base + "/",
		Title:        title,
		HTML: fmt.Sprintf(`<iframe src="%s" width="%d" height="%d" title="%s" loading="lazy" style="border:0;max-width:100%%" allow="clipboard-write"></iframe>`,
			e(src), width, height, e("DLX Lab: "+title)),
		Width:    width,
		Height:   height,
		CacheAge: 86400,
	}
	if svg, err := h.poster(data); err == nil {
		if tw, th, ok := svgSize(svg); ok {
			resp.ThumbnailURL = base + "/poster/" + id + ".svg"
			resp.ThumbnailWidth, resp.ThumbnailHeight = tw, th
		}
	}
	w.Header().Set("Cache-Control", "public, max-age=3600")
	writeJSON(w, http.StatusOK, resp, false)
}

// dimension parses maxwidth/maxheight: empty gives def, a positive
// integer caps def.
func dimension(s string, def int) (int, bool) {
	if s == "" {
		return def, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		return 0, false
	}
	return min(n, def), true
}

// prefix is the path part of BaseURL, or PathPrefix ("" or "/playground").
func (h *handler) prefix() string {
	if h.opts.BaseURL == "" {
		return h.opts.PathPrefix
	}
	u, err := url.Parse(h.opts.BaseURL)
	if err != nil {
		return ""
	}
	return strings.TrimRight(u.Path, "/")
}

// ourShare reports whether u is a share page of this site and returns its
// id. The host must be ours (from base, when known); the path, after our
// prefix, must be /s/{id} or /embed/s/{id} with a well-formed id.
func (h *handler) ourShare(base string, u *url.URL) (string, bool) {
	if base != "" {
		b, err := url.Parse(base)
		if err != nil || !strings.EqualFold(b.Host, u.Host) {
			return "", false
		}
	}
	p, ok := strings.CutPrefix(u.Path, h.prefix())
	if !ok {
		return "", false
	}
	id, ok := strings.CutPrefix(p, "/s/")
	if !ok {
		id, ok = strings.CutPrefix(p, "/embed/s/")
	}
	if !ok || !ValidID(id) {
		return "", false
	}
	return id, true
}

var reSVGSize = regexp.MustCompile(`^<svg\b[^>]*?\swidth="([0-9]+)"[^>]*?\sheight="([0-9]+)"`)

func svgSize(svg []byte) (int, int, bool) {
	m := reSVGSize.FindSubmatch(svg)
	if m == nil {
		return 0, 0, false
	}
	w, err1 := strconv.Atoi(string(m[1]))
	h, err2 := strconv.Atoi(string(m[2]))
	return w, h, err1 == nil && err2 == nil
}
