package conform

import (
	"context"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"
)

// BenchmarkRealDeadLetterRate measures a real RabbitMQ on the workload of
// BENCHMARKS.md "Observed paths" (scenarios/testdata/bench-dlq-100k.yaml):
// RATE_MSGS (default 100,000) 16-byte messages published as fast as one
// channel goes into a queue whose TTL is 0 and which dead-letters into a
// second queue, timed from the first publish until the second queue holds
// them all. One op is the whole workload on each named broker that is up
// (a broker that is down is skipped), in a vhost of its own. It reports
// the dead-letter rate (msgs/s), never asserts one:
//
//	go test -run '^$' -bench RealDeadLetterRate -benchtime 1x ./conform
func BenchmarkRealDeadLetterRate(b *testing.B) {
	msgs := 100_000
	if s := os.Getenv("RATE_MSGS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			b.Fatalf("RATE_MSGS=%q: want a positive number", s)
		}
		msgs = n
	}
	for _, t := range Targets() {
		b.Run(t.Name, func(b *testing.B) {
			u, err := url.Parse(t.URL)
			if err != nil {
				b.Fatal(err)
			}
			c, err := net.DialTimeout("tcp", u.Host, 2*time.Second)
			if err != nil {
				b.Skipf("no RabbitMQ %s on %s", t.Name, u.Host)
			}
			c.Close()
			ctx := context.Background()
			admin := Rabbitmqctl{Command: t.Ctl}
			vhost := vhostName(os.Getpid(), nextVhost())
			if err := admin.AddVhosts(ctx, "guest", []string{vhost}); err != nil {
				b.Skipf("cannot make a vhost on %s: %v", t.Name, err)
			}
			defer admin.DeleteVhosts(ctx, []string{vhost})
			pid := brokerPid(ctx, admin)
			var elapsed, cpu time.Duration
			for i := 0; i < b.N; i++ {
				before := processCPU(pid)
				elapsed += deadLetterRun(b, t.URL, vhost, msgs, i)
				cpu += processCPU(pid) - before
			}
			b.ReportMetric(float64(msgs*b.N)/elapsed.Seconds(), "msgs/s")
			if pid != "" {
				// on a shared machine the broker's own CPU time is the
				// steadier figure: messages per CPU second of the broker
				b.ReportMetric(float64(msgs*b.N)/cpu.Seconds(), "msgs/cpu-s")
			}
		})
	}
}

// deadLetterRun publishes msgs messages through a TTL-0 queue into a
// fresh DLQ and returns the time from the first publish until the DLQ
// holds them all.
func deadLetterRun(b *testing.B, brokerURL, vhost string, msgs, run int) time.Duration {
	conn, err := amqp.DialConfig(brokerURL, amqp.Config{Vhost: vhost})
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	ch, err := conn.Channel()
	if err != nil {
		b.Fatal(err)
	}
	suffix := "-" + strconv.Itoa(run)
	work, dlq := "work"+suffix, "dlq"+suffix
	if _, err := ch.QueueDeclare(dlq, false, false, false, false, nil); err != nil {
		b.Fatal(err)
	}
	args := amqp.Table{"x-message-ttl": int32(0), "x-dead-letter-exchange": "", "x-dead-letter-routing-key": dlq}
	if _, err := ch.QueueDeclare(work, false, false, false, false, args); err != nil {
		b.Fatal(err)
	}
	body := []byte("0123456789abcdef")
	start := time.Now()
	for n := 0; n < msgs; n++ {
		if err := ch.Publish("", work, false, false, amqp.Publishing{Body: body}); err != nil {
			b.Fatal(err)
		}
	}
	published := time.Since(start)
	for {
		q, err := ch.QueueDeclarePassive(dlq, false, false, false, false, nil)
		if err != nil {
			b.Fatal(err)
		}
		if q.Messages >= msgs {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	elapsed := time.Since(start)
	b.Logf("%d messages published in %v, all dead-lettered after %v", msgs, published, elapsed)
	ch.QueueDelete(work, false, false, false)
	ch.QueueDelete(dlq, false, false, false)
	return elapsed
}

// brokerPid is the operating-system process id of the broker's Erlang VM,
// "" if rabbitmqctl cannot tell.
func brokerPid(ctx context.Context, admin Rabbitmqctl) string {
	out, err := admin.run(ctx, "eval", "os:getpid().")
	if err != nil {
		return ""
	}
	return strings.Trim(strings.TrimSpace(out), `"`)
}

// processCPU is the user and system CPU time a process has used so far
// (/proc/PID/stat, in clock ticks of 10 ms), 0 if it cannot be read.
func processCPU(pid string) time.Duration {
	if pid == "" {
		return 0
	}
	stat, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return 0
	}
	// the fields after the command name, which is in parentheses
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	if len(fields) < 13 {
		return 0
	}
	user, _ := strconv.ParseInt(fields[11], 10, 64)
	sys, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(user+sys) * 10 * time.Millisecond
}
