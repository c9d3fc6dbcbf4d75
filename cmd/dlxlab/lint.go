package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/dlxlab/dlxlab/scenarios/lint"
)

func init() {
	commands["lint"] = command{
		summary: "list the traps in a topology (scenario or definitions.json) per broker version",
		run:     func(args []string) int { return runLint(args, osIO()) },
	}
}

const lintAbout = `Reads a scenario or a RabbitMQ definitions.json export and lists where
messages will vanish or pile up under one broker version: each finding has
a severity (error, warning, info), the objects involved, an explanation
and the lesson that shows it (codes explained in docs/lint.md).
--diff-to P lists what changes when the same topology moves from --profile
to P. Exit status: 0 when no finding is at least as severe as --fail-on,
1 when one is, 2 for bad flags or input that cannot be read.`

// lintExitFindings is the exit status when a finding reaches --fail-on.
const lintExitFindings = 1

func runLint(args []string, cio cliIO) int {
	fs := scenarioFlagSet("lint", "[--json] [--profile P] [--diff-to P] [--lang en|zh] [--fail-on error|warning|info|never] FILE|-", lintAbout, cio)
	asJSON := fs.Bool("json", false, "print the findings (or the diff) as JSON")
	profile := fs.String("profile", "", "broker profile (default: the scenario's, else rabbitmq-4.3): rabbitmq-4.3, rabbitmq-4.2, rabbitmq-3.12")
	diffTo := fs.String("diff-to", "", "also check under this profile and print what changes")
	lang := fs.String("lang", "en", "language of the explanations: en or zh")
	failOn := fs.String("fail-on", "error", "exit 1 when a finding is at least this severe: error, warning, info or never")
	files, code, stop := parseArgs(fs, args, 1, 1)
	if stop {
		return code
	}
	threshold, ok := lint.ParseSeverity(*failOn)
	if !ok && *failOn != "never" {
		fmt.Fprintf(cio.stderr, "dlxlab lint: --fail-on %q: want error, warning, info or never\n", *failOn)
		return exitUsage
	}
	if *lang != "en" && *lang != "zh" {
		fmt.Fprintf(cio.stderr, "dlxlab lint: --lang %q: want en or zh\n", *lang)
		return exitUsage
	}
	data, name, err := readInput(files[0], cio)
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab lint: %v\n", err)
		return exitUsage
	}
	sc, warnings, err := lint.Load(name, data)
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab lint: %v\n", err)
		return exitUsage
	}
	for _, w := range warnings {
		fmt.Fprintf(cio.stderr, "dlxlab lint: note: %s\n", w)
	}
	rep, err := lint.Check(sc, *profile)
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab lint: %v\n", err)
		return exitUsage
	}
	var out any = rep
	var diff *lint.Diff
	if *diffTo != "" {
		if diff, err = lint.Compare(sc, rep.Profile, *diffTo); err != nil {
			fmt.Fprintf(cio.stderr, "dlxlab lint: %v\n", err)
			return exitUsage
		}
		out = struct {
			*lint.Report
			Diff *lint.Diff `json:"diff"`
		}{rep, diff}
	}
	if *asJSON {
		js, _ := json.MarshalIndent(out, "", "  ")
		fmt.Fprintf(cio.stdout, "%s\n", js)
	} else {
		printFindings(cio.stdout, name, rep, *lang)
		if diff != nil {
			printDiff(cio.stdout, diff, *lang)
		}
	}
	if ok && len(rep.Findings) > 0 && rep.Worst().AtLeast(threshold) {
		return lintExitFindings
	}
	return exitOK
}

func printFindings(w io.Writer, name string, rep *lint.Report, lang string) {
	counts := map[lint.Severity]int{}
	for _, f := range rep.Findings {
		counts[f.Severity]++
	}
	fmt.Fprintf(w, "%s (profile %s): %d errors, %d warnings, %d info\n", name, rep.Profile,
		counts[lint.Error], counts[lint.Warning], counts[lint.Info])
	for _, f := range rep.Findings {
		printFinding(w, " ", f, lang)
	}
}

func printFinding(w io.Writer, mark string, f lint.Finding, lang string) {
	objs := make([]string, len(f.Objects))
	for i, o := range f.Objects {
		objs[i] = o.Kind + " " + o.Name
	}
	fmt.Fprintf(w, "\n%s%-7s %s  %s\n", mark, f.Severity, f.Code, strings.Join(objs, ", "))
	fmt.Fprintf(w, "         %s\n", f.Message(lang))
	more := []string{f.Docs}
	if f.Lesson != "" {
		more = append(more, "lesson "+f.Lesson)
	}
	if f.ShowMe {
		more = append(more, "show me: yes")
	}
	fmt.Fprintf(w, "         %s\n", strings.Join(more, " · "))
}

func printDiff(w io.Writer, d *lint.Diff, lang string) {
	fmt.Fprintf(w, "\nfrom %s to %s: %d new, %d gone, %d settings change\n", d.From, d.To, len(d.Added), len(d.Removed), len(d.Changed))
	for _, c := range d.Changed {
		fmt.Fprintf(w, "  queue %s: %s %s → %s\n", c.Queue, c.Setting, c.From, c.To)
	}
	for _, f := range d.Added {
		printFinding(w, "+", f, lang)
	}
	for _, f := range d.Removed {
		printFinding(w, "-", f, lang)
	}
}
