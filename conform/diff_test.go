package conform

import (
	"strings"
	"testing"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// msg builds a message with headers.
func msg(body string, headers core.Table) scenarios.Message {
	return scenarios.Message{Body: body, Exchange: "", RoutingKey: "main", Properties: map[string]any{}, Headers: headers}
}

func deliv(t int64, consumer, body string, headers core.Table) scenarios.Delivery {
	return scenarios.Delivery{TMS: t, Consumer: consumer, Queue: "main", Action: "ack", Message: msg(body, headers)}
}

func death(count int64, queue string, time core.Timestamp) core.Table {
	return core.Table{"count": count, "reason": "rejected", "queue": queue, "time": time,
		"exchange": "", "routing-keys": []any{queue}}
}

func obs(ds ...scenarios.Delivery) *scenarios.Observation {
	return &scenarios.Observation{Queues: map[string]scenarios.QueueState{}, Deliveries: ds,
		Returns: []scenarios.Return{}, Drops: []scenarios.Drop{}, Errors: []scenarios.StepError{}}
}

func diffLines(ds []Difference) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.String()
	}
	return out
}

func TestDiff(t *testing.T) {
	xd := func(c int64, ts core.Timestamp) core.Table { return core.Table{"x-death": []any{death(c, "main", ts)}} }
	tests := []struct {
		name        string
		sim, broker *scenarios.Observation
		want        []string
	}{
		{name: "equal",
			sim:    obs(deliv(0, "w", "a", core.Table{"k": "v"}), deliv(300, "w", "a", xd(1, 0))),
			broker: obs(deliv(0, "w", "a", core.Table{"k": "v"}), deliv(310, "w", "a", xd(1, 1796000000)))},
		{name: "differing header",
			sim:    obs(deliv(0, "w", "a", core.Table{"k": "v"})),
			broker: obs(deliv(0, "w", "a", core.Table{"k": "w"})),
			want:   []string{`deliveries[0].message.headers.k: sim "v", broker "w"`}},
		{name: "x-death count",
			sim:    obs(deliv(0, "w", "a", nil), deliv(300, "w", "a", xd(2, 0))),
			broker: obs(deliv(0, "w", "a", nil), deliv(300, "w", "a", xd(3, 0))),
			want:   []string{`deliveries[1].message.headers.x-death[0].count: sim 2, broker 3`}},
		{name: "same value, other AMQP type",
			sim:    obs(deliv(0, "w", "a", core.Table{"n": int64(2)})),
			broker: obs(deliv(0, "w", "a", core.Table{"n": int32(2)})),
			want:   []string{`deliveries[0].message.headers.n: sim 2 (long), broker 2 (signedint)`}},
		{name: "header missing on the broker",
			sim:    obs(deliv(0, "w", "a", core.Table{"x-last-death-queue": "q"})),
			broker: obs(deliv(0, "w", "a", nil)),
			want:   []string{`deliveries[0].message.headers.x-last-death-queue: sim "q", broker (absent)`}},
		{name: "x-death time value ignored",
			sim:    obs(deliv(0, "w", "a", xd(1, 0))),
			broker: obs(deliv(0, "w", "a", xd(1, 1796047933)))},
		{name: "x-death time presence compared",
			sim: obs(deliv(0, "w", "a", xd(1, 0))),
			broker: obs(deliv(0, "w", "a", core.Table{"x-death": []any{core.Table{"count": int64(1), "reason": "rejected",
				"queue": "main", "exchange": "", "routing-keys": []any{"main"}}}})),
			want: []string{`deliveries[0].message.headers.x-death[0].time: sim timestamp 0, broker (absent)`}},
		{name: "missing delivery",
			sim:    obs(deliv(0, "w", "a", nil), deliv(0, "w", "b", nil)),
			broker: obs(deliv(0, "w", "a", nil)),
			want:   []string{`deliveries[1]: sim {t_ms 0, consumer w, queue main, body "b", redelivered false, action ack}, broker (absent)`}},
		{name: "extra delivery",
			sim:    obs(deliv(0, "w", "a", nil)),
			broker: obs(deliv(0, "w", "a", nil), deliv(20, "w", "a", nil)),
			want:   []string{`deliveries[broker 1]: sim (absent), broker {t_ms 20, consumer w, queue main, body "a", redelivered false, action ack}`}},
		{name: "tolerance: 50 ms at the edge",
			sim:    obs(deliv(0, "w", "a", nil)),
			broker: obs(deliv(50, "w", "a", nil))},
		{name: "tolerance: 51 ms is over",
			sim:    obs(deliv(0, "w", "a", nil)),
			broker: obs(deliv(51, "w", "a", nil)),
			want:   []string{`deliveries[0].t_ms: sim 0, broker 51 (tolerance ±50)`}},
		{name: "tolerance: 10 % of 1000 ms",
			sim:    obs(deliv(1000, "w", "a", nil)),
			broker: obs(deliv(900, "w", "a", nil))},
		{name: "tolerance: 101 ms late at 1000 ms is over",
			sim:    obs(deliv(1000, "w", "a", nil)),
			broker: obs(deliv(1101, "w", "a", nil)),
			want:   []string{`deliveries[0].t_ms: sim 1000, broker 1101 (tolerance ±100)`}},
		{name: "two consumers at one instant, either order",
			sim:    obs(deliv(0, "a", "m", nil), deliv(0, "b", "m", nil)),
			broker: obs(deliv(1, "b", "m", nil), deliv(2, "a", "m", nil))},
		{name: "one consumer, same origin, reordered",
			sim:    obs(deliv(0, "w", "first", nil), deliv(0, "w", "second", nil)),
			broker: obs(deliv(0, "w", "second", nil), deliv(1, "w", "first", nil)),
			want:   []string{`deliveries[1]: sim after deliveries[0] (consumer w), broker before it (consumer w received "second" first)`}},
		{name: "one consumer, two upstream queues at one instant, either order",
			sim: obs(deliv(100, "w", "x", core.Table{"x-death": []any{death(1, "q1", 0)}}),
				deliv(100, "w", "y", core.Table{"x-death": []any{death(1, "q2", 0)}})),
			broker: obs(deliv(101, "w", "y", core.Table{"x-death": []any{death(1, "q2", 9)}}),
				deliv(102, "w", "x", core.Table{"x-death": []any{death(1, "q1", 9)}}))},
		{name: "priority 0 reads as unset",
			sim: obs(scenarios.Delivery{Consumer: "w", Queue: "main", Action: "ack",
				Message: scenarios.Message{Body: "a", Properties: map[string]any{"priority": uint8(0), "delivery_mode": uint8(2)}}}),
			broker: obs(scenarios.Delivery{Consumer: "w", Queue: "main", Action: "ack",
				Message: scenarios.Message{Body: "a", Properties: map[string]any{"delivery_mode": uint8(2)}}})},
		{name: "property missing",
			sim: obs(scenarios.Delivery{Consumer: "w", Queue: "main", Action: "ack",
				Message: scenarios.Message{Body: "a", Properties: map[string]any{"expiration": "100"}}}),
			broker: obs(scenarios.Delivery{Consumer: "w", Queue: "main", Action: "ack",
				Message: scenarios.Message{Body: "a", Properties: map[string]any{}}}),
			want: []string{`deliveries[0].message.properties.expiration: sim "100", broker (absent)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := diffLines(Diff(tt.sim, tt.broker, DefaultTolerance))
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("Diff:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestDiffReturnsErrorsQueues(t *testing.T) {
	sim, broker := obs(), obs()
	sim.Returns = []scenarios.Return{{TMS: 0, ReplyCode: 312, ReplyText: "NO_ROUTE", Message: msg("r", nil)}}
	broker.Returns = []scenarios.Return{{TMS: 3, ReplyCode: 312, ReplyText: "NO_ROUTE", Message: msg("r", nil)}}
	sim.Errors = []scenarios.StepError{{Step: 2, Code: 406, Text: "PRECONDITION_FAILED - a"}, {Step: 3, Code: 404, Text: "NOT_FOUND - b"}}
	broker.Errors = []scenarios.StepError{{Step: 2, Code: 406, Text: "PRECONDITION_FAILED - a"}}
	sim.Queues = map[string]scenarios.QueueState{
		"q":    {Messages: []scenarios.QueuedMessage{{Message: msg("a", nil)}}, Unacked: 0},
		"gone": {Messages: []scenarios.QueuedMessage{}},
	}
	broker.Queues = map[string]scenarios.QueueState{
		"q": {Messages: []scenarios.QueuedMessage{{Message: msg("b", nil), Redelivered: true}}, Unacked: 1},
	}
	want := []string{
		`errors[1]: sim {step 3, 404 "NOT_FOUND - b"}, broker (absent)`,
		`queues.gone: sim {0 ready [], 0 unacked}, broker (absent)`,
		`queues.q.unacked: sim 0, broker 1`,
		`queues.q.messages[0].redelivered: sim false, broker true`,
		`queues.q.messages[0].body: sim "a", broker "b"`,
	}
	got := diffLines(Diff(sim, broker, DefaultTolerance))
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Diff:\n got %q\nwant %q", got, want)
	}
}

func TestDiffSnapshotsCountOnly(t *testing.T) {
	placeholder := scenarios.QueuedMessage{Message: scenarios.Message{Body: snapshotPlaceholder, Properties: map[string]any{}}}
	sim, broker := obs(), obs()
	sim.Snapshots = []scenarios.Snapshot{{Name: "at-35s", Deliveries: 1,
		Queues: map[string]scenarios.QueueState{"delay": {Messages: []scenarios.QueuedMessage{{Message: msg("m1", nil)}, {Message: msg("m2", nil)}}}}}}
	broker.Snapshots = []scenarios.Snapshot{{Name: "at-35s", Deliveries: 1,
		Queues: map[string]scenarios.QueueState{"delay": {Messages: []scenarios.QueuedMessage{placeholder, placeholder}}}}}
	if d := Diff(sim, broker, DefaultTolerance); len(d) != 0 {
		t.Fatalf("equal counts: %q", diffLines(d))
	}
	broker.Snapshots[0].Queues["delay"] = scenarios.QueueState{Messages: []scenarios.QueuedMessage{placeholder}}
	broker.Snapshots[0].Deliveries = 2
	want := []string{
		`snapshots.at-35s.deliveries: sim 1, broker 2`,
		`snapshots.at-35s.queues.delay.messages: sim 2 ready ["m1", "m2"], broker 1 ready`,
	}
	if got := diffLines(Diff(sim, broker, DefaultTolerance)); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Diff:\n got %q\nwant %q", got, want)
	}
}

func TestToleranceAllowed(t *testing.T) {
	for _, c := range []struct{ sim, want int64 }{{0, 50}, {400, 50}, {500, 50}, {501, 51}, {2000, 200}, {-1000, 100}} {
		if got := DefaultTolerance.Allowed(c.sim); got != c.want {
			t.Errorf("Allowed(%d) = %d, want %d", c.sim, got, c.want)
		}
	}
}

// Every failure with differences is replayed again; errors are not.
func TestRetryable(t *testing.T) {
	tms := Difference{Path: "deliveries[2].t_ms", Sim: "1000", Broker: "2130"}
	body := Difference{Path: "deliveries[2].message.body", Sim: `"a"`, Broker: `"b"`}
	cases := []struct {
		name string
		r    Result
		want bool
	}{
		{"late only", Result{Status: Failed, Unlisted: []Difference{tms}}, true},
		{"late and wrong", Result{Status: Failed, Unlisted: []Difference{tms, body}}, true},
		{"wrong only", Result{Status: Failed, Unlisted: []Difference{body}}, true},
		{"passed", Result{Status: Passed}, false},
		{"failed without diffs", Result{Status: Failed}, false},
	}
	for _, c := range cases {
		if got := retryable(&c.r); got != c.want {
			t.Errorf("%s: retryable = %v, want %v", c.name, got, c.want)
		}
	}
}
