package model

import (
	"reflect"
	"slices"
	"testing"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// TestExplainRefusal: the broker's refusals of a queue argument land on
// the argument with a plain explanation, the broker's text kept.
func TestExplainRefusal(t *testing.T) {
	for _, c := range []struct {
		text, field, key string
		args             []string
	}{
		{`PRECONDITION_FAILED - invalid arg 'x-message-ttl' for queue 'q' in vhost '/': "expected integer, got longstr"`,
			"x-message-ttl", "fielderr.int.ms", []string{"x-message-ttl", "5000"}},
		{`PRECONDITION_FAILED - invalid arg 'x-max-length' for queue 'q' in vhost '/': "expected integer, got longstr"`,
			"x-max-length", "fielderr.int", []string{"x-max-length", "10"}},
		{`PRECONDITION_FAILED - invalid arg 'x-message-ttl' for queue 'broken' in vhost '/': {value_negative,-5}`,
			"x-message-ttl", "fielderr.negative", []string{"x-message-ttl"}},
		{`PRECONDITION_FAILED - invalid arg 'x-expires' for queue 'q' in vhost '/': {value_zero,0}`,
			"x-expires", "fielderr.zero", []string{"x-expires"}},
		{`PRECONDITION_FAILED - invalid arg 'x-max-priority' for queue 'q' in vhost '/': {max_value_exceeded,300}`,
			"x-max-priority", "fielderr.max", []string{"x-max-priority", "255"}},
		{`PRECONDITION_FAILED - invalid arg 'x-overflow' for queue 'q' in vhost '/': invalid_overflow`,
			"x-overflow", "fielderr.enum", []string{"x-overflow", "drop-head, reject-publish, reject-publish-dlx"}},
		{`PRECONDITION_FAILED - invalid arg 'x-dead-letter-routing-key' for queue 'q' in vhost '/': routing_key_but_no_dlx_defined`,
			"x-dead-letter-routing-key", "fielderr.dlrk", []string{"x-dead-letter-routing-key"}},
		{`PRECONDITION_FAILED - invalid arg 'x-delivery-limit' for queue 'q' in vhost '/' of queue type rabbit_classic_queue`,
			"x-delivery-limit", "fielderr.othertype", []string{"x-delivery-limit", "classic"}},
		{`NOT_FOUND - no exchange 'x' in vhost '/'`, "", "fielderr.refused", nil},
	} {
		e := ExplainRefusal(c.text)
		if e.Field != c.field || e.Key != c.key || !slices.Equal(e.Args, c.args) || e.Broker != c.text {
			t.Errorf("%s:\n got %+v", c.text, e)
		}
	}
}

// TestExplainRefusalFromBroker: the texts come from core itself.
func TestExplainRefusalFromBroker(t *testing.T) {
	b := core.New(core.DefaultProfile)
	err := b.DeclareQueue(core.QueueDecl{Name: "q", Args: core.Table{"x-message-ttl": "5s"}})
	if err == nil {
		t.Fatal("the broker took x-message-ttl = \"5s\"")
	}
	e := ExplainRefusal(err.Error())
	if e.Field != "x-message-ttl" || e.Key != "fielderr.int.ms" {
		t.Errorf("%q → %+v", err.Error(), e)
	}
}

// TestArgPicker: "+ Add argument" takes the next unused key; each row
// lists its own key, then the unused ones, then those in use.
func TestArgPicker(t *testing.T) {
	f := NewQueueForm("classic")
	f.AddArg()
	f.AddArg()
	if f.Args[0].Key != "x-message-ttl" || f.Args[1].Key != "x-dead-letter-exchange" {
		t.Fatalf("rows %+v", f.Args)
	}
	f.Args[0].Key = "x-max-length"
	f.AddArg()
	if f.Args[2].Key != "x-message-ttl" {
		t.Errorf("the third row got %q, want the first unused key x-message-ttl", f.Args[2].Key)
	}
	cs := ArgChoices("classic", f.Args, 2)
	if cs[0].Key != "x-message-ttl" || cs[1].Key != "x-dead-letter-routing-key" {
		t.Errorf("choices start %+v", cs[:2])
	}
	last := cs[len(cs)-1]
	if !last.InUse || (last.Key != "x-dead-letter-exchange" && last.Key != "x-max-length") {
		t.Errorf("last choice %+v, want a key in use", last)
	}
	for _, c := range ArgChoices("quorum", []ArgRow{{}}, 0) {
		if c.Key == "x-max-priority" {
			t.Error("a quorum queue is offered x-max-priority")
		}
	}
}

func TestInWords(t *testing.T) {
	for _, c := range []struct{ key, text, want string }{
		{"x-message-ttl", "30000", "30 s"}, {"x-message-ttl", "500", ""}, {"x-message-ttl", "5s", ""},
		{"x-expires", "5400000", "1 h 30 min"}, {"x-max-length-bytes", "1048576", "1 MiB"},
		{"x-max-length", "30000", ""},
	} {
		if got := InWords(QueueArgs, c.key, c.text); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.key, c.text, got, c.want)
		}
	}
}

