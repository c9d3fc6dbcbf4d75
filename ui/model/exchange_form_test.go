package model

import (
	"reflect"
	"testing"
)

// TestExchangeFormArguments: the exchange form offers the exchange
// catalogue's keys one row at a time, and says in words where the
// messages an exchange cannot route go.
func TestExchangeFormArguments(t *testing.T) {
	f := NewExchangeForm()
	f.AddArg()
	if len(f.Args) != 1 || f.Args[0].Key != "alternate-exchange" {
		t.Fatalf("the first argument added is %+v, want alternate-exchange", f.Args)
	}
	if next := NextExchangeArg(f.Args); next != "" {
		t.Errorf("with alternate-exchange set, %q is offered next; the catalogue has nothing else", next)
	}
	f.Args = append(f.Args, ArgRow{Key: "x-imported", Value: "1"})
	if got := ExchangeArgChoices(f.Args, 1); !reflect.DeepEqual(got, []ArgChoice{{Key: "x-imported"}, {Key: "alternate-exchange", InUse: true}}) {
		t.Errorf("choices of an imported key's row: %+v", got)
	}
	f.Name, f.Args[0].Value = "orders", "unrouted"
	if x := f.Exchange(nil); x.Arguments["alternate-exchange"] != "unrouted" || x.Arguments["x-imported"] != int64(1) {
		t.Errorf("arguments read %v", x.Arguments)
	}

	s := lesson(t, "retry-loop") // declares retry.dlx
	for _, c := range []struct{ value, key string }{
		{"retry.dlx", "xarg.ae.exists"}, {"amq.fanout", "xarg.ae.exists"}, {"nowhere", "xarg.ae.missing"},
		{"orders", "xarg.ae.self"}, {" ", ""},
	} {
		if key, _ := s.ExchangeArgWords("orders", "alternate-exchange", c.value); key != c.key {
			t.Errorf("alternate-exchange %q of orders: %q, want %q", c.value, key, c.key)
		}
	}
}
