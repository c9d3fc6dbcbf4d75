package scenarios

import (
	"fmt"

	"github.com/goccy/go-yaml/ast"

	"github.com/dlxlab/dlxlab/core"
)

// Step kinds, in one place: what each is called in a file, which field of
// Step holds it, how it is read, written in canonical form, run on a
// broker and described. Adding a kind is a field of Step, a constant and
// an entry in stepKindList (docs/architecture.md "Adding a step kind");
// what it means beyond that is a method in step.go.

// Step is one entry of the steps list: exactly one of its fields is set.
// Kind names which.
type Step struct {
	Publish     *PublishStep
	Wait        *Duration // the only step that moves virtual time
	Get         *GetStep
	Consume     *Consumer
	Cancel      *CancelStep
	Close       *CloseStep
	Ack         *SettleStep
	Reject      *SettleStep
	Nack        *SettleStep
	Declare     *DeclareStep
	Delete      *DeleteStep
	Purge       *PurgeStep
	Bind        *Binding
	Unbind      *Binding
	Policy      *Policy
	ClearPolicy *ClearPolicyStep
	Snapshot    *SnapshotStep // records the state for expectations; changes nothing
	Pos         Pos
}

// Step kinds, as written in a file.
const (
	StepPublish     = "publish"
	StepWait        = "wait"
	StepGet         = "get"
	StepConsume     = "consume"
	StepCancel      = "cancel"
	StepClose       = "close"
	StepAck         = "ack"
	StepReject      = "reject"
	StepNack        = "nack"
	StepDeclare     = "declare"
	StepDelete      = "delete"
	StepPurge       = "purge"
	StepBind        = "bind"
	StepUnbind      = "unbind"
	StepPolicy      = "policy"
	StepClearPolicy = "clear_policy"
	StepSnapshot    = "snapshot"
)

// stepKind is everything this package does with one kind of step.
type stepKind struct {
	name   string
	is     func(*Step) bool                                        // the step is of this kind
	decode func(d *decoder, v ast.Node, what string, s *Step) bool // read the kind's value into s
	tree   func(*Step) any                                         // the value in canonical form (canon.go)
	run    func(r *Runner, i int, s *Step)                         // do it on the runner's broker (step i)
	detail func(*Step) string                                      // its description after the name (Describe)
}

// stepKindList holds the kinds in the order files and errors list them.
// It is filled in init: its functions call Kind, which reads the list.
var (
	stepKindList []stepKind
	stepKinds    []string // the names, for errors
)

