// Package conform replays DLX Lab scenarios against a real RabbitMQ and
// diffs what the broker did with what the simulator (core, through
// scenarios.Run) says it does (docs/architecture.md "Parts").
//
// Why a top-level package and not cmd/dlxlab/conform: it is a library with
// its own tests (the diff, the AMQP table conversion, the vhost handling,
// and one integration test against a live broker), and `go test ./...`
// and build.sh find it like every other package. It must stay out of the
// browser: it dials AMQP (net, github.com/rabbitmq/amqp091-go), runs
// rabbitmqctl (os/exec) and handles signals, none of which belongs in
// app.wasm or the Worker. Nothing under core/, scenarios/, ui/, share/ or
// wasm/ imports it, and it is not in build.sh's PURE_DIRS (the packages
// also tested under GOOS=js); only cmd/dlxlab does.
//
// How one scenario is replayed (Session):
//
//   - Isolation: each scenario gets a fresh vhost (dlxlab-conform-PID-N),
//     created with rabbitmqctl and deleted at the end of the run, also
//     after a failure or Ctrl-C. Queue and exchange names are therefore
//     the simulator's own, so x-death entries, routing keys and default
//     exchange routing need no rewriting; only the vhost name in error
//     texts is put back to '/' (NormalizeVhost).
//   - Time: every duration the broker sees is multiplied by Config.Scale
//     (queue and policy TTLs, x-expires, the expiration property, waits,
//     consumer delays) and every time the runner records is divided by it
//     (Scaler). Values that are invalid are sent unchanged so the broker
//     answers the same error as the simulator.
//   - Lineage: the simulator applies a consumer's action list per delivery
//     of a message and of its dead-lettered or republished descendants. The
//     runner tags each published message with the x-dlxlab-lineage header
//     (headers-exchange all/any matching skips x- keys) and strips it from
//     every message it records.
//   - Observation: the same scenarios.Observation the simulator produces
//     (docs/scenario-format.md "Observation JSON"), so Diff can compare them field by field. Drops are
//     simulator-only (RabbitMQ drops silently) and are not compared.
//   - Broker log: with Config.LogDir, the dead-letter cycle lines the
//     scenario's queue processes wrote are compared with the simulator's
//     cycle events (brokerlog.go; docs/conformance.md "Broker log").
//   - Metrics: with Config.Metrics, the broker's Prometheus series (the
//     replay's own per-queue values, the node-wide counters' growth) are
//     compared with scenarios/metrics' (metrics_check.go;
//     docs/conformance.md "Metrics").
//
// Which broker and which profile: a Target names one of the brokers of
// .ci/brokers.sh (URL, rabbitmqctl command, log folder); with no profile
// given, the one modelling the version the broker announces is used
// (ProfileFor), and scenarios whose conform.profiles leave it out are
// reported as not applicable (docs/conformance.md "Profiles").
//
// Known divergences are listed in known.yaml (embedded; see Known).
package conform
