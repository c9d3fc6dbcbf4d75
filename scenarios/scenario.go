// Package scenarios reads, checks, runs and shares DLX Lab scenarios: the
// YAML / JSON files of docs/scenario-format.md "Scenario format". It is pure (no I/O, no wall clock, no
// randomness) because it is compiled into the browser's wasm too; files
// are read by cmd/dlxlab.
//
// The flow: Parse (or Decode a share link, or ImportDefinitions) gives a
// validated *Scenario; Run plays it on a core.Broker and returns the
// Observation of docs/scenario-format.md "Observation JSON"; Check compares that with the scenario's expect
// block; Encode makes the share link.
package scenarios

import (
	"fmt"
	"slices"

	"github.com/dlxlab/dlxlab/core"
)

// Limits on what a scenario may ask for, named and loud: a file
// over one of them is rejected at parse time with an error naming it.
const (
	// MaxFileSize bounds a scenario file, and a share link once decoded.
	MaxFileSize = 1 << 20
	// MaxSteps bounds the steps list.
	MaxSteps = 1_000
	// MaxPublishCount bounds `count` on one publish step.
	MaxPublishCount = 10_000
	// MaxPublishTotal bounds the messages all publish steps send together.
	MaxPublishTotal = 100_000
	// MaxConsumers bounds consumers (the consumers list and consume steps).
	MaxConsumers = 100
	// MaxEntries bounds each topology list (exchanges, queues, bindings,
	// policies) and the expect list.
	MaxEntries = 10_000
	// MaxVirtualTime bounds the sum of all waits: 30 days of virtual time.
	MaxVirtualTime Duration = 30 * 24 * Hour
	// MaxDepth bounds how deeply values (tables in arguments, headers) nest.
	MaxDepth = 32
	// MaxActions bounds a consumer's action list.
	MaxActions = 1_000
	// BudgetBase and BudgetPerMessage make a run's event budget
	// (Scenario.EventBudget): every broker event counts, at every action, so
	// a consumer that requeues for ever, or ten thousand messages published
	// into a zero-delay loop, stop with a clear error in well under a second
	// and a bounded amount of memory, in the CLI and in the browser alike.
	// Live copies and bytes held have their own bounds (core.MaxLiveCopies,
	// core.MaxBytesHeld). A message's ordinary life (publish, enqueue,
	// deliver, ack) is four events; five per message leaves room for a
	// dead-lettering, and the base for retry loops of a few messages.
	BudgetBase       = 50_000
	BudgetPerMessage = 5
)

// EventBudget is the number of broker events a run of the scenario may
// make: BudgetBase plus BudgetPerMessage for every message its publish
// steps send.
func (sc *Scenario) EventBudget() int64 {
	var n int64
	for _, st := range sc.Steps {
		if st.Publish != nil {
			n += int64(max(st.Publish.Count, 1))
		}
	}
	return BudgetBase + BudgetPerMessage*n
}

// Version is the scenario format version this package writes.
const Version = 1

// Scenario is one scenario file (docs/scenario-format.md "Scenario format"). Topology uses RabbitMQ's
// definitions.json field names. Parse fills in the defaults, so a Scenario
// built in Go should set them too: Durable true, Type "direct",
// DestinationType "queue", ApplyTo "all" (see NewQueue and friends).
type Scenario struct {
	Version int
	Title   string
	Summary string
	// TitleZH and SummaryZH are the title and summary in Simplified
	// Chinese (`title_zh`, `summary_zh`), shown when the playground's
	// language is 简体中文; "" falls back to Title and Summary. They are
	// left out of the canonical form when empty.
	TitleZH   string
	SummaryZH string
	Profile   string // "" means core.DefaultProfile
	Seed      int64
	Exchanges []Exchange
	Queues    []Queue
	Bindings  []Binding
	Policies  []Policy
	Consumers []Consumer
	Steps     []Step
	// Checkpoints are the pauses of a lesson (checkpoint.go): they do
	// not change the run, and are left out of the canonical form when
	// there are none, so links made before they existed stay the same.
	Checkpoints []Checkpoint
	Expect      []Expectation
	Conform     *Conform         // nil: the conformance runner replays it
	Layout      map[string]Point // UI canvas positions by node name

	// Name is where the scenario came from ("retry.yaml", "share link");
	// errors and failures carry it. It is not part of the scenario.
	Name string
	// Warnings say what parsing ignored (definitions.json users and
	// permissions, vhost fields): shown to the user, never encoded.
	Warnings []string
}

// Pos is where an entry starts in its source file (1-based); zero when the
// entry was not parsed from text.
type Pos struct{ Line, Col int }

// Exchange is exchange.declare.
type Exchange struct {
	Name       string
	Type       string // default "direct"
	Durable    bool   // default true
	AutoDelete bool
	Internal   bool
	Arguments  core.Table
	Pos        Pos
}

