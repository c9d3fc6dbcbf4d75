package ui

import (
	"strings"
	"testing"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	"github.com/dlxlab/dlxlab/ui/model"
)

// Every key RocketMQ mode builds at run time (box kinds, event kinds,
// topic kinds, properties, lesson groups, the model's notices) is in the
// catalogue in English and Chinese.
func TestRocketCatalogue(t *testing.T) {
	keys := []string{"rq.notice.atend", "rq.notice.refused", "rq.box.producer", "rq.box.group", "rq.prop.user"}
	for _, k := range []string{"normal", "retry", "dlq", "schedule", "timer"} {
		keys = append(keys, "rq.box."+k, "rq.kind."+k)
	}
	for k := rmq.EvSent; k <= rmq.EvError; k++ {
		keys = append(keys, "rq.ev."+k.String())
	}
	for _, p := range []string{rmq.PropRetryTopic, rmq.PropOriginMessageID, rmq.PropRealTopic, rmq.PropRealQID, rmq.PropDelay,
		rmq.PropUniqKey, rmq.PropKeys, rmq.PropTags, rmq.PropTimerDeliverMs, rmq.PropTimerOutMs} {
		keys = append(keys, "rq.prop."+propKey(p))
	}
	keys = append(keys, model.RocketGroupKeys...)
	for _, k := range keys {
		e, ok := catalogue[k]
		if !ok || e[0] == "" || e[1] == "" || e[0] == e[1] && !strings.HasPrefix(k, "rq.box.normal") && !strings.HasPrefix(k, "rq.ev.topic") {
			t.Errorf("key %q: %q", k, e)
		}
	}
}

// A new tab registered by a panel's file shows in order after the inspector.
func TestRocketTabs(t *testing.T) {
	saved := rocketTabs
	defer func() { rocketTabs = saved }()
	// Orders no panel uses: 1 sorts right after the inspector (0), 1000 last.
	addRocketTab("rq-later", "tab.charts", 1000, nil)
	addRocketTab("rq-sooner", "tab.build", 1, nil)
	if rocketTabs[0].id != rtabInspect || rocketTabs[1].id != "rq-sooner" || rocketTabs[len(rocketTabs)-1].id != "rq-later" {
		t.Fatalf("tabs %v", rocketTabs)
	}
}
