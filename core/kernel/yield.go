package kernel

import "runtime"

// YieldEvery is how many units of work (events, observed or not) a model
// does between two yields to the Go scheduler under js/wasm: for the
// RabbitMQ model about 800 dead-lettered messages, a few milliseconds.
const YieldEvery = 4096

// Yield lets the Go scheduler run other goroutines when work, a model's
// running count of events, reaches a multiple of YieldEvery; under js/wasm
// only. There one thread runs everything and nothing preempts a goroutine
// that does not block, so during a long burst of work (a publish step of
// 10,000 messages, a fast-forward) the garbage collector's background
// marker never runs: a collection cycle, once started, lasts as long as
// the burst, with write barriers on and every new object marked, while the
// heap grows to several times the live data. The wasm memory never
// shrinks, and past 64 MB the JavaScript engine runs a full collection of
// its own on every growth. Measured under Node: the RabbitMQ engine
// benchmark had one cycle lasting its whole 9 s run (heap 7 → 84 MB, the
// wasm memory 112 MB); the RocketMQ ladder benchmark one of 18 s (heap
// 15 → 151 MB). With the yield a cycle completes every second or less
// (BENCHMARKS.md "Core", "The engine's memory shape").
//
// It changes no result: one goroutine drives a model, and under js/wasm
// an allocation may already park it (a garbage-collector assist) the same
// way. Natively the runtime preempts by itself, and this compiles to nothing.
func Yield(work uint64) {
	if runtime.GOARCH == "wasm" && work%YieldEvery == 0 {
		runtime.Gosched()
	}
}
