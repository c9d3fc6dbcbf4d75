package model

import (
	"fmt"
	"strings"

	"github.com/dlxlab/dlxlab/scenarios"
)

// Layout of the canvas graph: the layered layout (layered.go) over the
// graph's boxes and labels, top down, or left to right when the pane is
// wide; positions remembered between edits; positions from the
// scenario's layout map (dragged boxes) winning over computed ones.

// layoutMemo is what the last layout placed, so the next one keeps it:
// the order and place of every box across its layer, its rank, the size
// of every band, which edges ran backwards. Only new boxes are placed
// freely; a box that grew (a consumer attached) keeps its place.
type layoutMemo struct {
	horizontal bool
	pos        map[string]memoPos
	bands      []float64
	reversed   map[string]bool
}

type memoPos struct {
	u    float64 // the box's start across the flow (its top or left side)
	rank int
}

// layoutCache is the last layout, reused while nothing it depends on
// changed (the graph is drawn on every frame of an animation).
type layoutCache struct {
	sig   string
	nodes map[string]Point
	edges map[string]Edge
	w, h  float64
	cross int
	// the edges routed again around dragged boxes, for pinSig
	pinSig   string
	rerouted map[string]Edge
}

// SetHorizontal lays the flow out from left to right or top down,
// whatever the pane (the tests; a canvas calls SetPane instead).
func (s *Session) SetHorizontal(h bool) { s.horizontal, s.paneW, s.paneH = h, 0, 0 }

// SetPane tells the layout the size of the pane it is drawn in (CSS px).
// A fresh layout takes the direction, top down or left to right, in which
// the drawing fits the pane at the larger scale; the direction then stays
// while the learner edits, until the pane turns from wide to tall or back.
// It reports whether the drawing may change.
func (s *Session) SetPane(w, h float64) bool {
	if w <= 0 || h <= 0 {
		return false
	}
	turned := (w > h) != (s.paneW > s.paneH) || s.paneW == 0
	s.paneW, s.paneH = w, h
	if turned {
		s.forgetLayout()
	}
	return turned
}

// direction picks the flow's direction for a fresh layout.
func (s *Session) direction(g *Graph) bool {
	if s.paneW <= 0 {
		return s.horizontal
	}
	if s.memo != nil {
		return s.memo.horizontal
	}
	fit := func(hz bool) float64 {
		c := *g
		c.Nodes = append([]Node(nil), g.Nodes...)
		c.Edges = append([]Edge(nil), g.Edges...)
		s.horizontal = hz
		s.runLayout(&c)
		s.memo = nil
		return min(s.paneW/c.W, s.paneH/c.H)
	}
	v, h := fit(false), fit(true)
	return h > v*1.05 // top down unless left to right is clearly better
}

// forgetLayout drops the remembered layout: a new scenario, an import, or
// "Auto layout" starts from a clean slate.
func (s *Session) forgetLayout() { s.memo, s.lcache = nil, layoutCache{}; s.epoch++ }

// LayoutEpoch changes whenever the layout starts afresh (a new scenario,
// an import, "Auto layout", the pane turned): the canvas frames it again.
func (s *Session) LayoutEpoch() int { return s.epoch }

func (s *Session) layout(g *Graph) {
	sig := layoutSig(g, s.horizontal)
	if s.lcache.sig != sig || s.memo == nil {
		s.horizontal = s.direction(g)
		g.Horizontal = s.horizontal
		s.runLayout(g)
		s.lcache = layoutCache{sig: layoutSig(g, s.horizontal), nodes: map[string]Point{}, edges: map[string]Edge{}, w: g.W, h: g.H, cross: g.Crossings}
		for _, n := range g.Nodes {
			s.lcache.nodes[n.Key] = Point{n.X, n.Y}
		}
		for _, e := range g.Edges {
			s.lcache.edges[e.ID] = e
		}
	} else {
		g.Horizontal = s.horizontal
		for i := range g.Nodes {
			p := s.lcache.nodes[g.Nodes[i].Key]
			g.Nodes[i].X, g.Nodes[i].Y = p.X, p.Y
		}
		for i := range g.Edges {
			c := s.lcache.edges[g.Edges[i].ID]
			e := &g.Edges[i]
			e.Pts, e.Path, e.Back, e.LX, e.LY, e.LW, e.LH = c.Pts, c.Path, c.Back, c.LX, c.LY, c.LW, c.LH
		}
		g.W, g.H, g.Crossings = s.lcache.w, s.lcache.h, s.lcache.cross
	}
	s.pin(g)
}

