package scenarios

import (
	"errors"
	"fmt"
	"io"
	"math"
	"sort"

	"github.com/dlxlab/dlxlab/core"
)

// Options change how a scenario runs.
type Options struct {
	// Profile overrides the scenario's profile ("" keeps it).
	Profile string
	// AfterStep, if set, is called after the topology and consumers are set
	// up (step -1) and after every step, with the broker. Tests check
	// core invariants there; it must not change the broker.
	AfterStep func(step int, b *core.Broker)
	// Sink, if set, sees every broker event as it happens (the UI).
	Sink func(core.Event)
	// MaxEvents overrides the scenario's event budget (0 keeps
	// Scenario.EventBudget).
	MaxEvents int
	// NoTrace skips building Observation.Trace (it stays empty): one
	// formatted line per broker event is most of a long run's cost, and
	// only `dlxlab run` prints it. Everything else in the Observation is
	// the same with or without it.
	NoTrace bool
	// Trace, if set, receives the trace as it happens, one line per event
	// (and per step), each ended by a newline, instead of keeping it in
	// Observation.Trace: a long run's trace then never sits in memory.
	// `dlxlab run` hands it its buffered standard output.
	Trace io.Writer
	// EventLog keeps every broker event in the broker's log
	// (Broker().Events()), as the playground and the metrics read it. The
	// runner itself needs no log: without it, events live only until
	// they are turned into the observation.
	EventLog bool
	// SinkOnly hands the events to Sink and keeps none: no Observation is
	// built from them (Observation then has the clock, the queue states
	// and the errors the runner found itself, not the broker's) and no
	// trace. The playground, which keeps what it shows itself, runs this
	// way so that a long run between two steps buffers nothing; the
	// deliveries held by hand, which settle steps pick from, are still
	// tracked.
	SinkOnly bool
	// BodiesOnly keeps only the body and the redelivered flag of each
	// message in the queue states (Observation.Queues and snapshots), no
	// properties or headers: all that Check reads of a queue. A queue
	// holding 100,000 dead-lettered messages then costs a few bytes a
	// message instead of a rendered x-death table each (`dlxlab check`).
	BodiesOnly bool
	// TerminalTrace makes the control characters of the trace written to
	// Trace visible as the CLI's escaper would (AppendTerminal): its
	// quoted fields have none left (strconv.Quote), so only the names it
	// prints unquoted and the runner's own lines are looked at, and
	// `dlxlab run` writes the trace out without scanning it again.
	TerminalTrace bool
	// Unbounded lifts the broker's limits on live copies and bytes held
	// (core.MaxLiveCopies, core.MaxBytesHeld), for a file read by
	// ParseUnbounded: local benchmarking only. The event budget stays
	// (it grows with the messages the file publishes).
	Unbounded bool
}

// Run plays a scenario from start to end and returns what it showed.
// Broker errors (a 406 on declare, a 404 on publish) do not stop the run:
// they are recorded in Observation.Errors, as a client script would go on
// after reopening its channel. The error is for a scenario that cannot
// run at all (an unknown profile).
func Run(sc *Scenario, opts Options) (*Observation, error) {
	r, err := NewRunner(sc, opts)
	if err != nil {
		return nil, err
	}
	for !r.Done() {
		r.Step()
	}
	return r.Observation(), nil
}

// Runner plays a scenario one step at a time (the UI's step button).
type Runner struct {
	sc   *Scenario
	opts Options
	b    *core.Broker
	next int // index of the next step
	// events are the broker events not yet turned into the observation
	// (collect empties it); emitted counts every event since the start.
	// With Options.EventLog the broker's log is read instead, from seen.
	events  []core.Event
	emitted int
	seen    int

	obs      Observation
	pending  []Consumer                 // listed consumers whose queue does not exist yet
	held     map[string]map[uint64]bool // channel → tags delivered with action hold
	halted   bool                       // a limit stopped the run
	line     []byte                     // the trace line being written (Options.Trace)
	lineT    core.Time                  // the time of lineTime
	lineTime []byte                     // its time column, and a space

}

// NewRunner builds the broker, declares the topology (policies, exchanges,
// queues, bindings, in that order, as RabbitMQ's definitions import does)
// and attaches the consumers. No step has run yet.
func NewRunner(sc *Scenario, opts Options) (*Runner, error) {
	name := sc.Profile
	if opts.Profile != "" {
		name = opts.Profile
	}
	profile, err := core.ParseProfile(name)
	if err != nil {
		return nil, err
	}
	events := sc.EventBudget()
	if opts.MaxEvents > 0 {
		events = int64(opts.MaxEvents)
	}
	r := &Runner{sc: sc, opts: opts, held: map[string]map[uint64]bool{}}
	budget := core.Budget{Events: events}
	if opts.Unbounded {
		budget.Copies, budget.Bytes = math.MaxInt64, math.MaxInt64
	}
	coreOpts := []core.Option{core.WithBudget(budget), core.WithEventSink(r.receive)}
	if opts.EventLog {
		coreOpts = append(coreOpts, core.WithEventLog())
	}
	r.b = core.New(profile, coreOpts...)
	r.obs = Observation{Profile: string(profile), Queues: map[string]QueueState{},
		Deliveries: []Delivery{}, Returns: []Return{}, Drops: []Drop{}, Errors: []StepError{}}
	r.setup()
	return r, nil
}

