package rocketmq

import (
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// Parse walks the YAML tree (scenarios.DecodeStrict) instead of the YAML
// library's reflective decoder, which stays out of app.wasm. On every lesson
// and on the values a share link carries, both read the same scenario.
func TestDecodeMatchesLibraryDecoder(t *testing.T) {
	docs := lessons(t)
	docs["layout-and-nulls"] = []byte("broker: rocketmq\nversion: 1\ntopics: [{name: t, queues: null}]\n" +
		"config: {timer_precision_ms: 1000}\n" +
		"groups: [{name: g, max_reconsume_times: 2, subscribe: [{topic: t, tags: '*'}], consumers: [{id: c, listener: [{key: k, actions: [{result: success, ack_index: 0}]}]}]}]\n" +
		"steps: [{send: {topic: t, keys: [1, true, null], props: {a: 1, b: x}, queue: -1, body: !!str 5}}, {wait: 5}]\n" +
		"expect: {dlq: {g: 0}, keys: [{key: k, reconsume_times: [0, 1]}], lag: [{group: g, topic: t, lag: 0}]}\n" +
		"layout: {a: 1, b: [x, 2.5, true, null], c: {d: -3}}\n")
	for name, data := range docs {
		sc, err := Parse(name, data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		lib := &Scenario{}
		if err := yaml.UnmarshalWithOptions(data, lib, yaml.Strict()); err != nil {
			t.Fatalf("%s: the library decoder: %v", name, err)
		}
		a, _ := CanonicalJSON(sc)
		b, _ := CanonicalJSON(lib)
		if string(a) != string(b) {
			t.Errorf("%s: decoded differently:\n tree walk %s\n library   %s", name, a, b)
		}
	}
}

// Every decoding error names the file, line, column and field; what the
// library decoder let through by accident (a quoted or fractional count,
// anchors, merge keys, a second document) is refused.
func TestDecodeErrorsArePlaced(t *testing.T) {
	head := "broker: rocketmq\ntopics: [{name: t}]\n"
	cases := []struct{ in, want string }{
		{head + "colour: red\n", `x.yaml:3:1: unknown key "colour" in scenario`},
		{head + "Topics: []\n", `x.yaml:3:1: unknown key "Topics" in scenario; did you mean "topics"?`},
		{"broker: rocketmq\ntopics: [{name: t, queues: \"4\"}]\n", `x.yaml:2:28: topics[0].queues: expected an integer, got the string "4"`},
		{"broker: rocketmq\ntopics: [{name: t, queues: 4.5}]\n", "x.yaml:2:28: topics[0].queues: expected an integer, got the number 4.5"},
		{"broker: rocketmq\ntopics: [{name: [a]}]\n", "x.yaml:2:17: topics[0].name: expected a string, got a list"},
		{"broker: rocketmq\ntopics: t\n", `x.yaml:2:9: topics: expected a list, got the string "t"`},
		{head + "groups: [{name: g, orderly: yes, subscribe: [{topic: t}]}]\n", `x.yaml:3:29: groups[0].orderly: expected true or false, got the string "yes"`},
		{head + "steps: [{send: {topic: t, props: {a: [1]}}}]\n", "x.yaml:3:38: steps[0].send.props.a: expected a string, got a list"},
		{head + "expect: {lag: [{group: g, topic: t, lag: x}]}\n", `x.yaml:3:42: expect.lag[0].lag: expected an integer, got the string "x"`},
		{head + "steps: [{send: {topic: t, queue: 99999999999999999999}}]\n", "x.yaml:3:34: steps[0].send.queue: expected an integer"},
		{head + "layout: {a: .inf}\n", "x.yaml:3:13: layout.a: .inf is not a finite number"},
		{head + "topics: [{name: u}]\n", `x.yaml:3:1: mapping key "topics" already defined`},
		{"broker: rocketmq\ntopics: [&a {name: t}, *a]\n", "x.yaml:2:10: anchors (&) and aliases (*) are not supported"},
		{"broker: rocketmq\ntopics: [{name: t, <<: {queues: 2}}]\n", "x.yaml:2:20: merge keys (<<) are not supported"},
		{head + "---\nbroker: x\n", "x.yaml:4:1: a second YAML document"},
		{"- a\n", "x.yaml:1:1: scenario must be a mapping"},
		{head + "title: !!binary eA==\n", "x.yaml:3:8: the tag !!binary is not supported"},
	}
	for _, c := range cases {
		_, err := Parse("x.yaml", []byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got  %v\n want %q", c.in, err, c.want)
		}
	}
}
