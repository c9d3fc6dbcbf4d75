package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/dlxlab/dlxlab/conform"
	"github.com/dlxlab/dlxlab/core"
)

func init() {
	commands["conform"] = command{
		summary: "replay scenarios on a real RabbitMQ and diff with the simulator (exit 1 on an unlisted difference)",
		run:     runConform,
	}
}

// defaultLibrary is what conform replays without a PATH.
const defaultLibrary = "scenarios/library"

func runConform(args []string) int {
	fs := newFlagSet("conform", "[flags] [PATH…]")
	target := fs.String("target", "", "a broker of .ci/brokers.sh: 3.10, 4.0 or 4.3 (sets -amqp, -ctl and -log)")
	url := fs.String("amqp", "amqp://guest:guest@127.0.0.1:5672/", "AMQP URL of the broker (local: vhosts and policies are made with rabbitmqctl)")
	ctl := fs.String("ctl", "rabbitmqctl", "command that runs the broker's rabbitmqctl, split at spaces (e.g. \"chroot /srv/r rabbitmqctl -n rabbit43@localhost\")")
	logDir := fs.String("log", "", "folder of the broker's log, to compare its dead-letter cycle lines (\"\": not compared)")
	profile := fs.String("profile", "", "simulator profile to compare with (default: from the broker's version: 3.x rabbitmq-3.12, 4.0–4.2 rabbitmq-4.2, 4.3+ rabbitmq-4.3)")
	scale := fs.Float64("scale", 0.1, "real time = virtual time × scale (TTLs, expirations, waits, consumer delays)")
	minReal := fs.Duration("min-real", time.Second, "but shrink no scenario below this much real time (a short one runs at up to real speed); 0: always --scale")
	budget := fs.Duration("budget", 20*time.Second, "skip a scenario whose waits need more real time than this")
	tolAbs := fs.Int64("tolerance-ms", conform.DefaultTolerance.Abs, "t_ms may differ by this many virtual ms…")
	tolRel := fs.Float64("tolerance-rel", conform.DefaultTolerance.Rel, "…or by this fraction of the simulated time, whichever is larger")
	knownFile := fs.String("known", "", "known-divergences file (default: conform/known.yaml, built in)")
	noSkip := fs.Bool("noskip", false, "replay scenarios whose file says conform: {skip: …} too")
	prom := fs.String("metrics", "", "compare the run's Prometheus counters with the broker's rabbitmq_prometheus endpoint at this base URL, or \"target\" for the named target's (docs/metrics.md)")
	metricsOnly := fs.String("metrics-only", "", "compare the metrics of these scenarios only: file names without extension, comma-separated")
	metricsWait := fs.Duration("metrics-wait", conform.DefaultMetricsWait, "how long the broker's per-queue series may take to show the end of a replay")
	save := fs.String("save", "", "write NAME.sim.json and NAME.broker.json for each replayed scenario into this folder")
	paths, code, stop := parseInterleaved(fs, args)
	if stop {
		return code
	}
	if len(paths) == 0 {
		paths = []string{defaultLibrary}
	}
	if *profile != "" {
		if _, err := core.ParseProfile(*profile); err != nil {
			fmt.Fprintf(os.Stderr, "dlxlab conform: %v\n", err)
			return exitUsage
		}
	}
	tgt, err := conformTarget(fs, *target, *url, *ctl, *logDir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "dlxlab conform: %v\n", err)
		return exitUsage
	}
	known, err := loadKnown(*knownFile)
	if err != nil {
		fmt.Fprintf(os.Stderr, "dlxlab conform: %v\n", err)
		return exitUsage
	}
	files, err := conform.LoadFiles(paths)
	if err != nil {
		fmt.Fprintf(os.Stderr, "dlxlab conform: %v\n", err)
		return exitUsage
	}

	if *prom == "target" {
		if tgt.Metrics == "" {
			fmt.Fprintln(os.Stderr, "dlxlab conform: -metrics target needs -target")
			return exitUsage
		}
		*prom = tgt.Metrics
	}
	// Ctrl-C (or a CI timeout's SIGTERM) stops the scenario being run; the
	// vhosts are still deleted before exiting.
	ctx, stopSignals := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stopSignals()
	signal.Ignore(syscall.SIGPIPE) // `dlxlab conform | head` must not skip deleting the vhosts
	sum, err := conform.Run(ctx, conform.Config{URL: tgt.URL, Admin: conform.Rabbitmqctl{Command: tgt.Ctl},
		LogDir: tgt.LogDir, Node: tgt.Node, Profile: *profile, Scale: *scale, MinReal: *minReal, Budget: *budget,
		Tolerance: conform.Tolerance{Abs: *tolAbs, Rel: *tolRel}, Known: known, Out: os.Stdout, SaveDir: *save, NoSkip: *noSkip, Metrics: *prom,
		MetricsOnly: splitList(*metricsOnly), MetricsWait: *metricsWait}, files)
	if err != nil {
		fmt.Fprintf(os.Stderr, "dlxlab conform: %v\n", err)
		return exitFail
	}
	if _, failed, _ := sum.Count(); failed > 0 {
		return exitFail
	}
	return exitOK
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// conformTarget is the broker to use: a named target, or what -amqp, -ctl
// and -log say (a named target cannot be mixed with them).
func conformTarget(fs *flag.FlagSet, name, url, ctl, logDir string) (conform.Target, error) {
	if name == "" {
		return conform.Target{URL: url, Ctl: strings.Fields(ctl), LogDir: logDir}, nil
	}
	mixed := false
	fs.Visit(func(f *flag.Flag) { mixed = mixed || f.Name == "amqp" || f.Name == "ctl" || f.Name == "log" })
	if mixed {
		return conform.Target{}, fmt.Errorf("-target %s already sets -amqp, -ctl and -log", name)
	}
	return conform.TargetNamed(name)
}

func loadKnown(path string) ([]conform.Known, error) {
	if path == "" {
		return conform.DefaultKnown()
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return conform.ParseKnown(path, data)
}

// parseInterleaved parses flags that may come before or after the paths
// (`dlxlab conform scenarios/library --scale 0.2`); the flag package alone
// stops at the first path.
func parseInterleaved(fs *flag.FlagSet, args []string) (paths []string, code int, stop bool) {
	for {
		if err := fs.Parse(args); err != nil {
			if err == flag.ErrHelp {
				return nil, exitOK, true
			}
			return nil, exitUsage, true
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return paths, 0, false
		}
		if rest[0] == "--" {
			return append(paths, rest[1:]...), 0, false
		}
		paths = append(paths, rest[0])
		args = rest[1:]
	}
}
