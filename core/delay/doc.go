// Package delay compares the ways people delay a message, on one workload.
//
// A workload is a list of messages, each sent at a virtual time and wanting
// to be released a given delay later (explicit, or made by seeded
// generators). A strategy is a small deterministic model of one way to delay
// it, with that system's real parameters: RabbitMQ per-message TTL and
// per-tier queue TTL (both run on core.Broker itself, so head-of-line
// blocking is the broker model's, not a copy), the x-delayed-message plugin,
// RocketMQ delay levels and the 5.x timer, Redis sorted-set polling, a
// hashed timing wheel, a database table scan and an exact in-process delay
// queue. Run gives each strategy's release time per message and, from those
// alone, the same figures for every strategy: lateness percentiles, early
// and out-of-order counts, messages held over time, and the work done.
//
// Like core, the package has no wall clock and no global randomness:
// generators use their own seeded generator (rand.go), so a workload and its
// results are the same on every run and every platform. docs/delay-lab.md
// describes each model and where its behaviour comes from.
//
// Files: workload.go (messages and generators), rand.go (the seeded
// generator), strategy.go (kinds, parameters, specs), lab.go (Run),
// result.go (figures computed from release times), rabbitmq.go,
// plugin.go, rocketmq.go, poll.go (Redis and table scan), wheel.go,
// exact.go (one file per family of strategies).
package delay
