package delay

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dlxlab/dlxlab/core"
)

// Strategy kind names, as workload files and links write them.
const (
	KindRabbitTTL     = "rabbitmq-ttl"     // one queue, per-message TTL, dead-lettered on expiry
	KindRabbitTiers   = "rabbitmq-tiers"   // one queue per delay tier, queue TTL
	KindDelayedPlugin = "delayed-exchange" // the x-delayed-message exchange plugin
	KindRocketLevels  = "rocketmq-levels"  // RocketMQ 4.x delay levels
	KindRocketTimer   = "rocketmq-timer"   // RocketMQ 5.x timer messages
	KindRedisZSet     = "redis-zset"       // a sorted set polled by a worker
	KindTimingWheel   = "timing-wheel"     // a hashed timing wheel (Netty's HashedWheelTimer)
	KindTableScan     = "table-scan"       // a database table scanned on a schedule
	KindExactQueue    = "delay-queue"      // an in-process priority queue (Java's DelayQueue)
)

// ParamKind says how a parameter is written and edited.
type ParamKind uint8

const (
	ParamDuration  ParamKind = iota + 1 // milliseconds, written 250ms, 2s, 5m
	ParamCount                          // a whole number
	ParamDurations                      // a list of durations
)

// Param is one parameter of a strategy, with the real system's default.
type Param struct {
	Name     string // key in files and links: "poll", "batch", "tiers"
	Kind     ParamKind
	Default  int64       // ParamDuration, ParamCount
	Defaults []core.Time // ParamDurations
	Min, Max int64       // bounds of a value (each element of a list)
	Doc      string      // one line: what it is and where the default comes from
}

// Kind describes one strategy: its name, title, parameters and model.
type Kind struct {
	Name   string
	Title  string // English; the UI has its own English and Chinese texts
	Plugin bool   // not part of the broker: installed separately, with limits
	Params []Param
	run    func(l *lab, sp Spec, o *outcome)
	check  func(r *Result) // optional: warnings that need the figures
}

// Spec is one strategy to run: a kind and the parameters set on it (the
// others keep their defaults).
type Spec struct {
	Kind   string
	Values map[string]int64
	Lists  map[string][]core.Time
}

// Kinds lists every strategy in table order. It is filled in init because
// the models refer back to the kinds' parameters.
var Kinds []Kind

// KindNames lists the kinds' names in table order.
func KindNames() []string {
	names := make([]string, len(Kinds))
	for i, k := range Kinds {
		names[i] = k.Name
	}
	return names
}

// LookupKind finds a kind by name.
func LookupKind(name string) (*Kind, bool) {
	for i := range Kinds {
		if Kinds[i].Name == name {
			return &Kinds[i], true
		}
	}
	return nil, false
}

// Param finds a parameter of k by name.
func (k *Kind) Param(name string) (*Param, bool) {
	for i := range k.Params {
		if k.Params[i].Name == name {
			return &k.Params[i], true
		}
	}
	return nil, false
}

// ParamNames lists k's parameter names.
func (k *Kind) ParamNames() []string {
	names := make([]string, len(k.Params))
	for i, p := range k.Params {
		names[i] = p.Name
	}
	return names
}

// DefaultSpecs is every kind with its defaults.
func DefaultSpecs() []Spec {
	specs := make([]Spec, len(Kinds))
	for i, k := range Kinds {
		specs[i] = Spec{Kind: k.Name}
	}
	return specs
}

// Value is a parameter's value: set, or the default.
func (s Spec) Value(name string) int64 {
	if v, ok := s.Values[name]; ok {
		return v
	}
	if k, ok := LookupKind(s.Kind); ok {
		if p, ok := k.Param(name); ok {
			return p.Default
		}
	}
	return 0
}

// List is a list parameter's value: set, or the default.
func (s Spec) List(name string) []core.Time {
	if v, ok := s.Lists[name]; ok {
		return v
	}
	if k, ok := LookupKind(s.Kind); ok {
		if p, ok := k.Param(name); ok {
			return p.Defaults
		}
	}
	return nil
}

// With returns a copy of s with one value set (the UI's edits).
func (s Spec) With(name string, v int64) Spec {
	vals := make(map[string]int64, len(s.Values)+1)
	for k, x := range s.Values {
		vals[k] = x
	}
	vals[name] = v
	s.Values = vals
	return s
}

// WithList returns a copy of s with one list set.
func (s Spec) WithList(name string, v []core.Time) Spec {
	lists := make(map[string][]core.Time, len(s.Lists)+1)
	for k, x := range s.Lists {
		lists[k] = x
	}
	lists[name] = slices.Clone(v)
	s.Lists = lists
	return s
}

// Check says what is wrong with a spec, or nil.
func (s Spec) Check() error {
	k, ok := LookupKind(s.Kind)
	if !ok {
		return fmt.Errorf("unknown strategy %q (known: %s)", s.Kind, strings.Join(KindNames(), ", "))
	}
	for name, v := range s.Values {
		p, ok := k.Param(name)
		if !ok || p.Kind == ParamDurations {
			return fmt.Errorf("%s has no parameter %q (it has: %s)", s.Kind, name, strings.Join(k.ParamNames(), ", "))
		}
		if err := p.check(v); err != nil {
			return err
		}
	}
	for name, l := range s.Lists {
		p, ok := k.Param(name)
		if !ok || p.Kind != ParamDurations {
			return fmt.Errorf("%s has no list parameter %q (it has: %s)", s.Kind, name, strings.Join(k.ParamNames(), ", "))
		}
		if len(l) == 0 || len(l) > MaxTiers {
			return fmt.Errorf("%s: %s needs 1 to %d delays, got %d", s.Kind, name, MaxTiers, len(l))
		}
		for _, v := range l {
			if err := p.check(int64(v)); err != nil {
				return err
			}
		}
	}
	return nil
}

func (p *Param) check(v int64) error {
	if v >= p.Min && v <= p.Max {
		return nil
	}
	if p.Kind == ParamCount {
		return fmt.Errorf("%s: %d is out of range [%d, %d]", p.Name, v, p.Min, p.Max)
	}
	return fmt.Errorf("%s: %s is out of range [%s, %s]", p.Name, FormatTime(core.Time(v)),
		FormatTime(core.Time(p.Min)), FormatTime(core.Time(p.Max)))
}
