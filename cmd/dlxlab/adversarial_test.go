package main

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The adversarial suite: every hostile input found so far, each run in its
// own CLI process, with the CPU time and peak memory of that process
// checked against generous ceilings. CPU time (user + system, from the
// process's own accounting) is used rather than wall time, so a machine
// busy with other work does not make a case fail; the ceilings are far
// above what the cases take (BENCHMARKS.md "Hostile input" has the
// figures: DLXLAB_ADVERSARIAL_TABLE=1 prints them).
const (
	ceilingCPU = 2 * time.Second
	ceilingRSS = 256 << 20 // bytes
)

type hostileCase struct {
	name  string
	input func() string // the file's content
	args  []string      // the command; FILE stands for the input file
	want  string        // what the output (stdout + stderr) must say
	code  int           // the exit code
	never string        // what the output must not contain
}

func hostileCases() []hostileCase {
	rep := strings.Repeat
	link := func(data string, extra string) string {
		var z bytes.Buffer
		w, _ := flate.NewWriter(&z, flate.BestCompression)
		w.Write([]byte(data))
		w.Close()
		return "http://127.0.0.1:8080/#s=1." + base64.RawURLEncoding.EncodeToString(append(z.Bytes(), extra...))
	}
	xss := `<script>alert(1)</script>"'><img src=x onerror=alert(1)>`
	return []hostileCase{
		{name: "requeue loop published 10,000 times (149-character link)", args: []string{"run", "FILE"},
			input: func() string {
				return `{"version":1,"queues":[{"name":"q"}],"consumers":[{"name":"c","queue":"q","actions":["requeue"]}],"steps":[{"publish":{"exchange":"","routing_key":"q","body":"x","count":10000}}]}`
			}, want: "more than 100000 broker events (the simulator's work budget)"},
		{name: "block sequences nested 20,000 deep (109-character link)", args: []string{"run", "FILE"},
			input: func() string { return rep("- ", 20_000) + "x\n" }, want: "nested more than 40 levels deep (MaxNesting)", code: exitFail},
		{name: "block sequences nested 40,000 deep", args: []string{"run", "FILE"},
			input: func() string { return rep("- ", 40_000) + "x\n" }, want: "(MaxNesting)", code: exitFail},
		{name: "flow nesting 500,000 deep", args: []string{"run", "FILE"},
			input: func() string { return "queues: " + rep("[", 500_000) }, want: "(MaxNesting)", code: exitFail},
		{name: "topic: '#' binding, 20,000-word routing key", args: []string{"run", "FILE"},
			input: func() string {
				return "queues: [{name: q}]\nbindings: [{source: amq.topic, destination: q, routing_key: '#'}]\nsteps:\n  - publish: {exchange: amq.topic, routing_key: " + rep("a.", 20_000) + "b}\n"
			}, want: "routing_key: 40001 bytes; AMQP 0-9-1 carries names, keys and message properties as short strings", code: exitFail},
		{name: "topic: worst 255-byte binding, 100,000-word CC key", args: []string{"run", "FILE"},
			input: func() string {
				return "queues: [{name: q}]\nbindings: [{source: amq.topic, destination: q, routing_key: '#." + rep("a.", 126) + "b'}]\n" +
					"steps:\n  - publish: {exchange: amq.topic, routing_key: x, body: m, properties: {headers: {CC: ['" + rep("a.", 100_000) + "b']}}}\n"
			}, want: "ready 1 "},
		{name: "run --json: 100 KB body x 10,000", args: []string{"run", "--json", "FILE"},
			input: func() string {
				return "queues: [{name: q}]\nconsumers: [{name: c, queue: q, actions: [ack]}]\nsteps:\n  - publish: {routing_key: q, body: " + rep("b", 100_000) + ", count: 10000}\n"
			}, want: `"body_ref": 1`},
		{name: "TTL 1 ms and reject loop until the budget", args: []string{"run", "FILE"},
			input: func() string {
				return "queues:\n  - {name: wait, arguments: {x-message-ttl: 1, x-dead-letter-exchange: '', x-dead-letter-routing-key: work}}\n" +
					"  - {name: work, arguments: {x-dead-letter-exchange: '', x-dead-letter-routing-key: wait}}\n" +
					"consumers: [{name: c, queue: work, actions: [reject]}]\nsteps:\n  - publish: {routing_key: work, body: m, count: 100}\n  - wait: 30d\n"
			}, want: "(the simulator's work budget)"},
		{name: "fanout to 1,000 queues, 10,000 messages (live copies bound)", args: []string{"run", "FILE"},
			input: func() string {
				var b strings.Builder
				b.WriteString("exchanges: [{name: f, type: fanout}]\nqueues:\n")
				for i := 0; i < 1000; i++ {
					fmt.Fprintf(&b, "  - {name: q%d}\n", i)
				}
				b.WriteString("bindings:\n")
				for i := 0; i < 1000; i++ {
					fmt.Fprintf(&b, "  - {source: f, destination: q%d}\n", i)
				}
				// Later publishes raise the event budget, so the copies bound is the one hit.
				b.WriteString("steps:\n  - publish: {exchange: f, routing_key: k, body: m, count: 10000}\n")
				for i := 0; i < 9; i++ {
					b.WriteString("  - publish: {exchange: f, routing_key: k, body: m, count: 10000}\n")
				}
				return b.String()
			}, want: "more than 100000 live message copies"},
		{name: "escape sequences in title and names", args: []string{"run", "FILE"},
			input: func() string {
				return "title: \"\\e]0;pwned\\a\\e[2J\"\nqueues: [{name: \"q\\e[31m\"}]\nsteps: [{publish: {routing_key: \"q\\e[31m\", body: \"\\e[1A\"}}]\n"
			}, want: `\x1b]0;pwned\x07`, never: "\x1b"},
		{name: "50,000 anchors", args: []string{"run", "FILE"},
			input: func() string {
				var b strings.Builder
				b.WriteString("layout:\n")
				for i := 0; i < 50_000; i++ {
					fmt.Fprintf(&b, "  k%d: &a%d 1\n", i, i)
				}
				return b.String()
			}, want: "(MaxAnchors)", code: exitFail},
		{name: "billion laughs (aliases of aliases)", args: []string{"run", "FILE"},
			input: func() string {
				s := "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
				for i, prev := 0, "a"; i < 9; i++ {
					name := string(rune('b' + i))
					s += name + ": &" + name + " [" + strings.TrimSuffix(rep("*"+prev+",", 9), ",") + "]\n"
					prev = name
				}
				return s
			}, want: "(MaxAnchors)", code: exitFail},
		{name: "deflate bomb link (8 MiB of zeros)", args: []string{"run", "LINK"},
			input: func() string { return link(rep("\x00", 8<<20), "") }, want: "decodes to more than 1 MiB (MaxLinkDecoded)", code: exitFail},
		{name: "bytes after the final deflate block", args: []string{"run", "LINK"},
			input: func() string { return link(`{"version":1,"queues":[{"name":"q"}]}`, "junk") }, want: "4 bytes follow the end of the compressed data", code: exitFail},
		{name: "UTF-8 byte order mark", args: []string{"run", "FILE"},
			input: func() string {
				return "\ufeffversion: 1\nqueues: [{name: q}]\nsteps: [{publish: {routing_key: q, body: m}}]\n"
			}, want: "ready 1 "},
		{name: "XSS strings in every field", args: []string{"run", "--json", "FILE"},
			input: func() string {
				q := strings.ReplaceAll(xss, `"`, `\"`)
				return fmt.Sprintf("title: \"%[1]s\"\nsummary: \"%[1]s\"\nqueues: [{name: \"%[1]s\", arguments: {\"x-%[1]s\": \"%[1]s\"}}]\n"+
					"consumers: [{name: \"%[1]s\", queue: \"%[1]s\", actions: [ack]}]\n"+
					"steps: [{publish: {routing_key: \"%[1]s\", body: \"%[1]s\", properties: {message_id: \"%[1]s\", headers: {\"%[1]s\": \"%[1]s\"}}}}]\n", q)
			}, want: `\u003cscript\u003e`, never: "<script>"},
		{name: "path traversal in names", args: []string{"run", "FILE"},
			input: func() string {
				return "queues: [{name: ../../../../etc/passwd}, {name: '..\\..\\windows'}]\nsteps: [{publish: {routing_key: ../../../../etc/passwd, body: m}}]\n"
			}, want: "ready 1 "},
		{name: "file over 1 MiB", args: []string{"run", "FILE"},
			input: func() string { return "title: " + rep("x", 2<<20) }, want: "larger than 1048576 bytes (MaxFileSize)", code: exitFail},
	}
}