// receive is the broker's event sink: the event waits in r.events until
// the next collect, which knows the step it belongs to.
func (r *Runner) receive(ev core.Event) {
	switch {
	case r.opts.SinkOnly:
		if ev.Kind == core.EvDelivered && ev.Consumer != "" && ev.Action == core.ActHold {
			r.hold(ev.Consumer, ev.Tag)
		}
	case !r.opts.EventLog: // else the broker's log holds it already, and collect traces it
		// Its trace line is written now, in the order collect would write
		// it (the runner writes its own lines only between commands, when
		// no event waits), and only what the observation is made of waits.
		if r.tracing() {
			r.traceEvent(&ev)
		}
		if observed(ev.Kind) {
			r.events = append(r.events, ev)
		}
	}
	r.emitted++
	if r.opts.Sink != nil {
		r.opts.Sink(ev)
	}
}

// Broker is the broker the scenario runs on (read it; do not command it).
func (r *Runner) Broker() *core.Broker { return r.b }

// Scenario is the scenario being run.
func (r *Runner) Scenario() *Scenario { return r.sc }

// Next is the index of the step Step will run.
func (r *Runner) Next() int { return r.next }

// Done reports that every step has run, or that a limit stopped the run.
func (r *Runner) Done() bool { return r.halted || r.next >= len(r.sc.Steps) }

func (r *Runner) setup() {
	r.trace("-- topology")
	for i, p := range r.sc.Policies {
		r.call(-1, fmt.Sprintf("policies[%d]", i), r.b.SetPolicy(corePolicy(p)))
	}
	for i, x := range r.sc.Exchanges {
		r.call(-1, fmt.Sprintf("exchanges[%d]", i), r.b.DeclareExchange(core.ExchangeDecl{Name: x.Name, Type: x.Type,
			Durable: x.Durable, AutoDelete: x.AutoDelete, Internal: x.Internal, Args: x.Arguments.Clone()}))
	}
	for i, q := range r.sc.Queues {
		r.call(-1, fmt.Sprintf("queues[%d]", i), r.b.DeclareQueue(core.QueueDecl{Name: q.Name, Durable: q.Durable,
			AutoDelete: q.AutoDelete, Args: q.Arguments.Clone()}))
	}
	for i, bd := range r.sc.Bindings {
		r.call(-1, fmt.Sprintf("bindings[%d]", i), r.b.Bind(coreBinding(bd)))
	}
	for i, c := range r.sc.Consumers {
		if _, ok := r.b.Queue(c.Queue); !ok && r.sc.DeclaresQueue(c.Queue) {
			r.pending = append(r.pending, c) // attached when a step declares its queue
			continue
		}
		r.call(-1, fmt.Sprintf("consumers[%d]", i), r.b.Consume(consumerSpec(c)))
	}
	r.after(-1)
}

// Step runs the next step and reports whether one ran.
func (r *Runner) Step() bool {
	if r.Done() {
		return false
	}
	i := r.next
	r.next++
	s := &r.sc.Steps[i]
	if r.tracing() {
		r.trace(fmt.Sprintf("-- step %d: %s", i, s.Describe()))
	}
	r.runStep(i, s)
	r.after(i)
	r.checkBudget(i)
	return true
}

// checkBudget halts the run once the broker's work budget is spent: one
// error with the broker's text, and no further step runs.
func (r *Runner) checkBudget(step int) {
	if err := r.b.Spent(); err != nil && !r.halted {
		r.halted = true
		r.runnerError(step, err.Error())
	}
}

func (r *Runner) after(step int) {
	r.collect(step, "")
	if r.opts.AfterStep != nil {
		r.opts.AfterStep(step, r.b)
	}
}

func (r *Runner) runStep(i int, s *Step) {
	if k := s.kind(); k != nil {
		k.run(r, i, s)
	}
}

// publish sends a publish step's Count messages, as long as the work
// budget lasts.
func (r *Runner) publish(i int, p *PublishStep) {
	for n := 0; n < p.Count && r.b.Spent() == nil; n++ {
		_, err := r.b.Publish(core.Publishing{Exchange: p.Exchange, RoutingKey: p.RoutingKey, Mandatory: p.Mandatory,
			Props: coreProps(p.Properties), Headers: p.Properties.Headers.Clone(), Body: p.Body})
		r.call(i, "", err)
	}
}

