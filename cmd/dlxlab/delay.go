package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/core/delay"
	"github.com/dlxlab/dlxlab/scenarios"
)

func init() {
	commands["delay"] = command{
		summary: "run a delay-lab workload through every way to delay a message and print the comparison",
		run:     func(args []string) int { return runDelay(args, osIO()) },
	}
}

const delayAbout = `Sends the workload of a delay-lab file (scenarios/delaylab/*.yaml; format in
docs/delay-lab.md "Workload files") through each strategy it lists, or all
of them, and prints per strategy: lateness (release − due) p50/p95/p99/max,
messages released early, out of order, the most held at once, refused, and
the work done. --json prints the same as JSON, with the lateness histogram
and the held-over-time series. FILE is YAML or JSON; - reads standard input.`

func runDelay(args []string, cio cliIO) int {
	fs := scenarioFlagSet("delay", "[--json] FILE|-", delayAbout, cio)
	asJSON := fs.Bool("json", false, "print the results as JSON")
	files, code, stop := parseArgs(fs, args, 1, 1)
	if stop {
		return code
	}
	data, name, err := readInput(files[0], cio)
	if err == nil {
		var lab *scenarios.DelayLab
		if lab, err = scenarios.ParseDelayLab(name, data); err == nil {
			return printDelayLab(cio, lab, *asJSON)
		}
	}
	fmt.Fprintf(cio.stderr, "dlxlab delay: %v\n", err)
	return exitFail
}

func printDelayLab(cio cliIO, lab *scenarios.DelayLab, asJSON bool) int {
	msgs, err := lab.Workload.Expand()
	var rs []delay.Result
	if err == nil {
		rs, err = delay.Run(msgs, lab.Specs())
	}
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab delay: %s: %v\n", lab.Name, err)
		return exitFail
	}
	if asJSON {
		js, err := json.MarshalIndent(delayJSON(lab, msgs, rs), "", "  ")
		if err != nil {
			fmt.Fprintf(cio.stderr, "dlxlab delay: %v\n", err)
			return exitFail
		}
		fmt.Fprintf(cio.stdout, "%s\n", js)
		return exitOK
	}
	writeDelayTable(cio.stdout, lab, msgs, rs)
	return exitOK
}

// writeDelayTable is the human view: one line per strategy, then warnings.
func writeDelayTable(w io.Writer, lab *scenarios.DelayLab, msgs []delay.Message, rs []delay.Result) {
	title := lab.Title
	if title == "" {
		title = lab.Name
	}
	fmt.Fprintf(w, "%s\n%s\n\n", title, describeWorkload(msgs))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	width := len("strategy")
	for _, r := range rs {
		width = max(width, len(strategyLabel(r)))
	}
	// Every cell of the first column has the same width, so right-alignment leaves it left-aligned.
	fmt.Fprintf(tw, "%-*s\tp50\tp95\tp99\tmax\tearly\tout of order\tmost held\trefused\t\twork\n", width, "strategy")
	for _, r := range rs {
		fmt.Fprintf(tw, "%-*s\t%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t\t%s\n", width, strategyLabel(r),
			delay.FormatShort(r.P50), delay.FormatShort(r.P95), delay.FormatShort(r.P99), delay.FormatShort(r.Max),
			r.Early, r.OutOfOrder, r.MaxHeld, r.Rejected, workText(r.Work))
	}
	tw.Flush()
	writeHeldLines(w, rs, width)
	var notes []string
	for _, r := range rs {
		for _, code := range r.Warnings {
			notes = append(notes, fmt.Sprintf("%s: %s", r.Kind, delay.WarningText(code)))
		}
		if r.Rejected > 0 {
			notes = append(notes, fmt.Sprintf("%s: refused %d (%s)", r.Kind, r.Rejected, r.RejectReason))
		}
	}
	if len(notes) > 0 {
		fmt.Fprintf(w, "\n%s\n", strings.Join(notes, "\n"))
	}
	fmt.Fprintln(w, "\nLateness = release − (send + wanted delay); negative is early. docs/delay-lab.md explains each model.")
}

// writeHeldLines draws each strategy's messages held over time as a line
// of block characters, all on the scale of the largest backlog.
func writeHeldLines(w io.Writer, rs []delay.Result, width int) {
	top := 0
	for _, r := range rs {
		top = max(top, r.MaxHeld)
	}
	if top == 0 {
		return
	}
	fmt.Fprintf(w, "\nheld over time (each line from the first send to its last release; █ = %d)\n", top)
	for _, r := range rs {
		fmt.Fprintf(w, "  %-*s  %s\n", width, strategyLabel(r), sparkline(r.Held, top, 40))
	}
}

