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
// Files:
//
//	workload.go  messages, generators and Expand
//	rand.go      the seeded generator (SplitMix64)
//	strategy.go  kinds, parameters and specs
//	kinds.go     the nine kinds with their defaults, and warning codes
//	lab.go       Run and RunOne, the outcome a model fills in
//	result.go    the figures, computed from release times only
//	format.go    durations as files and tables write them
//	tiers.go     rounding a delay up to a tier or level
//	rabbitmq.go  per-message TTL and per-tier queues on core.Broker
//	plugin.go    the x-delayed-message exchange plugin
//	rocketmq.go  RocketMQ delay levels and the 5.x timer
//	poll.go      Redis sorted-set polling and the table scan
//	wheel.go     the hashed timing wheel
//	exact.go     the in-process delay queue
package delay
