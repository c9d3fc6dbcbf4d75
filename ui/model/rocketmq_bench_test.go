package model

import "testing"

// rocketThousand is the ladder lesson with 1,000 messages sent at once.
func rocketThousand(b *testing.B) *RocketSession {
	sc := RocketLesson("rocketmq-full-ladder-to-dlq")
	c := cloneRocket(sc)
	c.Steps[0].Send.Count = 1000
	c.Steps[0].Send.Keys = nil
	s, err := NewRocket(c)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// One frame of the RocketMQ page with 1,000 messages in flight on the
// ladder (an hour in): the snapshot and the canvas picture.
func BenchmarkRocketFrame1000(b *testing.B) {
	s := rocketThousand(b)
	s.JumpBy(3600_000)
	b.ResetTimer()
	for range b.N {
		snap := s.Snapshot()
		p := RocketLayout(snap.View)
		_ = s.Moves(p)
	}
}

// The whole ladder for 1,000 messages, played to its end.
func BenchmarkRocketLadder1000(b *testing.B) {
	for range b.N {
		s := rocketThousand(b)
		s.FastForward()
	}
}
