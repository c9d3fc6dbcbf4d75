package main

import (
	"fmt"
	"os"

	"github.com/dlxlab/dlxlab/ui"
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

func init() {
	commands["gen"] = command{
		summary: "generate the static site (pages, app.js, service worker) into a folder",
		run:     runGen,
	}
}

// passThroughWorker replaces go-app's cache-first service worker when -nosw
// is set: it caches nothing and deletes old caches, so a reload always
// shows the latest build. go-app calls custom templates unsupported, but
// this one was verified in Chromium when the stack was chosen.
const passThroughWorker = `// DLX Lab pass-through service worker, version {{.Version}}: no cache, no fetch handler.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});
`

func runGen(args []string) int {
	fs := newFlagSet("gen", "-out DIR -version V [-prefix P] [-nosw]")
	out := fs.String("out", "", "folder to write the site into (required)")
	version := fs.String("version", "", "build version, e.g. the commit hash; names the service worker cache (required)")
	prefix := fs.String("prefix", "", "URL path the site is served under, e.g. /playground (default: the root)")
	noSW := fs.Bool("nosw", false, "use a pass-through service worker that caches nothing")
	if code, stop := parseFlags(fs, args); stop {
		return code
	}
	if *out == "" || *version == "" {
		fmt.Fprintln(os.Stderr, "dlxlab gen: -out and -version are required")
		fs.Usage()
		return exitUsage
	}

	ui.Routes()
	h := ui.Handler(*version, *prefix)
	if *noSW {
		h.ServiceWorkerTemplate = passThroughWorker
	}
	// go-app writes the files at the root of out whatever the prefix is.
	if err := app.GenerateStaticWebsite(*out, h); err != nil {
		fmt.Fprintf(os.Stderr, "dlxlab gen: %v\n", err)
		return exitFail
	}
	if err := cleanPages(*out); err != nil {
		fmt.Fprintf(os.Stderr, "dlxlab gen: %v\n", err)
		return exitFail
	}
	if err := preloadPages(*out, *prefix); err != nil {
		fmt.Fprintf(os.Stderr, "dlxlab gen: %v\n", err)
		return exitFail
	}
	fmt.Printf("generated site in %s (version %s)\n", *out, *version)
	return exitOK
}
