package model

import "sort"

// A layered ("Sugiyama") layout, written for the canvas and free of
// anything RabbitMQ: boxes and directed edges in, positions and routes
// out. The steps are the classic ones:
//
//  1. cycle removal: edges that close a cycle are reversed for the
//     layout (and drawn the right way round afterwards);
//  2. layer assignment: longest path from the sources, so every edge
//     points to a later layer;
//  3. dummy nodes: an edge that spans layers gets a small node in every
//     layer it crosses, so it never passes through a box; its label is
//     one of those dummies, sized like the text, so labels take part in
//     the layout and cannot overlap boxes or each other;
//  4. crossing reduction: barycenter sweeps down and up the layers with
//     adjacent swaps, keeping the best order seen;
//  5. coordinates: each layer solved as a least-squares problem (every
//     box as close as possible to its neighbours, in order, never
//     closer than a gap) by pool-adjacent-violators;
//  6. routes: along the dummies, straight inside a layer and a curve in
//     the free band between two layers.
//
// Coordinates are abstract: u runs across a layer, v along the flow.
// Top-down drawings map (u, v) to (x, y), left-to-right ones to (y, x).
// Real boxes sit on even layers and labels on odd ones, so every edge
// crosses at least one label layer.

// lgNode is a box to place: the room it takes across (su) and along (sv)
// the flow, and the box drawn in it from its start (du × dv, no larger):
// a queue keeps room for a consumer's badge, so attaching one moves nothing.
type lgNode struct {
	su, sv float64
	du, dv float64
	floor  int  // lowest rank allowed (a remembered rank, or 1)
	frozen bool // keeps its order relative to other frozen nodes
	want   float64
	hasWnt bool // want is a remembered u (centre)
}

// lgEdge is an edge to route, with an optional label box (su × sv).
type lgEdge struct {
	from, to       int
	lsu, lsv       float64
	labelled       bool
	reversedByMemo bool // drawn backwards last time: keep it so
}

// lgOut is the result: node centres across and starts along, and per
// edge its route points and its label box (centre u, start v).
type lgOut struct {
	u, v      []float64
	routes    [][]uv
	labelU    []float64
	labelV    []float64
	layerOf   []int // layer of every input node
	orderOf   []int // position of every input node in its layer
	bands     []float64
	crossings int
	extentU   float64
	extentV   float64
}

type uv struct{ u, v float64 }

// the layout's vertex: an input node or a dummy of an edge
type lvert struct {
	node  int // input node, or -1 for a dummy
	edge  int // the edge a dummy belongs to
	label bool
	su    float64
	sv    float64
	du    float64 // drawn size across, from the start of su
	dv    float64 // drawn size along
	layer int
	u     float64
}

const (
	lineLane = 10.0 // room for an edge's line beside its label text
	nodeGap  = 40.0 // between boxes of a layer
	dummyGap = 14.0 // between a dummy and anything else
	bandGap  = 22.0 // between a layer's band and the next one's
)

type layered struct {
	in     []lgNode
	edges  []lgEdge
	rev    []bool // edge reversed for the layout
	verts  []lvert
	chains [][]int // per edge: the vertices from its upper end to its lower end
	layers [][]int
	down   [][]int // vertex → vertices in the next layer
	up     [][]int // vertex → vertices in the previous layer
}

// layoutLayered runs the steps above. memoBands are the band sizes of the
// last layout: a band never shrinks, so boxes below it stay put.
func layoutLayered(nodes []lgNode, edges []lgEdge, memoBands []float64) lgOut {
	l := &layered{in: nodes, edges: edges}
	l.breakCycles()
	rank := l.ranks()
	l.build(rank)
	l.order()
	l.place()
	return l.output(memoBands)
}

// breakCycles reverses the edges that close a cycle, found by a depth-first
// search from the nodes in input order (the publisher first, then
// exchanges, then queues), so the flow reads from the publisher on. An
// edge reversed last time stays reversed while that still breaks a cycle.
func (l *layered) breakCycles() {
	n := len(l.in)
	l.rev = make([]bool, len(l.edges))
	out := make([][]int, n)
	for i, e := range l.edges {
		if e.from != e.to {
			out[e.from] = append(out[e.from], i)
		}
	}
	state := make([]int, n) // 0 new, 1 on the stack, 2 done
	var visit func(v int)
	visit = func(v int) {
		state[v] = 1
		for _, i := range out[v] {
			e := l.edges[i]
			if e.reversedByMemo {
				continue
			}
			switch state[e.to] {
			case 0:
				visit(e.to)
			case 1:
				l.rev[i] = true
			}
		}
		state[v] = 2
	}
	for v := 0; v < n; v++ {
		if state[v] == 0 {
			visit(v)
		}
	}
	// the remembered reversals, unless that makes a cycle of its own
	decided := make([]bool, len(l.edges))
	for i, e := range l.edges {
		decided[i] = !e.reversedByMemo
	}
	for i, e := range l.edges {
		if e.reversedByMemo && e.from != e.to {
			// reversed, it runs to → from: a cycle if from already reaches to
			l.rev[i] = !reachable(len(l.in), l.edges, l.rev, decided, e.from, e.to)
			decided[i] = true
		}
	}
}