// layoutSig is everything the layout depends on, as one string.
func layoutSig(g *Graph, horizontal bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v;", horizontal)
	for _, n := range g.Nodes {
		fmt.Fprintf(&b, "%s %.0f %.0f;", n.Key, n.W, n.H)
	}
	for _, e := range g.Edges {
		fmt.Fprintf(&b, "%s %s>%s %q;", e.ID, e.From, e.To, e.Lines)
	}
	return b.String()
}

// runLayout places every box and routes every edge.
func (s *Session) runLayout(g *Graph) {
	hz := s.horizontal
	if s.memo != nil && s.memo.horizontal != hz {
		s.memo = nil
	}
	across := func(w, h float64) (float64, float64) {
		if hz {
			return h, w
		}
		return w, h
	}
	nodes := make([]lgNode, len(g.Nodes))
	for i, n := range g.Nodes {
		du, dv := across(n.W, n.H)
		su, sv := across(n.W, roomH(n))
		nodes[i] = lgNode{su: su, sv: sv, du: du, dv: dv, floor: 1}
		if n.Key == PublisherKey {
			nodes[i].floor = 0
		}
		if s.memo != nil {
			if p, ok := s.memo.pos[n.Key]; ok {
				nodes[i].floor = max(nodes[i].floor, p.rank)
				// its top (left) side stays: a box that grew grows down (right)
				nodes[i].frozen, nodes[i].want, nodes[i].hasWnt = true, p.u+su/2, true
			}
		}
	}
	edges := make([]lgEdge, len(g.Edges))
	for i := range g.Edges {
		e := &g.Edges[i]
		e.LW, e.LH = labelBox(e.Lines)
		ls, lv := across(e.LW, e.LH)
		edges[i] = lgEdge{from: g.byKey[e.From], to: g.byKey[e.To], lsu: ls, lsv: lv, labelled: len(e.Lines) > 0}
		if s.memo != nil {
			edges[i].reversedByMemo = s.memo.reversed[e.ID]
		}
	}
	var bands []float64
	if s.memo != nil {
		bands = s.memo.bands
	}
	out := layoutLayered(nodes, edges, bands)
	xy := func(p uv) Point {
		if hz {
			return Point{p.v + margin, p.u + margin}
		}
		return Point{p.u + margin, p.v + margin}
	}
	memo := &layoutMemo{horizontal: hz, pos: map[string]memoPos{}, bands: out.bands, reversed: map[string]bool{}}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		su, _ := across(n.W, roomH(*n))
		c := xy(uv{out.u[i] - su/2, out.v[i]})
		n.X, n.Y = c.X, c.Y
		memo.pos[n.Key] = memoPos{u: out.u[i] - su/2, rank: out.layerOf[i] / 2}
	}
	for i := range g.Edges {
		e := &g.Edges[i]
		if e.From == e.To {
			s.selfLoop(g, e)
			continue
		}
		e.Pts = e.Pts[:0]
		for _, p := range out.routes[i] {
			e.Pts = append(e.Pts, xy(p))
		}
		e.Back = out.layerOf[g.byKey[e.From]] > out.layerOf[g.byKey[e.To]]
		if e.Back {
			memo.reversed[e.ID] = true
		}
		e.Path = pathOf(e.Pts, hz)
		if len(e.Lines) > 0 {
			c := xy(uv{out.labelU[i], out.labelV[i]})
			e.LX, e.LY = c.X, c.Y
		}
	}
	s.memo = memo
	g.Crossings = out.crossings
	ew, ev := out.extentU, out.extentV
	if hz {
		ew, ev = ev, ew
	}
	g.W, g.H = ew+2*margin, ev+2*margin
}

