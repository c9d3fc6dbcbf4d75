package metrics

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/dlxlab/dlxlab/scenarios"
)

// alertWindow is the range of the alert rules: the last ten minutes.
const alertWindow = int64(10 * 60 * 1000)

// Alert is one alert rule and whether it would have fired at the end of
// the run (Prometheus evaluating it on the broker's metrics then).
type Alert struct {
	Name      string `json:"name"`
	Expr      string `json:"expr"`
	Summary   string `json:"summary"`
	SummaryZH string `json:"summary_zh"`
	Fired     bool   `json:"fired"`
	Why       string `json:"why"` // the values behind the verdict
}

// rule is an alert rule with its evaluation on a run.
type rule struct {
	name, expr, summary, summaryZH string
	eval                           func(c *counts, end, start *scenarios.Observation) (bool, string)
}

// dlqName is the queue selection of the growth rule (Prometheus regex
// matches are anchored).
var dlqName = regexp.MustCompile(`^(?:.*(dlq|dead|parking).*)$`)

// seedDLQ is the depth rule's selection: names ending in ".dlq".
var seedDLQ = regexp.MustCompile(`^(?:.*\.dlq)$`)

var rules = []rule{
	{"RabbitMQUnroutableMessagesDropped", `increase(rabbitmq_global_messages_unroutable_dropped_total[10m]) > 0`,
		"Messages were published to an exchange that routed them nowhere, and dropped.",
		"有消息被发布到无法路由的交换机并被丢弃。",
		func(c *counts, _, _ *scenarios.Observation) (bool, string) {
			return c.recentDropped > 0, fmt.Sprintf("increase %d", c.recentDropped)
		}},
	{"RabbitMQDeadLettersDiscarded",
		`sum(increase({__name__=~"rabbitmq_global_messages_dead_lettered_(maxlen|expired|rejected|delivery_limit)_total",dead_letter_strategy="disabled"}[10m])) > 0`,
		"Messages died in a queue without a usable dead-letter exchange (none, or one that does not exist) and were discarded.",
		"有消息在没有可用死信交换机（未配置或不存在）的队列中死亡并被丢弃。",
		func(c *counts, _, _ *scenarios.Observation) (bool, string) {
			return c.recentDisabled > 0, fmt.Sprintf("increase %d", c.recentDisabled)
		}},
	{"RabbitMQPoisonMessages", `sum(increase(rabbitmq_global_messages_dead_lettered_delivery_limit_total[10m])) > 0`,
		"Quorum queues gave up on messages after their delivery limit.",
		"仲裁队列在达到投递上限后放弃了消息。",
		func(c *counts, _, _ *scenarios.Observation) (bool, string) {
			return c.recentDeliveryLimit > 0, fmt.Sprintf("increase %d", c.recentDeliveryLimit)
		}},
	{"RabbitMQDeadLetterQueueGrowing", `delta(rabbitmq_queue_messages{queue=~".*(dlq|dead|parking).*"}[10m]) > 0`,
		"A dead-letter queue grew in the last ten minutes.",
		"死信队列在最近十分钟内增长。",
		func(_ *counts, end, start *scenarios.Observation) (bool, string) {
			return perQueue(end, start, dlqName, func(now, before int) bool { return now-before > 0 }, "delta")
		}},
	{"RabbitMQDeadLetterQueueNotEmpty", `rabbitmq_queue_messages{queue=~".*\\.dlq$"} > 10`,
		"A dead-letter queue holds more than ten messages.",
		"死信队列中有超过十条消息。",
		func(_ *counts, end, _ *scenarios.Observation) (bool, string) {
			return perQueue(end, nil, seedDLQ, func(now, _ int) bool { return now > 10 }, "depth")
		}},
}

// evaluate runs every rule on the run: end is the observation at the end,
// start the one at the beginning of the window (nil when there is none).
func evaluate(c *counts, end, start *scenarios.Observation) []Alert {
	out := make([]Alert, len(rules))
	for i, r := range rules {
		fired, why := r.eval(c, end, start)
		out[i] = Alert{Name: r.name, Expr: r.expr, Summary: r.summary, SummaryZH: r.summaryZH, Fired: fired, Why: why}
	}
	return out
}

// perQueue applies a per-queue condition to the queues sel selects and
// says which fired, with the values.
func perQueue(end, start *scenarios.Observation, sel *regexp.Regexp, cond func(now, before int) bool, what string) (bool, string) {
	var parts []string
	fired := false
	for _, name := range sortedNames(end.Queues) {
		if !sel.MatchString(name) {
			continue
		}
		now, before := depth(end, name), 0
		if start != nil {
			before = depth(start, name)
		}
		v := now
		if what == "delta" {
			v = now - before
		}
		hit := cond(now, before)
		fired = fired || hit
		parts = append(parts, fmt.Sprintf("%s %s %d", name, what, v))
	}
	if len(parts) == 0 {
		return false, "no queue matches"
	}
	return fired, strings.Join(parts, ", ")
}

func depth(o *scenarios.Observation, queue string) int {
	q, ok := o.Queues[queue]
	if !ok {
		return 0
	}
	return len(q.Messages) + q.Unacked
}

// RulesYAML is the alert rules as a Prometheus rule file.
func RulesYAML() string {
	var b strings.Builder
	b.WriteString("groups:\n  - name: dlxlab-dead-letters\n    rules:\n")
	for _, r := range rules {
		fmt.Fprintf(&b, "      - alert: %s\n        expr: '%s'\n        annotations:\n          summary: %q\n",
			r.name, strings.ReplaceAll(r.expr, "'", "''"), r.summary)
	}
	return b.String()
}
