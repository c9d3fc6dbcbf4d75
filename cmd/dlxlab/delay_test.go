package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDelayCommand(t *testing.T) {
	code, out, errOut := runCLI(t, runDelay, "", "../../scenarios/delaylab/head-of-line.yaml")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var ttl string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "RabbitMQ: one queue, per-message TTL") {
			ttl = line // the table's line; the held-over-time line comes later
			break
		}
	}
	// B and C come out 25 s late: p50 and max are 25s.
	if f := strings.Fields(ttl); len(f) < 9 || f[5] != "25s" || f[8] != "25s" {
		t.Fatalf("per-message TTL line %q\n%s", ttl, out)
	}
	if !strings.Contains(out, "held over time") || !strings.Contains(out, "█") {
		t.Fatalf("no held-over-time lines:\n%s", out)
	}
	if !strings.Contains(out, "[plugin]") {
		t.Fatalf("the plugin is not marked:\n%s", out)
	}

	code, out, errOut = runCLI(t, runDelay, "", "--json", "../../scenarios/delaylab/head-of-line.yaml")
	var doc delayJSONDoc
	if code != exitOK || json.Unmarshal([]byte(out), &doc) != nil {
		t.Fatalf("exit %d, %s\n%s", code, errOut, out)
	}
	if doc.Messages != 3 || len(doc.Strategies) != 9 || doc.Strategies[0].Max != 25_000 || doc.Strategies[0].Histogram["≤1m"] != 2 {
		t.Fatalf("json %+v", doc.Strategies[0])
	}

	code, _, errOut = runCLI(t, runDelay, "messages:\n  - {delay: soon}\n", "-")
	if code != exitFail || !strings.Contains(errOut, "stdin:2:13: delay: invalid duration") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if code, _, _ = runCLI(t, runDelay, ""); code != exitUsage {
		t.Fatalf("no file: exit %d", code)
	}
}
