package model

import "testing"

// TestLessonCheckpointsAllReached: playing a library lesson and moving on
// at each pause shows every one of its checkpoints, once, in order: none
// is placed where the run never stops.
func TestLessonCheckpointsAllReached(t *testing.T) {
	for _, l := range Library() {
		t.Run(l.Name, func(t *testing.T) {
			s := lesson(t, l.Name)
			want := len(s.sc.Checkpoints)
			seen := 0
			s.Play()
			for i := 0; i < 400; i++ {
				if cp := s.Checkpoint(); cp != nil && cp.Waiting {
					seen++
					if cp.Index != seen || cp.Count != want {
						t.Fatalf("pause %d shows checkpoint %d of %d, want %d of %d", seen, cp.Index, cp.Count, seen, want)
					}
					s.Continue()
					continue
				}
				if !s.Playing() || s.CheckpointsLeft() == 0 {
					break
				}
				s.runTo(s.b.Now() + 3600000) // an hour of virtual time at a time: lessons last at most a day
			}
			if seen != want {
				t.Errorf("%d of %d checkpoints shown", seen, want)
			}
		})
	}
}