// snapshot records the state for the expectations of a snapshot step.
func (r *Runner) snapshot(i int, sn *SnapshotStep) {
	r.collect(i, "")
	r.obs.Snapshots = append(r.obs.Snapshots, Snapshot{Name: sn.Name, Step: i, ClockMS: int64(r.b.Now()),
		Queues: r.queueStates(), Deliveries: len(r.obs.Deliveries), Returns: len(r.obs.Returns),
		Drops: len(r.obs.Drops), Errors: len(r.obs.Errors)})
}

// wait moves time to the end of the wait. A run that keeps the broker
// busy for ever stops when the work budget is spent (checkBudget); a
// per-instant limit (core.MaxTimersPerInstant) is an error of this step,
// and time goes on past that instant.
func (r *Runner) wait(i int, d Duration) {
	target := r.b.Now() + core.Time(d)
	for {
		before := r.emitted
		err := r.b.RunUntil(target)
		if errors.Is(err, core.ErrBudget) {
			return
		}
		r.call(i, "", err)
		// After a per-instant limit the broker has dropped that instant's
		// timers: go on from there, unless nothing happened at all.
		if err == nil || r.emitted == before && r.b.NextEventTime() > target {
			return
		}
	}
}

func (r *Runner) declare(i int, d *DeclareStep) {
	if d.Exchange != "" {
		r.call(i, "", r.b.DeclareExchange(core.ExchangeDecl{Name: d.Exchange, Type: d.Type, Durable: d.Durable,
			AutoDelete: d.AutoDelete, Internal: d.Internal, Args: d.Arguments.Clone()}))
		return
	}
	err := r.b.DeclareQueue(core.QueueDecl{Name: d.Queue, Durable: d.Durable, AutoDelete: d.AutoDelete, Args: d.Arguments.Clone()})
	r.call(i, "", err)
	if err != nil {
		return
	}
	kept := r.pending[:0]
	for _, c := range r.pending {
		if c.Queue == d.Queue {
			r.call(i, "", r.b.Consume(consumerSpec(c)))
		} else {
			kept = append(kept, c)
		}
	}
	r.pending = kept
}

// get runs basic.get and settles the message as the step says.
func (r *Runner) get(i int, g *GetStep) {
	act := g.Action
	if g.Requeue && act == core.ActReject {
		act = core.ActRequeue
	} else if g.Requeue && act == core.ActNack {
		act = core.ActNackRequeue
	}
	res, ok, err := r.b.GetFor("", g.Queue, act)
	r.call(i, "", err)
	if err != nil {
		return
	}
	if !ok {
		if r.tracing() {
			r.trace(fmt.Sprintf("%s get-empty      queue=%s", fmtTime(r.b.Now()), g.Queue))
		}
		return
	}
	var serr error
	switch act {
	case core.ActAck:
		serr = r.b.Ack("", res.Tag, false)
	case core.ActReject:
		serr = r.b.Reject("", res.Tag, false)
	case core.ActRequeue:
		serr = r.b.Reject("", res.Tag, true)
	case core.ActNack:
		serr = r.b.Nack("", res.Tag, false, false)
	case core.ActNackRequeue:
		serr = r.b.Nack("", res.Tag, false, true)
	case core.ActHold:
		r.hold(core.GetChannel, res.Tag)
	}
	r.call(i, "", serr)
}

func (r *Runner) hold(channel string, tag uint64) {
	if r.held[channel] == nil {
		r.held[channel] = map[uint64]bool{}
	}
	r.held[channel][tag] = true
}

// settle acks / rejects / nacks the delivery the step picks among those
// the consumer (or the basic.get channel) holds: the n-th oldest, or every
// one with multiple (SettleStep.Pick).
func (r *Runner) settle(i int, s *Step) {
	st, kind := s.Settle(), s.Kind()
	// A caller that moves the broker's time itself (the UI's playback)
	// may have let deliveries happen since the last step: take them in.
	r.collect(i, "")
	channel := ChannelOf(st.Consumer)
	tags, problem := st.Pick(kind, st.Who(), r.heldTags(channel))
	if problem != "" {
		r.runnerError(i, problem)
		return
	}
	for _, tag := range tags {
		delete(r.held[channel], tag)
		var err error
		switch kind {
		case StepAck:
			err = r.b.Ack(channel, tag, false)
		case StepReject:
			err = r.b.Reject(channel, tag, st.Requeue)
		case StepNack:
			err = r.b.Nack(channel, tag, false, st.Requeue)
		}
		r.call(i, "", err)
	}
}

// ChannelOf is the broker channel of a settle step's consumer: its own,
// or core.GetChannel for basic.get ("").
func ChannelOf(consumer string) string {
	if consumer == "" {
		return core.GetChannel
	}
	return consumer
}

