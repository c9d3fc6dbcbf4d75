package model

import (
	"strconv"
	"testing"

	"github.com/dlxlab/dlxlab/scenarios"
)

// TestBadgesKeepTheBox: attaching a second, third and fifth consumer to a
// queue changes neither its box nor any box's place; the badges share one
// row, and past three the last slot counts the rest.
func TestBadgesKeepTheBox(t *testing.T) {
	s := importedCase(t).s
	q := s.Scenario().Queues[0].Name
	if !s.Attach(scenarios.Consumer{Name: "c1", Queue: q}) {
		t.Fatalf("consumer: %+v", s.Notice())
	}
	g := s.Graph()
	one, _ := g.Node(QueueKey(q))
	before := positions(g)
	for i := 2; i <= 5; i++ {
		if !s.Attach(scenarios.Consumer{Name: "c" + strconv.Itoa(i), Queue: q}) {
			t.Fatalf("consumer %d: %+v", i, s.Notice())
		}
		g := s.Graph()
		n, _ := g.Node(QueueKey(q))
		if n.W != one.W || n.H != one.H {
			t.Errorf("%d consumers: the box is %v×%v, with one it was %v×%v", i, n.W, n.H, one.W, one.H)
		}
		same(t, strconv.Itoa(i)+" consumers", before, positions(g), 0.5, false)
		shown, more := 0, 0
		for _, b := range n.Consumers {
			if b.Y != n.Consumers[0].Y || b.X < 0 || b.X+b.W > n.W+0.01 {
				t.Errorf("%d consumers: badge %s at %v,%v (%v wide) is off the row of a %v box", i, b.Name, b.X, b.Y, b.W, n.W)
			}
			if !b.Hidden {
				shown++
			}
		}
		if n.More > 0 {
			more = 1
		}
		if want := min(i, maxBadges); shown+more != want || shown+n.More != i {
			t.Errorf("%d consumers: %d badges drawn and %d counted", i, shown, n.More)
		}
	}
}
