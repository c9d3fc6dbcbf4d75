package scenarios

import (
	"bytes"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/core/delay"
)

// Delay-lab links carry the whole lab in the fragment, like scenario links:
// `#d=1.<base64url of raw deflate of the canonical JSON>`, with the same
// version prefix, codec and size caps (MaxLinkSize, MaxLinkDecoded).

// delayTree is the canonical form: fixed key order, defaults left out.
func (l *DelayLab) tree() obj {
	o := obj{{"version", int64(Version)}}
	o.str("title", l.Title)
	o.str("title_zh", l.TitleZH)
	o.str("summary", l.Summary)
	o.str("summary_zh", l.SummaryZH)
	o.list("messages", len(l.Workload.Messages), func(i int) any {
		m := l.Workload.Messages[i]
		e := obj{}
		e.str("name", m.Name)
		dur(&e, "at", m.At)
		e.put("delay", delay.FormatTime(m.Delay))
		return e
	})
	o.list("generate", len(l.Workload.Generators), func(i int) any { return generatorTree(l.Workload.Generators[i]) })
	o.list("strategies", len(l.Strategies), func(i int) any { return specTree(l.Strategies[i]) })
	return o
}

func dur(o *obj, k string, t core.Time) {
	if t != 0 {
		o.put(k, delay.FormatTime(t))
	}
}

func durList(ts []core.Time) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = delay.FormatTime(t)
	}
	return out
}

func generatorTree(g delay.Generator) obj {
	o := obj{{"kind", g.Kind}}
	o.num("count", int64(g.Count), 0)
	o.num("seed", int64(g.Seed), 0)
	dur(&o, "start", g.Start)
	for _, k := range generatorUsage[g.Kind] {
		switch k {
		case "span":
			dur(&o, k, g.Span)
		case "min":
			dur(&o, k, g.Min)
		case "max":
			dur(&o, k, g.Max)
		case "short":
			dur(&o, k, g.Short)
		case "long":
			dur(&o, k, g.Long)
		case "long_percent":
			o.num(k, int64(g.LongPercent), 0)
		case "bursts":
			o.num(k, int64(g.Bursts), 1)
		case "every":
			dur(&o, k, g.Every)
		case "tiers":
			o.put(k, durList(g.Tiers))
		}
	}
	return o
}

// specTree writes a strategy as its bare name when it sets nothing.
func specTree(s delay.Spec) any {
	k, _ := delay.LookupKind(s.Kind)
	o := obj{{"kind", s.Kind}}
	for _, p := range k.Params {
		if l, ok := s.Lists[p.Name]; ok {
			o.put(p.Name, durList(l))
		} else if v, ok := s.Values[p.Name]; ok && v != p.Default {
			if p.Kind == delay.ParamCount {
				o.put(p.Name, v)
			} else {
				o.put(p.Name, delay.FormatTime(core.Time(v)))
			}
		}
	}
	if len(o) == 1 {
		return s.Kind
	}
	return o
}

// DelayLabJSON is the canonical JSON of a lab (what links carry).
func DelayLabJSON(l *DelayLab) ([]byte, error) {
	var b bytes.Buffer
	if err := writeJSON(&b, l.tree()); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// FormatDelayLabYAML writes a lab as YAML in canonical form.
func FormatDelayLabYAML(l *DelayLab) ([]byte, error) {
	w := &yamlWriter{}
	if err := w.block(l.tree(), 0); err != nil {
		return nil, err
	}
	return w.b.Bytes(), nil
}

// EncodeDelayLab makes the #d= link value of a lab.
func EncodeDelayLab(l *DelayLab) (string, error) {
	js, err := DelayLabJSON(l)
	if err != nil {
		return "", err
	}
	return encodeLink(js)
}

// DecodeDelayLab reads a #d= link value (a whole URL or "#d=…" works too)
// back into a validated lab. It never panics: a damaged or oversized link
// is an error that says what is wrong.
func DecodeDelayLab(s string) (*DelayLab, error) {
	data, err := decodeLink(s, "d=", "delay-lab link", "")
	if err != nil {
		return nil, err
	}
	return ParseDelayLab("delay-lab link", data)
}