// reachable: is there a path from a to b along the decided edges as laid
// out (reversed ones backwards)?
func reachable(n int, edges []lgEdge, rev, decided []bool, a, b int) bool {
	adj := make([][]int, n)
	for i, e := range edges {
		if e.from == e.to || !decided[i] {
			continue
		}
		f, t := e.from, e.to
		if rev[i] {
			f, t = t, f
		}
		adj[f] = append(adj[f], t)
	}
	seen := make([]bool, n)
	stack := []int{a}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if v == b {
			return true
		}
		if seen[v] {
			continue
		}
		seen[v] = true
		stack = append(stack, adj[v]...)
	}
	return false
}

// ranks: longest path from the sources, no rank below a node's floor;
// then a source is pulled down next to its first successor, so an
// exchange nothing publishes to sits just above its queues.
func (l *layered) ranks() []int {
	n := len(l.in)
	preds := make([][]int, n)
	succs := make([][]int, n)
	for i, e := range l.edges {
		if e.from == e.to {
			continue
		}
		f, t := e.from, e.to
		if l.rev[i] {
			f, t = t, f
		}
		preds[t] = append(preds[t], f)
		succs[f] = append(succs[f], t)
	}
	rank := make([]int, n)
	done := make([]bool, n)
	var get func(v int) int
	get = func(v int) int {
		if done[v] {
			return rank[v]
		}
		done[v] = true // the graph is acyclic now; this only guards
		r := l.in[v].floor
		for _, p := range preds[v] {
			r = max(r, get(p)+1)
		}
		rank[v] = r
		return r
	}
	for v := range n {
		get(v)
	}
	for v := range n {
		if len(preds[v]) > 0 || len(succs[v]) == 0 || l.in[v].floor == 0 {
			continue
		}
		lo := -1
		for _, s := range succs[v] {
			if lo < 0 || rank[s] < lo {
				lo = rank[s]
			}
		}
		rank[v] = max(rank[v], lo-1, l.in[v].floor)
	}
	return rank
}

// build makes the vertices: nodes on even layers, dummies between.
func (l *layered) build(rank []int) {
	top := 0
	for v, nd := range l.in {
		l.verts = append(l.verts, lvert{node: v, edge: -1, su: nd.su, sv: nd.sv, du: nd.du, dv: nd.dv, layer: 2 * rank[v]})
		top = max(top, 2*rank[v])
	}
	l.chains = make([][]int, len(l.edges))
	for i, e := range l.edges {
		if e.from == e.to {
			continue
		}
		a, b := e.from, e.to
		if l.rev[i] {
			a, b = b, a
		}
		la, lb := l.verts[a].layer, l.verts[b].layer
		labelAt := la + 1 // next to where the edge starts
		if l.rev[i] {
			labelAt = lb - 1
		}
		chain := []int{a}
		for k := la + 1; k < lb; k++ {
			d := lvert{node: -1, edge: i, layer: k}
			if k == labelAt && e.labelled {
				d.label, d.su, d.sv = true, e.lsu+lineLane, e.lsv
			}
			chain = append(chain, len(l.verts))
			l.verts = append(l.verts, d)
		}
		chain = append(chain, b)
		l.chains[i] = chain
	}
	l.layers = make([][]int, top+1)
	for i, vx := range l.verts {
		l.layers[vx.layer] = append(l.layers[vx.layer], i)
	}
	l.down = make([][]int, len(l.verts))
	l.up = make([][]int, len(l.verts))
	for _, ch := range l.chains {
		for k := 0; k+1 < len(ch); k++ {
			l.down[ch[k]] = append(l.down[ch[k]], ch[k+1])
			l.up[ch[k+1]] = append(l.up[ch[k+1]], ch[k])
		}
	}
}