// Held lists, oldest first, the delivery tags a consumer ("" for basic.get)
// holds with action hold and has not settled: what an ack / reject / nack
// step picks from, so SettleStep.N counts in this list. It takes in the
// events since the last step first (a caller may have moved time).
func (r *Runner) Held(consumer string) []uint64 {
	r.collect(r.next-1, "")
	return r.heldTags(ChannelOf(consumer))
}

// heldTags lists, oldest first, the held deliveries still unacked on a channel.
func (r *Runner) heldTags(channel string) []uint64 {
	var tags []uint64
	for _, d := range r.b.Unacked() {
		if d.Channel == channel && r.held[channel][d.Tag] {
			tags = append(tags, d.Tag)
		}
	}
	sort.Slice(tags, func(a, b int) bool { return tags[a] < tags[b] })
	return tags
}

// call records a command's outcome. The broker records its errors as
// events (collect turns them into Errors); an error it returned without
// one is recorded here so nothing is lost.
func (r *Runner) call(step int, where string, err error) {
	if errors.Is(err, core.ErrBudget) {
		r.collect(step, where)
		return // recorded once, by checkBudget
	}
	before := len(r.obs.Errors)
	r.collect(step, where)
	if err != nil && len(r.obs.Errors) == before {
		code := 0
		if ce, ok := err.(*core.Error); ok {
			code = ce.Code
		}
		r.obs.Errors = append(r.obs.Errors, StepError{Step: step, Where: where, Code: code, Text: errText(err)})
	}
}

func errText(err error) string {
	if ce, ok := err.(*core.Error); ok {
		return ce.Text
	}
	return err.Error()
}

func (r *Runner) runnerError(step int, text string) {
	r.obs.Errors = append(r.obs.Errors, StepError{Step: step, Code: 0, Text: text})
	if r.tracing() {
		r.trace(fmt.Sprintf("%s %-14s %s", fmtTime(r.b.Now()), "step-error", text))
	}
}

// tracing reports whether trace lines are kept (Options.NoTrace unset):
// callers check it before formatting a line.
func (r *Runner) tracing() bool { return !r.opts.NoTrace }

// trace adds a line to the trace unless Options.NoTrace is set: written
// to Options.Trace if set, else kept in Observation.Trace.
func (r *Runner) trace(line string) {
	if !r.tracing() {
		return
	}
	if r.opts.Trace != nil {
		if r.opts.TerminalTrace {
			r.line = append(AppendTerminal(r.line[:0], line), '\n')
		} else {
			r.line = append(append(r.line[:0], line...), '\n')
		}
		r.opts.Trace.Write(r.line)
		return
	}
	r.obs.Trace = append(r.obs.Trace, line)
}

// Observation returns what the run has shown so far: events turned into
// deliveries, returns, drops and errors, and the queues as they are now.
func (r *Runner) Observation() *Observation {
	r.collect(r.next-1, "")
	return r.observation(r.queueStates())
}

// observation copies what the run has collected, with queues as the
// final queue states.
func (r *Runner) observation(queues map[string]QueueState) *Observation {
	o := r.obs
	o.ClockMS = int64(r.b.Now())
	o.Queues = queues
	o.Deliveries = append([]Delivery{}, r.obs.Deliveries...)
	o.Returns = append([]Return{}, r.obs.Returns...)
	o.Drops = append([]Drop{}, r.obs.Drops...)
	o.Errors = append([]StepError{}, r.obs.Errors...)
	o.Trace = append([]string{}, r.obs.Trace...)
	o.Snapshots = append([]Snapshot(nil), r.obs.Snapshots...)
	return &o
}

// queueStates reads every queue as it is now (the run only looks).
func (r *Runner) queueStates() map[string]QueueState {
	out := map[string]QueueState{}
	for _, q := range r.b.Queues() {
		if r.opts.BodiesOnly {
			out[q.Name] = QueueState{Messages: r.bodies(q), Unacked: q.Unacked}
			continue
		}
		msgs := []QueuedMessage{}
		for _, mv := range r.b.Messages(q.Name, 0) {
			msgs = append(msgs, QueuedMessage{messageOf(mv.Msg, mv.Headers), mv.Redelivered})
		}
		out[q.Name] = QueueState{Messages: msgs, Unacked: q.Unacked}
	}
	return out
}

// bodies lists a queue's ready messages with their bodies and redelivered
// flags only (Options.BodiesOnly): no header table is built for them.
func (r *Runner) bodies(q core.QueueView) []QueuedMessage {
	msgs := make([]QueuedMessage, 0, q.Ready)
	r.b.EachReady(q.Name, func(mv core.MessageView) bool {
		msgs = append(msgs, QueuedMessage{Message{Body: mv.Msg.Body}, mv.Redelivered})
		return true
	})
	return msgs
}
