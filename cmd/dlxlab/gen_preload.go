package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// preloadPages adds <link rel="preload" as="fetch"> for app.wasm to the head
// of every generated page that loads the app at once, so the download
// starts with the page instead of when go-app's deferred app.js runs
// (BENCHMARKS.md "app.wasm: where the bytes and the milliseconds go").
// crossorigin gives the preload the mode and credentials of go-app's
// fetch, so that fetch takes the preloaded answer. The /embed pages load
// the app only on a click (static/web/embed.js), so they get none; the
// share pages are made from index.html and embed.html and follow them.
func preloadPages(dir, prefix string) error {
	link := `<link rel="preload" href="` + strings.TrimSuffix(prefix, "/") + `/web/app.wasm" as="fetch" crossorigin="anonymous">` + "\n"
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".html" {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if strings.HasPrefix(filepath.ToSlash(rel), "embed") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		page := string(b)
		i := strings.Index(page, "<link ")
		if i < 0 || strings.Contains(page, link) {
			return nil
		}
		return os.WriteFile(p, []byte(page[:i]+link+page[i:]), 0o644)
	})
}
