package model

import (
	"strings"
	"sync"

	"github.com/dlxlab/dlxlab/scenarios/library"
	rscn "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// The RocketMQ lessons (scenarios/library/rocketmq, embedded), grouped by
// what they teach. The library dialog lists the RabbitMQ groups
// (LessonGroups) and these under a heading per broker.

// RocketBroker is the `broker` value of RocketMQ scenarios.
const RocketBroker = rscn.Broker

var (
	rocketLibOnce sync.Once
	rocketLib     []Lesson
)

// RocketLibrary lists the RocketMQ lessons, parsed once, in file-name order.
func RocketLibrary() []Lesson {
	rocketLibOnce.Do(func() {
		for _, f := range library.RocketMQFiles() {
			name := strings.TrimSuffix(f.Name, ".yaml")
			l := Lesson{Name: name, Broker: rscn.Broker}
			sc, err := rscn.Parse(f.Name, f.Data)
			if err != nil {
				l.Title, l.Err = name, err.Error()
			} else {
				l.Title, l.Summary, l.TitleZH, l.SummaryZH, l.rsc = sc.Title, sc.Summary, sc.TitleZH, sc.SummaryZH, sc
			}
			rocketLib = append(rocketLib, l)
		}
	})
	return rocketLib
}

// RocketLesson is a RocketMQ lesson's scenario by name (nil if none).
func RocketLesson(name string) *rscn.Scenario {
	for _, l := range RocketLibrary() {
		if l.Name == name && l.rsc != nil {
			return l.rsc
		}
	}
	return nil
}

// rocketGroups maps words of a lesson's file name to its group (the
// catalogue key of the heading), in the dialog's order; the first match
// wins, and the last group takes the rest.
var rocketGroups = []struct{ words []string }{
	{[]string{"full-ladder", "max-reconsume", "delay-level", "retry-storm", "retry-queue-nums", "broadcasting"}},
	{[]string{"orderly"}},
	{[]string{"dlq", "redrive", "reset-offset"}},
	{nil},
}

// RocketGroupKeys are the catalogue keys of the RocketMQ group headings.
var RocketGroupKeys = []string{"rq.group.retry", "rq.group.orderly", "rq.group.ops", "rq.group.v5"}

// RocketLessonGroups are the RocketMQ lessons matching query (as
// LessonGroups filters), by group; empty groups are left out.
func RocketLessonGroups(query string) []LessonGroup {
	q := strings.ToLower(strings.TrimSpace(query))
	groups := make([]LessonGroup, len(rocketGroups))
	for i := range groups {
		groups[i].Key = RocketGroupKeys[i]
	}
	for _, l := range RocketLibrary() {
		text := l.Name + " " + l.Title + " " + l.Summary + " " + l.TitleZH + " " + l.SummaryZH
		if q != "" && !strings.Contains(strings.ToLower(text), q) {
			continue
		}
		g := len(rocketGroups) - 1
	find:
		for i, rg := range rocketGroups {
			for _, w := range rg.words {
				if strings.Contains(l.Name, w) {
					g = i
					break find
				}
			}
		}
		groups[g].Lessons = append(groups[g].Lessons, l)
	}
	out := groups[:0]
	for _, g := range groups {
		if len(g.Lessons) > 0 {
			out = append(out, g)
		}
	}
	return out
}