// Queue is queue.declare. The queue type is the x-queue-type argument
// (definitions.json's `type` field is read into it).
type Queue struct {
	Name       string
	Durable    bool // default true
	AutoDelete bool
	Arguments  core.Table
	Pos        Pos
}

// Binding is queue.bind / exchange.bind.
type Binding struct {
	Source          string
	Destination     string
	DestinationType string // "queue" (default) or "exchange"
	RoutingKey      string
	Arguments       core.Table
	Pos             Pos
}

// Policy is a user policy.
type Policy struct {
	Name       string
	Pattern    string
	ApplyTo    string // default "all"
	Priority   int64
	Definition core.Table
	Pos        Pos
}

// Consumer is a simulated consumer: basic.consume with a script. Actions
// apply per delivery of a message and the last one repeats; no actions
// means every delivery is held (settled by ack/reject/nack steps).
type Consumer struct {
	Name     string
	Queue    string
	Prefetch int // 0 = unlimited
	Actions  []Action
	Pos      Pos
}

// Action is one scripted response: Kind is one of the core.Act* names
// (ack, reject, nack, requeue, nack-requeue, hold, republish), after Delay
// of processing; republish publishes a copy to Exchange / RoutingKey and acks.
type Action struct {
	Kind       string
	Delay      Duration
	Exchange   string
	RoutingKey string
}

// PublishStep is basic.publish, Count times (default 1) at the same instant.
type PublishStep struct {
	Exchange   string
	RoutingKey string
	Body       string
	Properties Properties
	Mandatory  bool
	Count      int
}

// Properties are the basic properties a publish sets, with the field names
// rabbitmqadmin and the management API use. Headers are an AMQP table:
// integers are long (int64), as in definitions.json.
type Properties struct {
	ContentType     string
	ContentEncoding string
	DeliveryMode    int  // 0 = not set, 1 transient, 2 persistent
	Priority        *int // nil = not set
	CorrelationID   string
	ReplyTo         string
	Expiration      string // milliseconds as a decimal string, as in AMQP
	MessageID       string
	Timestamp       *int64 // seconds; nil = not set
	Type            string
	UserID          string
	AppID           string
	Headers         core.Table
}

// GetStep is basic.get followed by Action: ack (default), reject, nack,
// requeue (reject with requeue), hold (leave it unacked). Requeue turns
// reject / nack into their requeue=true form.
type GetStep struct {
	Queue   string
	Action  string
	Requeue bool
}

// CancelStep is basic.cancel: the consumer's unacked messages go back.
type CancelStep struct{ Consumer string }

// CloseStep closes a channel (`close: {}`: the basic.get channel; `close:
// {consumer: c}`: that consumer's, which cancels it): what it holds goes
// back to the queues, and a quorum queue counts each as a failed delivery.
type CloseStep struct{ Consumer string }

// SettleStep settles a delivery the consumer holds (action hold);
// Consumer "" means the basic.get channel. N picks which, counting the
// deliveries the channel still holds by delivery tag, oldest first: 1 (or
// 0, unset) is the oldest, 2 the next; a negative N counts from the
// newest (-1 is the newest). It is a position, not an id, because that is
// what a replay reproduces exactly and what a reader can follow: the
// same steps at the same virtual times hold the same deliveries in the
// same order, while bodies repeat (publish count) and message numbers
// are the simulator's own. Multiple settles all it holds (N unset), or,
// like AMQP's multiple flag on a delivery tag, every one up to and
// including the N-th.
type SettleStep struct {
	Consumer string
	Requeue  bool
	Multiple bool
	N        int
}

// Pick chooses what the step settles from held, the delivery tags the
// channel holds, oldest first: all of them with Multiple, else the N-th.
// kind is the step's kind and who names the channel ("consumer c",
// "basic.get"), for the error text when nothing matches; the simulator's
// runner and the conformance runner share it so both say the same.
func (st *SettleStep) Pick(kind, who string, held []uint64) ([]uint64, string) {
	if len(held) == 0 {
		return nil, fmt.Sprintf("%s: %s holds no unacked delivery (only deliveries with action hold can be settled by a step)", kind, who)
	}
	if st.Multiple && st.N == 0 {
		return held, ""
	}
	i := 0
	switch {
	case st.N > 0:
		i = st.N - 1
	case st.N < 0:
		i = len(held) + st.N
	}
	if i < 0 || i >= len(held) {
		noun := "deliveries"
		if len(held) == 1 {
			noun = "delivery"
		}
		return nil, fmt.Sprintf("%s: %s holds %d unacked %s (with action hold); n: %d names none of them", kind, who, len(held), noun, st.N)
	}
	if st.Multiple {
		return held[:i+1], ""
	}
	return held[i : i+1], ""
}

// DeclareStep declares a queue (Queue set) or an exchange (Exchange set).
type DeclareStep struct {
	Queue      string
	Exchange   string
	Type       string // exchanges only; default "direct"
	Durable    bool   // default true
	AutoDelete bool
	Internal   bool // exchanges only
	Arguments  core.Table
}

