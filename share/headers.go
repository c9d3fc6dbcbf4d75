package share

import (
	"net/http"
	"strings"
)

// Content-Security-Policy pieces. The app is go-app: its scripts are
// same-origin files (wasm_exec.js, app.js, app-worker.js), it needs
// 'wasm-unsafe-eval' to compile app.wasm, and it sets style attributes
// with setAttribute (html_gen.go: e.setAttr("style", ...)), which CSP
// treats as inline style, hence style-src 'unsafe-inline'. Nothing is
// loaded from another origin; images may be data: URLs.
const cspCommon = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; " +
	"font-src 'self'; manifest-src 'self'; worker-src 'self'; media-src 'none'; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; "

const (
	// CSP is the policy of every page except the embed: framed only by
	// our own origin.
	CSP = cspCommon + "frame-ancestors 'self'"
	// CSPEmbed is the policy of /embed and /embed/...: anyone may frame it.
	CSPEmbed = cspCommon + "frame-ancestors *"
	// CSPImage is the policy of the SVG posters: an SVG opened on its own
	// is a document, and this one never needs to run or fetch anything.
	CSPImage = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'"
	// ReferrerPolicy keeps share ids out of other sites' logs.
	ReferrerPolicy = "no-referrer"
)

// IsEmbedPath reports whether a URL path belongs to the embeddable pages
// (/embed, /embed.html, /embed/...), which any site may frame.
func IsEmbedPath(p string) bool {
	return p == "/embed" || p == "/embed.html" || strings.HasPrefix(p, "/embed/")
}

// SetSecurityHeaders sets the headers every response carries (docs/links-and-http.md
// "Security headers"): the CSP, framing rules (embed pages frameable by anyone, everything
// else only by us, also via X-Frame-Options for old browsers), nosniff
// and the referrer policy.
func SetSecurityHeaders(h http.Header, urlPath string) {
	if IsEmbedPath(urlPath) {
		h.Set("Content-Security-Policy", CSPEmbed)
		h.Del("X-Frame-Options")
	} else {
		h.Set("Content-Security-Policy", CSP)
		h.Set("X-Frame-Options", "SAMEORIGIN")
	}
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", ReferrerPolicy)
}

// SecurityHeaders wraps next (e.g. the static site in `dlxlab serve`) so
// that every response carries SetSecurityHeaders' headers. The handler
// from New already does this for its own routes.
func SecurityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		SetSecurityHeaders(w.Header(), r.URL.Path)
		next.ServeHTTP(w, r)
	})
}

// HeadersFile returns a Workers Static Assets / Pages `_headers` file
// that gives the static files the same headers as SetSecurityHeaders
// (the Worker's Go code only sees its run_worker_first routes). A test
// keeps wasm/worker/_headers equal to it.
func HeadersFile() string {
	common := "  X-Content-Type-Options: nosniff\n  Referrer-Policy: " + ReferrerPolicy + "\n"
	return "# Generated from share.HeadersFile (share/headers.go); TestHeadersFile keeps it in sync.\n" +
		"# Static assets only: the Worker's own routes set these headers in Go.\n" +
		"/*\n  Content-Security-Policy: " + CSP + "\n  X-Frame-Options: SAMEORIGIN\n" + common +
		"/embed\n  ! Content-Security-Policy\n  ! X-Frame-Options\n  Content-Security-Policy: " + CSPEmbed + "\n" +
		"/embed/*\n  ! Content-Security-Policy\n  ! X-Frame-Options\n  Content-Security-Policy: " + CSPEmbed + "\n"
}
