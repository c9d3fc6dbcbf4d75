package model

import (
	"fmt"
	"slices"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	"github.com/dlxlab/dlxlab/scenarios"
	rmqsc "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// Resetting a group's offsets by time, in the order an operator should
// follow: stop the consumers, dry run, execute, resume (docs/rocketmq.md
// "Operations"). The panel keeps an RMQReset; these rules say what each
// button may do and which steps it adds to the scenario.

// RMQResetStage is how far the procedure has come.
type RMQResetStage int

const (
	ResetStart     RMQResetStage = iota // nothing done yet
	ResetStopped                        // the group's consumers are stopped
	ResetPreviewed                      // a dry run was shown
	ResetExecuted                       // the offsets were moved
)

// RMQReset is one reset procedure for a group and a topic.
type RMQReset struct {
	Group, Topic string
	At           rmq.Time            // the time to reset to
	Stage        RMQResetStage       // how far it has come
	Stopped      []rmqsc.AddConsumer // the consumers to resume, with their listeners
	Preview      []rmq.ResetPreview  // the dry run
	PreviewNow   rmq.Time            // the virtual time the dry run was taken at
	PreviewFor   [2]string           // group and topic the dry run was for
	previewAt    rmq.Time            // the reset time the dry run was for
	Summary      RMQResetSummary     // totals of the dry run
}

// RMQResetSummary totals a dry run.
type RMQResetSummary struct {
	Moves    int // queues whose offset changes
	Replayed int
	ByFate   map[string]int // replayed copies by what the group had done with them
	Skipped  int
	InFlight int
	Pending  int
}

// ParseResetTime reads the reset time field: a virtual time such as "0s"
// or "2m30s" since the start of the run.
func ParseResetTime(text string) (rmq.Time, error) {
	d, err := scenarios.ParseDuration(text)
	if err != nil {
		return 0, err
	}
	if d < 0 {
		return 0, fmt.Errorf("a time since the start, not %s", text)
	}
	return rmq.Time(d), nil
}

// RMQStop returns the steps that stop every online consumer of g, and
// records what resuming them needs (their listeners, from the scenario).
func (r *RMQReset) RMQStop(sc *rmqsc.Scenario, g RMQGroupOps) []rmqsc.Step {
	var steps []rmqsc.Step
	r.Stopped = nil
	for _, id := range g.Consumers {
		steps = append(steps, rmqsc.Step{RemoveConsumer: &rmqsc.GroupConsumer{Group: g.Group, ID: id}})
		r.Stopped = append(r.Stopped, rmqsc.AddConsumer{Group: g.Group, ID: id, Listener: listenerOf(sc, g.Group, id)})
	}
	r.Group, r.Stage = g.Group, ResetStopped
	return steps
}

// listenerOf finds the listener a consumer was started with: its latest
// add_consumer step, else the scenario's group entry.
func listenerOf(sc *rmqsc.Scenario, group, id string) []rmqsc.Rule {
	for i := len(sc.Steps) - 1; i >= 0; i-- {
		if a := sc.Steps[i].AddConsumer; a != nil && a.Group == group && a.ID == id {
			return a.Listener
		}
	}
	for _, g := range sc.Groups {
		if g.Name != group {
			continue
		}
		for _, c := range g.Consumers {
			if c.ID == id {
				return c.Listener
			}
		}
	}
	return nil
}

// RMQStopped lists the consumers of group that a remove_consumer step
// stopped and no later add_consumer step started again, with the
// listeners they ran: what Resume starts when the panel that stopped them
// was closed in between (the scenario remembers, the panel does not).
func RMQStopped(sc *rmqsc.Scenario, group string) []rmqsc.AddConsumer {
	var out []rmqsc.AddConsumer
	for _, st := range sc.Steps {
		switch {
		case st.RemoveConsumer != nil && st.RemoveConsumer.Group == group:
			id := st.RemoveConsumer.ID
			out = slices.DeleteFunc(out, func(a rmqsc.AddConsumer) bool { return a.ID == id })
			out = append(out, rmqsc.AddConsumer{Group: group, ID: id, Listener: listenerOf(sc, group, id)})
		case st.AddConsumer != nil && st.AddConsumer.Group == group:
			id := st.AddConsumer.ID
			out = slices.DeleteFunc(out, func(a rmqsc.AddConsumer) bool { return a.ID == id })
		}
	}
	return out
}

// DryRun takes the broker's preview for the procedure's group, topic and
// time. It changes nothing and may be taken at any stage.
func (r *RMQReset) DryRun(b *rmq.Broker) error {
	p, err := b.PreviewResetOffsetByTime(r.Group, r.Topic, r.At)
	if err != nil {
		return err
	}
	r.Preview, r.PreviewNow, r.PreviewFor, r.previewAt = p, b.Now(), [2]string{r.Group, r.Topic}, r.At
	r.Summary = summarize(p)
	if r.Stage < ResetPreviewed && r.Stage >= ResetStopped {
		r.Stage = ResetPreviewed
	}
	return nil
}

func summarize(ps []rmq.ResetPreview) RMQResetSummary {
	s := RMQResetSummary{ByFate: map[string]int{}}
	for _, p := range ps {
		if p.From != p.To {
			s.Moves++
		}
		s.Replayed += len(p.Replayed)
		for _, c := range p.Replayed {
			s.ByFate[c.Fate]++
		}
		s.Skipped += len(p.Skipped)
		s.InFlight += len(p.InFlight)
		s.Pending += p.Pending
	}
	return s
}

// CanExecute says whether the reset may run now, and if not the catalogue
// key of why: consumers must be stopped (else every call in flight is
// delivered twice), and the dry run must be for this group, topic and time
// and taken at the current virtual time (else it may be stale).
func (r *RMQReset) CanExecute(g RMQGroupOps, now rmq.Time) (bool, string) {
	switch {
	case g.Mode == "BROADCASTING":
		return false, "rmqops.reset.broadcasting"
	case len(g.Consumers) > 0:
		return false, "rmqops.reset.online"
	case r.Preview == nil || r.PreviewFor != [2]string{r.Group, r.Topic} || r.previewAt != r.At:
		return false, "rmqops.reset.nodryrun"
	case r.PreviewNow != now:
		return false, "rmqops.reset.stale"
	}
	return true, ""
}

// Execute returns the reset step (mqadmin resetOffsetByTime) once
// CanExecute allows it.
func (r *RMQReset) Execute(g RMQGroupOps, now rmq.Time) ([]rmqsc.Step, error) {
	if ok, why := r.CanExecute(g, now); !ok {
		return nil, fmt.Errorf("%s", why)
	}
	r.Stage = ResetExecuted
	return []rmqsc.Step{{ResetOffset: &rmqsc.ResetOffset{Group: r.Group, Topic: r.Topic,
		Time: scenarios.Duration(r.At).String()}}}, nil
}

// Resume returns the steps that start the stopped consumers again and
// ends the procedure.
func (r *RMQReset) Resume() []rmqsc.Step {
	steps := make([]rmqsc.Step, 0, len(r.Stopped))
	for _, a := range r.Stopped {
		a := a
		steps = append(steps, rmqsc.Step{AddConsumer: &a})
	}
	*r = RMQReset{Group: r.Group, Topic: r.Topic, At: r.At}
	return steps
}
