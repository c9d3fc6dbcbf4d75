package model

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
	"github.com/dlxlab/dlxlab/scenarios/library"
)

// quality is what a reader suffers from in a drawing.
type quality struct {
	crossings   int // pairs of edge pieces that cross (measured on the drawn curves)
	through     int // an edge passing through a box it does not start or end at
	labelLabel  int // two labels overlapping
	labelBox    int // a label overlapping a box
	labelThru   int // another edge's line through a label's text
	description []string
}

// measure reads a laid-out graph the way a reader would.
func measure(g Graph) quality {
	var q quality
	flat := make([][]Point, len(g.Edges))
	for i, e := range g.Edges {
		flat[i] = Flatten(e.Pts, g.Horizontal)
	}
	for i, e := range g.Edges {
		for _, n := range g.Nodes {
			if n.Key == e.From || n.Key == e.To {
				continue
			}
			r := nodeRect(n).grow(-1)
			if polyHits(flat[i], r) {
				q.through++
				q.description = append(q.description, fmt.Sprintf("edge %s passes through %s", e.ID, n.Key))
			}
		}
		if e.LW == 0 {
			continue
		}
		lr := e.labelRect().grow(-1)
		for _, n := range g.Nodes {
			if lr.overlaps(nodeRect(n)) {
				q.labelBox++
				q.description = append(q.description, fmt.Sprintf("label of %s overlaps %s", e.ID, n.Key))
			}
		}
		for j, f := range g.Edges {
			if j == i {
				continue
			}
			if j > i && f.LW > 0 && lr.overlaps(f.labelRect()) {
				q.labelLabel++
				q.description = append(q.description, fmt.Sprintf("labels of %s and %s overlap", e.ID, f.ID))
			}
			if polyHits(flat[j], lr) {
				q.labelThru++
				q.description = append(q.description, fmt.Sprintf("edge %s runs through the label of %s", f.ID, e.ID))
			}
		}
	}
	for i := range g.Edges {
		for j := i + 1; j < len(g.Edges); j++ {
			q.crossings += polyCross(flat[i], flat[j])
		}
	}
	return q
}

func polyHits(p []Point, r rect) bool {
	for k := 1; k < len(p); k++ {
		if segHits(p[k-1], p[k], r) {
			return true
		}
	}
	return false
}

// polyCross counts proper crossings of two polylines, not counting
// touches near either one's ends (edges meeting at a shared box).
func polyCross(a, b []Point) int {
	n := 0
	near := func(p Point) bool {
		for _, e := range []Point{a[0], a[len(a)-1], b[0], b[len(b)-1]} {
			if math.Hypot(p.X-e.X, p.Y-e.Y) < 4 {
				return true
			}
		}
		return false
	}
	for i := 1; i < len(a); i++ {
		for j := 1; j < len(b); j++ {
			if p, ok := segCross(a[i-1], a[i], b[j-1], b[j]); ok && !near(p) {
				n++
			}
		}
	}
	return n
}

func segCross(p1, p2, p3, p4 Point) (Point, bool) {
	d := (p2.X-p1.X)*(p4.Y-p3.Y) - (p2.Y-p1.Y)*(p4.X-p3.X)
	if d == 0 {
		return Point{}, false
	}
	t := ((p3.X-p1.X)*(p4.Y-p3.Y) - (p3.Y-p1.Y)*(p4.X-p3.X)) / d
	u := ((p3.X-p1.X)*(p2.Y-p1.Y) - (p3.Y-p1.Y)*(p2.X-p1.X)) / d
	if t <= 0 || t >= 1 || u <= 0 || u >= 1 {
		return Point{}, false
	}
	return Point{p1.X + t*(p2.X-p1.X), p1.Y + t*(p2.Y-p1.Y)}, true
}

// layoutCase is a session to measure, top down and left to right, at the
// start and after its steps ran (publishes add the publisher's edges).
type layoutCase struct {
	name string
	s    *Session
}

func libraryCases(t *testing.T) []layoutCase {
	t.Helper()
	var out []layoutCase
	for _, f := range library.Files() {
		sc, err := scenarios.Parse(f.Name, f.Data)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		s := New()
		s.Load(sc)
		out = append(out, layoutCase{strings.TrimSuffix(f.Name, ".yaml"), s})
	}
	return out
}

func importedCase(t *testing.T) layoutCase {
	t.Helper()
	data, err := os.ReadFile("../../scenarios/lint/testdata/shop-production.json")
	if err != nil {
		t.Fatal(err)
	}
	s := New()
	s.SetProfile(string(core.Rabbit312)) // the export is from a 3.x broker (ha-mode policies)
	if _, err := s.ImportDefinitions(data); err != nil {
		t.Fatal(err)
	}
	return layoutCase{"import: shop-production.json", s}
}

// TestLayoutQuality lays out every library lesson and an imported
// production topology (21 queues) in both directions, before and after
// the steps ran: no edge may pass through a box it does not connect, no
// label may overlap another label, a box or another edge. The crossings
// are reported (go test -v -run TestLayoutQuality ./ui/model).
func TestLayoutQuality(t *testing.T) {
	cases := append(libraryCases(t), importedCase(t))
	total := map[bool]int{}
	for _, c := range cases {
		for _, hz := range []bool{false, true} {
			c.s.SetHorizontal(hz)
			before := measure(c.s.Graph())
			c.s.JumpBy(c.s.EndTime() + 1000)
			after := measure(c.s.Graph())
			c.s.Restart()
			for _, q := range []quality{before, after} {
				if q.through+q.labelLabel+q.labelBox+q.labelThru > 0 {
					t.Errorf("%s (horizontal %v): %s", c.name, hz, strings.Join(q.description, "; "))
				}
			}
			total[hz] += after.crossings
			t.Logf("%-44s %-10s crossings %d (at the start %d), through boxes %d, overlapping labels %d",
				c.name, map[bool]string{false: "top-down", true: "left-right"}[hz], after.crossings, before.crossings,
				after.through, after.labelLabel+after.labelBox+after.labelThru)
		}
	}
	t.Logf("%d drawings each way; crossings in all: top-down %d, left-right %d", len(cases), total[false], total[true])
}

