package main

import (
	"encoding/json"
	"strings"
	"testing"
)

const rmqLesson = "../../scenarios/library/rocketmq/rocketmq-max-reconsume-3.yaml"

// run, run --json, check and link work for RocketMQ scenarios, and a link
// runs like its file.
func TestRocketMQCommands(t *testing.T) {
	code, out, errs := runCLI(t, runCheck, "", "../../scenarios/library/rocketmq")
	if code != exitOK || !strings.Contains(out, " 0 failed") {
		t.Fatalf("check: %d %s %s", code, out, errs)
	}
	code, out, _ = runCLI(t, runRun, "", rmqLesson)
	if code != exitOK || !strings.Contains(out, "dead-lettered") || !strings.Contains(out, "%DLQ%demo-consumer/0") {
		t.Fatalf("run: %d %s", code, out)
	}
	code, js, _ := runCLI(t, runRun, "", "--json", rmqLesson)
	var obs struct {
		Broker      string
		Deliveries  []map[string]any
		DeadLetters []map[string]any `json:"dead_letters"`
	}
	if code != exitOK || json.Unmarshal([]byte(js), &obs) != nil || obs.Broker != "rocketmq" || len(obs.Deliveries) != 4 || len(obs.DeadLetters) != 1 {
		t.Fatalf("run --json: %d %.300s", code, js)
	}
	code, link, _ := runCLI(t, runLink, "", rmqLesson)
	if code != exitOK || !strings.Contains(link, "#s=1.") {
		t.Fatalf("link: %d %s", code, link)
	}
	code, js2, _ := runCLI(t, runRun, "", "--json", strings.TrimSpace(link))
	if code != exitOK || js2 != js {
		t.Fatalf("the link runs differently")
	}
	code, out, _ = runCLI(t, runCheck, "", "../../scenarios/library/rocketmq", "../../scenarios/library/basics-reject-to-dlq.yaml")
	if code != exitOK || !strings.Contains(out, "passed, 0 failed") {
		t.Fatalf("mixed check: %s", out)
	}
}
