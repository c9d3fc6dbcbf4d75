package core

import (
	"reflect"
	"testing"
)

// Client-set x-death that 3.x cannot use (measured on 3.10.8): a value
// that is not an array is replaced by the new entry and no x-first-death-*
// headers appear; entries it cannot read stay as written behind the new
// entry. 4.x ignores the client's x-death either way (measured on 4.0.5
// and 4.3.6).
func TestMalformedClientXDeath(t *testing.T) {
	fresh := death("src", "rejected", 1, 0, "", "src")
	for _, c := range []struct {
		name       string
		xdeath     any
		want312    []any
		firstDeath bool
	}{
		{"not an array", "garbage", []any{fresh}, false},
		{"empty table", []any{Table{}}, []any{fresh, Table{}}, false},
		{"no exchange, no time", []any{Table{"queue": "old", "reason": "rejected", "count": int64(4)}},
			[]any{fresh, Table{"queue": "old", "reason": "rejected", "count": int64(4)}}, false},
	} {
		for _, p := range []Profile{Rabbit312, Rabbit43} {
			s := newSim(t, p)
			s.queue("dlq", nil)
			s.queue("src", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
			s.publish("", "src", "m", Properties{}, Table{"x-death": c.xdeath})
			s.get("src", ActReject)
			h := s.get("dlq", ActAck).Headers
			want, first := c.want312, c.firstDeath
			if p.is4() {
				want, first = []any{fresh}, true
			}
			if !reflect.DeepEqual(h["x-death"], want) {
				t.Errorf("%s, %s: x-death %#v, want %#v", c.name, p, h["x-death"], want)
			}
			if _, has := h[HeaderFirstDeathQueue]; has != first {
				t.Errorf("%s, %s: x-first-death-queue present %v, want %v", c.name, p, has, first)
			}
		}
	}
}
