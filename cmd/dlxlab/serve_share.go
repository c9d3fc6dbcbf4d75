package main

import (
	"fmt"
	"net/http"
	"os"

	"github.com/dlxlab/dlxlab/share"
)

// newServeHandler is what `dlxlab serve` answers: the share API and pages
// (package share: /api/share, /s/{id}, /embed/s/{id}, /poster, /oembed)
// over a FileStore in dataDir, in front of the static site from
// newSiteHandler. Every response, static files included, carries the
// security headers (CSP, framing). prefix is the -prefix path ("" or
// "/playground") that underPrefix strips before this handler.
func newServeHandler(dir, dataDir, prefix, baseURL string) (http.Handler, error) {
	store, err := share.NewFileStore(dataDir)
	if err != nil {
		return nil, err
	}
	return share.New(share.Options{
		Store:      store,
		Site:       newSiteHandler(dir),
		PathPrefix: prefix,
		BaseURL:    baseURL,
		Logf: func(format string, args ...any) {
			fmt.Fprintf(os.Stderr, "dlxlab serve: "+format+"\n", args...)
		},
	}), nil
}
