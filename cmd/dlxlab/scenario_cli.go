package main

// Helpers shared by the scenario commands (run, check, import, export,
// link): reading scenario files, and flags mixed with file arguments.

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/dlxlab/dlxlab/scenarios"
)

// cliIO is where a command reads and writes, so tests can capture it.
type cliIO struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

func osIO() cliIO { return cliIO{os.Stdin, stdoutOut, stderrOut} }

// scenarioFlagSet is newFlagSet with a longer description under the usage
// line and output to io.stderr.
func scenarioFlagSet(name, synopsis, about string, cio cliIO) *flag.FlagSet {
	fs := newFlagSet(name, synopsis)
	fs.SetOutput(cio.stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: dlxlab %s %s\n\n%s\n", name, synopsis, about)
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			fmt.Fprintf(fs.Output(), "\nflags:\n")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseArgs parses flags that may come before or after the file
// arguments ("run FILE --json" works) and returns the arguments. stop is
// set when the command should end with code (-h, a bad flag, or a wrong
// number of arguments: min..max, max < 0 for no limit).
func parseArgs(fs *flag.FlagSet, args []string, min, max int) (rest []string, code int, stop bool) {
	for {
		if err := fs.Parse(args); err != nil {
			if err == flag.ErrHelp {
				return nil, exitOK, true
			}
			return nil, exitUsage, true
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
	if len(rest) < min || (max >= 0 && len(rest) > max) {
		if len(rest) < min {
			fmt.Fprintf(fs.Output(), "%s: missing file argument\n", fs.Name())
		} else {
			fmt.Fprintf(fs.Output(), "%s: unexpected argument %q\n", fs.Name(), rest[max])
		}
		fs.Usage()
		return nil, exitUsage, true
	}
	return rest, 0, false
}

// readInput reads a file, or standard input for "-", refusing more than
// scenarios.MaxFileSize bytes.
func readInput(path string, cio cliIO) ([]byte, string, error) {
	name := filepath.Base(path)
	var r = cio.stdin
	if path == "-" {
		name = "stdin"
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, "", err
		}
		defer f.Close()
		r = f
	}
	data, err := readLimited(r, scenarios.MaxFileSize)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %v", name, err)
	}
	return data, name, nil
}

func readLimited(r io.Reader, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("larger than %d bytes (MaxFileSize)", limit)
	}
	return data, nil
}

// loadScenario reads and parses a scenario file (or "-").
func loadScenario(path string, cio cliIO) (*scenarios.Scenario, error) {
	return loadScenarioWith(path, cio, false)
}

// loadScenarioWith is loadScenario, without the limits on messages when
// unbounded is set (--unbounded; a share link keeps them).
func loadScenarioWith(path string, cio cliIO, unbounded bool) (*scenarios.Scenario, error) {
	if strings.Contains(path, "#s=") { // a share link, decoded as the app does
		return scenarios.Decode(path)
	}
	data, name, err := readInput(path, cio)
	if err != nil {
		return nil, err
	}
	if unbounded {
		return scenarios.ParseUnbounded(name, data)
	}
	return scenarios.Parse(name, data)
}

// unboundedUsage is the help of --unbounded (run, check).
const unboundedUsage = "FOR LOCAL BENCHMARKING ONLY: lift the limits on messages (10,000 a publish step, 100,000 a scenario, 100,000 live copies, 256 MiB of bodies held); such a file can use all the memory of this machine. Share links and the app keep the limits"

// unboundedFlag adds --unbounded to a command's flags.
func unboundedFlag(fs *flag.FlagSet) *bool { return fs.Bool("unbounded", false, unboundedUsage) }

// warnUnbounded says on standard error that the limits are lifted.
func warnUnbounded(cio cliIO, cmd string) {
	fmt.Fprintf(cio.stderr, "dlxlab %s: --unbounded: the limits on messages are lifted (local benchmarking only)\n", cmd)
}
