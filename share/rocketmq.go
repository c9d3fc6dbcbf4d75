package share

import (
	"fmt"
	"strings"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	rscn "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// RocketMQ scenarios (`broker: rocketmq`, docs/scenario-format.md
// "RocketMQ scenarios") are shared, embedded and drawn like RabbitMQ ones:
// the API stores their canonical JSON (scenarios/rocketmq.CanonicalJSON)
// and the poster draws topics, consumer groups and where a failed message
// goes (%RETRY% and %DLQ%).

// validateRocket is ValidateScenario for a RocketMQ scenario.
func validateRocket(data []byte) (canonical []byte, title string, err error) {
	sc, err := rscn.Parse("scenario", data)
	if err != nil {
		return nil, "", err
	}
	canonical, err = rscn.CanonicalJSON(sc)
	if err != nil {
		return nil, "", err
	}
	return canonical, strings.TrimSpace(sc.Title), nil
}

// rocketPoster draws a RocketMQ scenario: topics (as the poster's
// sources), the groups subscribed to them, and each group's retry topic
// and dead-letter topic, with the paths a failed message takes.
func rocketPoster(data []byte) ([]byte, error) {
	sc, err := rscn.Parse("scenario", data)
	if err != nil {
		return nil, err
	}
	g := &graph{byKey: map[string]int{}}
	for _, t := range sc.Topics {
		g.roots = append(g.roots, g.add(kindExchange, t.Name, fmt.Sprintf("topic · %d queues", cmpOr(t.Queues, 4)), false))
	}
	for _, gr := range sc.Groups {
		kind := "consumer group"
		if gr.Orderly {
			kind = "orderly consumer group"
		}
		gi := g.add(kindQueue, gr.Name, kind, false)
		for _, s := range gr.Subscribe {
			ti, ok := g.lookup(kindExchange, s.Topic)
			if !ok {
				ti = g.add(kindExchange, s.Topic, "topic", false)
			}
			g.link(ti, gi, false, "subscribe "+cmpOr(s.Tags, "*"), "")
		}
		if gr.Mode == "broadcasting" {
			continue // a broadcasting group drops failures: no retry, no DLQ
		}
		if !gr.Orderly {
			ri := g.add(kindExchange, rmq.RetryTopic(gr.Name), "retry topic", false)
			g.link(gi, ri, true, "failure", "delay level 3+")
			g.link(ri, gi, false, "", "")
		}
		di := g.add(kindQueue, rmq.DLQTopic(gr.Name), "dead-letter topic", false)
		g.link(gi, di, true, "max reconsume times", "")
	}
	g.layout()
	return g.svg(sc.Title, sc.Summary), nil
}

func cmpOr[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}
