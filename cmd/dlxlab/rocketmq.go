package main

// RocketMQ scenarios (`broker: rocketmq`) in run, check and link: the
// file or link is looked at first and handed to scenarios/rocketmq.

import (
	"fmt"
	"strings"

	"github.com/dlxlab/dlxlab/scenarios"
	rmq "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// loadRocketMQ returns the RocketMQ scenario of path, or nil when path is
// not one (the caller then loads it as a RabbitMQ scenario).
func loadRocketMQ(path string, cio cliIO) (*rmq.Scenario, error) {
	var data []byte
	name := "share link"
	if strings.Contains(path, "#s=") {
		d, err := scenarios.DecodeBytes(path)
		if err != nil {
			return nil, nil // loadScenario reports it
		}
		data = d
	} else {
		if path == "-" {
			return nil, nil // standard input is read once, by loadScenario
		}
		d, n, err := readInput(path, cio)
		if err != nil {
			return nil, nil
		}
		data, name = d, n
	}
	if !rmq.IsRocketMQ(data) {
		return nil, nil
	}
	return rmq.Parse(name, data)
}

// runRocketMQ is `run` for a RocketMQ scenario.
func runRocketMQ(sc *rmq.Scenario, asJSON bool, cio cliIO) int {
	obs, err := rmq.Run(sc, !asJSON)
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab run: %v\n", err)
		return exitUsage
	}
	if asJSON {
		js, err := obs.JSON()
		if err != nil {
			fmt.Fprintf(cio.stderr, "dlxlab run: %v\n", err)
			return exitFail
		}
		fmt.Fprintf(cio.stdout, "%s\n", js)
		return exitOK
	}
	w := cio.stdout
	for _, line := range obs.Trace {
		fmt.Fprintln(w, line)
	}
	fmt.Fprintf(w, "\n%s (%s), ended at %s\n", sc.Title, obs.Profile, scenarios.Duration(obs.EndMs))
	for _, t := range obs.Topics {
		for _, q := range t.Queues {
			if q.MaxOffset > 0 {
				fmt.Fprintf(w, "  %s/%d: offsets %d..%d\n", t.Name, q.ID, q.MinOffset, q.MaxOffset)
			}
		}
	}
	for _, g := range obs.Groups {
		for _, p := range g.Progress {
			fmt.Fprintf(w, "  group %s %s/%d: consumer offset %d, lag %d\n", p.Track, p.Topic, p.QueueID, p.ConsumerOffset, p.Lag)
		}
		for _, bq := range g.Blocked {
			fmt.Fprintf(w, "  group %s %s/%d: blocked until %s\n", bq.Track, bq.Topic, bq.QueueID, scenarios.Duration(bq.Until))
		}
	}
	for _, d := range obs.Drops {
		fmt.Fprintf(w, "  dropped at %s: %s (%s)\n", scenarios.Duration(d.T), d.Reason, d.Detail)
	}
	for _, e := range obs.Errors {
		fmt.Fprintf(w, "  error: %s\n", e)
	}
	if obs.Error != "" {
		fmt.Fprintf(w, "  stopped: %s\n", obs.Error)
	}
	return exitOK
}

// checkRocketMQ is `check` for one RocketMQ scenario.
func checkRocketMQ(path string, sc *rmq.Scenario, cio cliIO) bool {
	w := cio.stdout
	title := sc.Title
	if title == "" {
		title = "(untitled)"
	}
	obs, err := rmq.Run(sc, false)
	if err != nil {
		fmt.Fprintf(w, "FAIL %s — %s\n    %v\n", path, title, err)
		return false
	}
	if sc.Expect == nil {
		fmt.Fprintf(w, "FAIL %s — %s\n    no expect block: nothing is checked\n", path, title)
		return false
	}
	fails := rmq.Check(sc, obs)
	if len(fails) == 0 {
		fmt.Fprintf(w, "PASS %s — %s\n", path, title)
		return true
	}
	fmt.Fprintf(w, "FAIL %s — %s\n", path, title)
	for _, f := range fails {
		fmt.Fprintf(w, "    %s\n", f)
	}
	return false
}
