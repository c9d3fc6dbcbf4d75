// Command dlxlab is the native DLX Lab tool: it generates and serves the
// site, and (later) runs and checks scenarios.
//
// Each subcommand lives in its own file and registers itself in init():
//
//	func init() {
//		commands["name"] = command{summary: "one line for --help", run: runName}
//	}
//
// run gets the arguments after the subcommand name and returns the exit
// code: exitOK, exitFail (the work failed; say why on stderr) or exitUsage
// (bad flags or arguments).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
)

// Exit codes shared by every subcommand.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
)

type command struct {
	summary string
	run     func(args []string) int
}

// commands is filled by the init() of each subcommand's file.
var commands = map[string]command{}

func main() {
	code := run(os.Args[1:], stdoutOut, stderrOut)
	flushOutput()
	writeMemStat()
	os.Exit(code)
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(stdout)
		return exitOK
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "dlxlab: unknown command %q\n\n", args[0])
		usage(stderr)
		return exitUsage
	}
	return cmd.run(args[1:])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: dlxlab <command> [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(w, "  %-10s %s\n", name, commands[name].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'dlxlab <command> -h' for the flags of a command.")
}

// newFlagSet returns a flag set for a subcommand that reports errors
// itself (so run can return exitUsage) and prints usage to stderr.
func newFlagSet(name, argsSynopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet("dlxlab "+name, flag.ContinueOnError)
	fs.SetOutput(os.Stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: dlxlab %s %s\n\n%s\n\nflags:\n", name, argsSynopsis, commands[name].summary)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args and reports the exit code to return if parsing
// stopped the command: exitOK for -h, exitUsage for a bad flag or a stray
// argument.
func parseFlags(fs *flag.FlagSet, args []string) (code int, stop bool) {
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return exitOK, true
		}
		return exitUsage, true
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "%s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		fs.Usage()
		return exitUsage, true
	}
	return 0, false
}
