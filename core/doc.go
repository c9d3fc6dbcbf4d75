// Package core is the RabbitMQ broker model of DLX Lab: exchanges, queues,
// bindings, policies, consumers and dead-lettering, on a virtual clock.
// It is the only place that knows broker semantics; the behaviour it
// implements, per RabbitMQ version and with its sources, is described in
// docs/rabbitmq.md, and its place among the other parts in
// docs/architecture.md "Parts".
//
// # Model: commands, events, timers
//
// A Broker changes state only in two ways:
//   - commands, the AMQP operations a client sends (DeclareQueue, Bind,
//     Publish, Consume, Get, Ack, Nack, Reject, Cancel, SetPolicy, …), and
//   - timers it set itself (a head message's TTL, a queue's x-expires
//     lease, a scripted consumer's processing delay), which fire only when
//     the caller moves virtual time with Advance or RunUntil.
//
// Every change of state is reported as an Event (published, routed,
// enqueued, delivered, acked, requeued, expired, dead-lettered, dropped
// with a reason, returned, error). The UI animates events, tests assert on
// them, and a scenario's trace is the list of them. Read-only views
// (Queues, Messages, MessagesRange, Unacked, Exchanges, Bindings, Policies)
// copy what they return.
//
// The package is pure and deterministic: no I/O, no wall clock, no
// randomness. Timers are ordered by (virtual time, sequence number) and no
// map iteration decides an order, so the same commands at the same virtual
// times give the same events, byte for byte. A Profile pins behaviour where
// RabbitMQ versions differ (docs/rabbitmq.md "Versions and profiles").
//
// # Accounting invariant
//
// Every message copy ever enqueued is, at every moment, in exactly one
// place: ready in a queue, unacked on a channel, in a quorum queue's
// at-least-once backlog, acked, dead-lettered onward, or dropped with a
// recorded reason (DropNoDLX, DropDLXMissing, …). Nothing disappears
// silently, even where RabbitMQ drops a message without a word.
// CheckInvariants verifies it; the tests call it after every step and the
// fuzz test after every random operation. A work budget (WithEventBudget,
// Budget) bounds what one run may do, so no input can hang a caller.
//
// # Files
//
// One concept per file:
//
//	account.go        CheckInvariants: the accounting invariant
//	argspec.go        the arguments each queue type knows, their kinds and enum values
//	atleastonce.go    quorum at-least-once dead-lettering and its backlog
//	bind.go           queue.bind / exchange.bind and unbind
//	broker.go         Broker, New and its options, simulator limits
//	budget.go         the work budget: events, live copies, bytes held
//	channel.go        channels: delivery tags, basic.get, ack / nack / reject
//	clock.go          Time and the timer heap
//	consumer.go       consumers and their scripted actions, prefetch, cancel
//	deadletter.go     dead-lettering: death records, republish, cycle detection
//	delivery_count.go failed-delivery counts carried across dead-lettering (4.x), redelivered
//	doc.go            this overview
//	equivalence.go    redeclare: arguments compared with the queue's
//	enqueue.go        putting a copy in a queue: TTL, length limits, overflow
//	erlterm.go        AMQP values as Erlang terms for reply texts (printer: internal/erlterm)
//	errors.go         AMQP reply codes and Error
//	event.go          Event kinds, drop reasons, death reasons
//	expiration.go     the expiration property and the ten-year bound
//	exchange.go       exchange types and declared exchanges
//	headers.go        the headers a consumer sees (x-death, first/last death, quorum counts)
//	headers_match.go  headers exchange matching
//	inspect.go        read-only views for the UI, the runner and tests
//	inspect_headers.go EachReadyHeaders: a queue's headers rendered only where they change
//	message.go        Message and its properties
//	mirroring.go      classic mirroring policy keys: accepted on 3.x, refused on 4.x
//	policy.go         policies: choice per queue and effective values
//	policy_validate.go policy definitions, apply-to and pattern checked
//	profile.go        Profile: what differs between RabbitMQ versions
//	publish.go        basic.publish: checks, routing, mandatory returns
//	queue.go          Queue and its effective configuration
//	queue_args.go     queue.declare of a new queue: name, type and argument checks
//	ready.go          a queue's ready list and its entries
//	requeue.go        returned messages: position, quorum delivery limit
//	resolve.go        names resolved to exchanges and queues once per topology change
//	route.go          routing through exchanges, e2e bindings, alternate exchanges
//	shortstr.go       AMQP short strings: names, keys, properties at most 255 bytes
//	time.go           Advance, RunUntil, At, NextEventTime: moving virtual time
//	topic.go          topic exchange matching
//	topology.go       declare and delete of exchanges and queues, purge
//	topology_query.go questions a topology checker asks, answered with the broker's rules
//	value.go          AMQP field values and tables
//
// A test (TestFileMapComplete) fails when a file is missing from this
// list or listed but gone.
package core
