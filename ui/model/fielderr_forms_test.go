package model

import (
	"strings"
	"testing"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// TestBindingAndConsumerRefusalsPlaced: what the broker (or the session)
// refuses in a binding or a consumer is told under the field it is about,
// never only for the whole form.
func TestBindingAndConsumerRefusalsPlaced(t *testing.T) {
	s := lesson(t, "retry-loop")
	for _, c := range []struct {
		b     scenarios.Binding
		field string
	}{
		{scenarios.Binding{Source: "", Destination: "main", RoutingKey: "k"}, "source"},
		{scenarios.Binding{Source: "retry.dlx", Destination: "nope", RoutingKey: "k"}, "destination"},
		{scenarios.Binding{Source: "nox", Destination: "main", RoutingKey: "k"}, "source"},
		{scenarios.Binding{Source: "retry.dlx", Destination: "nox", DestinationType: "exchange", RoutingKey: "k"}, "destination"},
		{scenarios.Binding{Source: "retry.dlx", Destination: "wait", RoutingKey: "wait"}, "key"},
		{scenarios.Binding{Source: "amq.headers", Destination: "wait", Arguments: core.Table{"x-match": "most"}}, "arguments"},
		{scenarios.Binding{Source: "retry.dlx", Destination: "wait", RoutingKey: strings.Repeat("k", 300)}, "key"},
	} {
		if s.AddBinding(c.b) {
			t.Fatalf("binding %+v was accepted", c.b)
		}
		dest := c.b.DestinationType
		if dest == "" {
			dest = "queue"
		}
		keyField := "key"
		if c.b.Arguments != nil {
			keyField = "arguments"
		}
		e := BindingRefusal(s.Notice(), c.b.Source, dest+":"+c.b.Destination, keyField)
		if e.Field != c.field || e.Key == "fielderr.refused" {
			t.Errorf("binding %s → %s %q: refusal %+v, want it on %s with a plain explanation", c.b.Source, c.b.Destination, c.b.RoutingKey, e, c.field)
		}
	}
	for _, c := range []struct {
		c     scenarios.Consumer
		field string
	}{
		{scenarios.Consumer{Name: "c1", Queue: "nope"}, "queue"},
		{scenarios.Consumer{Name: "c2", Queue: "main", Prefetch: -1}, "prefetch"},
		{scenarios.Consumer{Name: "worker", Queue: "main"}, "name"},
		{scenarios.Consumer{Name: strings.Repeat("c", 300), Queue: "main"}, "name"},
	} {
		if s.Attach(c.c) {
			t.Fatalf("consumer %+v was accepted", c.c)
		}
		if e := ConsumerRefusal(s.Notice()); e.Field != c.field {
			t.Errorf("consumer %.20s on %s: refusal %+v, want it on %s", c.c.Name, c.c.Queue, e, c.field)
		}
	}
}
