package model

import "sort"

// Crossing reduction of the layered layout (layered.go, step 4).

// sweeps is how many down-and-up passes the barycenter heuristic makes.
const sweeps = 8

// order sorts every layer to reduce crossings: barycenter sweeps down and
// up, then adjacent swaps, keeping the best order seen. Frozen vertices
// (boxes placed by an earlier layout) keep their order among themselves,
// so an edit never swaps two boxes the learner has already seen.
func (l *layered) order() {
	// a first order: boxes in input order, frozen ones in their
	// remembered order, every vertex after its upper neighbours
	for k := range l.layers {
		layer := l.layers[k]
		l.frozenByWant(layer)
		key := make(map[int]float64, len(layer))
		for j, v := range layer {
			key[v] = float64(j)
			if bc, ok := l.bary(v, l.up[v]); ok && k > 0 {
				key[v] = bc
			}
		}
		l.sortLayer(layer, key)
	}
	best := l.snapshotOrder()
	bestX := l.crossings()
	for it := 0; it < sweeps && bestX > 0; it++ {
		for k := 1; k < len(l.layers); k++ {
			l.sortBy(k, l.up)
		}
		for k := len(l.layers) - 2; k >= 0; k-- {
			l.sortBy(k, l.down)
		}
		l.transpose()
		if x := l.crossings(); x < bestX {
			bestX, best = x, l.snapshotOrder()
		}
	}
	l.layers = best
}

// frozenByWant puts the frozen vertices of a layer, in the slots they
// occupy, in the order of their remembered positions.
func (l *layered) frozenByWant(layer []int) {
	var slots, fz []int
	for j, v := range layer {
		if l.isFrozen(v) {
			slots, fz = append(slots, j), append(fz, v)
		}
	}
	sort.SliceStable(fz, func(a, b int) bool {
		return l.in[l.verts[fz[a]].node].want < l.in[l.verts[fz[b]].node].want
	})
	for i, j := range slots {
		layer[j] = fz[i]
	}
}

func (l *layered) isFrozen(v int) bool {
	vx := l.verts[v]
	return vx.node >= 0 && l.in[vx.node].frozen
}

// bary is the mean position of a vertex's neighbours in the next layer
// up (or down); ok is false when it has none there.
func (l *layered) bary(v int, nb []int) (float64, bool) {
	if len(nb) == 0 {
		return 0, false
	}
	sum := 0.0
	for _, w := range nb {
		sum += float64(l.posIn(w))
	}
	return sum / float64(len(nb)), true
}

func (l *layered) posIn(v int) int {
	for j, w := range l.layers[l.verts[v].layer] {
		if w == v {
			return j
		}
	}
	return 0
}

// sortBy orders layer k by the barycenters of each vertex's neighbours
// in nb (up or down); a vertex without any keeps its place.
func (l *layered) sortBy(k int, nb [][]int) {
	layer := l.layers[k]
	key := make(map[int]float64, len(layer))
	for j, v := range layer {
		key[v] = float64(j)
		if bc, ok := l.bary(v, nb[v]); ok {
			key[v] = bc
		}
	}
	l.sortLayer(layer, key)
}

// sortLayer sorts by key, except that frozen vertices keep their order
// among themselves: the free ones are merged into the frozen sequence by
// key, like two sorted lists.
func (l *layered) sortLayer(layer []int, key map[int]float64) {
	var frozen, free []int
	for _, v := range layer {
		if l.isFrozen(v) {
			frozen = append(frozen, v)
		} else {
			free = append(free, v)
		}
	}
	sort.SliceStable(free, func(a, b int) bool { return key[free[a]] < key[free[b]] })
	out := layer[:0]
	i, j := 0, 0
	for i < len(frozen) || j < len(free) {
		if j >= len(free) || (i < len(frozen) && key[frozen[i]] <= key[free[j]]) {
			out = append(out, frozen[i])
			i++
		} else {
			out = append(out, free[j])
			j++
		}
	}
}

// transpose swaps neighbours in a layer while that lowers the crossings
// with both adjacent layers (never two frozen vertices).
func (l *layered) transpose() {
	for improved, rounds := true, 0; improved && rounds < 4; rounds++ {
		improved = false
		for k, layer := range l.layers {
			for j := 0; j+1 < len(layer); j++ {
				a, b := layer[j], layer[j+1]
				if l.isFrozen(a) && l.isFrozen(b) {
					continue
				}
				if l.pairCross(k, b, a) < l.pairCross(k, a, b) {
					layer[j], layer[j+1] = b, a
					improved = true
				}
			}
		}
	}
}

// pairCross counts the crossings between the edges of a and b (a left
// of b) with the layers above and below.
func (l *layered) pairCross(k int, a, b int) int {
	n := 0
	for _, nb := range [][][]int{l.up, l.down} {
		for _, x := range nb[a] {
			for _, y := range nb[b] {
				if l.posIn(x) > l.posIn(y) {
					n++
				}
			}
		}
	}
	return n
}

// crossings counts pairs of edge segments that cross between adjacent
// layers (the number the sweeps minimise).
func (l *layered) crossings() int {
	n := 0
	for k := 0; k+1 < len(l.layers); k++ {
		pos := map[int]int{}
		for j, v := range l.layers[k] {
			pos[v] = j
		}
		for j, v := range l.layers[k+1] {
			pos[v] = j
		}
		type seg struct{ a, b int }
		var segs []seg
		for _, v := range l.layers[k] {
			for _, w := range l.down[v] {
				segs = append(segs, seg{pos[v], pos[w]})
			}
		}
		for i := range segs {
			for j := i + 1; j < len(segs); j++ {
				s, t := segs[i], segs[j]
				if (s.a < t.a && s.b > t.b) || (s.a > t.a && s.b < t.b) {
					n++
				}
			}
		}
	}
	return n
}

func (l *layered) snapshotOrder() [][]int {
	out := make([][]int, len(l.layers))
	for k, layer := range l.layers {
		out[k] = append([]int(nil), layer...)
	}
	return out
}
