package main

import (
	"encoding/json"
	"fmt"

	"github.com/dlxlab/dlxlab/scenarios"
	"github.com/dlxlab/dlxlab/scenarios/metrics"
)

// printMetrics is `run --metrics`: the exposition text (or the report as
// JSON), then the alert rules with what each would have said.
func printMetrics(cio cliIO, sc *scenarios.Scenario, profile string, asJSON bool) int {
	rep, err := metrics.Collect(sc, profile)
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab run: %v\n", err)
		return exitUsage
	}
	if asJSON {
		js, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Fprintf(cio.stdout, "%s\n", js)
		return exitOK
	}
	fmt.Fprint(cio.stdout, rep.Text())
	fmt.Fprintf(cio.stdout, "\n# alerts at the end of the run (window: the last 10 min of virtual time)\n")
	for _, a := range rep.Alerts {
		state := "ok    "
		if a.Fired {
			state = "FIRING"
		}
		fmt.Fprintf(cio.stdout, "# %s %s (%s): %s\n#        %s\n", state, a.Name, a.Why, a.Summary, a.Expr)
	}
	return exitOK
}
