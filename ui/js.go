package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Small browser helpers. Each goes through app.Window(), which natively
// (pre-rendering) is a stub that does nothing, so they are safe anywhere.

// Storage keys.
const (
	storeSession = "dlxlab.session.v1"
	storeLang    = "dlxlab.lang"
)

func storageGet(key string) string {
	ls := app.Window().Get("localStorage")
	if !ls.Truthy() {
		return ""
	}
	v := ls.Call("getItem", key)
	if v.IsNull() || v.IsUndefined() {
		return ""
	}
	return v.String()
}

func storageSet(key, value string) {
	ls := app.Window().Get("localStorage")
	if ls.Truthy() {
		ls.Call("setItem", key, value)
	}
}

// locationHash is the URL fragment without '#'.
func locationHash() string {
	h := app.Window().Get("location").Get("hash")
	if !h.Truthy() {
		return ""
	}
	return strings.TrimPrefix(h.String(), "#")
}

// clearHash removes the fragment from the address bar without a reload,
// so a reload shows the autosave (the learner's later work), not the link.
func clearHash() {
	w := app.Window()
	loc := w.Get("location")
	if !loc.Truthy() || loc.Get("hash").String() == "" {
		return
	}
	w.Get("history").Call("replaceState", nil, "", loc.Get("pathname").String()+loc.Get("search").String())
}

// locationBase is origin + path prefix of the page, e.g.
// "http://127.0.0.1:8080" or "https://example.org/playground".
func locationBase() string {
	loc := app.Window().Get("location")
	if !loc.Truthy() {
		return ""
	}
	return loc.Get("origin").String() + sitePrefix(loc.Get("pathname").String())
}

// sitePrefix is the path the site is served under, from a page path:
// "/playground/embed/s/abc" → "/playground"; "/" → "".
func sitePrefix(p string) string {
	p = strings.TrimSuffix(p, "/")
	for _, page := range []string{"/embed/s/", "/s/"} {
		if i := strings.LastIndex(p, page); i >= 0 && !strings.Contains(p[i+len(page):], "/") {
			return p[:i]
		}
	}
	p = strings.TrimSuffix(p, ".html")
	p = strings.TrimSuffix(p, "/delay")
	p = strings.TrimSuffix(p, "/embed")
	p = strings.TrimSuffix(p, "/index")
	return p
}

// copyText puts text on the clipboard (best effort: the link is also
// shown in a field the learner can copy by hand).
func copyText(text string) {
	nav := app.Window().Get("navigator")
	if c := nav.Get("clipboard"); c.Truthy() {
		p := c.Call("writeText", text)
		if p.Truthy() {
			p.Call("catch", app.FuncOf(func(app.Value, []app.Value) any { return nil }))
		}
	}
}

// shareMeta is the short-link id the share handler injects into /s/{id}
// pages (<meta name="dlxlab-share" content="ID">), or "".
func shareMeta() string {
	doc := app.Window().Get("document")
	if !doc.Truthy() {
		return ""
	}
	m := doc.Call("querySelector", `meta[name="dlxlab-share"]`)
	if !m.Truthy() {
		return ""
	}
	return m.Call("getAttribute", "content").String()
}

// fetchResult is a fetch's answer: Status 0 and Err set when there was
// none (a network error, the server gone).
type fetchResult struct {
	Status      int
	ContentType string
	Body        string
	Err         string
}

// fetchDo calls fetch(url, init) and calls done on the UI goroutine (via
// ctx) with the answer. init is fetch's options ({method, headers, body}),
// nil for a plain GET.
func fetchDo(ctx app.Context, url string, init map[string]any, done func(fetchResult)) {
	var then, fail, text app.Func
	release := func() {
		then.Release()
		fail.Release()
		if text != nil {
			text.Release()
		}
	}
	fail = app.FuncOf(func(_ app.Value, args []app.Value) any {
		msg := "network error"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		ctx.Dispatch(func(app.Context) { done(fetchResult{Err: msg}) })
		release()
		return nil
	})
	then = app.FuncOf(func(_ app.Value, args []app.Value) any {
		resp := args[0]
		res := fetchResult{Status: resp.Get("status").Int()}
		if ct := resp.Get("headers").Call("get", "content-type"); ct.Truthy() {
			res.ContentType = ct.String()
		}
		text = app.FuncOf(func(_ app.Value, a []app.Value) any {
			res.Body = a[0].String()
			ctx.Dispatch(func(app.Context) { done(res) })
			release()
			return nil
		})
		resp.Call("text").Call("then", text).Call("catch", fail)
		return nil
	})
	args := []any{url}
	if init != nil {
		args = append(args, init)
	}
	app.Window().Call("fetch", args...).Call("then", then).Call("catch", fail)
}

// fetchText GETs a URL and calls done on the UI goroutine (via ctx) with
// the body, or an error text.
func fetchText(ctx app.Context, url string, done func(body string, status int, err string)) {
	fetchDo(ctx, url, nil, func(r fetchResult) { done(r.Body, r.Status, r.Err) })
}

// focusTextarea puts the caret at a line and column of a textarea.
func focusTextarea(id string, line, col int) {
	el := app.Window().GetElementByID(id)
	if !el.Truthy() {
		return
	}
	text := el.Get("value").String()
	pos := 0
	for l := 1; l < line && pos < len(text); l++ {
		i := strings.IndexByte(text[pos:], '\n')
		if i < 0 {
			break
		}
		pos += i + 1
	}
	pos += max(col-1, 0)
	pos = min(pos, len(text))
	// setSelectionRange counts UTF-16 units; the scenario text is mostly ASCII.
	el.Call("focus")
	el.Call("setSelectionRange", pos, pos)
}

// domID makes a stable element id from names that may hold any
// character (queue names often have dots): anything but letters, digits,
// '-' and '_' becomes '_', so "#count-work_dlq" is a plain CSS selector.
func domID(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			b[i] = '_'
		}
	}
	return string(b)
}