// order lists the boxes' keys by position across the flow, per row.
func positions(g Graph) map[string]Point {
	out := map[string]Point{}
	for _, n := range g.Nodes {
		out[n.Key] = Point{n.X, n.Y}
	}
	return out
}

// TestLayoutKeepsPlaces: attaching a consumer and the first publish move
// no box (only new ones are placed): a queue's room has its first badge.
func TestLayoutKeepsPlaces(t *testing.T) {
	for _, hz := range []bool{false, true} {
		c := importedCase(t)
		s := c.s
		s.SetHorizontal(hz)
		before := positions(s.Graph())
		q := s.Scenario().Queues[0].Name
		if !s.Attach(scenarios.Consumer{Name: "c1", Queue: q}) {
			t.Fatalf("consumer: %+v", s.Notice())
		}
		after := positions(s.Graph())
		same(t, "a consumer attached", before, after, 0.5, hz)
		x := s.Scenario().Exchanges[0].Name
		s.Publish(PublishForm{Exchange: x, RoutingKey: "k", Body: "hi"})
		same(t, "the first publish", after, positions(s.Graph()), 0.5, hz)
	}
}

// same: every box of before is still there, no two boxes of a row (a
// layer) changed order, and none moved further than slack.
func same(t *testing.T, what string, before, after map[string]Point, slack float64, hz bool) {
	t.Helper()
	for k, p := range before {
		q, ok := after[k]
		if !ok {
			t.Errorf("%s: %s vanished", what, k)
			continue
		}
		if math.Abs(p.X-q.X) > slack || math.Abs(p.Y-q.Y) > slack {
			t.Errorf("%s moved %s from %v to %v (horizontal %v)", what, k, p, q, hz)
		}
		for k2, p2 := range before {
			q2 := after[k2]
			a, b, a2, b2, row, row2 := p.X, q.X, p2.X, q2.X, p.Y, p2.Y
			if hz {
				a, b, a2, b2, row, row2 = p.Y, q.Y, p2.Y, q2.Y, p.X, p2.X
			}
			if row == row2 && a < a2 && b > b2 {
				t.Errorf("%s swapped %s and %s (horizontal %v)", what, k, k2, hz)
			}
		}
	}
}

// TestDraggedBoxRoutedAround: a box dragged across the drawing gets its
// edges routed around every other box, and its labels placed where no
// box and no other label is.
func TestDraggedBoxRoutedAround(t *testing.T) {
	for _, c := range []struct{ lesson, key string }{
		{"reject-to-dlq", QueueKey("orders.dlq")},
		{"retry-ladder-5s-30s-parking", ExchangeKey("retry.exchange")},
		{"template-parking-lot-after-retries", QueueKey("orders.wait")},
	} {
		s := lesson(t, c.lesson)
		g := s.Graph()
		n, ok := g.Node(c.key)
		if !ok {
			t.Fatalf("%s: no %s in %v", c.lesson, c.key, positions(g))
		}
		// to the far side of the drawing, level with the first row of boxes
		x, y := g.W+40, g.Nodes[0].Y
		if g.Horizontal {
			x, y = g.Nodes[0].X, g.H+40
		}
		s.MoveNode(c.key, x, y)
		q := measure(s.Graph())
		if q.through+q.labelLabel+q.labelBox > 0 {
			t.Errorf("%s with %s dragged from %.0f,%.0f: %s", c.lesson, c.key, n.X, n.Y, strings.Join(q.description, "; "))
		}
		// and into the middle of the drawing, where other edges ran (on
		// the free spot nearest to the middle: boxes do not stack)
		mx, my := freeSpot(g, n)
		s.MoveNode(c.key, mx, my)
		q = measure(s.Graph())
		if q.through > 0 {
			t.Errorf("%s with %s dragged to the middle: %s", c.lesson, c.key, strings.Join(q.description, "; "))
		}
	}
}

// freeSpot is the place nearest to the middle of the drawing where n
// overlaps no other box (with room for an edge around it).
func freeSpot(g Graph, n Node) (float64, float64) {
	bx, by, best := 0.0, 0.0, math.Inf(1)
	for x := 0.0; x < g.W; x += 8 {
		for y := 0.0; y < g.H; y += 8 {
			r := rect{x, y, x + n.W, y + n.H}.grow(2 * clearance)
			free := true
			for _, o := range g.Nodes {
				if o.Key != n.Key && r.overlaps(nodeRect(o)) {
					free = false
					break
				}
			}
			if d := math.Hypot(x+n.W/2-g.W/2, y+n.H/2-g.H/2); free && d < best {
				bx, by, best = x, y, d
			}
		}
	}
	return bx, by
}

// TestUndoLoadLaysOutAfresh: undoing a Load draws the earlier scenario
// as it was drawn at first, not in the places of the other one.
func TestUndoLoadLaysOutAfresh(t *testing.T) {
	s := lesson(t, "retry-loop")
	first := positions(s.Graph())
	s.LoadLesson("ttl-cycle")
	s.Graph()
	if !s.Undo() {
		t.Fatal("undo")
	}
	same(t, "undoing a Load", first, positions(s.Graph()), 0.5, false)
}
