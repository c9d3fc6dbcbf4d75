package core

import (
	"strings"
	"testing"
)

// Names, keys, tags and property strings over 255 bytes are refused with
// 502 SYNTAX_ERROR; 255 bytes is fine.
func TestShortStrings(t *testing.T) {
	ok, long := strings.Repeat("k", 255), strings.Repeat("k", 256)
	b := New(Rabbit43)
	if err := b.DeclareQueue(QueueDecl{Name: ok, Durable: true}); err != nil {
		t.Fatal(err)
	}
	if err := b.Bind(Binding{Source: "amq.topic", Destination: ok, DestinationType: "queue", RoutingKey: ok}); err != nil {
		t.Fatal(err)
	}
	cases := map[string]func() error{
		"queue name":    func() error { return b.DeclareQueue(QueueDecl{Name: long}) },
		"exchange name": func() error { return b.DeclareExchange(ExchangeDecl{Name: long, Type: Topic}) },
		"binding key": func() error {
			return b.Bind(Binding{Source: "amq.topic", Destination: ok, DestinationType: "queue", RoutingKey: long})
		},
		"routing key": func() error { _, err := b.Publish(Publishing{Exchange: "amq.topic", RoutingKey: long}); return err },
		"message_id": func() error {
			_, err := b.Publish(Publishing{RoutingKey: ok, Props: Properties{MessageID: long}})
			return err
		},
		"header name":  func() error { _, err := b.Publish(Publishing{RoutingKey: ok, Headers: Table{long: "v"}}); return err },
		"consumer tag": func() error { return b.Consume(ConsumerSpec{Tag: long, Queue: ok}) },
	}
	for what, run := range cases {
		err := run()
		e, isErr := err.(*Error)
		if !isErr || e.Code != CodeSyntaxError || !strings.Contains(e.Text, what+" is 256 bytes; an AMQP short string holds at most 255") {
			t.Errorf("%s: %v", what, err)
		}
	}
	if err := b.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// A binding key has at most 128 words, so a '#' binding against the
// longest routing key a dead-letter argument or CC header can carry is a
// single pass with bounded backtracking per word.
func TestTopicWorstCaseBounded(t *testing.T) {
	binding := "#." + strings.Repeat("a.", 126) + "b"
	if len(binding) > MaxShortString {
		t.Fatalf("binding key %d bytes", len(binding))
	}
	key := strings.Repeat("a.", 20_000) + "b"
	if !topicMatches(binding, key) || topicMatches(binding, key+"c") {
		t.Fatal("wrong match")
	}
}
