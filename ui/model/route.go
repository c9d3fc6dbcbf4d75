package model

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// Routing the canvas edges between laid-out nodes, and the paths
// message tokens travel along them.

// route draws each edge: a curve from the bottom of its source to the top
// of its target, or, when the target is not below (a loop back, like a
// retry), a curve out to the right of both boxes. Edges leaving or
// entering the same box are spread along its side.
func (s *Session) route(g *Graph) {
	type end struct{ out, in []int }
	ends := map[string]*end{}
	get := func(k string) *end {
		if ends[k] == nil {
			ends[k] = &end{}
		}
		return ends[k]
	}
	back := make([]bool, len(g.Edges))
	for i, e := range g.Edges {
		a, b := g.Nodes[g.byKey[e.From]], g.Nodes[g.byKey[e.To]]
		back[i] = b.Y < a.Y+a.H+12
		if !back[i] {
			get(e.From).out = append(get(e.From).out, i)
			get(e.To).in = append(get(e.To).in, i)
		}
	}
	centerX := func(k string) float64 { n := g.Nodes[g.byKey[k]]; return n.X + n.W/2 }
	slot := func(list []int, i int, other func(int) string) float64 {
		sort.SliceStable(list, func(a, b int) bool { return centerX(other(list[a])) < centerX(other(list[b])) })
		for j, x := range list {
			if x == i {
				return (float64(j) + 1) / float64(len(list)+1)
			}
		}
		return 0.5
	}
	loops := 0
	for i := range g.Edges {
		e := &g.Edges[i]
		a, b := g.Nodes[g.byKey[e.From]], g.Nodes[g.byKey[e.To]]
		aH, bH := min(a.H, qH), min(b.H, qH)
		if !back[i] {
			fa := slot(ends[e.From].out, i, func(j int) string { return g.Edges[j].To })
			fb := slot(ends[e.To].in, i, func(j int) string { return g.Edges[j].From })
			ax, ay := a.X+a.W*fa, a.Y+a.H
			bx, by := b.X+b.W*fb, b.Y
			dy := max((by-ay)/2, 24)
			e.Path = fmt.Sprintf("M%.1f,%.1f C%.1f,%.1f %.1f,%.1f %.1f,%.1f", ax, ay, ax, ay+dy, bx, by-dy, bx, by)
			e.LX, e.LY = bezierMid(ax, ay, ax, ay+dy, bx, by-dy, bx, by)
			e.LX += 6
			continue
		}
		e.Back = true
		loops++
		ax, ay := a.X+a.W, a.Y+aH*0.62
		bx, by := b.X+b.W, b.Y+bH*0.38
		out := max(ax, bx) + 46 + float64((loops-1)%3)*22
		e.Path = fmt.Sprintf("M%.1f,%.1f C%.1f,%.1f %.1f,%.1f %.1f,%.1f", ax, ay, out, ay, out, by, bx, by)
		e.LX, e.LY = bezierMid(ax, ay, out, ay, out, by, bx, by)
		e.LX += 6
	}
	for _, e := range g.Edges {
		w := max(labelW(e.Label), labelW(e.Label2))
		g.W = max(g.W, e.LX+w+margin/2)
		g.H = max(g.H, e.LY+24)
	}
}

func bezierMid(x0, y0, x1, y1, x2, y2, x3, y3 float64) (float64, float64) {
	const t = 0.5
	u := 1 - t
	x := u*u*u*x0 + 3*u*u*t*x1 + 3*u*t*t*x2 + t*t*t*x3
	y := u*u*u*y0 + 3*u*u*t*y1 + 3*u*t*t*y2 + t*t*t*y3
	return math.Round(x*10) / 10, math.Round(y*10) / 10
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
		by := qn.Y + qH - 4
		for _, b := range qn.Consumers {
			if ConsumerKey(qn.Name, b.Name) == tk.To {
				by = qn.Y + b.Y + badgeH/2
			}
		}
		return fmt.Sprintf("M%.1f,%.1f L%.1f,%.1f", qn.X+qn.W*0.3, qn.Y+qH*0.55, qn.X+16, by), 0, 0, true
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
