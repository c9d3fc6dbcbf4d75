package rocketmq

import (
	"fmt"

	model "github.com/dlxlab/dlxlab/core/rocketmq"
	"github.com/dlxlab/dlxlab/scenarios"
)

func (sc *Scenario) validate() []error {
	var errs []error
	bad := func(f string, a ...any) { errs = append(errs, fmt.Errorf(f, a...)) }
	if sc.Broker != Broker {
		bad("broker must be %q", Broker)
	}
	if sc.Version != 0 && sc.Version != 1 {
		bad("version %d: only 1 is known", sc.Version)
	}
	if _, err := model.ParseProfile(sc.Profile); err != nil {
		bad("profile: %v", err)
	}
	if sc.Config != nil {
		if sc.Config.DelayLevels != "" {
			if _, err := model.ParseDelayLevels(sc.Config.DelayLevels); err != nil {
				bad("config.delay_levels: %v", err)
			}
		}
		dur(&errs, "config.file_reserved", sc.Config.FileReserved)
		if sc.Config.TimerPrecisionMs < 0 || sc.Config.TimerPrecisionMs > 3600_000 {
			bad("config.timer_precision_ms: 0..3600000")
		}
	}
	if len(sc.Topics) == 0 || len(sc.Topics) > MaxEntries || len(sc.Groups) > MaxEntries || len(sc.Steps) > MaxSteps {
		bad("topics: 1..%d; groups ≤ %d; steps ≤ %d", MaxEntries, MaxEntries, MaxSteps)
	}
	for i, t := range sc.Topics {
		if t.Name == "" || t.Queues < 0 || t.Queues > model.MaxQueuesPerTopic {
			bad("topics[%d]: a name and 1..%d queues", i, model.MaxQueuesPerTopic)
		}
	}
	for i, g := range sc.Groups {
		at := fmt.Sprintf("groups[%d] (%s)", i, g.Name)
		if g.Mode != "" && g.Mode != "clustering" && g.Mode != "broadcasting" {
			bad("%s.mode: clustering or broadcasting, not %q", at, g.Mode)
		}
		if g.Policy != "" && g.Policy != "customized" && g.Policy != "exponential" {
			bad("%s.policy: customized or exponential, not %q", at, g.Policy)
		}
		dur(&errs, at+".suspend", g.Suspend)
		dur(&errs, at+".consume_timeout", g.ConsumeTimeout)
		dur(&errs, at+".invisible", g.Invisible)
		if len(g.Consumers) > MaxEntries {
			bad("%s: at most %d consumers", at, MaxEntries)
		}
		for j, c := range g.Consumers {
			rules(&errs, fmt.Sprintf("%s.consumers[%d].listener", at, j), c.Listener)
		}
	}
	sends := 0
	for i, st := range sc.Steps {
		at := fmt.Sprintf("steps[%d]", i)
		n := 0
		for _, set := range []bool{st.Send != nil, st.Wait != "", st.AddConsumer != nil, st.RemoveConsumer != nil,
			st.Subscribe != nil, st.Resend != nil, st.Republish != nil, st.ResetOffset != nil, st.UpdatePerm != nil} {
			if set {
				n++
			}
		}
		if n != 1 {
			bad("%s: exactly one of send, wait, add_consumer, remove_consumer, subscribe, resend, republish, reset_offset, update_perm", at)
			continue
		}
		dur(&errs, at+".wait", st.Wait)
		if s := st.Send; s != nil {
			if s.Count < 0 || s.Count > MaxSends {
				bad("%s.send.count: 0..%d", at, MaxSends)
			}
			sends += max(s.Count, 1)
			dur(&errs, at+".send.every", s.Every)
			dur(&errs, at+".send.deliver_in", s.DeliverIn)
		}
		if a := st.AddConsumer; a != nil {
			rules(&errs, at+".add_consumer.listener", a.Listener)
		}
		if r := st.ResetOffset; r != nil {
			dur(&errs, at+".reset_offset.time", r.Time)
		}
	}
	if sends > MaxSends {
		bad("send steps send %d messages; the limit is %d", sends, MaxSends)
	}
	return errs
}

func dur(errs *[]error, at, s string) {
	if s == "" {
		return
	}
	if _, err := scenarios.ParseDuration(s); err != nil {
		*errs = append(*errs, fmt.Errorf("%s: %v", at, err))
	}
}

func ms(s string) int64 {
	d, _ := scenarios.ParseDuration(s)
	return int64(d)
}

func rules(errs *[]error, at string, rs []Rule) {
	if len(rs) > MaxEntries {
		*errs = append(*errs, fmt.Errorf("%s: at most %d rules", at, MaxEntries))
	}
	for i, r := range rs {
		if len(r.Actions) == 0 || len(r.Actions) > MaxEntries {
			*errs = append(*errs, fmt.Errorf("%s[%d]: 1..%d actions", at, i, MaxEntries))
		}
		for j, a := range r.Actions {
			if _, ok := results[a.Result]; !ok {
				*errs = append(*errs, fmt.Errorf("%s[%d].actions[%d].result %q: one of success, reconsume_later, throw, null, "+
					"suspend, no_ack, timeout", at, i, j, a.Result))
			}
			dur(errs, fmt.Sprintf("%s[%d].actions[%d].take", at, i, j), a.Take)
			dur(errs, fmt.Sprintf("%s[%d].actions[%d].suspend", at, i, j), a.Suspend)
		}
	}
}

var results = map[string]model.Result{"success": model.Success, "reconsume_later": model.Later, "throw": model.Throw,
	"null": model.Null, "suspend": model.Suspend, "no_ack": model.NoAck, "timeout": model.Timeout}

func listener(rs []Rule) model.Listener {
	var l model.Listener
	for _, r := range rs {
		mr := model.Rule{Key: r.Key, Tag: r.Tag, Body: r.Body}
		for _, a := range r.Actions {
			ai := -1
			if a.AckIndex != nil {
				ai = *a.AckIndex
			}
			mr.Actions = append(mr.Actions, model.Action{Result: results[a.Result], TakeMs: ms(a.Take), DelayLevel: a.DelayLevel,
				SuspendMs: ms(a.Suspend), AckIndex: ai})
		}
		l.Rules = append(l.Rules, mr)
	}
	return l
}
