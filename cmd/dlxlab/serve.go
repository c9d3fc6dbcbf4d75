package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/dlxlab/dlxlab/ui"
)

func init() {
	commands["serve"] = command{
		summary: "serve the built site locally (run ./build.sh build first)",
		run:     runServe,
	}
}

func runServe(args []string) int {
	fs := newFlagSet("serve", "[-addr 127.0.0.1:8080] [-dir dist] [-prefix P] [-data ./.dlxlab-data] [-base URL]")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	dir := fs.String("dir", "dist", "folder holding the built site")
	prefix := fs.String("prefix", "", "URL path the site was built for (gen -prefix), e.g. /playground")
	data := fs.String("data", "./.dlxlab-data", "folder for shared scenarios (short links), created if missing")
	base := fs.String("base", "", "public URL of the site for absolute links (oEmbed, og:url, posters); default http://ADDR/PREFIX. The Host header is never used")
	if code, stop := parseFlags(fs, args); stop {
		return code
	}
	for _, f := range []string{"index.html", "web/app.wasm"} {
		if _, err := os.Stat(filepath.Join(*dir, f)); err != nil {
			fmt.Fprintf(os.Stderr, "dlxlab serve: %s has no %s: run ./build.sh build first\n", *dir, f)
			return exitFail
		}
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "dlxlab serve: %v\n", err)
		return exitFail
	}
	p := strings.Trim(*prefix, "/")
	if p != "" {
		p = "/" + p
	}
	if *base == "" {
		*base = "http://" + ln.Addr().String() + p
	}
	h, err := newServeHandler(*dir, *data, p, *base)
	if err != nil {
		ln.Close()
		fmt.Fprintf(os.Stderr, "dlxlab serve: %v\n", err)
		return exitFail
	}
	srv := newHTTPServer(underPrefix(p, h), serveTimeouts)
	fmt.Printf("DLX Lab on http://%s%s/ (serving %s, short links in %s; Ctrl-C stops)\n", ln.Addr(), p, *dir, *data)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		fmt.Fprintf(os.Stderr, "dlxlab serve: %v\n", err)
		return exitFail
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(os.Stderr, "dlxlab serve: %v\n", err)
		return exitFail
	}
	return exitOK
}

// timeouts bound how long one connection may hold the server: a client
// that sends its headers or body a byte at a time, reads the answer never,
// or keeps an idle connection open is cut off.
type timeouts struct{ header, read, write, idle time.Duration }

// serveTimeouts: a request is at most 64 KiB, so 30 s to read one is
// generous; two minutes to write covers app.wasm on a slow line.
var serveTimeouts = timeouts{header: 10 * time.Second, read: 30 * time.Second, write: 2 * time.Minute, idle: time.Minute}

func newHTTPServer(h http.Handler, t timeouts) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: t.header, ReadTimeout: t.read, WriteTimeout: t.write,
		IdleTimeout: t.idle, MaxHeaderBytes: 64 << 10}
}

// newSiteHandler is everything `dlxlab serve` answers. Today that is the
// static site (ui.SiteHandler: files, /embed, SPA fallback to index.html).
//
// The API goes here (docs/links-and-http.md "Routes"): mount it on the same mux BEFORE the
// catch-all, e.g.
//
//	mux.Handle("/api/", apiHandler)   // short links, file-backed store
//	mux.Handle("/s/", ...)            // if short links need server work
//
// so /api/... never falls back to index.html.
func newSiteHandler(dir string) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/", ui.SiteHandler(dir))
	return mux
}

// underPrefix serves h under prefix ("" for the root), the way a host
// serves a site built with gen -prefix: the files stay at the root of the
// folder, the URLs gain the prefix. Other paths redirect to the prefix.
func underPrefix(prefix string, h http.Handler) http.Handler {
	if prefix == "" {
		return h
	}
	mux := http.NewServeMux()
	mux.Handle(prefix+"/", http.StripPrefix(prefix, h))
	mux.Handle("/", http.RedirectHandler(prefix+"/", http.StatusFound))
	return mux
}
