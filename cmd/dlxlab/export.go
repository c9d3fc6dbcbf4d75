package main

import (
	"fmt"

	"github.com/dlxlab/dlxlab/scenarios"
)

func init() {
	commands["export"] = command{
		summary: "write a scenario's topology as definitions.json or rabbitmqadmin commands",
		run:     func(args []string) int { return runExport(args, osIO()) },
	}
}

const exportAbout = `Writes the scenario's topology (exchanges, queues, bindings, policies; not
what its steps declare later) for a real broker, vhost /:
  --format definitions    a definitions.json for rabbitmqctl import_definitions
  --format rabbitmqadmin  rabbitmqadmin declare commands, one a line`

func runExport(args []string, cio cliIO) int {
	fs := scenarioFlagSet("export", "[--format definitions|rabbitmqadmin] FILE|-", exportAbout, cio)
	format := fs.String("format", "definitions", "definitions or rabbitmqadmin")
	files, code, stop := parseArgs(fs, args, 1, 1)
	if stop {
		return code
	}
	if *format != "definitions" && *format != "rabbitmqadmin" {
		fmt.Fprintf(cio.stderr, "dlxlab export: unknown --format %q (definitions or rabbitmqadmin)\n", *format)
		return exitUsage
	}
	sc, err := loadScenario(files[0], cio)
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab export: %v\n", err)
		return exitFail
	}
	var out string
	if *format == "definitions" {
		var b []byte
		b, err = scenarios.ExportDefinitions(sc)
		out = string(b)
	} else {
		out, err = scenarios.ExportRabbitmqadmin(sc)
	}
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab export: %v\n", err)
		return exitFail
	}
	fmt.Fprint(cio.stdout, out)
	return exitOK
}
