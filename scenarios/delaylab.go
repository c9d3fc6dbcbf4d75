package scenarios

import (
	"fmt"
	"math"
	"slices"

	"github.com/goccy/go-yaml/ast"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/core/delay"
)

// DelayLab is a delay-lab file: a workload of delayed messages and the
// strategies to compare on it (docs/delay-lab.md "Workload files"). It is
// read with the scenario format's parser, so errors carry line and column
// the same way.
type DelayLab struct {
	Title, TitleZH     string
	Summary, SummaryZH string
	Workload           delay.Workload
	Strategies         []delay.Spec // empty: every strategy with its defaults
	Name               string       // file name, for messages (not encoded)
}

// MaxDelayStrategies bounds the strategies list.
const MaxDelayStrategies = 32

var (
	delayLabKeys   = []string{"version", "title", "title_zh", "summary", "summary_zh", "messages", "generate", "strategies"}
	delayMsgKeys   = []string{"name", "at", "delay"}
	generatorKeys  = []string{"kind", "count", "seed", "start", "span", "min", "max", "tiers", "short", "long", "long_percent", "bursts", "every"}
	generatorUsage = map[string][]string{
		delay.GenUniform: {"kind", "count", "seed", "start", "span", "min", "max"},
		delay.GenTiers:   {"kind", "count", "seed", "start", "span", "tiers"},
		delay.GenMix:     {"kind", "count", "seed", "start", "span", "short", "long", "long_percent"},
		delay.GenBurst:   {"kind", "count", "seed", "start", "bursts", "every", "min", "max"},
	}
)

// Specs is the strategies to run: the listed ones, or every one.
func (l *DelayLab) Specs() []delay.Spec {
	if len(l.Strategies) == 0 {
		return delay.DefaultSpecs()
	}
	return l.Strategies
}

// ParseDelayLab reads a delay-lab file (YAML or JSON). name is used in
// errors; the error is an ErrorList with line and column.
func ParseDelayLab(name string, data []byte) (*DelayLab, error) {
	if len(data) > MaxFileSize {
		return nil, ErrorList{{File: name, Msg: fmt.Sprintf("file is %d bytes; the limit is %d (MaxFileSize)", len(data), MaxFileSize)}}
	}
	if err := checkText(name, data); err != nil {
		return nil, ErrorList{err}
	}
	root, err := parseYAML(name, data)
	if err != nil {
		return nil, ErrorList{err}
	}
	d := &decoder{file: name}
	l := d.delayLab(root)
	if len(d.errs) > 0 {
		return nil, d.errs
	}
	l.Name = name
	return l, nil
}

func (d *decoder) delayLab(root ast.Node) *DelayLab {
	l := &DelayLab{}
	f := d.object(root, "delay lab", delayLabKeys)
	if f == nil {
		return l
	}
	if v, ok := f.integer("version", 1, math.MaxInt32); ok && v != Version {
		d.errorAt(f.valAt("version"), "version %d is not known to this build (it reads version %d)", v, Version)
	}
	f.str("title", &l.Title)
	f.str("title_zh", &l.TitleZH)
	f.str("summary", &l.Summary)
	f.str("summary_zh", &l.SummaryZH)
	total := 0
	for _, n := range d.list(f, "messages", delay.MaxMessages) {
		if m, ok := d.delayMessage(n); ok {
			l.Workload.Messages = append(l.Workload.Messages, m)
		}
	}
	total += len(l.Workload.Messages)
	for _, n := range d.list(f, "generate", MaxEntries) {
		if g, ok := d.generator(n); ok {
			l.Workload.Generators = append(l.Workload.Generators, g)
			if total += g.Count * max(g.Bursts, 1); total > delay.MaxMessages {
				d.errorf(n, "the workload has more than %d messages (MaxMessages)", delay.MaxMessages)
				return l
			}
		}
	}
	if len(d.errs) == 0 && total == 0 {
		d.errorAt(pos(root), "the workload has no messages: add messages or generate")
	}
	for _, n := range d.list(f, "strategies", MaxDelayStrategies) {
		if s, ok := d.delaySpec(n); ok {
			l.Strategies = append(l.Strategies, s)
		}
	}
	return l
}

// durationField reads a duration field into dst (left as is when absent).
func (f *fields) durationField(key string, dst *core.Time) {
	if n, ok := f.vals[key]; ok {
		if v, ok := f.d.duration(n, key); ok {
			*dst = core.Time(v)
		}
	}
}

