package core

import (
	"strings"
	"testing"
)

// b rejects into a2, a2 and a3 expire onward, a3 back into b. On 3.10.8
// the second round is cut as a cycle (the 3.x x-death regrouping puts the
// rejection out of the walk) and the log line lists the target and every
// x-death queue: [a3, a2, a3, b] (measured on 3.10.8). 4.3.6 lets the
// loop run (measured on 4.3.6).
func TestCycleLogLineRejectExpireExpire(t *testing.T) {
	for _, c := range []struct {
		profile Profile
		want    string
	}{
		{Rabbit312, "Dead-letter queues cycle detected: [a3, a2, a3, b]"},
		{Rabbit43, ""},
	} {
		s := newSim(t, c.profile)
		s.queue("b", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "a2"})
		s.queue("a2", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "a3", "x-message-ttl": int64(5)})
		s.queue("a3", Table{"x-dead-letter-exchange": "", "x-dead-letter-routing-key": "b", "x-message-ttl": int64(5)})
		s.publish("", "b", "msg", Properties{}, nil)
		s.get("b", ActReject)
		s.advance(20)
		s.get("b", ActReject)
		s.advance(20)
		cycles := s.events(EvCycle)
		switch {
		case c.want == "" && len(cycles) != 0:
			t.Errorf("%s: cycle %q, want none", c.profile, cycles[0].Detail)
		case c.want != "" && (len(cycles) != 1 || !strings.Contains(cycles[0].Detail, c.want)):
			t.Errorf("%s: cycles %v, want one with %q", c.profile, cycles, c.want)
		}
	}
}
