//go:build js && wasm

// Command app is the browser side of DLX Lab: build it with
// GOOS=js GOARCH=wasm into dist/web/app.wasm (./build.sh build). It only
// registers the routes and hands over to go-app; everything else is in ui/.
package main

import (
	"syscall/js"

	"github.com/dlxlab/dlxlab/ui"
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

func main() {
	// The marks split the first render into the Go runtime and package
	// inits (before main), the routes, and go-app's start and first render
	// (e2e TestStartupFigures reads them; DevTools shows them too).
	mark("go:main")
	ui.Routes()
	mark("go:routes")
	app.RunWhenOnBrowser()
}

func mark(name string) {
	if p := js.Global().Get("performance"); p.Truthy() && p.Get("mark").Truthy() {
		p.Call("mark", name)
	}
}
