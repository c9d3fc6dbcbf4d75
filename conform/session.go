package conform

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// Session replays one scenario on a real broker, in its own vhost, and
// records a scenarios.Observation. It mirrors scenarios.Runner: topology
// first (policies, exchanges, queues, bindings, then consumers), then the
// steps in order; an error is recorded and the run goes on on a reopened
// channel, as a client script would.
//
// Three connections keep one role's failures from hurting another, as in
// the simulator, where an error closes nothing: topology and publishes
// (a channel in confirm mode, so each publish step's errors and
// basic.returns are known before the next step), consumers (one channel
// each, with its own basic.qos), and basic.get (one channel, like the
// simulator's core.GetChannel).
type Session struct {
	sc      *scenarios.Scenario
	url     string
	vhost   string
	admin   Admin
	profile string
	scale   *Scaler
	clock   *clock
	quiet   time.Duration // silence that settles the broker (quietFor)

	topoConn, consConn, getConn *amqp.Connection
	topo                        *channel
	get                         *channel
	returns                     sync.WaitGroup

	mu           sync.Mutex
	step         int  // step being run; -1 for the topology (errors found later are attributed to it)
	overflow     bool // maxDeliveries was reached
	ending       bool // the last step has run: no new delayed action
	stopped      bool // the final state is being read: no action at all
	lastActivity time.Time
	deliveries   []scenarios.Delivery
	returned     []scenarios.Return
	errs         []scenarios.StepError
	snapshots    []scenarios.Snapshot
	consumers    map[string]*consumer
	order        []*consumer
	pending      []scenarios.Consumer
	getHeld      []uint64
	getOut       map[uint64]string // unacked basic.get tag → queue
	// beforeDrain, if set, runs after the last step, before the queues are
	// read back (the metrics check reads the broker's counters there).
	beforeDrain func()
	lineage     int
}

// channel is an AMQP channel and its close notification.
type channel struct {
	ch     *amqp.Channel
	closed chan *amqp.Error
}

func newSession(sc *scenarios.Scenario, url, vhost, profile string, admin Admin, scale *Scaler) *Session {
	return &Session{sc: sc, url: url, vhost: vhost, admin: admin, profile: profile, scale: scale,
		clock: newClock(scale), step: -1, consumers: map[string]*consumer{}, getOut: map[uint64]string{}, quiet: quietFor(sc)}
}

