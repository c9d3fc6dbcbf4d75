package model

import (
	"container/heap"
	"math"
	"sort"
)

// Routing again around boxes the learner dragged: the layered layout's
// routes assume every box in its layer, so an edge of a dragged box is
// routed anew, orthogonally, around every other box (a shortest path with
// a cost per bend over the lines along the boxes' sides), and its label is
// placed where it overlaps no box and no other label.

const (
	clearance = 10.0 // an edge keeps this far from a box
	bendCost  = 40.0
)

type rect struct{ x0, y0, x1, y1 float64 }

func (r rect) grow(d float64) rect { return rect{r.x0 - d, r.y0 - d, r.x1 + d, r.y1 + d} }

// overlaps: do two rectangles share more than an edge?
func (r rect) overlaps(o rect) bool {
	return r.x0 < o.x1 && o.x0 < r.x1 && r.y0 < o.y1 && o.y0 < r.y1
}

func (r rect) contains(p Point) bool { return p.X > r.x0 && p.X < r.x1 && p.Y > r.y0 && p.Y < r.y1 }

func nodeRect(n Node) rect { return rect{n.X, n.Y, n.X + n.W, n.Y + n.H} }

// LabelRect is the box of an edge's label text.
func (e Edge) labelRect() rect { return rect{e.LX, e.LY, e.LX + e.LW, e.LY + e.LH} }

// segHits: does the segment a–b pass through the inside of r?
func segHits(a, b Point, r rect) bool {
	// clip the segment against r (Liang–Barsky)
	t0, t1 := 0.0, 1.0
	dx, dy := b.X-a.X, b.Y-a.Y
	for _, c := range [][2]float64{{-dx, a.X - r.x0}, {dx, r.x1 - a.X}, {-dy, a.Y - r.y0}, {dy, r.y1 - a.Y}} {
		p, q := c[0], c[1]
		if p == 0 {
			if q <= 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = max(t0, t)
		} else {
			t1 = min(t1, t)
		}
		if t0 >= t1 {
			return false
		}
	}
	return true
}

// reroute routes the edges of the moved boxes again and places their labels.
func (s *Session) reroute(g *Graph, moved map[string]bool) {
	var boxes []rect
	for _, n := range g.Nodes {
		boxes = append(boxes, nodeRect(n))
	}
	var movedBoxes []rect
	for _, n := range g.Nodes {
		if moved[n.Key] {
			movedBoxes = append(movedBoxes, nodeRect(n).grow(2))
		}
	}
	// an edge of a moved box, or one a moved box now sits on
	hit := func(e Edge) bool {
		flat := Flatten(e.Pts, g.Horizontal)
		for _, r := range movedBoxes {
			for k := 1; k < len(flat); k++ {
				if segHits(flat[k-1], flat[k], r) {
					return true
				}
			}
			if e.LW > 0 && e.labelRect().overlaps(r) {
				return true
			}
		}
		return false
	}
	var fixedLabels []rect
	var todo []int
	for i, e := range g.Edges {
		if moved[e.From] || moved[e.To] || hit(e) {
			todo = append(todo, i)
		} else if e.LW > 0 {
			fixedLabels = append(fixedLabels, e.labelRect())
		}
	}
	for _, i := range todo {
		e := &g.Edges[i]
		a, b := g.Nodes[g.byKey[e.From]], g.Nodes[g.byKey[e.To]]
		if e.From == e.To {
			s.selfLoop(g, e)
		} else {
			e.Pts = orthoRoute(a, b, g.Nodes, e.From, e.To)
			e.Path = pathOf(e.Pts, g.Horizontal)
		}
		if e.LW > 0 {
			e.LX, e.LY = placeLabel(e.Pts, e.LW, e.LH, boxes, fixedLabels)
			fixedLabels = append(fixedLabels, e.labelRect())
		}
	}
}