func init() {
	stepKindList = []stepKind{
		{name: StepPublish, is: func(s *Step) bool { return s.Publish != nil },
			decode: func(d *decoder, v ast.Node, _ string, s *Step) (ok bool) { s.Publish, ok = d.publish(v); return },
			tree:   func(s *Step) any { return s.Publish.tree() },
			run:    func(r *Runner, i int, s *Step) { r.publish(i, s.Publish) },
			detail: func(s *Step) string {
				p := s.Publish
				out := fmt.Sprintf("exchange=%q routing_key=%q body=%q", p.Exchange, p.RoutingKey, clip(p.Body))
				if p.Count > 1 {
					out += fmt.Sprintf(" ×%d", p.Count)
				}
				return out
			}},
		{name: StepWait, is: func(s *Step) bool { return s.Wait != nil },
			decode: func(d *decoder, v ast.Node, _ string, s *Step) bool {
				dur, ok := d.duration(v, "wait")
				s.Wait = &dur
				return ok
			},
			tree:   func(s *Step) any { return s.Wait.String() },
			run:    func(r *Runner, i int, s *Step) { r.wait(i, *s.Wait) },
			detail: func(s *Step) string { return s.Wait.String() }},
		{name: StepGet, is: func(s *Step) bool { return s.Get != nil },
			decode: func(d *decoder, v ast.Node, _ string, s *Step) (ok bool) { s.Get, ok = d.get(v); return },
			tree: func(s *Step) any {
				g := obj{{"queue", s.Get.Queue}}
				if s.Get.Action != core.ActAck {
					g.put("action", s.Get.Action)
				}
				g.flag("requeue", s.Get.Requeue, false)
				return g
			},
			run:    func(r *Runner, i int, s *Step) { r.get(i, s.Get) },
			detail: func(s *Step) string { return fmt.Sprintf("queue=%s action=%s", s.Get.Queue, s.Get.Action) }},
		{name: StepConsume, is: func(s *Step) bool { return s.Consume != nil },
			decode: func(d *decoder, v ast.Node, what string, s *Step) bool {
				c, ok := d.consumer(v, what)
				s.Consume = &c
				return ok
			},
			tree:   func(s *Step) any { return s.Consume.tree() },
			run:    func(r *Runner, i int, s *Step) { r.call(i, "", r.b.Consume(consumerSpec(*s.Consume))) },
			detail: func(s *Step) string { return s.Consume.Name + " on " + s.Consume.Queue }},
		{name: StepCancel, is: func(s *Step) bool { return s.Cancel != nil },
			decode: func(d *decoder, v ast.Node, _ string, s *Step) (ok bool) { s.Cancel, ok = d.cancel(v); return },
			tree:   func(s *Step) any { return obj{{"consumer", s.Cancel.Consumer}} },
			run: func(r *Runner, i int, s *Step) {
				r.call(i, "", r.b.Cancel(s.Cancel.Consumer))
				delete(r.held, s.Cancel.Consumer)
			},
			detail: func(s *Step) string { return s.Cancel.Consumer }},
		{name: StepClose, is: func(s *Step) bool { return s.Close != nil },
			decode: func(d *decoder, v ast.Node, _ string, s *Step) (ok bool) { s.Close, ok = d.closeStep(v); return },
			tree: func(s *Step) any {
				if s.Close.Consumer != "" {
					return obj{{"consumer", s.Close.Consumer}}
				}
				return obj{}
			},
			run: func(r *Runner, i int, s *Step) {
				r.call(i, "", r.b.CloseChannel(ChannelOf(s.Close.Consumer)))
				delete(r.held, ChannelOf(s.Close.Consumer))
			},
			detail: func(s *Step) string {
				if s.Close.Consumer != "" {
					return "the channel of consumer " + s.Close.Consumer
				}
				return "the basic.get channel"
			}},
		settleKind(StepAck, func(s *Step) **SettleStep { return &s.Ack }, false),
		settleKind(StepReject, func(s *Step) **SettleStep { return &s.Reject }, true),
		settleKind(StepNack, func(s *Step) **SettleStep { return &s.Nack }, true),
		{name: StepDeclare, is: func(s *Step) bool { return s.Declare != nil },
			decode: func(d *decoder, v ast.Node, _ string, s *Step) (ok bool) { s.Declare, ok = d.declare(v); return },
			tree:   func(s *Step) any { return s.Declare.tree() },
			run:    func(r *Runner, i int, s *Step) { r.declare(i, s.Declare) },
			detail: func(s *Step) string { return queueOrExchange(s.Declare.Queue, s.Declare.Exchange) }},
		{name: StepDelete, is: func(s *Step) bool { return s.Delete != nil },
			decode: func(d *decoder, v ast.Node, _ string, s *Step) (ok bool) { s.Delete, ok = d.deleteStep(v); return },
			tree: func(s *Step) any {
				o := obj{}
				o.str("queue", s.Delete.Queue)
				o.str("exchange", s.Delete.Exchange)
				return o
			},
			run: func(r *Runner, i int, s *Step) {
				if s.Delete.Queue != "" {
					r.call(i, "", r.b.DeleteQueue(s.Delete.Queue))
				} else {
					r.call(i, "", r.b.DeleteExchange(s.Delete.Exchange))
				}
			},
			detail: func(s *Step) string { return queueOrExchange(s.Delete.Queue, s.Delete.Exchange) }},
		{name: StepPurge, is: func(s *Step) bool { return s.Purge != nil },
			decode: func(d *decoder, v ast.Node, _ string, s *Step) (ok bool) { s.Purge, ok = d.purge(v); return },
			tree:   func(s *Step) any { return obj{{"queue", s.Purge.Queue}} },
			run: func(r *Runner, i int, s *Step) {
				_, err := r.b.PurgeQueue(s.Purge.Queue)
				r.call(i, "", err)
			},
			detail: func(s *Step) string { return s.Purge.Queue }},
		bindKind(StepBind, func(s *Step) **Binding { return &s.Bind }, (*core.Broker).Bind),
		bindKind(StepUnbind, func(s *Step) **Binding { return &s.Unbind }, (*core.Broker).Unbind),
		{name: StepPolicy, is: func(s *Step) bool { return s.Policy != nil },
			decode: func(d *decoder, v ast.Node, what string, s *Step) bool {
				p, ok := d.policy(v, what)
				s.Policy = &p
				return ok
			},
			tree:   func(s *Step) any { return s.Policy.tree() },
			run:    func(r *Runner, i int, s *Step) { r.call(i, "", r.b.SetPolicy(corePolicy(*s.Policy))) },
			detail: func(s *Step) string { return s.Policy.Name }},
		{name: StepClearPolicy, is: func(s *Step) bool { return s.ClearPolicy != nil },
			decode: func(d *decoder, v ast.Node, _ string, s *Step) (ok bool) {
				s.ClearPolicy, ok = d.clearPolicy(v)
				return
			},
			tree:   func(s *Step) any { return obj{{"name", s.ClearPolicy.Name}} },
			run:    func(r *Runner, i int, s *Step) { r.call(i, "", r.b.ClearPolicy(s.ClearPolicy.Name)) },
			detail: func(s *Step) string { return s.ClearPolicy.Name }},
		{name: StepSnapshot, is: func(s *Step) bool { return s.Snapshot != nil },
			decode: func(d *decoder, v ast.Node, _ string, s *Step) (ok bool) { s.Snapshot, ok = d.snapshot(v); return },
			tree:   func(s *Step) any { return s.Snapshot.Name },
			run:    func(r *Runner, i int, s *Step) { r.snapshot(i, s.Snapshot) },
			detail: func(s *Step) string { return s.Snapshot.Name }},
	}
	for _, k := range stepKindList {
		stepKinds = append(stepKinds, k.name)
	}
}

