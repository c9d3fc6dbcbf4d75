package core

import (
	"reflect"
	"testing"
)

// EachReadyHeaders gives the headers Messages renders: each message's own,
// or, when it says same, the previous message's; and it says same for a
// queue whose messages share their history.
func TestEachReadyHeadersSameAsMessages(t *testing.T) {
	for _, p := range []Profile{Rabbit312, Rabbit42, Rabbit43} {
		s := newSim(t, p)
		s.queue("dlq", nil)
		s.queue("work", Table{"x-message-ttl": int64(0), "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "dlq"})
		s.ok(s.DeclareQueue(QueueDecl{Name: "qq", Durable: true, Args: Table{"x-queue-type": "quorum"}}))
		for i := 0; i < 3; i++ {
			s.publish("", "work", "a", Properties{}, nil)
		}
		s.publish("", "work", "b", Properties{Expiration: "9"}, nil)
		s.publish("", "work", "c", Properties{}, Table{"k": "v"})
		s.publish("", "work", "d", Properties{}, Table{"k": "v"})
		s.publish("", "dlq", "plain", Properties{}, nil)
		s.publish("", "dlq", "plain", Properties{}, nil)
		s.advance(1000)
		s.publish("", "work", "later", Properties{}, nil)
		for i := 0; i < 3; i++ {
			s.publish("", "qq", "q", Properties{}, nil)
		}
		s.get("qq", "requeue")
		for _, q := range []string{"dlq", "qq"} {
			want := s.Messages(q, 0)
			var got []MessageView
			sames := 0
			s.EachReadyHeaders(q, func(mv MessageView, same bool) bool {
				if same {
					sames++
					mv.Headers = got[len(got)-1].Headers
				}
				got = append(got, mv)
				return true
			})
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s %s: EachReadyHeaders\n%v\nwant\n%v", p, q, got, want)
			}
			if q == "dlq" && sames != 3 { // a a a; b; c d (client headers); plain plain; later
				t.Errorf("%s: %d messages said same, want 3", p, sames)
			}
		}
	}
}
