package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dlxlab/dlxlab/scenarios"
)

const retryLoop = "../../scenarios/library/retry-loop.yaml"

// runCLI runs a scenario command with captured output.
func runCLI(t *testing.T, cmd func([]string, cliIO) int, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = cmd(args, cliIO{strings.NewReader(stdin), &out, &errb})
	return code, out.String(), errb.String()
}

func TestRunCommand(t *testing.T) {
	code, out, errs := runCLI(t, runRun, "", retryLoop)
	if code != exitOK || errs != "" {
		t.Fatalf("run: code %d stderr %s", code, errs)
	}
	for _, want := range []string{"Retry loop with a TTL wait queue (profile rabbitmq-4.3)", "-- step 1: wait 2s",
		"dead-lettered  queue=main", "queues at 2000 ms:", "  main ", "deliveries, 0 returns, 0 drops, 0 errors"} {
		if !strings.Contains(out, want) {
			t.Errorf("run output lacks %q:\n%s", want, out)
		}
	}

	code, out, _ = runCLI(t, runRun, "", retryLoop, "--json", "--profile", "rabbitmq-3.12")
	var obs scenarios.Observation
	if err := json.Unmarshal([]byte(out), &obs); err != nil || code != exitOK {
		t.Fatalf("run --json: code %d, %v\n%s", code, err, out)
	}
	if obs.Profile != "rabbitmq-3.12" || obs.ClockMS != 2000 || len(obs.Deliveries) == 0 {
		t.Errorf("observation %+v", obs)
	}

	src, _ := os.ReadFile(retryLoop)
	if code, out, _ := runCLI(t, runRun, string(src), "--json", "-"); code != exitOK || !strings.HasPrefix(out, "{") {
		t.Errorf("run - (stdin): code %d", code)
	}
}

func TestScenarioCommandErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("queues: [{name: q, durabel: true}]\n"), 0o644)
	tests := []struct {
		name   string
		cmd    func([]string, cliIO) int
		args   []string
		code   int
		stderr string
	}{
		{"run without file", runRun, nil, exitUsage, "missing file argument"},
		{"run two files", runRun, []string{"a", "b"}, exitUsage, `unexpected argument "b"`},
		{"run bad flag", runRun, []string{"--nope", "a"}, exitUsage, "flag provided but not defined"},
		{"run help", runRun, []string{"-h"}, exitOK, "usage: dlxlab run [--json] [--profile P] FILE|-"},
		{"run missing file", runRun, []string{"no/such.yaml"}, exitFail, "no such file"},
		{"run parse error", runRun, []string{bad}, exitFail, `bad.yaml:1:20: unknown key "durabel" in queue; did you mean "durable"?`},
		{"run bad profile", runRun, []string{"--profile", "rabbitmq-9", retryLoop}, exitUsage, `unknown profile "rabbitmq-9"`},
		{"export bad format", runExport, []string{"--format", "xml", retryLoop}, exitUsage, `unknown --format "xml"`},
		{"import not json", runImport, []string{retryLoop}, exitFail, "not a definitions.json export"},
		{"link help", runLink, []string{"--help"}, exitOK, "usage: dlxlab link [--base URL] FILE|-"},
		{"check missing path", runCheck, []string{"no/such/dir"}, exitFail, "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errs := runCLI(t, tt.cmd, "", tt.args...)
			if code != tt.code || !strings.Contains(errs, tt.stderr) {
				t.Errorf("code %d, stderr:\n%s\nwant code %d and %q", code, errs, tt.code, tt.stderr)
			}
		})
	}
}

