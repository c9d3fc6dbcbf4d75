package core

import "runtime"

// yieldEvery is how many units of work (budget.go: events, observed or
// not) the broker does between two yields to the Go scheduler under
// js/wasm: about 800 dead-lettered messages, a few milliseconds.
const yieldEvery = 4096

// yield lets the Go scheduler run other goroutines once every yieldEvery
// units of work, under js/wasm only. There one thread runs everything and
// nothing preempts a goroutine that does not block, so during a long
// burst of work (a publish step of 10,000 messages, a fast-forward) the
// garbage collector's background marker never runs: a collection cycle,
// once started, lasts as long as the burst, with write barriers on and
// every new object marked, while the heap grows to several times the live
// data. The wasm memory never shrinks, and past 64 MB the JavaScript engine
// runs a full collection of its own on every growth. Measured on the
// engine benchmark under Node: one cycle lasting the whole 9 s run, the
// heap 7 → 84 MB and the memory 112 MB without the yield; a cycle every
// 0.5–1 s and about 60 MB with it (BENCHMARKS.md "Observed paths",
// "js/wasm against native").
//
// It changes no result: one goroutine drives a broker, and under js/wasm
// an allocation may already park it (a garbage-collector assist) the same
// way. Natively the runtime preempts by itself, and this compiles to nothing.
func (b *Broker) yield() {
	if runtime.GOARCH == "wasm" && b.work%yieldEvery == 0 {
		runtime.Gosched()
	}
}
