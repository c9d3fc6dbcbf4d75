// Package rocketmq is a pure, deterministic model of how Apache RocketMQ
// (4.9 to 5.3) handles messages whose consumption fails: the retry topic,
// the delay-level ladder, orderly retry in place, broadcasting drops, the
// 5.x retry policies and the dead-letter topic. Like the RabbitMQ model in
// core, it does no I/O and reads no wall clock: time is virtual and moves
// only when the caller says so.
//
// Every rule is explained, with the RocketMQ class and method it was read
// from, in docs/rocketmq.md.
package rocketmq
