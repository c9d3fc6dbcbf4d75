package main

import (
	"strings"
	"testing"
)

func TestRunMetrics(t *testing.T) {
	const lesson = "../../scenarios/library/dlx-unroutable-and-missing.yaml"
	code, out, errs := runCLI(t, runRun, "", "--metrics", lesson)
	if code != exitOK {
		t.Fatalf("code %d: %s", code, errs)
	}
	for _, want := range []string{
		"# /metrics (RabbitMQ 4.3.6",
		`rabbitmq_global_messages_dead_lettered_rejected_total{queue_type="rabbit_classic_queue",dead_letter_strategy="disabled"} 4.0`,
		"# /metrics/per-object",
		"# FIRING RabbitMQDeadLettersDiscarded (increase 4)",
		"# ok     RabbitMQUnroutableMessagesDropped",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("run --metrics lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runCLI(t, runRun, "", "--metrics", "--json", "--profile", "rabbitmq-3.12", lesson)
	if code != exitOK || !strings.Contains(out, `"version": "3.10.8"`) || !strings.Contains(out, `"fired": true`) {
		t.Errorf("run --metrics --json: code %d\n%s", code, out[:min(len(out), 400)])
	}
}
