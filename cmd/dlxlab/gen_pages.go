package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// go-app writes every page's head from a test server it runs while
// generating: og:url names that server ("http://127.0.0.1:PORT/embed"),
// and author, keywords and og:image are written empty. A built page must
// not carry a local build's address, and an empty tag only tells a
// link preview there is nothing, so cleanPages removes those tags from the
// generated pages. The share pages (/s/{id}, /embed/s/{id}) get their own
// og: tags from package share (docs/links-and-http.md "Contract with the UI").

var (
	reMetaTag     = regexp.MustCompile(`(?i)<meta\b[^>]*>\n?`)
	reOGURL       = regexp.MustCompile(`(?i)\bproperty\s*=\s*"og:url"`)
	reContent     = regexp.MustCompile(`(?i)\bcontent\s*=\s*"([^"]*)"`)
	reBareContent = regexp.MustCompile(`(?i)\bcontent(\s|>|/)`)
	reCharset     = regexp.MustCompile(`(?i)\bcharset\s*=`)
)

// cleanHead drops the og:url tag and every meta tag with an empty content
// from one page.
func cleanHead(page string) string {
	return reMetaTag.ReplaceAllStringFunc(page, func(tag string) string {
		if reOGURL.MatchString(tag) {
			return ""
		}
		if reCharset.MatchString(tag) {
			return tag
		}
		if m := reContent.FindStringSubmatch(tag); m != nil {
			if strings.TrimSpace(m[1]) == "" {
				return ""
			}
			return tag
		}
		if reBareContent.MatchString(tag) {
			return "" // content with no value
		}
		return tag
	})
}

// cleanPages rewrites every .html file under dir with cleanHead.
func cleanPages(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".html" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if out := cleanHead(string(b)); out != string(b) {
			return os.WriteFile(p, []byte(out), 0o644)
		}
		return nil
	})
}