// roomH is the height a box takes in the layout: a queue keeps room for
// a consumer's badge, so attaching the first consumer moves nothing.
func roomH(n Node) float64 {
	if n.Kind == NodeQueue {
		return max(n.H, qH+badgeH)
	}
	return n.H
}

// selfLoop draws an edge from a box to itself as a small loop on its
// far side, its label beside it (a binding of an exchange to itself).
func (s *Session) selfLoop(g *Graph, e *Edge) {
	n := g.Nodes[g.byKey[e.From]]
	x, y := n.X+n.W, n.Y+min(n.H, qH)/2
	e.Pts = []Point{{x, y - 10}, {x + 18, y - 10}, {x + 18, y + 10}, {x, y + 10}}
	e.Path = fmt.Sprintf("M%.1f,%.1f C%.1f,%.1f %.1f,%.1f %.1f,%.1f", x, y-10, x+26, y-14, x+26, y+14, x, y+10)
	e.LX, e.LY = x+6, y+14
}

// pin moves the boxes the learner dragged (the scenario's layout map,
// and the one being dragged now) and routes their edges again around
// the other boxes (route.go).
func (s *Session) pin(g *Graph) {
	moved := map[string]bool{}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if p, ok := s.sc.Layout[n.Key]; ok {
			if n.X != p.X || n.Y != p.Y {
				moved[n.Key] = true
			}
			n.X, n.Y, n.Pinned = p.X, p.Y, true
		}
		if n.Key == s.dragKey {
			n.X, n.Y = s.dragPos.X, s.dragPos.Y
			moved[n.Key] = true
		}
	}
	if len(moved) > 0 {
		s.rerouteCached(g, moved)
	}
	for _, n := range g.Nodes {
		g.W = max(g.W, n.X+n.W+margin)
		g.H = max(g.H, n.Y+n.H+margin)
	}
	for _, e := range g.Edges {
		g.W = max(g.W, e.LX+e.LW+margin/2)
		g.H = max(g.H, e.LY+e.LH+margin/2)
	}
}

// rerouteCached routes around the moved boxes once per arrangement of
// pins (a frame of an animation draws the same one again).
func (s *Session) rerouteCached(g *Graph, moved map[string]bool) {
	var b strings.Builder
	for _, n := range g.Nodes {
		if moved[n.Key] {
			fmt.Fprintf(&b, "%s@%.1f,%.1f;", n.Key, n.X, n.Y)
		}
	}
	sig := b.String()
	if s.lcache.pinSig == sig && s.lcache.rerouted != nil {
		for i := range g.Edges {
			if e, ok := s.lcache.rerouted[g.Edges[i].ID]; ok {
				g.Edges[i] = e
			}
		}
		return
	}
	before := make([]string, len(g.Edges))
	for i, e := range g.Edges {
		before[i] = e.Path + fmt.Sprint(e.LX, e.LY)
	}
	s.reroute(g, moved)
	s.lcache.pinSig, s.lcache.rerouted = sig, map[string]Edge{}
	for i, e := range g.Edges {
		if e.Path+fmt.Sprint(e.LX, e.LY) != before[i] {
			s.lcache.rerouted[e.ID] = e
		}
	}
}

// sameTopology: do two scenarios share a queue or an exchange (an edit),
// or is one another scenario (a Load undone)?
func sameTopology(a, b *scenarios.Scenario) bool {
	names := map[string]bool{}
	for _, q := range a.Queues {
		names["q:"+q.Name] = true
	}
	for _, x := range a.Exchanges {
		names["x:"+x.Name] = true
	}
	for _, q := range b.Queues {
		if names["q:"+q.Name] {
			return true
		}
	}
	for _, x := range b.Exchanges {
		if names["x:"+x.Name] {
			return true
		}
	}
	return len(names) == 0 || len(b.Queues)+len(b.Exchanges) == 0
}