// DeleteStep deletes a queue or an exchange.
type DeleteStep struct {
	Queue    string
	Exchange string
}

// PurgeStep is queue.purge.
type PurgeStep struct{ Queue string }

// ClearPolicyStep removes a policy.
type ClearPolicyStep struct{ Name string }

// SnapshotStep (`- snapshot: NAME`) records the run as it is at this
// point: every queue's messages and unacked count, and how many
// deliveries, returns, drops and errors there have been. Expectations
// with `snapshot: NAME` are checked against it. It sends nothing to the
// broker and takes no time; names are unique within a scenario.
type SnapshotStep struct{ Name string }

// Conform says how the conformance runner treats the scenario.
type Conform struct {
	Skip string // non-empty: do not replay on a real broker, and why
	// Profiles, when not empty, lists the simulator profiles whose brokers
	// the scenario is about (a 3.x-only behaviour says rabbitmq-3.12); on a
	// broker of another profile conform reports it as not applicable.
	Profiles []string
}

// AppliesTo reports whether the scenario is meant for a broker of profile
// p: true unless Profiles names others only.
func (c *Conform) AppliesTo(p string) bool {
	return c == nil || len(c.Profiles) == 0 || slices.Contains(c.Profiles, p)
}

// Point is a node's position on the UI canvas.
type Point struct{ X, Y float64 }

// Expectation is one entry of the expect block: a subject (queue,
// consumer, delivery, drops, drop, returns, return, error, errors) and
// what must hold. Optional numbers are pointers so that 0 can be asked for.
//
// Snapshot, on any subject, checks it against the run as it was at the
// snapshot step of that name (queues as they were then, and only the
// deliveries, returns, drops and errors that had happened by then)
// instead of at the end.
type Expectation struct {
	Queue   string
	Depth   *int      // ready messages at the end
	Unacked *int      // unacked deliveries at the end
	Bodies  *[]string // ready bodies at the end, head first
	Exists  *bool     // whether the queue exists at the end (false: deleted, expired)

	Consumer   string
	Deliveries *int

	// Delivery picks the n-th delivery (Return the n-th basic.return);
	// the message fields below are compared with its message: Headers and
	// Properties as subsets (see Check; a null value means absent), Body,
	// Exchange and RoutingKey exactly. Redelivered applies to deliveries.
	Delivery    *DeliveryRef
	Headers     core.Table
	Body        *string
	Redelivered *bool
	Properties  core.Table // property names as in Properties: expiration, message_id, …
	Exchange    *string    // the exchange the message was last published or dead-lettered to
	RoutingKey  *string    // its (first) routing key

	Drops  *int   // how many drops (with Reason / DropQueue if set)
	Reason string // a drop reason (no-dlx, …) or a death reason (rejected, …)
	Drop   *DropRef

	Returns *int
	// Return picks one basic.return; ReplyCode and ReplyText (when set)
	// must equal the return's, and the message fields above apply too.
	Return    *ReturnRef
	ReplyCode int
	ReplyText string

	Error  *ErrorRef
	Errors *int

	Snapshot string // "": at the end of the run

	Pos Pos
}

// DeliveryRef names one delivery: the N-th (1-based; negative counts from
// the end) among those to Consumer, or from Queue, or by basic.get (Get).
type DeliveryRef struct {
	Consumer string
	Queue    string
	Get      bool
	N        int
}

// ReturnRef names one basic.return: the N-th (1-based; negative counts
// from the end).
type ReturnRef struct{ N int }

// DropRef asks for at least one drop that matches every field set: from
// Queue, with Reason (a drop reason or a death reason, as in drops), with
// DeathReason (the dead-letter reason that led to the drop: rejected,
// expired, maxlen, delivery_limit), of a message with Body.
type DropRef struct {
	Queue       string
	Reason      string
	DeathReason string
	Body        *string
}

// ErrorRef asks for an error; zero fields are not compared. Step is the
// 0-based index in steps, or -1 for the topology; Text matches if the
// error's text contains it.
type ErrorRef struct {
	Step  *int
	Code  int
	Text  string
	Where string
}

// NewExchange returns an exchange with the format's defaults.
func NewExchange(name string) Exchange {
	return Exchange{Name: name, Type: core.Direct, Durable: true}
}

// NewQueue returns a queue with the format's defaults.
func NewQueue(name string) Queue { return Queue{Name: name, Durable: true} }

// NewBinding returns a queue binding.
func NewBinding(source, queue, key string) Binding {
	return Binding{Source: source, Destination: queue, DestinationType: "queue", RoutingKey: key}
}

// NewPolicy returns a policy applying to all.
func NewPolicy(name, pattern string, def core.Table) Policy {
	return Policy{Name: name, Pattern: pattern, ApplyTo: "all", Definition: def}
}