func TestCheckCommand(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a-pass.yaml": "title: Passes\nqueues: [{name: q}]\nsteps: [{publish: {routing_key: q, body: m}}]\nexpect: [{queue: q, depth: 1}]\n",
		"b-fail.yaml": "title: Fails\nqueues: [{name: q}]\nexpect: [{queue: q, depth: 3}]\n",
		"c-bad.json":  `{"queues": [{"nam": "q"}]}`,
		"notes.txt":   "not a scenario",
	}
	for name, src := range files {
		os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644)
	}
	code, out, _ := runCLI(t, runCheck, "", dir)
	want := "PASS " + filepath.Join(dir, "a-pass.yaml") + " — Passes\n" +
		"FAIL " + filepath.Join(dir, "b-fail.yaml") + " — Fails\n" +
		"    expect[0] (line 3): queue q: depth: want 3, got 0\n" +
		"FAIL " + filepath.Join(dir, "c-bad.json") + " — does not load\n" +
		`    c-bad.json:1:14: unknown key "nam" in queue; did you mean "name"?` + "\n" +
		"    c-bad.json:1:13: queue needs a name (server-named queues cannot be referred to)\n" +
		"1 passed, 2 failed\n"
	if code != exitFail || out != want {
		t.Errorf("code %d, output:\n%s\nwant:\n%s", code, out, want)
	}
	code, out, _ = runCLI(t, runCheck, "", filepath.Join(dir, "a-pass.yaml"))
	if code != exitOK || !strings.HasSuffix(out, "\n1 passed, 0 failed\n") {
		t.Errorf("check one passing file: code %d\n%s", code, out)
	}
}