// hostileRun is one measured CLI process.
type hostileRun struct {
	cpu, wall time.Duration
	rss       int64 // bytes
	code      int
	out       string
}

func runHostile(t *testing.T, bin, dir string, c hostileCase) hostileRun {
	input := c.input()
	file := filepath.Join(dir, "case.yaml")
	if err := os.WriteFile(file, []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	args := make([]string, len(c.args))
	for i, a := range c.args {
		switch a {
		case "FILE":
			a = file
		case "LINK":
			a = input
		}
		args[i] = a
	}
	memstat := filepath.Join(dir, "memstat")
	os.Remove(memstat)
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "DLXLAB_MEMSTAT="+memstat)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	// A case that runs away must not take the machine with it: the child
	// dies with the test, and a watchdog kills it past 1 GiB or a minute.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	done := make(chan struct{})
	killed := make(chan string, 1)
	go watchdog(cmd.Process, start, done, killed)
	err := cmd.Wait()
	close(done)
	wall := time.Since(start)
	select {
	case why := <-killed:
		t.Fatalf("%s: killed by the watchdog: %s", c.name, why)
	default:
	}
	if cmd.ProcessState == nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	// Peak memory as the process saw it (see writeMemStat), in kB.
	var kb int64
	if line, err := os.ReadFile(memstat); err == nil {
		fmt.Sscanf(strings.TrimPrefix(string(line), "VmHWM:"), "%d", &kb)
	}
	if kb == 0 {
		t.Fatalf("%s: no memory figure from the process (DLXLAB_MEMSTAT)", c.name)
	}
	return hostileRun{cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), wall: wall,
		rss: kb << 10, code: cmd.ProcessState.ExitCode(), out: out.String()}
}

func TestAdversarialInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the CLI and runs a process per case")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "dlxlab")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	var table strings.Builder
	table.WriteString("| case | command | CPU | wall | max RSS | outcome |\n| --- | --- | ---: | ---: | ---: | --- |\n")
	for _, c := range hostileCases() {
		t.Run(c.name, func(t *testing.T) {
			r := runHostile(t, bin, dir, c)
			if r.code != c.code {
				t.Errorf("exit code %d, want %d", r.code, c.code)
			}
			if !strings.Contains(r.out, c.want) {
				t.Errorf("output lacks %q:\n%.2000s", c.want, r.out)
			}
			if c.never != "" && strings.Contains(r.out, c.never) {
				t.Errorf("output contains %q", c.never)
			}
			if r.cpu > ceilingCPU || r.rss > ceilingRSS {
				t.Errorf("CPU %v (ceiling %v), max RSS %d MB (ceiling %d MB)", r.cpu, ceilingCPU, r.rss>>20, ceilingRSS>>20)
			}
			fmt.Fprintf(&table, "| %s | `dlxlab %s` | %d ms | %d ms | %d MB | %s |\n", c.name, strings.Join(c.args, " "),
				r.cpu.Milliseconds(), r.wall.Milliseconds(), r.rss>>20, outcome(r))
		})
	}
	if os.Getenv("DLXLAB_ADVERSARIAL_TABLE") != "" {
		t.Logf("\n%s", table.String())
	}
}

// watchdog kills p when its resident memory passes 1 GiB or it has run a
// minute, and says why on killed.
func watchdog(p *os.Process, start time.Time, done <-chan struct{}, killed chan<- string) {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
		}
		why := ""
		if time.Since(start) > time.Minute {
			why = "ran a minute"
		} else if status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.Pid)); err == nil {
			for _, line := range strings.Split(string(status), "\n") {
				var kb int64
				if _, err := fmt.Sscanf(line, "VmRSS: %d kB", &kb); err == nil && kb > 1<<20 {
					why = fmt.Sprintf("resident memory %d MB", kb>>10)
				}
			}
		}
		if why != "" {
			killed <- why
			p.Kill()
			return
		}
	}
}

// outcome is the line of the output that says what happened, for the table.
func outcome(r hostileRun) string {
	for _, key := range []string{"limit:", "dlxlab run:", "body_ref", "ready 1 "} {
		for _, line := range strings.Split(r.out, "\n") {
			if i := strings.Index(line, key); i >= 0 {
				line = strings.TrimSpace(line)
				if len(line) > 90 {
					line = line[:87] + "..."
				}
				return strings.ReplaceAll(line, "|", "\\|")
			}
		}
	}
	return fmt.Sprintf("exit %d", r.code)
}