// TestFormsRead: the forms read into the scenario's types.
func TestFormsRead(t *testing.T) {
	old := scenarios.Exchange{Name: "x", Arguments: core.Table{"alternate-exchange": "a", "x-other": core.Table{"k": int64(1)}}}
	f := ExchangeFormOf(old)
	if len(f.Args) != 2 || f.Args[0].Key != "alternate-exchange" || f.Args[0].Value != "a" || f.Args[1].Key != "x-other" {
		t.Errorf("exchange form rows %+v", f.Args)
	}
	f.Args[0].Value = ""
	if x := f.Exchange(&old); !reflect.DeepEqual(x.Arguments["x-other"], old.Arguments["x-other"]) || x.Arguments["alternate-exchange"] != nil {
		t.Errorf("exchange arguments %v", x.Arguments)
	}
	q := QueueFormOf(scenarios.Queue{Name: "q", Arguments: core.Table{"x-queue-type": "quorum", "x-delivery-limit": int64(3)}})
	if q.Type != "quorum" || len(q.Args) != 1 || q.Args[0] != (ArgRow{"x-delivery-limit", "3"}) {
		t.Errorf("queue form %+v", q)
	}
	if _, e := (PolicyForm{Priority: "high"}).Policy(); e.Field != "priority" {
		t.Errorf("priority error %+v", e)
	}
	if _, e := (PolicyForm{Definition: "nonsense"}).Policy(); e.Field != "definition" || e.Key != "fielderr.lines" {
		t.Errorf("definition error %+v", e)
	}
	if _, e := (ConsumerForm{Prefetch: "x", ByHand: true}).Consumer(); e.Field != "prefetch" {
		t.Errorf("prefetch error %+v", e)
	}
	c, e := ConsumerForm{Queue: "q", Prefetch: "", Actions: "reject 200ms, republish x k, ack"}.Consumer()
	if !e.None() || len(c.Actions) != 3 || c.Actions[1].Exchange != "x" || c.Actions[0].Delay != 200 {
		t.Errorf("consumer %+v %+v", c, e)
	}
	if _, e := (ConsumerForm{Actions: "reject soon"}).Consumer(); e.Field != "actions" {
		t.Errorf("script error %+v", e)
	}
	b, e := BindingForm{Source: "x", Dest: "queue:q", Key: "k"}.Binding()
	if !e.None() || b.Destination != "q" || b.DestinationType != "queue" {
		t.Errorf("binding %+v", b)
	}
}

func TestPublishTextRead(t *testing.T) {
	f := NewPublishText()
	f.Key, f.Priority, f.Headers, f.Count, f.Interval = "k", "5", "CC = [a, b]\nx = 1", "3", "500ms"
	p, e := f.Read()
	if !e.None() || *p.Priority != 5 || p.Count != 3 || p.Interval != 500 || len(p.Headers["CC"].([]any)) != 2 || p.Headers["x"] != int64(1) {
		t.Errorf("%+v %+v", p, e)
	}
	for _, c := range []struct {
		f     func(*PublishText)
		field string
	}{
		{func(f *PublishText) { f.Priority = "300" }, "priority"},
		{func(f *PublishText) { f.Count = "0" }, "count"},
		{func(f *PublishText) { f.Interval = "soon" }, "interval"},
		{func(f *PublishText) { f.Headers = "no equals" }, "headers"},
	} {
		g := NewPublishText()
		c.f(&g)
		if _, e := g.Read(); e.Field != c.field {
			t.Errorf("%+v: error %+v, want field %s", g, e, c.field)
		}
	}
}

func TestDefinitionInWords(t *testing.T) {
	got := DefinitionInWords("dead-letter-exchange = dlx\nmessage-ttl = 60000\nmax-length-bytes: 2048\nexpires = x")
	if len(got) != 2 || got[0] != (ValueWords{"message-ttl", "60000", "ms", "1 min"}) || got[1].Words != "2 KiB" {
		t.Errorf("%+v", got)
	}
	if MillisInWords("90000") != "1 min 30 s" || MillisInWords("999") != "" || MillisInWords("soon") != "" {
		t.Error("MillisInWords")
	}
}
