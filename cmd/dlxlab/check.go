package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/dlxlab/dlxlab/scenarios"
)

func init() {
	commands["check"] = command{
		summary: "run scenario files and check their expect blocks (default: scenarios/library)",
		run:     func(args []string) int { return runCheck(args, osIO()) },
	}
}

const checkAbout = `Runs every scenario file given (folders are searched for .yaml, .yml and
.json files) and checks its expect block. Prints one line per scenario,
PASS or FAIL with its title, each failure indented under it, and
"N passed, N failed" as the last line. Exits 1 if any scenario failed.`

// defaultCheckPath is what check runs without arguments.
const defaultCheckPath = "scenarios/library"

func runCheck(args []string, cio cliIO) int {
	fset := scenarioFlagSet("check", "[PATH…]", checkAbout, cio)
	unbounded := unboundedFlag(fset)
	paths, code, stop := parseArgs(fset, args, 0, -1)
	if stop {
		return code
	}
	if *unbounded {
		warnUnbounded(cio, "check")
	}
	if len(paths) == 0 {
		paths = []string{defaultCheckPath}
	}
	files, err := scenarioFiles(paths)
	if err != nil {
		fmt.Fprintf(cio.stderr, "dlxlab check: %v\n", err)
		return exitFail
	}
	if len(files) == 0 {
		fmt.Fprintf(cio.stderr, "dlxlab check: no scenario files in %s\n", strings.Join(paths, " "))
		return exitFail
	}
	passed, failed := 0, 0
	for _, f := range files {
		if checkFile(f, cio, *unbounded) {
			passed++
		} else {
			failed++
		}
	}
	fmt.Fprintf(cio.stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return exitFail
	}
	return exitOK
}

// checkFile runs one file and prints its PASS / FAIL line.
func checkFile(path string, cio cliIO, unbounded bool) bool {
	w := cio.stdout
	if rs, err := loadRocketMQ(path, cio); err != nil || rs != nil {
		if err != nil {
			fmt.Fprintf(w, "FAIL %s — does not load\n", path)
			for _, line := range strings.Split(err.Error(), "\n") {
				fmt.Fprintf(w, "    %s\n", line)
			}
			return false
		}
		return checkRocketMQ(path, rs, cio)
	}
	sc, err := loadScenarioWith(path, cio, unbounded)
	if err != nil {
		fmt.Fprintf(w, "FAIL %s — does not load\n", path)
		for _, line := range strings.Split(err.Error(), "\n") {
			fmt.Fprintf(w, "    %s\n", line)
		}
		return false
	}
	title := sc.Title
	if title == "" {
		title = "(untitled)"
	}
	// check prints failures, never the trace, and reads only bodies of queues
	// and reads the final queues straight from the broker (Runner.Check)
	r, err := scenarios.NewRunner(sc, scenarios.Options{NoTrace: true, BodiesOnly: true, Unbounded: unbounded})
	if err != nil {
		fmt.Fprintf(w, "FAIL %s — %s\n    %v\n", path, title, err)
		return false
	}
	for !r.Done() {
		r.Step()
	}
	fails := r.Check()
	if len(sc.Expect) == 0 {
		fmt.Fprintf(w, "FAIL %s — %s\n    no expect block: nothing is checked\n", path, title)
		return false
	}
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

// scenarioFiles expands folders into their scenario files, sorted; files
// named directly are kept whatever their extension.
func scenarioFiles(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			out = append(out, p)
			continue
		}
		var found []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			switch strings.ToLower(filepath.Ext(path)) {
			case ".yaml", ".yml", ".json":
				if !d.IsDir() {
					found = append(found, path)
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(found)
		out = append(out, found...)
	}
	return out, nil
}
