package conform

import (
	"bytes"
	"context"
	"net"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dlxlab/dlxlab/scenarios"
)

// tiny exercises a dead-lettering, a header and a property, a 406 whose
// text names the vhost, a mandatory return and a basic.get; it runs in
// about a second.
const tiny = `
version: 1
title: conform integration test
exchanges: [{name: dlx, type: fanout}]
queues:
  - {name: work, arguments: {x-dead-letter-exchange: dlx}}
  - {name: dlq}
bindings: [{source: dlx, destination: dlq}]
consumers:
  - {name: worker, queue: work, prefetch: 1, actions: [reject]}
steps:
  - publish: {exchange: "", routing_key: work, body: job, properties: {expiration: "500", headers: {k: v, n: 7}}}
  - publish: {exchange: "", routing_key: nowhere, body: lost, mandatory: true}
  - declare: {queue: bad, arguments: {x-message-ttl: -1}}
  - wait: 100ms
  - get: {queue: dlq}
`

// brokerURL is the broker the integration test uses: $DLXLAB_AMQP_URL or
// the local default. It skips the test when none answers, unless CI=true,
// where a missing broker is a failure (.ci/run starts one).
func brokerURL(t *testing.T) string {
	t.Helper()
	u := os.Getenv("DLXLAB_AMQP_URL")
	if u == "" {
		u = "amqp://guest:guest@127.0.0.1:5672/"
	}
	pu, err := url.Parse(u)
	if err != nil {
		t.Fatalf("DLXLAB_AMQP_URL: %v", err)
	}
	host := pu.Host
	if pu.Port() == "" {
		host += ":5672"
	}
	missing := ""
	if c, err := net.DialTimeout("tcp", host, 2*time.Second); err != nil {
		missing = "no RabbitMQ answers on " + host
	} else {
		c.Close()
		if _, err := exec.LookPath("rabbitmqctl"); err != nil {
			missing = "rabbitmqctl is not installed"
		}
	}
	if missing != "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s, and CI=true: .ci/run installs and starts rabbitmq-server", missing)
		}
		t.Skipf("%s (apt-get install -y rabbitmq-server; rabbitmq-server -detached)", missing)
	}
	return u
}

func TestIntegrationTinyScenario(t *testing.T) {
	u := brokerURL(t)
	sc, err := scenarios.Parse("tiny.yaml", []byte(tiny))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	admin := Rabbitmqctl{}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// This test checks the plumbing (vhost, consumers, headers, returns), and
	// it runs beside every other package of `go test -race` on 2 cores: a
	// wide time tolerance keeps scheduler noise out of it. The library run
	// (`dlxlab conform`, alone) is where timing is held to DefaultTolerance.
	sum, err := Run(ctx, Config{URL: u, Profile: "rabbitmq-3.12", Scale: 0.5, MinReal: 0, Budget: 20 * time.Second,
		Tolerance: Tolerance{Abs: 1000, Rel: 1}, Admin: admin, Out: &out}, []File{{Path: "tiny.yaml", Scenario: sc}})
	t.Log("\n" + out.String())
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if last := lines[len(lines)-1]; last != "1 passed, 0 failed, 0 skipped" {
		t.Errorf("summary line %q", last)
	}
	r := sum.Results[0]
	if r.Broker == nil {
		t.Fatalf("no broker observation: %s", r.Reason)
	}
	b := r.Broker
	if len(b.Deliveries) != 2 {
		t.Fatalf("deliveries: %+v", b.Deliveries)
	}
	got := b.Deliveries[1]
	if !got.Get || got.Message.Body != "job" || got.Message.Headers["k"] != "v" || got.Message.Headers[LineageHeader] != nil {
		t.Errorf("dead letter: %+v", got)
	}
	deaths, _ := got.Message.Headers["x-death"].([]any)
	if len(deaths) != 1 {
		t.Fatalf("x-death: %#v", got.Message.Headers["x-death"])
	}
	if _, ok := got.Message.Properties["expiration"]; ok {
		t.Errorf("expiration should be gone after dead-lettering: %v", got.Message.Properties)
	}
	if len(b.Returns) != 1 || b.Returns[0].ReplyCode != 312 {
		t.Errorf("returns: %+v", b.Returns)
	}
	if len(b.Errors) != 1 || !strings.Contains(b.Errors[0].Text, "in vhost '/'") || b.Errors[0].Step != 2 {
		t.Errorf("errors: %+v", b.Errors)
	}
	if names, err := admin.ListVhosts(ctx); err == nil {
		for _, n := range names {
			if m := vhostRE().FindStringSubmatch(n); m != nil && m[1] == strconv.Itoa(os.Getpid()) {
				t.Errorf("vhost %s was not deleted", n)
			}
		}
	}
}

