package scenarios

import (
	"strings"
	"testing"
)

// kitchenSink sets every field of the format to a non-default value.
const kitchenSink = `
	version: 1
	title: "Every field: quotes \" and unicode é"
	title_zh: "每个字段：引号 \" 与 unicode é"
	summary: |
	  two
	  lines
	summary_zh: |
	  两行
	  文字
	profile: rabbitmq-3.12
	seed: -7
	exchanges:
	  - {name: x, type: headers, durable: false, auto_delete: true, internal: true, arguments: {alternate-exchange: ae}}
	  - {name: ae, type: fanout}
	queues:
	  - {name: q, durable: false, auto_delete: true, arguments: {x-message-ttl: 100, x-queue-type: classic, f: 1.5, g: 2.0, big: 1e21, l: [1, "2", null, true, {a: b}]}}
	  - {name: "0x1F"}
	  - {name: "true"}
	  - {name: "needs: quoting #"}
	bindings:
	  - {source: x, destination: q, arguments: {x-match: all, k: v}}
	  - {source: ae, destination: x, destination_type: exchange, routing_key: "#"}
	policies:
	  - {name: p, pattern: "^q$", apply-to: classic_queues, priority: 3, definition: {message-ttl: 5}}
	consumers:
	  - name: c
	    queue: q
	    prefetch: 2
	    actions: [ack, {action: reject, delay: 1h30m}, {action: republish, exchange: x, routing_key: k, delay: 5ms}, nack-requeue]
	steps:
	  - publish:
	      exchange: x
	      routing_key: k
	      body: "multi\nline"
	      mandatory: true
	      count: 2
	      properties: {content_type: a/b, content_encoding: gzip, delivery_mode: 1, priority: 0, correlation_id: c1, reply_to: r, expiration: "007", message_id: m, timestamp: 0, type: t, user_id: guest, app_id: app, headers: {CC: [a, b]}}
	  - wait: 0
	  - get: {queue: q, action: nack, requeue: true}
	  - consume: {name: c2, queue: q, actions: [hold]}
	  - ack: {consumer: c2, multiple: true}
	  - reject: {consumer: c2, n: -2, requeue: true}
	  - nack: {}
	  - cancel: {consumer: c2}
	  - declare: {queue: q2, durable: false, auto_delete: true, arguments: {x-max-length: 0}}
	  - declare: {exchange: x2, type: topic, internal: true}
	  - delete: {queue: q2}
	  - delete: {exchange: x2}
	  - purge: {queue: q}
	  - bind: {source: x, destination: q, routing_key: r}
	  - unbind: {source: x, destination: q, routing_key: r}
	  - policy: {name: p2, pattern: ".", definition: {max-length: 1}}
	  - clear_policy: {name: p2}
	  - snapshot: "30"
	expect:
	  - {queue: q, depth: 0, unacked: 0, bodies: []}
	  - {consumer: c, deliveries: 0}
	  - {deliveries: 1, queue: q}
	  - {delivery: {consumer: c, queue: q, n: -2}, headers: {x-death: null, h: {}}, body: "", redelivered: false}
	  - {delivery: {get: true}}
	  - {delivery: {get: true, n: 2}, properties: {expiration: null, priority: 0, content_type: a/b}, exchange: "", routing_key: k}
	  - {return: {n: -1}, reply_code: 312, reply_text: NO_ROUTE, body: b, headers: {h: 1}, properties: {}, exchange: x, routing_key: ""}
	  - {queue: q2, exists: false, snapshot: "30"}
	  - {queue: q, exists: true, depth: 0}
	  - {drop: {queue: q, reason: no-dlx, death_reason: delivery_limit, body: ""}}
	  - {drops: 0, reason: expired, queue: q}
	  - {drop: {queue: q, reason: purged}}
	  - {returns: 0}
	  - {error: {step: -1, code: 406, text: "x", where: "queues[0]"}}
	  - {errors: 0}
	conform: {skip: needs a plugin}
	layout: {q: {x: 10, y: -2.5}, x: {x: 0, y: 0}}
	`

func TestKitchenSinkRoundTrips(t *testing.T) {
	sc := parseString(t, kitchenSink)
	link, err := Encode(sc)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(link)
	if err != nil {
		t.Fatal(err)
	}
	assertSame(t, "share link", sc, back)
	y, err := FormatYAML(sc)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Parse("formatted.yaml", y)
	if err != nil {
		t.Fatalf("%v\n%s", err, y)
	}
	assertSame(t, "FormatYAML", sc, again)
	for _, want := range []string{`name: "0x1F"`, `name: "true"`, `"needs: quoting #"`, "big: 1e+21", "g: 2.0", "seed: -7"} {
		if !strings.Contains(string(y), want) {
			t.Errorf("YAML lacks %q:\n%s", want, y)
		}
	}
	if sc.Conform == nil || sc.Conform.Skip != "needs a plugin" || sc.Layout["q"] != (Point{10, -2.5}) {
		t.Errorf("conform %+v layout %+v", sc.Conform, sc.Layout)
	}
	// It also runs (its expectations are about shapes, not all true).
	if _, err := Run(sc, Options{}); err != nil {
		t.Fatal(err)
	}
}