// lineU is where an edge runs through a vertex: a label's line runs in
// the lane before its text, other vertices carry it at their centre.
func (l *layered) lineU(v int) float64 {
	vx := l.verts[v]
	if vx.label {
		return vx.u - vx.su/2 + lineLane/2
	}
	return vx.u
}

// output places the bands along v and reads the routes off the chains.
func (l *layered) output(memoBands []float64) lgOut {
	o := lgOut{u: make([]float64, len(l.in)), v: make([]float64, len(l.in)),
		routes: make([][]uv, len(l.edges)), labelU: make([]float64, len(l.edges)), labelV: make([]float64, len(l.edges)),
		layerOf: make([]int, len(l.in)), orderOf: make([]int, len(l.in))}
	o.bands = make([]float64, len(l.layers))
	for k, layer := range l.layers {
		for _, v := range layer {
			o.bands[k] = max(o.bands[k], l.verts[v].sv)
		}
		if k < len(memoBands) && k%2 == 0 {
			o.bands[k] = max(o.bands[k], memoBands[k])
		}
	}
	start := make([]float64, len(l.layers))
	pos := 0.0
	for k := range l.layers {
		start[k] = pos
		pos += o.bands[k] + bandGap
	}
	o.extentV = pos - bandGap
	lo, hi := 0.0, 0.0
	first := true
	for _, vx := range l.verts {
		if first || vx.u-vx.su/2 < lo {
			lo = vx.u - vx.su/2
		}
		if first || vx.u+vx.su/2 > hi {
			hi = vx.u + vx.su/2
		}
		first = false
	}
	for _, nd := range l.in {
		if nd.hasWnt { // a remembered layout keeps its origin
			lo = min(lo, 0)
			break
		}
	}
	for i := range l.verts {
		l.verts[i].u -= lo
	}
	o.extentU = hi - lo
	for k, layer := range l.layers {
		for j, v := range layer {
			vx := l.verts[v]
			if vx.node >= 0 {
				o.u[vx.node], o.v[vx.node] = vx.u, start[k]
				o.layerOf[vx.node], o.orderOf[vx.node] = k, j
			}
		}
	}
	ports := l.ports()
	for i, ch := range l.chains {
		if ch == nil {
			continue
		}
		a, b := l.verts[ch[0]], l.verts[ch[len(ch)-1]]
		pts := []uv{{ports.out[i], start[a.layer] + a.dv}}
		if a.dv < o.bands[a.layer] {
			pts = append(pts, uv{ports.out[i], start[a.layer] + o.bands[a.layer]})
		}
		for _, d := range ch[1 : len(ch)-1] {
			dv := l.verts[d]
			u := l.lineU(d)
			pts = append(pts, uv{u, start[dv.layer]})
			if o.bands[dv.layer] > 0 {
				pts = append(pts, uv{u, start[dv.layer] + o.bands[dv.layer]})
			}
			if dv.label {
				o.labelU[i], o.labelV[i] = dv.u-dv.su/2+lineLane, start[dv.layer]
			}
		}
		pts = append(pts, uv{ports.in[i], start[b.layer]})
		if l.rev[i] {
			for x, y := 0, len(pts)-1; x < y; x, y = x+1, y-1 {
				pts[x], pts[y] = pts[y], pts[x]
			}
		}
		o.routes[i] = pts
	}
	o.crossings = l.crossings()
	return o
}

type portSet struct{ out, in []float64 }

// ports spreads the edges leaving (entering) a box along its side, in
// the order of where they go (come from), so they do not cross at the box.
func (l *layered) ports() portSet {
	p := portSet{out: make([]float64, len(l.edges)), in: make([]float64, len(l.edges))}
	outs := map[int][]int{}
	ins := map[int][]int{}
	for i, ch := range l.chains {
		if ch == nil {
			continue
		}
		outs[ch[0]] = append(outs[ch[0]], i)
		ins[ch[len(ch)-1]] = append(ins[ch[len(ch)-1]], i)
	}
	spread := func(v int, list []int, other func(int) int, into []float64) {
		sort.SliceStable(list, func(a, b int) bool { return l.lineU(other(list[a])) < l.lineU(other(list[b])) })
		vx := l.verts[v]
		for j, i := range list {
			into[i] = vx.u - vx.su/2 + vx.du*float64(j+1)/float64(len(list)+1)
		}
	}
	for v, list := range outs {
		spread(v, list, func(i int) int { return l.chains[i][1] }, p.out)
	}
	for v, list := range ins {
		spread(v, list, func(i int) int { ch := l.chains[i]; return ch[len(ch)-2] }, p.in)
	}
	return p
}