// settleN settles held deliveries other than the oldest by position
// (ack / reject / nack with n): the real broker must settle the same ones.
const settleN = `
version: 1
title: settle the n-th held delivery
queues:
  - {name: q, arguments: {x-dead-letter-exchange: "", x-dead-letter-routing-key: dlq}}
  - {name: dlq}
consumers: [{name: c, queue: q}]
steps:
  - publish: {routing_key: q, body: a}
  - publish: {routing_key: q, body: b}
  - publish: {routing_key: q, body: c}
  - publish: {routing_key: q, body: d}
  - wait: 50ms
  - reject: {consumer: c, n: 2}
  - ack: {consumer: c, n: -1}
  - nack: {consumer: c, n: 2, requeue: true}
  - wait: 50ms
  - reject: {consumer: c}
  - get: {queue: dlq, action: hold}
  - get: {queue: dlq, action: hold}
  - ack: {n: -1}
  - ack: {consumer: c, n: 3}
expect:
  - {queue: dlq, depth: 0, unacked: 1}
`

func TestIntegrationSettleN(t *testing.T) {
	u := brokerURL(t)
	sc, err := scenarios.Parse("settle-n.yaml", []byte(settleN))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// Which deliveries are settled is the point, not when: a wide time
	// tolerance keeps a busy machine from failing it.
	sum, err := Run(ctx, Config{URL: u, Profile: "rabbitmq-3.12", Scale: 1, MinReal: 0, Budget: 20 * time.Second,
		Tolerance: Tolerance{Abs: 1000, Rel: 1}, Admin: Rabbitmqctl{}, Out: &out}, []File{{Path: "settle-n.yaml", Scenario: sc}})
	t.Log("\n" + out.String())
	if err != nil {
		t.Fatal(err)
	}
	r := sum.Results[0]
	if r.Broker == nil {
		t.Fatalf("no broker observation: %s", r.Reason)
	}
	var bodies []string
	for _, d := range r.Broker.Deliveries {
		bodies = append(bodies, d.Message.Body)
	}
	// a b c d to c; c again after its requeue; then b and a by basic.get
	if got := strings.Join(bodies, " "); got != "a b c d c b a" {
		t.Errorf("broker deliveries %q", got)
	}
	if len(r.Broker.Errors) != 1 || !strings.Contains(r.Broker.Errors[0].Text, "n: 3 names none of them") {
		t.Errorf("broker errors: %+v", r.Broker.Errors)
	}
	if !strings.Contains(out.String(), "1 passed, 0 failed") {
		t.Errorf("the simulator and the broker differ:\n%s", out.String())
	}
}

// metricsTiny moves the per-queue depth, the dead-letter counters by
// strategy (one at-most-once, one with no DLX) and the unroutable counter.
const metricsTiny = `
version: 1
title: conform metrics integration test
exchanges: [{name: dlx}]
queues:
  - {name: work, arguments: {x-dead-letter-exchange: dlx, x-dead-letter-routing-key: dead}}
  - {name: dlq}
  - {name: plain}
bindings: [{source: dlx, destination: dlq, routing_key: dead}]
consumers: [{name: worker, queue: work, actions: [reject]}]
steps:
  - publish: {exchange: "", routing_key: work, body: a, count: 2}
  - publish: {exchange: "", routing_key: plain, body: b, count: 3}
  - publish: {exchange: dlx, routing_key: nowhere, body: c}
  - wait: 100ms
`

// The metrics of a replay compared with the broker's Prometheus endpoint
// ($DLXLAB_PROMETHEUS_URL, or the local broker's :15692): the per-queue
// depths of the replay's own vhost agree, and the node-wide counters
// agree (or, with another client on the node, grew at least as much).
func TestIntegrationMetrics(t *testing.T) {
	u := brokerURL(t)
	prom := os.Getenv("DLXLAB_PROMETHEUS_URL")
	if prom == "" {
		prom = "http://127.0.0.1:15692"
	}
	if _, err := scrape(context.Background(), prom+"/metrics"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no rabbitmq_prometheus at %s, and CI=true: %v", prom, err)
		}
		t.Skipf("no rabbitmq_prometheus at %s: %v", prom, err)
	}
	sc, err := scenarios.Parse("metrics.yaml", []byte(metricsTiny))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	sum, err := Run(ctx, Config{URL: u, Profile: "rabbitmq-3.12", Scale: 1, MinReal: 0, Budget: 20 * time.Second,
		Tolerance: Tolerance{Abs: 1000, Rel: 1}, Admin: Rabbitmqctl{}, Out: &out, Metrics: prom}, []File{{Path: "metrics.yaml", Scenario: sc}})
	t.Log("\n" + out.String())
	if err != nil {
		t.Fatal(err)
	}
	r := sum.Results[0]
	if r.Status != Passed || (r.Metrics != MetricsEqual && r.Metrics != MetricsObjectsOnly && r.Metrics != MetricsSurplus) {
		t.Errorf("status %s, metrics %q", r.Status, r.Metrics)
	}
	if !strings.Contains(sum.Line(), "metrics equal on") {
		t.Errorf("summary line %q", sum.Line())
	}
}
