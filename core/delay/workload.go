package delay

import (
	"errors"
	"fmt"
	"slices"

	"github.com/dlxlab/dlxlab/core"
)

// Limits of a workload, named and loud: Expand refuses more.
const (
	// MaxMessages bounds the messages of one workload, all generators included.
	MaxMessages = 200_000
	// MaxTime bounds send times and delays: 30 days of virtual time.
	MaxTime core.Time = 30 * 24 * 3600 * 1000
	// MaxTiers bounds a generator's or a strategy's list of delays.
	MaxTiers = 64
)

// Message is one delayed message: sent at At, wanted back Delay later.
type Message struct {
	Name  string    // optional label shown on timelines ("A")
	At    core.Time // send time
	Delay core.Time // wanted delay
}

// Due is when the message should be released.
func (m Message) Due() core.Time { return m.At + m.Delay }

// Generator kinds.
const (
	GenUniform = "uniform" // sends spread over the window, delays uniform in [Min, Max]
	GenTiers   = "tiers"   // sends spread over the window, delays drawn from Tiers
	GenMix     = "mix"     // sends spread over the window, delay Short or (LongPercent %) Long
	GenBurst   = "burst"   // Bursts bursts of Count messages, Every apart, delays uniform in [Min, Max]
)

// GeneratorKinds lists the generator kinds in the order the docs give them.
var GeneratorKinds = []string{GenUniform, GenTiers, GenMix, GenBurst}

// Generator makes Count messages from a seed. Which fields matter depends
// on Kind (see the Gen* constants); the others are ignored.
type Generator struct {
	Kind        string
	Count       int    // messages (per burst for GenBurst)
	Seed        uint64 // the same seed gives the same messages
	Start       core.Time
	Span        core.Time // sends fall in [Start, Start+Span); 0: all at Start
	Min, Max    core.Time
	Tiers       []core.Time
	Short, Long core.Time
	LongPercent int
	Bursts      int
	Every       core.Time
}

// Workload is explicit messages plus generated ones.
type Workload struct {
	Messages   []Message
	Generators []Generator
}

// total is how many messages the generator makes.
func (g Generator) total() int {
	if g.Kind == GenBurst {
		return g.Count * g.Bursts
	}
	return g.Count
}

// Check says what is wrong with a generator, or nil.
func (g Generator) Check() error {
	if !slices.Contains(GeneratorKinds, g.Kind) {
		return fmt.Errorf("unknown generator kind %q (known: uniform, tiers, mix, burst)", g.Kind)
	}
	if g.Count < 0 || g.Count > MaxMessages {
		return fmt.Errorf("count %d is out of range [0, %d] (MaxMessages)", g.Count, MaxMessages)
	}
	if err := checkTimes(g.Start, g.Span, g.Min, g.Max, g.Short, g.Long, g.Every); err != nil {
		return err
	}
	switch g.Kind {
	case GenUniform, GenBurst:
		if g.Min > g.Max {
			return fmt.Errorf("min delay %s is larger than max delay %s", FormatTime(g.Min), FormatTime(g.Max))
		}
	case GenTiers:
		if len(g.Tiers) == 0 || len(g.Tiers) > MaxTiers {
			return fmt.Errorf("tiers needs 1 to %d delays, got %d", MaxTiers, len(g.Tiers))
		}
		if err := checkTimes(g.Tiers...); err != nil {
			return err
		}
	case GenMix:
		if g.LongPercent < 0 || g.LongPercent > 100 {
			return fmt.Errorf("long_percent %d is out of range [0, 100]", g.LongPercent)
		}
	}
	if g.Kind == GenBurst {
		if g.Bursts < 1 || g.Bursts > MaxMessages {
			return fmt.Errorf("bursts %d is out of range [1, %d]", g.Bursts, MaxMessages)
		}
		if int64(g.Bursts-1)*int64(g.Every) > int64(MaxTime) {
			return fmt.Errorf("the last burst would be sent after the %s limit (MaxTime)", FormatTime(MaxTime))
		}
	}
	return nil
}

func checkTimes(ts ...core.Time) error {
	for _, t := range ts {
		if t < 0 || t > MaxTime {
			return fmt.Errorf("time %d ms is out of range [0, %s] (MaxTime)", t, FormatTime(MaxTime))
		}
	}
	return nil
}

// Check says what is wrong with an explicit message, or nil.
func (m Message) Check() error { return checkTimes(m.At, m.Delay) }

// Expand returns every message of the workload, sorted by send time (a
// stable sort: explicit messages first in their listed order, then each
// generator's). That is the order they are published in.
func (w Workload) Expand() ([]Message, error) {
	n := len(w.Messages)
	for _, g := range w.Generators {
		if err := g.Check(); err != nil {
			return nil, err
		}
		n += g.total()
		if n > MaxMessages {
			break
		}
	}
	if n > MaxMessages {
		return nil, fmt.Errorf("the workload has more than %d messages (MaxMessages)", MaxMessages)
	}
	if n == 0 {
		return nil, errors.New("the workload has no messages")
	}
	out := make([]Message, 0, n)
	for _, m := range w.Messages {
		if err := m.Check(); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	for _, g := range w.Generators {
		out = g.generate(out)
	}
	slices.SortStableFunc(out, func(a, b Message) int { return cmpTime(a.At, b.At) })
	return out, nil
}

func cmpTime(a, b core.Time) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// generate appends g's messages to out.
func (g Generator) generate(out []Message) []Message {
	r := newRNG(g.Seed)
	if g.Kind == GenBurst {
		for b := 0; b < g.Bursts; b++ {
			at := g.Start + core.Time(b)*g.Every
			for i := 0; i < g.Count; i++ {
				out = append(out, Message{At: min(at, MaxTime), Delay: core.Time(r.between(int64(g.Min), int64(g.Max)))})
			}
		}
		return out
	}
	for i := 0; i < g.Count; i++ {
		at := g.Start
		if g.Span > 0 {
			at += core.Time(r.below(uint64(g.Span)))
		}
		out = append(out, Message{At: min(at, MaxTime), Delay: g.delay(r)})
	}
	return out
}

func (g Generator) delay(r *rng) core.Time {
	switch g.Kind {
	case GenTiers:
		return g.Tiers[r.below(uint64(len(g.Tiers)))]
	case GenMix:
		if int(r.below(100)) < g.LongPercent {
			return g.Long
		}
		return g.Short
	}
	return core.Time(r.between(int64(g.Min), int64(g.Max)))
}
