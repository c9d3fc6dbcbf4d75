//go:build js && wasm

package main

import (
	"io"
	"net/http"

	"github.com/syumai/workers/cloudflare"
	"github.com/syumai/workers/cloudflare/fetch"
)

// assetsSite serves requests from the Workers Static Assets binding. The
// share handler uses it to get the page HTML for /s/{id} ("/", that is
// index.html) and /embed/s/{id} ("/embed", embed.html): the assets server
// maps those paths to the files (html_handling "auto-trailing-slash", the
// default) and this works the same under `wrangler dev --local`.
type assetsSite struct {
	binding string
}

func (s assetsSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b := cloudflare.GetBinding(s.binding)
	if b.IsUndefined() || b.IsNull() {
		http.Error(w, "assets binding "+s.binding+" is not configured", http.StatusBadGateway)
		return
	}
	req, err := fetch.NewRequest(r.Context(), r.Method, r.URL.String(), nil)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	for _, k := range []string{"Accept", "Accept-Language"} {
		if v := r.Header.Get(k); v != "" {
			req.Header.Set(k, v)
		}
	}
	res, err := fetch.NewClient(fetch.WithBinding(b)).Do(req, &fetch.RequestInit{Redirect: fetch.RedirectModeFollow})
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer res.Body.Close()
	for k, vs := range res.Header {
		if k == "Content-Encoding" || k == "Content-Length" {
			continue // the fetch API has already decoded the body
		}
		w.Header()[k] = vs
	}
	w.WriteHeader(res.StatusCode)
	io.Copy(w, res.Body)
}
