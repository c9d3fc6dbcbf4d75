// Package ui holds the go-app components of the DLX Lab playground.
//
// The same package is compiled twice: natively, where cmd/dlxlab pre-renders
// the pages into a static site (app.GenerateStaticWebsite), and as
// wasm/app, where the components mount in the browser. Components render
// state and send commands; they never compute broker behaviour themselves
// (that lives in core/, see docs/architecture.md "Parts").
package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Product texts, shared by the page metadata and the shell.
const (
	Name    = "DLX Lab"
	Tagline = "Watch messages dead-letter, retry and expire: a RabbitMQ playground that runs in your browser."
)

// Routes registers the pages. It must run before app.RunWhenOnBrowser in
// the wasm binary and before app.GenerateStaticWebsite in the generator, so
// both sides agree on the set of pages.
func Routes() {
	app.RouteFunc("/", func() app.Composer { return &Shell{} })
	// /embed is the compact, frameable variant (docs/links-and-http.md "Fragment links").
	app.RouteFunc("/embed", func() app.Composer { return &Shell{Compact: true} })
	// Short links (docs/links-and-http.md "Pages"): /s/{id} and /embed/s/{id} are these
	// pages, with the id in a meta tag the share handler injects. Only the
	// browser routes them (the generator writes no page for a pattern).
	app.RouteWithRegexpFunc(`^/s/[A-Za-z0-9_-]+$`, func() app.Composer { return &Shell{} })
	app.RouteWithRegexpFunc(`^/embed/s/[A-Za-z0-9_-]+$`, func() app.Composer { return &Shell{Compact: true} })
	// The delay lab (docs/delay-lab.md), linkable with #d= and embeddable.
	app.RouteFunc("/delay", func() app.Composer { return &DelayLabPage{} })
	app.RouteFunc("/embed/delay", func() app.Composer { return &DelayLabPage{Compact: true} })
}

// Handler describes the site for go-app. version becomes the service
// worker's cache name, so pass the commit hash in real builds: an empty
// version makes go-app invent a new one on every build. prefix is the URL
// path the site is served under ("" or "/" for the root, e.g. "/playground").
//
// Every resource is local: with go-app's default (remote) icons the service
// worker's precache fails offline and never installs.
func Handler(version, prefix string) *app.Handler {
	h := &app.Handler{
		Name:            Name,
		ShortName:       Name,
		Title:           Name + ": dead-letter exchange playground",
		Description:     Tagline,
		Lang:            "en",
		LoadingLabel:    "Loading " + Name + " {progress}%",
		BackgroundColor: "#f6f7f9",
		ThemeColor:      "#1d4f91",
		Icon: app.Icon{
			Default: "/web/icon-192.png",
			Large:   "/web/icon-512.png",
			SVG:     "/web/icon.svg",
		},
		Styles: []string{"/web/dlxlab.css", "/web/layout.css"},
		// guard.js turns a stopped Go program into a message with Reload
		// and Start empty. embed.js makes /embed click-to-load; elsewhere it
		// does nothing. Neither is deferred, so both run before go-app's
		// wasm_exec.js and app.js.
		Scripts: []string{"/web/guard.js", "/web/embed.js"},
		Version: version,
	}
	if prefix != "" && prefix != "/" {
		h.Resources = app.CustomProvider("", prefix)
	}
	return h
}