// settleKind is ack, reject or nack: field picks the step's field;
// requeueOK says whether the kind takes requeue.
func settleKind(name string, field func(*Step) **SettleStep, requeueOK bool) stepKind {
	return stepKind{name: name, is: func(s *Step) bool { return *field(s) != nil },
		decode: func(d *decoder, v ast.Node, what string, s *Step) (ok bool) {
			*field(s), ok = d.settle(v, what, requeueOK)
			return
		},
		tree: func(s *Step) any { return settleTree(*s) },
		run:  func(r *Runner, i int, s *Step) { r.settle(i, s) },
		detail: func(s *Step) string {
			st := s.Settle()
			who := st.Consumer
			if who == "" {
				who = "basic.get"
			}
			out := fmt.Sprintf("%s requeue=%t multiple=%t", who, st.Requeue, st.Multiple)
			if st.N != 0 {
				out += fmt.Sprintf(" n=%d", st.N)
			}
			return out
		}}
}

// bindKind is bind or unbind: field picks the step's field, do the
// broker's command.
func bindKind(name string, field func(*Step) **Binding, do func(*core.Broker, core.Binding) error) stepKind {
	return stepKind{name: name, is: func(s *Step) bool { return *field(s) != nil },
		decode: func(d *decoder, v ast.Node, what string, s *Step) bool {
			b, ok := d.binding(v, what)
			*field(s) = &b
			return ok
		},
		tree: func(s *Step) any { return (*field(s)).tree() },
		run:  func(r *Runner, i int, s *Step) { r.call(i, "", do(r.b, coreBinding(**field(s)))) },
		detail: func(s *Step) string {
			b := *field(s)
			return fmt.Sprintf("%s → %s %s key=%q", b.Source, b.DestinationType, b.Destination, b.RoutingKey)
		}}
}

func queueOrExchange(queue, exchange string) string {
	if queue != "" {
		return "queue " + queue
	}
	return "exchange " + exchange
}

// kind is the step's entry in stepKindList; nil for an empty step.
func (s *Step) kind() *stepKind {
	for i := range stepKindList {
		if stepKindList[i].is(s) {
			return &stepKindList[i]
		}
	}
	return nil
}

// kindNamed is the entry of the kind name; nil for an unknown name.
func kindNamed(name string) *stepKind {
	for i := range stepKindList {
		if stepKindList[i].name == name {
			return &stepKindList[i]
		}
	}
	return nil
}

// Kind names the step's kind ("publish", "wait", …); "" for an empty step.
func (s *Step) Kind() string {
	if k := s.kind(); k != nil {
		return k.name
	}
	return ""
}

// Describe is the step as one line: its kind, then Detail ("publish
// exchange=…", "ack consumer c requeue=false multiple=false n=2"). The
// run's trace and the playground's list of steps both show it.
func (s *Step) Describe() string {
	if k := s.kind(); k != nil {
		return k.name + " " + k.detail(s)
	}
	return ""
}

// Detail is the step's description without its kind ("c on orders" for
// a consume step).
func (s *Step) Detail() string {
	if k := s.kind(); k != nil {
		return k.detail(s)
	}
	return ""
}
