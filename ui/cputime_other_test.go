//go:build !unix

package ui

import "time"

// cpuTime is not measured here (js/wasm has no getrusage): 0.
func cpuTime() time.Duration { return 0 }
