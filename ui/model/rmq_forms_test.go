package model

import (
	"strings"
	"testing"

	rmqsc "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

func formBase() *rmqsc.Scenario {
	return &rmqsc.Scenario{Broker: "rocketmq", Version: 1, Profile: "rocketmq-4.9", Topics: []rmqsc.Topic{{Name: "orders", Queues: 2}},
		Groups: []rmqsc.Group{{Name: "g", Subscribe: []rmqsc.Subscription{{Topic: "orders"}}}}}
}

// Each error sits on the field it is about; a good form edits a copy.
func TestRMQForms(t *testing.T) {
	sc := formBase()
	cases := []struct {
		name string
		run  func() (*rmqsc.Scenario, RMQFieldErrors)
		want string // the errors, or "" for none
	}{
		{"topic ok", func() (*rmqsc.Scenario, RMQFieldErrors) {
			return RMQAddTopic(sc, RMQTopicForm{Name: "pay", Queues: "8"})
		}, ""},
		{"topic name", func() (*rmqsc.Scenario, RMQFieldErrors) { return RMQAddTopic(sc, RMQTopicForm{Name: "a b"}) }, "name: rmqform.err.broker"},
		{"system topic", func() (*rmqsc.Scenario, RMQFieldErrors) { return RMQAddTopic(sc, RMQTopicForm{Name: "%DLQ%g"}) }, "name: rmqform.err.broker"},
		{"topic exists, queues", func() (*rmqsc.Scenario, RMQFieldErrors) {
			return RMQAddTopic(sc, RMQTopicForm{Name: "orders", Queues: "0"})
		}, "name: rmqform.err.exists; queues: rmqform.err.range"},
		{"group ok", func() (*rmqsc.Scenario, RMQFieldErrors) {
			return RMQAddGroup(sc, RMQGroupForm{Name: "h", Topic: "orders", Orderly: true, MaxRetry: "3"})
		}, ""},
		{"a DLQ consumer", func() (*rmqsc.Scenario, RMQFieldErrors) {
			return RMQAddGroup(sc, RMQGroupForm{Name: "dlq-reader", Topic: "%DLQ%g"})
		}, ""},
		{"group fields", func() (*rmqsc.Scenario, RMQFieldErrors) {
			return RMQAddGroup(sc, RMQGroupForm{Name: "g", Topic: "nope", MaxRetry: "-2", Client: "grpc-push"})
		}, "client: rmqform.err.broker; maxretry: rmqform.err.range; name: rmqform.err.exists; topic: rmqform.err.notopic"},
		{"consumer ok", func() (*rmqsc.Scenario, RMQFieldErrors) {
			return RMQAddConsumer(sc, RMQConsumerForm{Group: "g", ID: "c1", Script: "key=bad: throw, success\n"})
		}, ""},
		{"consumer script", func() (*rmqsc.Scenario, RMQFieldErrors) {
			return RMQAddConsumer(sc, RMQConsumerForm{Group: "g", ID: "c1", Script: "*: explode"})
		}, "script: rmqform.err.broker"},
		{"consumer group", func() (*rmqsc.Scenario, RMQFieldErrors) {
			return RMQAddConsumer(sc, RMQConsumerForm{Group: "x", ID: ""})
		}, "group: rmqform.err.nogroup"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, fe := c.run()
			if s := fe.String(); !strings.HasPrefix(s, c.want) || (c.want == "") != (len(fe) == 0) {
				t.Fatalf("errors %q, want %q", s, c.want)
			}
			if (got != sc) == (len(fe) > 0) {
				t.Fatal("an edit with errors changed the scenario, or a good one did not")
			}
		})
	}
	if len(sc.Topics) != 1 || len(sc.Groups) != 1 || len(sc.Groups[0].Consumers) != 0 {
		t.Fatal("the original scenario changed")
	}
}

func TestRMQPublishStep(t *testing.T) {
	sc := formBase()
	st, fe, hints := RMQPublishStep(sc, RMQPublishForm{Topic: "orders", Keys: "order-1, vip", Tags: "paid", Queue: "1",
		DelayLevel: "3", DeliverIn: "10s", Count: "5", Every: "2s"})
	s := st.Send
	if len(fe) > 0 || strings.Join(s.Keys, "|") != "order-1|vip" || *s.Queue != 1 || s.DelayLevel != 3 || s.Count != 5 || s.Every != "2s" {
		t.Fatalf("step %+v, errors %v", s, fe)
	}
	// 4.9 has no timer wheel, and a delay level wins over a deliver time.
	if len(hints) != 1 || hints[0].Key != "rmqform.hint.levelwins" {
		t.Fatalf("hints %+v", hints)
	}
	_, _, hints = RMQPublishStep(sc, RMQPublishForm{Topic: "orders", DeliverIn: "10s"})
	if len(hints) != 1 || hints[0].Key != "rmqform.hint.notimer49" {
		t.Fatalf("hints %+v", hints)
	}
	_, fe, _ = RMQPublishStep(sc, RMQPublishForm{Topic: "nope", DelayLevel: "19", DeliverIn: "4d", Count: "x", Every: "soon"})
	if got := fe.String(); got != "count: rmqform.err.range; delay: rmqform.err.range; deliver: rmqform.err.timermax; every: rmqform.err.duration; topic: rmqform.err.notopic" {
		t.Fatalf("errors %s", got)
	}
	_, fe, _ = RMQPublishStep(sc, RMQPublishForm{Topic: "orders", Queue: "2"})
	if fe["queue"].Key != "rmqform.err.range" {
		t.Fatalf("queue 2 of 2 accepted: %v", fe)
	}
}

func TestListenerScript(t *testing.T) {
	text := "# the poison message\nkey=order-9 tag=paid: throw, reconsume_later level=5, success take=20s\n\n*: suspend suspend=3s, success ack=0\n"
	rules, err := ParseListenerScript(text)
	if err != nil || len(rules) != 2 || rules[0].Key != "order-9" || rules[0].Actions[1].DelayLevel != 5 || *rules[1].Actions[1].AckIndex != 0 {
		t.Fatalf("rules %+v, %v", rules, err)
	}
	back, err := ParseListenerScript(FormatListenerScript(rules))
	if err != nil || FormatListenerScript(back) != FormatListenerScript(rules) {
		t.Fatalf("round trip:\n%s", FormatListenerScript(back))
	}
	for _, bad := range []string{"key=: success", "*: ", "*: success take=soon", "*: success colour=red", "who=x: success"} {
		if _, err := ParseListenerScript("\n" + bad); err == nil || !strings.HasPrefix(err.Error(), "line 2:") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
