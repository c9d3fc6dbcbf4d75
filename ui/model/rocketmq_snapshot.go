package model

import (
	"strconv"
	"strings"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	rscn "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// RocketSnapshot is what the RocketMQ page renders on every update: the
// broker's view, the clock and what the header needs. Panels ask the
// session for their own parts (a message's history, the events) when shown.
type RocketSnapshot struct {
	Title, Summary     string
	TitleZH, SummaryZH string // "" when the scenario has none
	Profile            string
	Now                rmq.Time
	Next               rmq.Time // when the next thing happens (rmq.Never: nothing will)
	End                rmq.Time // when the scenario's last step ends
	Started, Playing   bool
	Speed              float64
	View               rmq.View // topics with their last copies only (pictureView)
	Notice             *Notice
	Sel                RocketSelection
	Errors             int
	// Event is the event stepped to (its caption), nil unless stepping.
	Event *RocketEventView
	// EventPos and EventsKnown place the run on the event scrubber.
	EventPos, EventsKnown int
}

// Snapshot renders the session.
func (s *RocketSession) Snapshot() RocketSnapshot {
	snap := RocketSnapshot{
		Title: s.sc.Title, Summary: s.sc.Summary, TitleZH: s.sc.TitleZH, SummaryZH: s.sc.SummaryZH,
		Profile: string(s.b.Profile()), Now: s.b.Now(), Next: s.Next(), End: s.EndTime(),
		Started: s.started, Playing: s.playing, Speed: s.speed, View: s.pictureView(), Notice: s.notice,
		Sel: s.sel, Errors: len(s.run.Errors()), Event: s.Event(),
	}
	snap.EventPos, snap.EventsKnown = s.EventPos()
	return snap
}

// pictureView is the broker's view as the canvas needs it: the groups,
// and each queue's last copies only (rmq.Broker.TopicTails), so a frame
// costs the same with ten or ten thousand messages stored.
func (s *RocketSession) pictureView() rmq.View {
	return rmq.View{Now: s.b.Now(), Topics: s.b.TopicTails(rqMaxChip), Groups: s.b.GroupViews()}
}

// RocketProfiles are the RocketMQ versions the profile selector offers,
// newest first, with the label it shows.
var RocketProfiles = []struct{ Value, Label string }{
	{string(rmq.RocketMQ53), "RocketMQ 5.1.1–5.3"},
	{string(rmq.RocketMQ510), "RocketMQ 5.0–5.1.0"},
	{string(rmq.RocketMQ49), "RocketMQ 4.9"},
}

// RocketStarter is the scenario the broker switch opens when no RocketMQ
// scenario is open yet: one topic with four queues and a group whose
// consumer always succeeds, nothing sent.
func RocketStarter() *rscn.Scenario {
	return &rscn.Scenario{Broker: rscn.Broker, Version: 1, Title: "Untitled",
		Topics: []rscn.Topic{{Name: "orders", Queues: 4}},
		Groups: []rscn.Group{{Name: "order-consumer", Subscribe: []rscn.Subscription{{Topic: "orders"}},
			Consumers: []rscn.Consumer{{ID: "c1"}}}}}
}

// FormatClockLong writes a virtual time exactly, in its largest units:
// "4 h 45 min 40 s", "2 min 0.5 s", "10 s".
func FormatClockLong(t rmq.Time) string {
	h, m := t/3_600_000, (t%3_600_000)/60_000
	sec := strconv.FormatFloat(float64(t%60_000)/1000, 'f', -1, 64)
	var parts []string
	if h > 0 {
		parts = append(parts, strconv.FormatInt(int64(h), 10)+" h")
	}
	if m > 0 {
		parts = append(parts, strconv.FormatInt(int64(m), 10)+" min")
	}
	if t%60_000 != 0 || len(parts) == 0 {
		parts = append(parts, sec+" s")
	}
	return strings.Join(parts, " ")
}