// side points: where an edge leaves a and enters b, on the sides facing
// each other, with a stub out of the box.
func ends(a, b Node) (p0, p1, q1, q0 Point) {
	ac := Point{a.X + a.W/2, a.Y + a.H/2}
	bc := Point{b.X + b.W/2, b.Y + b.H/2}
	dx, dy := bc.X-ac.X, bc.Y-ac.Y
	stub := clearance + 4
	if math.Abs(dy) >= math.Abs(dx) || a.X < b.X+b.W && b.X < a.X+a.W {
		if dy >= 0 {
			return Point{ac.X, a.Y + a.H}, Point{ac.X, a.Y + a.H + stub}, Point{bc.X, b.Y - stub}, Point{bc.X, b.Y}
		}
		return Point{ac.X, a.Y}, Point{ac.X, a.Y - stub}, Point{bc.X, b.Y + b.H + stub}, Point{bc.X, b.Y + b.H}
	}
	if dx >= 0 {
		return Point{a.X + a.W, ac.Y}, Point{a.X + a.W + stub, ac.Y}, Point{b.X - stub, bc.Y}, Point{b.X, bc.Y}
	}
	return Point{a.X, ac.Y}, Point{a.X - stub, ac.Y}, Point{b.X + b.W + stub, bc.Y}, Point{b.X + b.W, bc.Y}
}

// orthoRoute is the shortest orthogonal path (with a cost per bend) from
// a to b over the grid of lines along every box's grown sides, never
// through a grown box. Without a path, a straight line.
func orthoRoute(a, b Node, nodes []Node, ka, kb string) []Point {
	p0, p1, q1, q0 := ends(a, b)
	var obst []rect
	xs := []float64{p1.X, q1.X}
	ys := []float64{p1.Y, q1.Y}
	for _, n := range nodes {
		r := nodeRect(n).grow(clearance)
		obst = append(obst, r)
		xs = append(xs, r.x0-1, r.x1+1)
		ys = append(ys, r.y0-1, r.y1+1)
	}
	xs, ys = uniq(xs), uniq(ys)
	free := func(p Point) bool {
		for _, r := range obst {
			if r.contains(p) {
				return false
			}
		}
		return true
	}
	clear := func(p, q Point) bool {
		for _, r := range obst {
			if segHits(p, q, r) {
				return false
			}
		}
		return true
	}
	path := gridPath(xs, ys, p1, q1, free, clear)
	if path == nil {
		return []Point{p0, q0}
	}
	out := append([]Point{p0}, path...)
	return append(out, q0)
}

func uniq(v []float64) []float64 {
	sort.Float64s(v)
	out := v[:0]
	for i, x := range v {
		if i == 0 || x-out[len(out)-1] > 0.5 {
			out = append(out, x)
		}
	}
	return out
}