// Run plays the scenario and returns what the broker showed. The error is
// for a run that could not happen (no connection, rabbitmqctl failing,
// ctx cancelled); broker refusals are in the observation.
func (s *Session) Run(ctx context.Context) (obs *scenarios.Observation, err error) {
	if err := s.connect(); err != nil {
		return nil, err
	}
	defer s.closeAll()
	if err := s.setup(ctx); err != nil {
		return nil, err
	}
	s.clock.Restart()
	for i := range s.sc.Steps {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if needsSettle(&s.sc.Steps[i]) {
			s.settle()
		}
		s.setStep(i)
		if err := s.runStep(ctx, i, &s.sc.Steps[i]); err != nil {
			return nil, fmt.Errorf("step %d (%s): %w", i, s.sc.Steps[i].Kind(), err)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	obs = s.finish()
	s.mu.Lock()
	overflow := s.overflow
	s.mu.Unlock()
	if overflow {
		return obs, fmt.Errorf("more than %d deliveries: the run was cut short (give a scenario that loops for ever `conform: {skip: reason}`)", maxDeliveries)
	}
	return obs, nil
}

func (s *Session) dial(role string) (*amqp.Connection, error) {
	props := amqp.NewConnectionProperties()
	props.SetClientConnectionName("dlxlab conform " + role + " (" + s.sc.Name + ")")
	c, err := amqp.DialConfig(s.url, amqp.Config{Vhost: s.vhost, Properties: props, Heartbeat: 10 * time.Second})
	if err != nil {
		return nil, fmt.Errorf("connect to %s vhost %s: %w", redactURL(s.url), s.vhost, err)
	}
	return c, nil
}

func (s *Session) connect() error {
	var err error
	if s.topoConn, err = s.dial("topology"); err != nil {
		return err
	}
	if s.consConn, err = s.dial("consumers"); err != nil {
		return err
	}
	if s.getConn, err = s.dial("get"); err != nil {
		return err
	}
	if s.topo, err = s.openTopo(); err != nil {
		return err
	}
	s.get, err = openChannel(s.getConn)
	return err
}

func openChannel(conn *amqp.Connection) (*channel, error) {
	ch, err := conn.Channel()
	if err != nil {
		return nil, err
	}
	return &channel{ch: ch, closed: ch.NotifyClose(make(chan *amqp.Error, 1))}, nil
}

// openTopo opens the topology channel in confirm mode and collects its
// basic.returns; the connection is redialled if an error closed it.
func (s *Session) openTopo() (*channel, error) {
	if s.topoConn.IsClosed() {
		c, err := s.dial("topology")
		if err != nil {
			return nil, err
		}
		s.topoConn = c
	}
	c, err := openChannel(s.topoConn)
	if err != nil {
		return nil, err
	}
	if err := c.ch.Confirm(false); err != nil {
		return nil, err
	}
	rets := c.ch.NotifyReturn(make(chan amqp.Return, 64))
	s.returns.Add(1)
	go func() {
		defer s.returns.Done()
		for r := range rets {
			s.mu.Lock()
			s.lastActivity = time.Now()
			s.returned = append(s.returned, scenarios.Return{TMS: s.clock.Now(), ReplyCode: int(r.ReplyCode),
				ReplyText: r.ReplyText, Message: returnMessage(&r, s.scale)})
			s.mu.Unlock()
		}
	}()
	return c, nil
}

func (s *Session) closeAll() {
	for _, c := range []*amqp.Connection{s.topoConn, s.consConn, s.getConn} {
		if c != nil && !c.IsClosed() {
			_ = c.Close()
		}
	}
	s.returns.Wait()
}

// Settling: the simulator runs every consequence due at an instant (a
// consumer's zero-delay reject, the dead letter it makes, the next
// delivery) before the next step; a real broker needs a millisecond or so
// per hop. So before a step that depends on the broker's state (get,
// settling held deliveries, cancel, delete, purge, a policy or a topology
// change), and before the final state is read, the runner waits until
// the broker has sent nothing for settleQuiet (at most settleMax). That
// wait is left out of the times recorded until the next wait step
// (clock.Borrow): at scale 0.1 each 5 ms would otherwise read as 50 ms.
// A quorum queue's dead letters leave after its Raft log is written, with
// nothing sent to any client meanwhile; on a loaded machine that took
// longer than 5 ms (a basic.get right after a poison message's last
// requeue found the DLQ still empty), so scenarios with quorum queues
// wait for a longer silence.
const (
	settleQuiet       = 5 * time.Millisecond
	settleQuietQuorum = 40 * time.Millisecond
	settleMax         = 250 * time.Millisecond
)

// quietFor is the silence that settles a scenario's broker.
func quietFor(sc *scenarios.Scenario) time.Duration {
	if hasQuorum(sc) {
		return settleQuietQuorum
	}
	return settleQuiet
}

// hasQuorum reports a scenario that declares a quorum queue.
func hasQuorum(sc *scenarios.Scenario) bool {
	quorum := func(args core.Table) bool { return args["x-queue-type"] == "quorum" }
	for _, q := range sc.Queues {
		if quorum(q.Arguments) {
			return true
		}
	}
	for _, st := range sc.Steps {
		if st.Declare != nil && st.Declare.Queue != "" && quorum(st.Declare.Arguments) {
			return true
		}
	}
	return false
}

// needsSettle says whether a step depends on earlier steps having played
// out. Publishes follow each other on one channel in order, a wait lets
// time pass anyway, and a consume step only adds a consumer.
func needsSettle(st *scenarios.Step) bool {
	switch st.Kind() {
	case scenarios.StepPublish, scenarios.StepWait, scenarios.StepConsume:
		return false
	}
	return true
}

func (s *Session) settle() {
	start := time.Now()
	defer func() { s.clock.Borrow(time.Since(start)) }()
	for {
		s.mu.Lock()
		from := s.lastActivity
		s.mu.Unlock()
		if from.Before(start) {
			from = start
		}
		quiet := time.Since(from)
		if quiet >= s.quiet || time.Since(start) >= settleMax {
			return
		}
		time.Sleep(s.quiet - quiet)
	}
}

func (s *Session) setStep(i int) {
	s.mu.Lock()
	s.step = i
	s.mu.Unlock()
}

// record adds a broker refusal to the observation.
func (s *Session) record(step int, where string, code int, text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.recordLocked(step, where, code, text)
}

func (s *Session) recordLocked(step int, where string, code int, text string) {
	s.errs = append(s.errs, scenarios.StepError{Step: step, Where: where, Code: code,
		Text: s.scale.UnscaleText(NormalizeVhost(text, s.vhost))})
}

// brokerError reads the code and text of a refusal; ok is false for an
// error that is not the broker's (a broken connection).
func brokerError(err error) (code int, text string, ok bool) {
	var ae *amqp.Error
	if errors.As(err, &ae) {
		return ae.Code, ae.Reason, true
	}
	var be *BrokerError
	if errors.As(err, &be) {
		return be.Code, be.Text, true
	}
	return 0, "", false
}

// topoCall runs fn on the topology channel. A channel (or connection)
// error is recorded against step / where and the channel reopened; the
// returned error is the refusal (nil when fn succeeded), or a failure of
// the run itself wrapped in runError.
func (s *Session) topoCall(step int, where string, fn func(ch *amqp.Channel) error) error {
	err := fn(s.topo.ch)
	if err == nil {
		return nil
	}
	code, text, ok := brokerError(err)
	if !ok || errors.Is(err, amqp.ErrClosed) {
		return runError{err}
	}
	s.record(step, where, code, text)
	if rerr := s.reopenTopo(); rerr != nil {
		return runError{rerr}
	}
	return err
}

func (s *Session) reopenTopo() error {
	if !s.topo.ch.IsClosed() {
		return nil
	}
	c, err := s.openTopo()
	if err != nil {
		return err
	}
	s.topo = c
	return nil
}

// runError marks a failure of the run (not a broker refusal).
type runError struct{ err error }

func (e runError) Error() string { return e.err.Error() }
func (e runError) Unwrap() error { return e.err }

// fatal passes on a failure of the run and swallows recorded refusals.
func fatal(err error) error {
	var re runError
	if errors.As(err, &re) {
		return re.err
	}
	return nil
}

func (s *Session) nextLineage() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lineage++
	return strconv.Itoa(s.lineage)
}

// setup declares the topology in the simulator's order and attaches the
// consumers; a consumer whose queue a later step declares waits for it.
func (s *Session) setup(ctx context.Context) error {
	sc := s.sc
	for i, p := range sc.Policies {
		if err := s.setPolicy(ctx, -1, fmt.Sprintf("policies[%d]", i), p); err != nil {
			return err
		}
	}
	for i, x := range sc.Exchanges {
		err := s.topoCall(-1, fmt.Sprintf("exchanges[%d]", i), func(ch *amqp.Channel) error {
			return ch.ExchangeDeclare(x.Name, x.Type, x.Durable, x.AutoDelete, x.Internal, false, toAMQPTable(x.Arguments))
		})
		if err := fatal(err); err != nil {
			return err
		}
	}
	for i, q := range sc.Queues {
		err := s.topoCall(-1, fmt.Sprintf("queues[%d]", i), func(ch *amqp.Channel) error {
			_, err := ch.QueueDeclare(q.Name, q.Durable, q.AutoDelete, false, false, toAMQPTable(s.scale.Args(q.Arguments)))
			return err
		})
		if err := fatal(err); err != nil {
			return err
		}
	}
	for i, b := range sc.Bindings {
		if err := fatal(s.bind(-1, fmt.Sprintf("bindings[%d]", i), b, true)); err != nil {
			return err
		}
	}
	for i, c := range sc.Consumers {
		if !s.queueExists(c.Queue) && sc.DeclaresQueue(c.Queue) {
			s.pending = append(s.pending, c)
			continue
		}
		if err := s.startConsumer(-1, fmt.Sprintf("consumers[%d]", i), c); err != nil {
			return err
		}
	}
	return nil
}

// queueExists asks with a passive declare on the topology channel; a
// 404 is an answer here, not an error of the scenario.
func (s *Session) queueExists(name string) bool {
	_, err := s.topo.ch.QueueDeclarePassive(name, false, false, false, false, nil)
	if err == nil {
		return true
	}
	_ = s.reopenTopo()
	return false
}

func (s *Session) setPolicy(ctx context.Context, step int, where string, p scenarios.Policy) error {
	defer s.clock.Pause()()
	err := s.admin.SetPolicy(ctx, s.vhost, p.Name, p.Pattern, p.ApplyTo, p.Priority, s.scale.PolicyDefinition(p.Definition))
	return s.adminResult(step, where, err)
}

func (s *Session) adminResult(step int, where string, err error) error {
	if err == nil {
		return nil
	}
	var be *BrokerError
	if errors.As(err, &be) {
		s.record(step, where, be.Code, be.Text)
		return nil
	}
	return err
}

func (s *Session) bind(step int, where string, b scenarios.Binding, bind bool) error {
	args := toAMQPTable(b.Arguments)
	return s.topoCall(step, where, func(ch *amqp.Channel) error {
		switch {
		case b.DestinationType == "exchange" && bind:
			return ch.ExchangeBind(b.Destination, b.RoutingKey, b.Source, false, args)
		case b.DestinationType == "exchange":
			return ch.ExchangeUnbind(b.Destination, b.RoutingKey, b.Source, false, args)
		case bind:
			return ch.QueueBind(b.Destination, b.RoutingKey, b.Source, false, args)
		}
		return ch.QueueUnbind(b.Destination, b.RoutingKey, b.Source, args)
	})
}

// redactURL hides the password of an AMQP URL for messages.
func redactURL(u string) string {
	uri, err := amqp.ParseURI(u)
	if err != nil {
		return "the AMQP URL"
	}
	if uri.Password != "" {
		uri.Password = "xxx"
	}
	return uri.String()
}
