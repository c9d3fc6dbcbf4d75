package model

// Coordinates across the layers (layered.go, step 5). Each layer is solved
// on its own, as often as it takes to settle: every vertex wants to sit at
// the mean of its neighbours (where its edges come from or go to), the
// order is fixed, and two neighbours in a layer keep a gap. That is an
// isotonic regression, solved exactly by pool-adjacent-violators.

// placeRounds is how many times the layers are solved, alternately
// against the layer above, the one below, and both.
const placeRounds = 6

func (l *layered) place() {
	for _, layer := range l.layers { // packed from 0 to start with
		u := 0.0
		for j, v := range layer {
			if j > 0 {
				u += l.sep(layer[j-1], v)
			}
			l.verts[v].u = u
		}
	}
	for r := 0; r < placeRounds; r++ {
		switch r % 3 {
		case 0:
			for k := 1; k < len(l.layers); k++ {
				l.solveLayer(k, true, false)
			}
		case 1:
			for k := len(l.layers) - 2; k >= 0; k-- {
				l.solveLayer(k, false, true)
			}
		default:
			for k := range l.layers {
				l.solveLayer(k, true, true)
			}
		}
	}
}

// sep is the smallest distance between the centres of two neighbours.
func (l *layered) sep(a, b int) float64 {
	va, vb := l.verts[a], l.verts[b]
	gap := nodeGap
	if va.node < 0 || vb.node < 0 {
		gap = dummyGap
	}
	return va.su/2 + vb.su/2 + gap
}

// solveLayer moves layer k's vertices as close to their wanted places as
// the order and the gaps allow. Dummies weigh more, so long edges run
// straight; a box remembered from the last layout stays put.
func (l *layered) solveLayer(k int, useUp, useDown bool) {
	layer := l.layers[k]
	n := len(layer)
	if n == 0 {
		return
	}
	target := make([]float64, n)
	weight := make([]float64, n)
	offset := make([]float64, n)
	for j, v := range layer {
		if j > 0 {
			offset[j] = offset[j-1] + l.sep(layer[j-1], v)
		}
		vx := l.verts[v]
		sum, cnt := 0.0, 0
		add := func(nb []int) {
			for _, w := range nb {
				sum += l.lineU(w)
				cnt++
			}
		}
		if useUp {
			add(l.up[v])
		}
		if useDown {
			add(l.down[v])
		}
		want, w := vx.u, 0.05 // nothing to follow: stay
		if cnt > 0 {
			want, w = sum/float64(cnt), 1
			if vx.label { // its line, not its centre, follows the edge
				want += vx.su/2 - lineLane/2
			}
		}
		if vx.node < 0 {
			w *= 2
		} else if nd := l.in[vx.node]; nd.hasWnt {
			want, w = nd.want, 1e6
		}
		target[j], weight[j] = want-offset[j], w
	}
	y := isotonic(target, weight)
	for j, v := range layer {
		l.verts[v].u = y[j] + offset[j]
	}
}

// isotonic returns the non-decreasing sequence closest to target in
// weighted least squares (pool adjacent violators).
func isotonic(target, weight []float64) []float64 {
	type block struct {
		sum, w float64
		n      int
	}
	var st []block
	for i := range target {
		b := block{target[i] * weight[i], weight[i], 1}
		for len(st) > 0 {
			top := st[len(st)-1]
			if top.sum/top.w <= b.sum/b.w {
				break
			}
			st = st[:len(st)-1]
			b = block{top.sum + b.sum, top.w + b.w, top.n + b.n}
		}
		st = append(st, b)
	}
	out := make([]float64, 0, len(target))
	for _, b := range st {
		for range b.n {
			out = append(out, b.sum/b.w)
		}
	}
	return out
}
