package conform

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Lines as RabbitMQ 3.10.8 and 4.3.6 wrote them (a multi-line event
// repeats its prefix on every line).
const sampleLog = `2026-12-01 18:36:44.784203+00:00 [info] <0.1223.0> connection <0.1223.0>: user 'guest' authenticated
2026-12-01 18:36:45.101548+00:00 [warning] <0.1251.0> Message dropped. Dead-letter queues cycle detected: [<<"pay.queue">>,
2026-12-01 18:36:45.101548+00:00 [warning] <0.1251.0>                                                      <<"q.b">>,
2026-12-01 18:36:45.101548+00:00 [warning] <0.1251.0>                                                      <<"pay.queue">>]
2026-12-01 18:36:45.101548+00:00 [warning] <0.1251.0> This cycle will NOT be reported again.
2026-12-01 18:40:07.012083+00:00 [warning] <0.2384.0> Message dropped because the following list of queues (ordered by death recency) contains a dead letter cycle without reason 'rejected'. This list will not be logged again: [<<"loopq">>,
2026-12-01 18:40:07.012083+00:00 [warning] <0.2384.0>                                        <<"a \"b\"">>, <<"名"/utf8>>]
2026-12-01 18:40:07.899688+00:00 [info] <0.2348.0> closing AMQP connection
`

func TestParseLogGroupsMultiLineEvents(t *testing.T) {
	recs, err := parseLog(strings.NewReader(sampleLog))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 4 {
		t.Fatalf("got %d records, want 4: %#v", len(recs), recs)
	}
	if recs[1].Pid != "<0.1251.0>" || !strings.HasSuffix(recs[1].Text, "will NOT be reported again.") {
		t.Errorf("record 1 = %#v", recs[1])
	}
}

func TestBrokerCyclesKeepsTheScenarioProcesses(t *testing.T) {
	recs, _ := parseLog(strings.NewReader(sampleLog))
	got := brokerCycles(recs, map[string]bool{"<0.1251.0>": true, "<0.2384.0>": true})
	want := []string{"pay.queue, q.b, pay.queue", `loopq, a "b", 名`}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := brokerCycles(recs, map[string]bool{"<0.2384.0>": true}); len(got) != 1 {
		t.Errorf("another run's process: got %q", got)
	}
	if got := brokerCycles(recs, nil); len(got) != 0 {
		t.Errorf("no pids: got %q", got)
	}
}

func TestLocalPid(t *testing.T) {
	for in, want := range map[string]string{
		"<rabbit@localhost.1251.0>":              "<0.1251.0>",
		"<rabbit43@localhost.1796150201.3808.0>": "<0.3808.0>",
		"":                                       "",
	} {
		if got := localPid(in); got != want {
			t.Errorf("localPid(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDiffCycles(t *testing.T) {
	var out []Difference
	diffCycles([]string{"work, work", "a, b, a"}, []string{"a, b, a", "a, b, a, c"}, &out)
	if len(out) != 1 || out[0].Sim != "[work, work]" || out[0].Broker != "[a, b, a, c]" {
		t.Errorf("got %v", out)
	}
	out = nil
	diffCycles([]string{"x, x"}, nil, &out)
	if len(out) != 1 || out[0].Broker != "(none)" || out[0].Path != "log.cycles" {
		t.Errorf("missing line: got %v", out)
	}
	out = nil
	diffCycles(nil, nil, &out)
	if len(out) != 0 {
		t.Errorf("nothing logged: got %v", out)
	}
}

func TestSimCycleList(t *testing.T) {
	d := "Message dropped because ... This list will not be logged again: [ping, pong, ping]"
	if got := simCycleList(d); got != "ping, pong, ping" {
		t.Errorf("got %q", got)
	}
}

func TestOpenBrokerLogPicksTheNodeOrTheNewest(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"rabbit@old.log", "rabbit@localhost_upgrade.log", "rabbit@localhost.log"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	l, err := openBrokerLog(dir, "rabbit@old")
	if err != nil || filepath.Base(l.path) != "rabbit@old.log" {
		t.Fatalf("by node: %v %v", l, err)
	}
	if l, err = openBrokerLog(dir, ""); err != nil || strings.HasSuffix(l.path, "_upgrade.log") {
		t.Fatalf("newest: %v %v", l, err)
	}
	if _, err := openBrokerLog(dir, "rabbit@missing"); err == nil {
		t.Fatal("a missing node log is an error")
	}
}