func TestImportExportLinkCommands(t *testing.T) {
	defs := "../../scenarios/testdata/definitions.json"
	code, out, errs := runCLI(t, runImport, "", "--vhost", "/", defs)
	if code != exitOK {
		t.Fatalf("import: %d %s", code, errs)
	}
	for _, s := range []string{"SECRET-HASH", "password", "fedpassword"} {
		if strings.Contains(out, s) {
			t.Errorf("import output keeps %q", s)
		}
	}
	if !strings.Contains(errs, "note: dropped users (2)") {
		t.Errorf("import stderr: %s", errs)
	}
	imported := filepath.Join(t.TempDir(), "imported.yaml")
	os.WriteFile(imported, []byte(out), 0o644)
	if _, err := scenarios.Parse("imported.yaml", []byte(out)); err != nil {
		t.Fatalf("import output does not parse: %v\n%s", err, out)
	}

	code, out, _ = runCLI(t, runExport, "", "--format", "rabbitmqadmin", imported)
	if code != exitOK || !strings.Contains(out, "rabbitmqadmin declare queue name=jobs durable=true arguments='{\"x-delivery-limit\":5,\"x-queue-type\":\"quorum\"}'") {
		t.Errorf("export rabbitmqadmin: %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, runExport, "", imported)
	if code != exitOK || !json.Valid([]byte(out)) {
		t.Errorf("export definitions: %d\n%s", code, out)
	}

	code, out, _ = runCLI(t, runLink, "", "--base", "https://dlxlab.example/", retryLoop)
	if code != exitOK || !strings.HasPrefix(out, "https://dlxlab.example/#s=1.") {
		t.Fatalf("link: %d %s", code, out)
	}
	if _, err := scenarios.Decode(strings.TrimSpace(out)); err != nil {
		t.Errorf("link does not decode: %v", err)
	}
	if _, out, _ = runCLI(t, runLink, "", retryLoop); !strings.HasPrefix(out, "http://127.0.0.1:8080/#s=1.") {
		t.Errorf("default base: %s", out)
	}
}

// A scenario's text cannot drive the reader's terminal: control characters
// reach the output as visible escapes, newlines and tabs stay.
func TestOutputEscapesControlCharacters(t *testing.T) {
	var b bytes.Buffer
	out := newTerminalOut(&b)
	// A C1 control (U+009B, CSI) split across two writes, then ESC and BEL.
	out.Write([]byte("title \xc2"))
	out.buf.Flush()
	out.Write([]byte("\x9b2J \x1b]0;pwned\x07 ok\tnext\n日本"))
	out.Flush()
	want := "title \\u009b2J \\x1b]0;pwned\\x07 ok\tnext\n日本"
	if b.String() != want {
		t.Fatalf("got %q, want %q", b.String(), want)
	}
}

// However the output is cut into writes, the escaper writes the same
// bytes: its fast path for plain ASCII changes nothing.
func TestEscaperChunking(t *testing.T) {
	text := "plain line\n\xc2\x9b \x1b[1A tab\there é 日本 \x7f end\xe6\x97"
	var whole bytes.Buffer
	e := &controlEscaper{w: &whole}
	e.Write([]byte(text))
	e.Flush()
	for size := 1; size <= 8; size++ {
		var b bytes.Buffer
		e := &controlEscaper{w: &b}
		for i := 0; i < len(text); i += size {
			e.Write([]byte(text[i:min(i+size, len(text))]))
		}
		e.Flush()
		if b.String() != whole.String() {
			t.Fatalf("writes of %d bytes: %q, want %q", size, b.String(), whole.String())
		}
	}
}

// run --json writes a long body once, however many deliveries carry it.
func TestRunJSONBodiesOnce(t *testing.T) {
	dir := t.TempDir()
	body := strings.Repeat("b", 10_000)
	file := filepath.Join(dir, "big.yaml")
	os.WriteFile(file, []byte("queues: [{name: q}]\nconsumers: [{name: c, queue: q, actions: [ack]}]\nsteps:\n  - publish: {routing_key: q, body: "+body+", count: 500}\n"), 0o644)
	code, out, errs := runCLI(t, runRun, "", "--json", file)
	if code != exitOK {
		t.Fatalf("code %d: %s", code, errs)
	}
	if strings.Count(out, body) != 1 || len(out) > 500*1000 {
		t.Fatalf("%d bytes, the body %d times", len(out), strings.Count(out, body))
	}
	var obs scenarios.Observation
	if err := json.Unmarshal([]byte(out), &obs); err != nil {
		t.Fatal(err)
	}
	if len(obs.Deliveries) != 500 || obs.Deliveries[499].Message.BodyRef != 1 || obs.Bodies[0] != body {
		t.Fatalf("%d deliveries, ref %d", len(obs.Deliveries), obs.Deliveries[499].Message.BodyRef)
	}
}

// plainASCII stops at the first byte to escape wherever it sits in a
// word, and passes every plain byte.
func TestPlainASCII(t *testing.T) {
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 20; pos++ {
			data := []byte(strings.Repeat("a\tb\nc~ ", 3))[:20]
			data[pos] = byte(c)
			want := 20
			if escaped(byte(c)) {
				want = pos
			}
			if got := plainASCII(data); got != want {
				t.Fatalf("byte %#x at %d: %d, want %d", c, pos, got, want)
			}
		}
	}
}

// --unbounded lifts the limits on messages, says so on standard error and
// in the help; without it the file does not load.
func TestUnboundedFlag(t *testing.T) {
	file := filepath.Join(t.TempDir(), "big.yaml")
	os.WriteFile(file, []byte("queues: [{name: q}]\nsteps:\n  - publish: {routing_key: q, count: 20000}\nexpect:\n  - {queue: q, depth: 20000}\n"), 0o644)
	if code, out, _ := runCLI(t, runCheck, "", file); code != exitFail || !strings.Contains(out, "out of range [1, 10000]") {
		t.Errorf("check without --unbounded: code %d\n%s", code, out)
	}
	code, out, errs := runCLI(t, runCheck, "", "--unbounded", file)
	if code != exitOK || !strings.Contains(out, "1 passed, 0 failed") || !strings.Contains(errs, "local benchmarking only") {
		t.Errorf("check --unbounded: code %d\n%s\n%s", code, out, errs)
	}
	code, out, errs = runCLI(t, runRun, "", "--unbounded", "--json", file)
	if code != exitOK || strings.Count(out, `"body": ""`) != 20000 || !strings.Contains(errs, "local benchmarking only") {
		t.Errorf("run --unbounded --json: code %d, %d messages\n%s", code, strings.Count(out, `"body": ""`), errs)
	}
	if strings.Contains(out, "null") {
		t.Error("run --json wrote a null list")
	}
	if _, _, errs := runCLI(t, runRun, "", "-h"); !strings.Contains(errs, "FOR LOCAL BENCHMARKING ONLY") {
		t.Errorf("run -h does not warn about --unbounded:\n%s", errs)
	}
}

// run --json writes DEL and C1 controls in strings as JSON escapes: valid
// JSON, the same body, and nothing a terminal would act on.
func TestRunJSONControlCharacters(t *testing.T) {
	file := filepath.Join(t.TempDir(), "ctl.yaml")
	os.WriteFile(file, []byte("queues: [{name: q}]\nsteps:\n  - publish: {routing_key: q, body: \"a\\x7fb\\u0085c\\x1bd\"}\n"), 0o644)
	code, out, errs := runCLI(t, runRun, "", "--json", file)
	if code != exitOK {
		t.Fatalf("code %d: %s", code, errs)
	}
	var obs scenarios.Observation
	if err := json.Unmarshal([]byte(out), &obs); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if got := obs.Queues["q"].Messages[0].Body; got != "a\x7fb\u0085c\x1bd" {
		t.Errorf("body %q", got)
	}
	if strings.ContainsAny(out, "\x7f\u0085\x1b") {
		t.Errorf("a control character reached the output:\n%q", out)
	}
}

// A trace written with TerminalTrace and let past the escaper (run's
// path) is byte for byte the raw trace passed through the escaper, for a
// scenario whose names, keys and bodies hold C0, DEL and C1 controls, and
// for every library and suite file.
func TestTerminalTraceSameAsEscaper(t *testing.T) {
	hostile := "title: \"t \\x1b]0;x\\x07\"\nexchanges: [{name: \"x\\x7f\\u009b\", type: fanout}]\n" +
		"queues:\n  - {name: \"q\\x1b[2J\", arguments: {x-message-ttl: 0, x-dead-letter-exchange: \"x\\x7f\\u009b\"}}\n  - {name: \"d\\u0085\\t\\x01é\"}\n" +
		"bindings: [{source: \"x\\x7f\\u009b\", destination: \"d\\u0085\\t\\x01é\"}]\n" +
		"consumers: [{name: \"c\\u009bé\\x1b\", queue: \"d\\u0085\\t\\x01é\", actions: [hold]}]\n" +
		"steps:\n  - publish: {routing_key: \"q\\x1b[2J\", body: \"b\\x1b\\u0085\\x7f日本\"}\n" +
		"  - publish: {exchange: \"x\\x7f\\u009b\", routing_key: \"k\\x07\\u0090\", body: two}\n" +
		"  - get: {queue: \"q\\x1b[2J\"}\n  - declare: {queue: \"bad\\x1b\", arguments: {x-message-ttl: -1}}\n" +
		"  - ack: {consumer: \"c\\u009bé\\x1b\"}\n"
	sc, err := scenarios.Parse("hostile.yaml", []byte(hostile))
	if err != nil {
		t.Fatal(err)
	}
	all := []*scenarios.Scenario{sc}
	files, _ := filepath.Glob("../../scenarios/library/*.yaml")
	suite, _ := filepath.Glob("../../scenarios/suite/*.yaml")
	for _, f := range append(files, suite...) {
		data, _ := os.ReadFile(f)
		if s, err := scenarios.Parse(f, data); err == nil {
			all = append(all, s)
		}
	}
	for _, sc := range all {
		var escaped, safe bytes.Buffer
		out := newTerminalOut(&escaped)
		scenarios.Run(sc, scenarios.Options{Trace: out})
		out.Flush()
		out = newTerminalOut(&safe)
		writeSafe(out, func(w io.Writer) error {
			_, err := scenarios.Run(sc, scenarios.Options{Trace: w, TerminalTrace: true})
			return err
		})
		out.Flush()
		if escaped.String() != safe.String() {
			t.Fatalf("%s: TerminalTrace differs:\n%q\nwant\n%q", sc.Name, safe.String(), escaped.String())
		}
	}
	if len(all) < 50 {
		t.Errorf("only %d scenarios", len(all))
	}
}
