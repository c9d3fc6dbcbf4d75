//go:build unix

package ui

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user + system) this process has used: on a
// machine shared with other work it moves far less than wall time, so
// BenchmarkFrame reports it beside ns/op.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
