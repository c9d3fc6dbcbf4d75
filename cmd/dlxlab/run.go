package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

func init() {
	commands["run"] = command{
		summary: "play a scenario file and print its trace and final queues (or --json: the observation)",
		run:     func(args []string) int { return runRun(args, osIO()) },
	}
}

const runAbout = `Plays the scenario on the simulated broker: topology, consumers, then each
step in order (time moves only on wait steps). By default it prints the
event trace and the queues at the end; --json prints the observation
JSON instead (docs/scenario-format.md "Observation JSON"), the shape
'dlxlab conform' prints for a real broker. Broker errors in steps are part of the run and do not fail it.
FILE is YAML or JSON; - reads standard input; a share link (…#s=1.…) is
decoded as the app decodes it.`

func runRun(args []string, cio cliIO) int {
	fs := scenarioFlagSet("run", "[--json] [--profile P] FILE|-", runAbout, cio)
	asJSON := fs.Bool("json", false, "print the observation as JSON")
	withMetrics := fs.Bool("metrics", false, "print the Prometheus metrics a real broker of the profile's version would expose after the run, and the alerts that would have fired (docs/metrics.md)")
	profile := fs.String("profile", "", "broker profile instead of the scenario's: rabbitmq-4.3, rabbitmq-4.2, rabbitmq-3.12")
	unbounded := unboundedFlag(fs)
	files, code, stop := parseArgs(fs, args, 1, 1)
	if stop {
		return code
	}
	if *unbounded {
		warnUnbounded(cio, "run")
	}
	if rs, err := loadRocketMQ(files[0], cio); err != nil || rs != nil {
		if err != nil {
			fmt.Fprintf(cio.stderr, "dlxlab run: %v\n", err)
			return exitFail
		}
		return runRocketMQ(rs, *asJSON, cio)
	}
	sc, err := loadScenarioWith(files[0], cio, *unbounded)
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab run: %v\n", err)
		return exitFail
	}
	if *withMetrics {
		return printMetrics(cio, sc, *profile, *asJSON)
	}
	if !*asJSON {
		return runTrace(cio, sc, *profile, *unbounded)
	}
	r, err := scenarios.NewRunner(sc, scenarios.Options{Profile: *profile, NoTrace: true, Unbounded: *unbounded})
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab run: %v\n", err)
		return exitUsage
	}
	for !r.Done() {
		r.Step()
	}
	// written as it is made, the final queues straight from the broker:
	// the JSON of a long run is never held whole
	// its strings are escaped for a terminal by the writer itself
	err = writeSafe(cio.stdout, func(w io.Writer) error {
		return r.WriteJSON(w, scenarios.JSONOptions{BodyRefs: true, Terminal: true})
	})
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab run: %v\n", err)
		return exitFail
	}
	fmt.Fprintln(cio.stdout)
	return exitOK
}

// clipBody shortens a body for the queue listing: a line per queue.
func clipBody(s string) string {
	if len(s) <= 40 {
		return s
	}
	cut := 37
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

// runTrace is the human view: title, the trace as it happens (written
// to standard output line by line, never kept), then the summary.
func runTrace(cio cliIO, sc *scenarios.Scenario, profile string, unbounded bool) int {
	name := sc.Profile
	if profile != "" {
		name = profile
	}
	p, err := core.ParseProfile(name)
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab run: %v\n", err)
		return exitUsage
	}
	title := sc.Title
	if title == "" {
		title = sc.Name
	}
	fmt.Fprintf(cio.stdout, "%s (profile %s)\n\n", title, p)
	var r *scenarios.Runner
	// the trace makes its own control characters visible (TerminalTrace):
	// written as it is, not scanned a second time
	writeSafe(cio.stdout, func(w io.Writer) error {
		r, err = scenarios.NewRunner(sc, scenarios.Options{Profile: profile, Trace: w, TerminalTrace: true,
			BodiesOnly: true, Unbounded: unbounded})
		for err == nil && !r.Done() {
			r.Step()
		}
		return nil
	})
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab run: %v\n", err)
		return exitUsage
	}
	printSummary(cio, r)
	return exitOK
}

// printSummary is the end of the human view: queues, errors, totals. The
// queues are read from the broker: a depth and the first ten bodies each.
func printSummary(cio cliIO, r *scenarios.Runner) {
	w := cio.stdout
	obs := r.ObservationWithoutQueues()
	fmt.Fprintf(w, "\nqueues at %d ms:\n", obs.ClockMS)
	queues := r.Broker().Queues()
	sort.Slice(queues, func(a, b int) bool { return queues[a].Name < queues[b].Name })
	for _, q := range queues {
		bodies := make([]string, 0, 11)
		r.Broker().EachReady(q.Name, func(mv core.MessageView) bool {
			if len(bodies) == 10 {
				bodies = append(bodies, fmt.Sprintf("… %d more", q.Ready-10))
				return false
			}
			bodies = append(bodies, fmt.Sprintf("%q", clipBody(mv.Msg.Body)))
			return true
		})
		fmt.Fprintf(w, "  %-24s ready %-4d unacked %-4d [%s]\n", q.Name, q.Ready, q.Unacked, strings.Join(bodies, " "))
	}
	if len(obs.Errors) > 0 {
		fmt.Fprintf(w, "\nerrors:\n")
		for _, e := range obs.Errors {
			where := fmt.Sprintf("step %d", e.Step)
			if e.Where != "" {
				where = e.Where
			}
			fmt.Fprintf(w, "  %s: %d %s\n", where, e.Code, e.Text)
		}
	}
	fmt.Fprintf(w, "\n%d deliveries, %d returns, %d drops, %d errors\n", len(obs.Deliveries), len(obs.Returns), len(obs.Drops), len(obs.Errors))
}
