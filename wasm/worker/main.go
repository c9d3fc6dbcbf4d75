//go:build js && wasm

// Command worker is DLX Lab's Cloudflare Worker (docs/links-and-http.md "Routes"): the share
// handler (package share) over Workers KV, with the static site served by
// Workers Static Assets. Only the run_worker_first routes of
// wrangler.jsonc reach this code; everything else is answered by the
// assets server without running Go.
//
// Build it with `./build.sh worker` (see README.md, "Deploy to
// Cloudflare"). It must never import ui/ (go-app): go-app cannot render in
// workerd and would push the wasm over the free plan's 3 MiB limit.
//
// workerd starts a new Go runtime for every request, so nothing here may
// keep state in memory between requests: all state is in KV.
package main

import (
	"github.com/syumai/workers"

	"github.com/dlxlab/dlxlab/share"
)

// Binding names, as declared in wrangler.jsonc.
const (
	kvBinding     = "SHARES"
	assetsBinding = "ASSETS"
)

func main() {
	workers.Serve(share.New(share.Options{
		Store: kvStore{binding: kvBinding, prefix: "s:"},
		Site:  assetsSite{binding: assetsBinding},
		// Cloudflare routes only the Worker's configured hostnames here, so
		// the Host header names this deployment.
		TrustHost: true,
	}))
}