// gridPath: Dijkstra over (grid point, direction), cost = length + bends.
func gridPath(xs, ys []float64, from, to Point, free func(Point) bool, clear func(Point, Point) bool) []Point {
	idx := func(v []float64, x float64) int {
		i := sort.SearchFloat64s(v, x-0.25)
		if i < len(v) && math.Abs(v[i]-x) < 0.5 {
			return i
		}
		return -1
	}
	si, sj, ti, tj := idx(xs, from.X), idx(ys, from.Y), idx(xs, to.X), idx(ys, to.Y)
	if si < 0 || sj < 0 || ti < 0 || tj < 0 {
		return nil
	}
	nx, ny := len(xs), len(ys)
	id := func(i, j, d int) int { return (j*nx+i)*4 + d }
	dist := map[int]float64{}
	prev := map[int]int{}
	pq := &pqueue{}
	for d := range 4 {
		dist[id(si, sj, d)] = 0
		heap.Push(pq, pqItem{id(si, sj, d), 0})
	}
	steps := [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	goal := -1
	for pq.Len() > 0 {
		it := heap.Pop(pq).(pqItem)
		if it.cost > dist[it.id] {
			continue
		}
		d := it.id % 4
		cell := it.id / 4
		i, j := cell%nx, cell/nx
		if i == ti && j == tj {
			goal = it.id
			break
		}
		for nd, st := range steps {
			ni, nj := i+st[0], j+st[1]
			if ni < 0 || nj < 0 || ni >= nx || nj >= ny {
				continue
			}
			p, q := Point{xs[i], ys[j]}, Point{xs[ni], ys[nj]}
			if !(ni == ti && nj == tj) && !free(q) || !clear(p, q) {
				continue
			}
			c := it.cost + math.Abs(q.X-p.X) + math.Abs(q.Y-p.Y)
			if nd != d && !(i == si && j == sj) {
				c += bendCost
			}
			k := id(ni, nj, nd)
			if old, ok := dist[k]; !ok || c < old {
				dist[k], prev[k] = c, it.id
				heap.Push(pq, pqItem{k, c})
			}
		}
	}
	if goal < 0 {
		return nil
	}
	var cells []Point
	for k := goal; ; {
		cell := k / 4
		p := Point{xs[cell%nx], ys[cell/nx]}
		if len(cells) == 0 || cells[len(cells)-1] != p {
			cells = append(cells, p)
		}
		pk, ok := prev[k]
		if !ok {
			break
		}
		k = pk
	}
	for x, y := 0, len(cells)-1; x < y; x, y = x+1, y-1 {
		cells[x], cells[y] = cells[y], cells[x]
	}
	return straighten(cells)
}

// straighten drops the points in the middle of a straight run.
func straighten(p []Point) []Point {
	if len(p) < 3 {
		return p
	}
	out := []Point{p[0]}
	for k := 1; k+1 < len(p); k++ {
		a, b, c := out[len(out)-1], p[k], p[k+1]
		if (a.X == b.X && b.X == c.X) || (a.Y == b.Y && b.Y == c.Y) {
			continue
		}
		out = append(out, b)
	}
	return append(out, p[len(p)-1])
}

type pqItem struct {
	id   int
	cost float64
}

type pqueue []pqItem

func (q pqueue) Len() int           { return len(q) }
func (q pqueue) Less(i, j int) bool { return q[i].cost < q[j].cost }
func (q pqueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *pqueue) Push(x any)        { *q = append(*q, x.(pqItem)) }
func (q *pqueue) Pop() any          { o := *q; it := o[len(o)-1]; *q = o[:len(o)-1]; return it }

// placeLabel finds a place for a w × h label beside its route: the first
// candidate, from the route's middle outwards, that overlaps no box and
// no placed label; the middle if none is free.
func placeLabel(route []Point, w, h float64, boxes, labels []rect) (float64, float64) {
	flat := densify(Flatten(route, false), 16)
	if len(flat) == 0 {
		return 0, 0
	}
	mid := len(flat) / 2
	free := func(r rect) bool {
		for _, b := range boxes {
			if r.overlaps(b.grow(2)) {
				return false
			}
		}
		for _, l := range labels {
			if r.overlaps(l.grow(2)) {
				return false
			}
		}
		return true
	}
	for off := 0; off < len(flat); off++ {
		for _, k := range []int{mid + off, mid - off} {
			if k < 0 || k >= len(flat) {
				continue
			}
			p := flat[k]
			for _, c := range []Point{{p.X + 6, p.Y + 4}, {p.X + 6, p.Y - h - 4}, {p.X - w - 6, p.Y + 4}, {p.X - w - 6, p.Y - h - 4}} {
				if free(rect{c.X, c.Y, c.X + w, c.Y + h}) {
					return c.X, c.Y
				}
			}
		}
	}
	return flat[mid].X + 6, flat[mid].Y + 4
}

// densify adds points along long segments, every step units.
func densify(p []Point, step float64) []Point {
	if len(p) == 0 {
		return nil
	}
	out := []Point{p[0]}
	for k := 1; k < len(p); k++ {
		a, b := p[k-1], p[k]
		n := int(math.Hypot(b.X-a.X, b.Y-a.Y) / step)
		for i := 1; i < n; i++ {
			t := float64(i) / float64(n)
			out = append(out, Point{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t})
		}
		out = append(out, b)
	}
	return out
}