func (d *decoder) durations(n ast.Node, key string) ([]core.Time, bool) {
	seq, ok := n.(*ast.SequenceNode)
	if !ok {
		d.errorf(n, "%s: expected a list of durations like [5s, 30s, 30m], got %s", key, describe(n))
		return nil, false
	}
	if len(seq.Values) == 0 || len(seq.Values) > delay.MaxTiers {
		d.errorf(n, "%s: needs 1 to %d durations, got %d", key, delay.MaxTiers, len(seq.Values))
		return nil, false
	}
	out := make([]core.Time, 0, len(seq.Values))
	for _, e := range seq.Values {
		v, ok := d.duration(e, key)
		if !ok {
			return nil, false
		}
		out = append(out, core.Time(v))
	}
	return out, true
}

func (d *decoder) delayMessage(n ast.Node) (delay.Message, bool) {
	var m delay.Message
	f := d.object(n, "message", delayMsgKeys)
	if f == nil {
		return m, false
	}
	f.str("name", &m.Name)
	f.durationField("at", &m.At)
	if !f.has("delay") {
		d.errorf(n, "message: missing delay")
		return m, false
	}
	f.durationField("delay", &m.Delay)
	return m, true
}

func (d *decoder) generator(n ast.Node) (delay.Generator, bool) {
	var g delay.Generator
	before := len(d.errs)
	f := d.object(n, "generator", generatorKeys)
	if f == nil {
		return g, false
	}
	f.str("kind", &g.Kind)
	used, ok := generatorUsage[g.Kind]
	if !ok {
		d.errorAt(f.valAt("kind"), "generator: kind %q is not one of uniform, tiers, mix, burst%s", g.Kind, suggest(g.Kind, delay.GeneratorKinds))
		return g, false
	}
	for _, k := range f.list {
		if !slices.Contains(used, k) {
			d.errorAt(f.at(k), "generator: %s does not apply to kind %s (it reads: %v)", k, g.Kind, used)
		}
	}
	f.intField("count", 0, delay.MaxMessages, &g.Count)
	if seed, ok := f.integer("seed", 0, math.MaxInt64); ok {
		g.Seed = uint64(seed)
	}
	f.intField("long_percent", 0, 100, &g.LongPercent)
	f.intField("bursts", 1, delay.MaxMessages, &g.Bursts)
	for _, t := range []struct {
		key string
		dst *core.Time
	}{{"start", &g.Start}, {"span", &g.Span}, {"min", &g.Min}, {"max", &g.Max}, {"short", &g.Short}, {"long", &g.Long}, {"every", &g.Every}} {
		f.durationField(t.key, t.dst)
	}
	if n, ok := f.vals["tiers"]; ok {
		g.Tiers, _ = d.durations(n, "tiers")
	}
	if g.Kind == delay.GenBurst && !f.has("bursts") {
		g.Bursts = 1
	}
	if len(d.errs) == before {
		if err := g.Check(); err != nil {
			d.errorf(n, "generator: %v", err)
		}
	}
	return g, len(d.errs) == before
}

// delaySpec reads a strategy: a bare kind name, or {kind: …, parameter: …}.
func (d *decoder) delaySpec(n ast.Node) (delay.Spec, bool) {
	var s delay.Spec
	if str, ok := n.(*ast.StringNode); ok {
		s.Kind = str.Value
		if _, ok := delay.LookupKind(s.Kind); !ok {
			d.errorf(n, "unknown strategy %q%s", s.Kind, suggestKnown(s.Kind, delay.KindNames()))
			return s, false
		}
		return s, true
	}
	mvs, ok := d.mapping(n, "strategy")
	if !ok {
		return s, false
	}
	for _, mv := range mvs {
		if k, _ := d.keyOf(mv); k == "kind" {
			s.Kind, _ = d.stringOf(mv.Value, "kind")
		}
	}
	k, ok := delay.LookupKind(s.Kind)
	if !ok {
		d.errorf(n, "strategy: kind %q is not known%s", s.Kind, suggestKnown(s.Kind, delay.KindNames()))
		return s, false
	}
	before := len(d.errs)
	f := d.object(n, "strategy "+k.Name, append([]string{"kind"}, k.ParamNames()...))
	for _, p := range k.Params {
		v, ok := f.vals[p.Name]
		if !ok {
			continue
		}
		switch p.Kind {
		case delay.ParamDurations:
			if l, ok := d.durations(v, p.Name); ok {
				s = s.WithList(p.Name, l)
			}
		case delay.ParamCount:
			if x, ok := f.integer(p.Name, p.Min, p.Max); ok {
				s = s.With(p.Name, x)
			}
		default:
			if x, ok := d.duration(v, p.Name); ok {
				s = s.With(p.Name, int64(x))
			}
		}
	}
	if len(d.errs) == before {
		if err := s.Check(); err != nil {
			d.errorf(n, "%v", err)
		}
	}
	return s, len(d.errs) == before
}
