// Package kernel is what the broker models of DLX Lab share: virtual time,
// pending timers fired in (time, sequence) order, the loop that moves time
// forward under two work limits, the head of every event line, and, under
// js/wasm, a yield to the Go scheduler every few thousand events (Yield).
//
// Both the RabbitMQ model (package core) and the RocketMQ model (package
// core/rocketmq) are driven by it, so "fast-forward 4 hours" means the same
// thing in both and two timers due at the same instant always fire in the
// order they were set, never by chance. Like its users, it does no I/O and
// reads no wall clock.
package kernel
