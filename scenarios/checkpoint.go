package scenarios

import (
	"math"

	"github.com/goccy/go-yaml/ast"
)

// MaxCheckpoints bounds the checkpoints list of a scenario.
const MaxCheckpoints = 20

// MaxChoices bounds the answers a checkpoint's question offers.
const MaxChoices = 6

// Checkpoint is a pause in a lesson: when the run reaches it, the
// playground stops the clock and shows Text (what to look at, what just
// happened and why). A checkpoint may ask a Question with Choices before
// the learner plays on; Answer (1-based) and Explain are revealed once the
// clock moves past it. Exactly one of Step and At says where it is:
//
//   - Step: right after the step at that index (0-based, as in errors)
//     has run, before the next step at the same instant;
//   - At: when the virtual clock reaches that time, after everything due
//     at that time has happened.
//
// The _zh fields are the Simplified Chinese texts; "" falls back to the
// English one. A checkpoint changes nothing in the run: the CLI and the
// conformance runner ignore it.
type Checkpoint struct {
	Step       *int
	At         *Duration
	Text       string
	TextZH     string
	Question   string
	QuestionZH string
	Choices    []string
	ChoicesZH  []string
	Answer     int // 1-based index into Choices; 0 without a question
	Explain    string
	ExplainZH  string
	Pos        Pos
}

var checkpointKeys = []string{"step", "at", "text", "text_zh", "question", "question_zh", "choices", "choices_zh",
	"answer", "explain", "explain_zh"}

// checkpoint reads one entry of the checkpoints list. Where it points
// (the step index) is checked by checkpointRefs once the steps are known.
func (d *decoder) checkpoint(n ast.Node) (Checkpoint, bool) {
	f := d.object(n, "checkpoint", checkpointKeys)
	if f == nil {
		return Checkpoint{}, false
	}
	c := Checkpoint{Pos: pos(n)}
	ok := true
	if v, has := f.integer("step", 0, math.MaxInt32); has {
		i := int(v)
		c.Step = &i
	}
	if an, has := f.vals["at"]; has {
		if dur, good := d.duration(an, "at"); good {
			c.At = &dur
		}
	}
	switch {
	case f.has("step") && f.has("at"):
		d.errorAt(c.Pos, "checkpoint: give either step (after that step has run) or at (a virtual time), not both")
		ok = false
	case !f.has("step") && !f.has("at"):
		d.errorAt(c.Pos, "checkpoint needs step: N (after step N has run, counting from 0) or at: TIME (e.g. at: 300ms)")
		ok = false
	}
	f.str("text", &c.Text)
	f.str("text_zh", &c.TextZH)
	f.str("question", &c.Question)
	f.str("question_zh", &c.QuestionZH)
	f.str("explain", &c.Explain)
	f.str("explain_zh", &c.ExplainZH)
	c.Choices = d.choices(f, "choices")
	c.ChoicesZH = d.choices(f, "choices_zh")
	if v, has := f.integer("answer", math.MinInt32, math.MaxInt32); has {
		c.Answer = int(v)
	}
	if c.Text == "" {
		d.errorAt(f.valAt("text"), "checkpoint needs text: what to look at and why")
		ok = false
	}
	return c, d.checkQuestion(f, &c) && ok
}

// checkQuestion: a question comes with its choices and the right answer,
// and nothing of a question comes without one.
func (d *decoder) checkQuestion(f *fields, c *Checkpoint) bool {
	if c.Question == "" {
		for _, k := range []string{"question_zh", "choices", "choices_zh", "answer", "explain", "explain_zh"} {
			if f.has(k) {
				d.errorAt(f.at(k), "checkpoint: %s only goes with a question", k)
				return false
			}
		}
		return true
	}
	ok := true
	if len(c.Choices) < 2 {
		d.errorAt(f.valAt("choices"), "checkpoint: a question needs choices, a list of 2 to %d answers", MaxChoices)
		ok = false
	}
	if c.ChoicesZH != nil && len(c.ChoicesZH) != len(c.Choices) {
		d.errorAt(f.valAt("choices_zh"), "checkpoint: choices_zh has %d entries and choices %d: give one translation per choice", len(c.ChoicesZH), len(c.Choices))
		ok = false
	}
	if !f.has("answer") {
		d.errorAt(c.Pos, "checkpoint: a question needs answer: N, the number of the right choice (1 is the first)")
		return false
	}
	if len(c.Choices) >= 2 && (c.Answer < 1 || c.Answer > len(c.Choices)) {
		d.errorAt(f.valAt("answer"), "checkpoint: answer %d names no choice: 1 to %d", c.Answer, len(c.Choices))
		ok = false
	}
	return ok
}

// choices reads a list of answer texts (nil when absent).
func (d *decoder) choices(f *fields, key string) []string {
	n, has := f.vals[key]
	if !has {
		return nil
	}
	seq, ok := n.(*ast.SequenceNode)
	if !ok {
		d.errorf(n, "%s: expected a list of answers, got %s", key, describe(n))
		return nil
	}
	if len(seq.Values) > MaxChoices {
		d.errorf(n, "%s: %d answers; the limit is %d (MaxChoices)", key, len(seq.Values), MaxChoices)
		return nil
	}
	out := make([]string, 0, len(seq.Values))
	for _, v := range seq.Values {
		if s, ok := d.stringOf(v, key); ok {
			out = append(out, s)
		}
	}
	return out
}

// checkpointRefs checks what needs the steps: a step checkpoint names a
// step that exists, and a time checkpoint falls within the waits.
func (d *decoder) checkpointRefs(sc *Scenario) {
	var total Duration
	for _, s := range sc.Steps {
		if s.Wait != nil {
			total += *s.Wait
		}
	}
	for _, c := range sc.Checkpoints {
		switch {
		case c.Step != nil && *c.Step >= len(sc.Steps):
			d.errorAt(c.Pos, "checkpoint: step %d does not exist (the steps are numbered 0 to %d)", *c.Step, len(sc.Steps)-1)
		case c.At != nil && *c.At > total:
			d.errorAt(c.Pos, "checkpoint: at %s is after the last step (the waits end at %s), so the run never gets there", *c.At, total)
		}
	}
}

func (c Checkpoint) tree() obj {
	o := obj{}
	if c.Step != nil {
		o.put("step", int64(*c.Step))
	}
	if c.At != nil {
		o.put("at", c.At.String())
	}
	o.str("text", c.Text)
	o.str("text_zh", c.TextZH)
	o.str("question", c.Question)
	o.str("question_zh", c.QuestionZH)
	if len(c.Choices) > 0 {
		o.put("choices", append([]string{}, c.Choices...))
	}
	if len(c.ChoicesZH) > 0 {
		o.put("choices_zh", append([]string{}, c.ChoicesZH...))
	}
	o.num("answer", int64(c.Answer), 0)
	o.str("explain", c.Explain)
	o.str("explain_zh", c.ExplainZH)
	return o
}