var sparkLevels = []rune(" ▁▂▃▄▅▆▇█")

// sparkline draws up to n characters, each the largest value it covers.
func sparkline(vals []int, top, n int) string {
	if len(vals) == 0 {
		return ""
	}
	n = min(n, len(vals))
	out := make([]rune, n)
	for i := range out {
		m := 0
		for _, v := range vals[i*len(vals)/n : (i+1)*len(vals)/n] {
			m = max(m, v)
		}
		out[i] = sparkLevels[(m*(len(sparkLevels)-1)+top-1)/top]
	}
	return string(out)
}

func strategyLabel(r delay.Result) string {
	if r.Plugin {
		return r.Title + " [plugin]"
	}
	return r.Title
}

func describeWorkload(msgs []delay.Message) string {
	lo, hi := msgs[0].Delay, msgs[0].Delay
	for _, m := range msgs {
		lo, hi = min(lo, m.Delay), max(hi, m.Delay)
	}
	return fmt.Sprintf("%d messages sent over %s, delays %s to %s", len(msgs),
		delay.FormatShort(msgs[len(msgs)-1].At-msgs[0].At), delay.FormatShort(lo), delay.FormatShort(hi))
}

func workText(cs []delay.Counter) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%s %d", c.Name, c.N)
	}
	return strings.Join(parts, ", ")
}

// delayResultJSON is one strategy's figures; times are milliseconds.
type delayResultJSON struct {
	Kind       string            `json:"kind"`
	Title      string            `json:"title"`
	Plugin     bool              `json:"plugin,omitempty"`
	Released   int               `json:"released"`
	Refused    int               `json:"refused"`
	RefusedWhy string            `json:"refused_reason,omitempty"`
	P50        int64             `json:"lateness_p50_ms"`
	P95        int64             `json:"lateness_p95_ms"`
	P99        int64             `json:"lateness_p99_ms"`
	Max        int64             `json:"lateness_max_ms"`
	Early      int               `json:"early"`
	OutOfOrder int               `json:"out_of_order"`
	MaxHeld    int               `json:"most_held"`
	Histogram  map[string]int    `json:"lateness_histogram"`
	Held       []int             `json:"held"`
	HeldStart  int64             `json:"held_start_ms"`
	HeldStep   int64             `json:"held_step_ms"`
	Work       map[string]int64  `json:"work"`
	Warnings   []string          `json:"warnings,omitempty"`
	Parameters map[string]string `json:"parameters,omitempty"`
}

type delayJSONDoc struct {
	Title      string            `json:"title,omitempty"`
	Messages   int               `json:"messages"`
	Strategies []delayResultJSON `json:"strategies"`
}

func delayJSON(lab *scenarios.DelayLab, msgs []delay.Message, rs []delay.Result) delayJSONDoc {
	doc := delayJSONDoc{Title: lab.Title, Messages: len(msgs)}
	for _, r := range rs {
		j := delayResultJSON{Kind: r.Kind, Title: r.Title, Plugin: r.Plugin, Released: r.Released, Refused: r.Rejected,
			RefusedWhy: r.RejectReason, P50: int64(r.P50), P95: int64(r.P95), P99: int64(r.P99), Max: int64(r.Max),
			Early: r.Early, OutOfOrder: r.OutOfOrder, MaxHeld: r.MaxHeld, Held: r.Held, HeldStart: int64(r.HeldStart),
			HeldStep: int64(r.HeldStep), Warnings: r.Warnings, Histogram: map[string]int{}, Work: map[string]int64{}}
		for i, n := range r.Histogram {
			j.Histogram[delay.BucketLabels[i]] = n
		}
		for _, c := range r.Work {
			j.Work[c.Name] = c.N
		}
		j.Parameters = paramsText(r.Spec)
		doc.Strategies = append(doc.Strategies, j)
	}
	return doc
}

// paramsText is every parameter's effective value, as files write it.
func paramsText(s delay.Spec) map[string]string {
	k, _ := delay.LookupKind(s.Kind)
	out := map[string]string{}
	for _, p := range k.Params {
		switch p.Kind {
		case delay.ParamDurations:
			var parts []string
			for _, t := range s.List(p.Name) {
				parts = append(parts, delay.FormatTime(t))
			}
			out[p.Name] = strings.Join(parts, " ")
		case delay.ParamCount:
			out[p.Name] = fmt.Sprint(s.Value(p.Name))
		default:
			out[p.Name] = delay.FormatTime(core.Time(s.Value(p.Name)))
		}
	}
	return out
}
