//go:build js && wasm

// Command app is the browser side of DLX Lab: build it with
// GOOS=js GOARCH=wasm into dist/web/app.wasm (./build.sh build). It only
// registers the routes and hands over to go-app; everything else is in ui/.
package main

import (
	"github.com/dlxlab/dlxlab/ui"
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

func main() {
	ui.Routes()
	app.RunWhenOnBrowser()
}
