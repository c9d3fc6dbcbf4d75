package main

import (
	"fmt"

	"github.com/dlxlab/dlxlab/scenarios"
)

func init() {
	commands["import"] = command{
		summary: "turn a RabbitMQ definitions.json export into a scenario (YAML on stdout)",
		run:     func(args []string) int { return runImport(args, osIO()) },
	}
}

const importAbout = `Reads a definitions.json export (rabbitmqctl export_definitions, or the
management UI) and writes a scenario with the exchanges, queues, bindings
and policies of one vhost. Users, password hashes, permissions, vhosts and
parameters are dropped and never written; what was dropped is listed on
stderr. Add consumers, steps and expect to the result by hand.`

func runImport(args []string, cio cliIO) int {
	fs := scenarioFlagSet("import", "[--vhost /] definitions.json|-", importAbout, cio)
	vhost := fs.String("vhost", "/", "vhost whose topology to import")
	files, code, stop := parseArgs(fs, args, 1, 1)
	if stop {
		return code
	}
	data, name, err := readInput(files[0], cio)
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab import: %v\n", err)
		return exitFail
	}
	sc, warnings, err := scenarios.ImportDefinitions(data, *vhost)
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab import: %s: %v\n", name, err)
		return exitFail
	}
	for _, w := range warnings {
		fmt.Fprintf(cio.stderr, "dlxlab import: note: %s\n", w)
	}
	y, err := scenarios.FormatYAML(sc)
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab import: %v\n", err)
		return exitFail
	}
	fmt.Fprintf(cio.stdout, "# imported from %s (vhost %s) by dlxlab import\n%s", name, *vhost, y)
	return exitOK
}
