package main

import (
	"encoding/json"
	"strings"
	"testing"
)

const shopExport = "../../scenarios/lint/testdata/shop-production.json"

func TestLintCommand(t *testing.T) {
	healthy := "version: 1\nqueues: [{name: q, arguments: {x-queue-type: quorum, x-delivery-limit: 5}}]\n"
	warnOnly := "version: 1\nqueues: [{name: q, arguments: {x-queue-type: quorum, x-overflow: reject-publish-dlx, x-max-length: 5, x-delivery-limit: 5, x-dead-letter-exchange: amq.direct, x-dead-letter-routing-key: x}}, {name: d}]\nbindings: [{source: amq.direct, destination: d, routing_key: x}]\nconsumers: [{name: c, queue: d, actions: [ack]}]\n"
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		out   string
	}{
		{"export: errors fail by default", "", []string{shopExport}, 1, "(profile rabbitmq-4.3): 3 errors, 9 warnings, 3 info"},
		{"healthy: exit 0", healthy, []string{"-"}, 0, "0 errors, 0 warnings, 0 info"},
		{"a warning passes --fail-on error", warnOnly, []string{"-"}, 0, "qq-reject-publish-dlx"},
		{"a warning fails --fail-on warning", warnOnly, []string{"--fail-on", "warning", "-"}, 1, "qq-reject-publish-dlx"},
		{"--fail-on never", "", []string{"--fail-on", "never", shopExport}, 0, "dlx-missing"},
		{"Chinese", "", []string{"--lang", "zh", shopExport}, 1, "死信交换机 'emails.dlx' 不存在"},
		{"3.12 and the upgrade diff", "", []string{"--profile", "rabbitmq-3.12", "--diff-to", "rabbitmq-4.3", shopExport}, 1,
			"from rabbitmq-3.12 to rabbitmq-4.3: 3 new, 2 gone"},
		{"bad --fail-on", "", []string{"--fail-on", "fatal", shopExport}, 2, ""},
		{"bad --lang", "", []string{"--lang", "fr", shopExport}, 2, ""},
		{"bad profile", "", []string{"--profile", "rabbitmq-9", shopExport}, 2, ""},
		{"unreadable input", "version: 1\nqueues: [{name: q, durabel: true}]\n", []string{"-"}, 2, ""},
		{"missing file", "", []string{"/nonexistent.json"}, 2, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCLI(t, runLint, tc.stdin, tc.args...)
			if code != tc.code || !strings.Contains(out, tc.out) {
				t.Errorf("code %d (want %d), stdout lacks %q:\n%s\nstderr: %s", code, tc.code, tc.out, out, errs)
			}
		})
	}

	code, out, _ := runCLI(t, runLint, "", "--json", "--diff-to", "rabbitmq-3.12", shopExport)
	var doc struct {
		Profile  string `json:"profile"`
		Findings []struct {
			Code, Severity, Text, TextZH string
			Objects                      []struct{ Kind, Name string }
			ShowMe                       bool `json:"show_me"`
		} `json:"findings"`
		Diff struct{ From, To string } `json:"diff"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 1 {
		t.Fatalf("--json: code %d, %v\n%s", code, err, out)
	}
	if doc.Profile != "rabbitmq-4.3" || len(doc.Findings) != 15 || doc.Findings[0].Code != "mirroring-removed" ||
		doc.Diff.To != "rabbitmq-3.12" || doc.Findings[1].Objects[0].Name != "emails.dlx" {
		t.Errorf("--json document: %+v", doc)
	}
}
