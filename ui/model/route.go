package model

import (
	"fmt"
	"strings"
)

// Drawing the routes of the canvas edges, routing again around dragged
// boxes, and the paths message tokens travel along the edges.

// pathOf draws a route as SVG path data: a straight line where the route
// stays on one line across the flow (inside a layer), a curve between
// layers (its tangents along the flow, so it never leaves the free band
// between them).
func pathOf(pts []Point, horizontal bool) string {
	if len(pts) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "M%.1f,%.1f", pts[0].X, pts[0].Y)
	for k := 1; k < len(pts); k++ {
		p, q := pts[k-1], pts[k]
		c1, c2, curved := controls(p, q, horizontal)
		if !curved {
			fmt.Fprintf(&b, " L%.1f,%.1f", q.X, q.Y)
			continue
		}
		fmt.Fprintf(&b, " C%.1f,%.1f %.1f,%.1f %.1f,%.1f", c1.X, c1.Y, c2.X, c2.Y, q.X, q.Y)
	}
	return b.String()
}

// controls are a segment's curve control points; curved is false for a
// straight segment.
func controls(p, q Point, horizontal bool) (c1, c2 Point, curved bool) {
	if horizontal {
		if p.Y == q.Y || p.X == q.X {
			return p, q, false
		}
		m := (p.X + q.X) / 2
		return Point{m, p.Y}, Point{m, q.Y}, true
	}
	if p.X == q.X || p.Y == q.Y {
		return p, q, false
	}
	m := (p.Y + q.Y) / 2
	return Point{p.X, m}, Point{q.X, m}, true
}

// Flatten is a route as a polyline close to its drawn curve (for hit
// tests and measurements).
func Flatten(pts []Point, horizontal bool) []Point {
	if len(pts) == 0 {
		return nil
	}
	out := []Point{pts[0]}
	for k := 1; k < len(pts); k++ {
		p, q := pts[k-1], pts[k]
		c1, c2, curved := controls(p, q, horizontal)
		if !curved {
			out = append(out, q)
			continue
		}
		for i := 1; i <= 16; i++ {
			t := float64(i) / 16
			u := 1 - t
			out = append(out, Point{
				u*u*u*p.X + 3*u*u*t*c1.X + 3*u*t*t*c2.X + t*t*t*q.X,
				u*u*u*p.Y + 3*u*u*t*c1.Y + 3*u*t*t*c2.Y + t*t*t*q.Y,
			})
		}
	}
	return out
}

// TokenPath is where a token moves: along the edges From → Via → To when
// they are drawn, else straight between the boxes. Labels (drops,
// expiries) have no path; X, Y is where they appear.
func (g Graph) TokenPath(tk Token) (path string, x, y float64, ok bool) {
	from, okF := g.Node(tk.From)
	if !okF {
		if strings.HasPrefix(tk.From, "exchange:") {
			from, okF = g.Node(PublisherKey)
		}
		if !okF {
			return "", 0, 0, false
		}
	}
	switch tk.Kind {
	case TokDrop, TokReturn, TokExpire, TokAck, TokRequeue, TokRefuse:
		return "", from.X + from.W/2, from.Y - 6, true
	case TokDeliver:
		qn, ok := g.Node(tk.From)
		if !ok {
			return "", 0, 0, false
		}
		bx, by := qn.X+16, qn.Y+qH-4
		for _, b := range qn.Consumers {
			if ConsumerKey(qn.Name, b.Name) == tk.To {
				bx, by = qn.X+b.X+16, qn.Y+b.Y+badgeH/2
			}
		}
		return fmt.Sprintf("M%.1f,%.1f L%.1f,%.1f", qn.X+qn.W*0.3, qn.Y+qH*0.55, bx, by), 0, 0, true
	}
	segs := []string{}
	hops := []string{tk.From, tk.Via, tk.To}
	if tk.Via == "" {
		hops = []string{tk.From, tk.To}
	}
	for i := 0; i+1 < len(hops); i++ {
		p, ok := g.segment(hops[i], hops[i+1])
		if !ok {
			return "", 0, 0, false
		}
		if i > 0 {
			p = "L" + strings.TrimPrefix(p, "M")
		}
		segs = append(segs, p)
	}
	return strings.Join(segs, " "), 0, 0, true
}

func (g Graph) segment(from, to string) (string, bool) {
	for _, e := range g.Edges {
		if e.From == from && e.To == to {
			return e.Path, true
		}
	}
	a, okA := g.Node(from)
	b, okB := g.Node(to)
	if !okA || !okB {
		return "", false
	}
	return fmt.Sprintf("M%.1f,%.1f L%.1f,%.1f", a.X+a.W/2, a.Y+min(a.H, qH)/2, b.X+b.W/2, b.Y+min(b.H, qH)/2), true
}
