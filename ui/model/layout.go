package model

import (
	"sort"
)

// Layout of the canvas graph: layers from the publisher down, nodes
// placed under their parents, positions from the scenario's layout map
// winning over computed ones.

// layout assigns layers by breadth-first search from the publisher, so
// the flow reads top to bottom: publisher, exchanges, queues, DLX, DLQs.
// Each layer is a row; within a row nodes sit under their parents
// (barycenter order, ties in the order they were reached). A position in
// the scenario's layout wins.
func (s *Session) layout(g *Graph) {
	adj := map[string][]string{}
	preds := map[string][]string{}
	for _, e := range g.Edges {
		adj[e.From] = append(adj[e.From], e.To)
		preds[e.To] = append(preds[e.To], e.From)
	}
	layer := map[string]int{}
	var order []string
	visit := func(root string, l int) {
		if _, ok := layer[root]; ok {
			return
		}
		layer[root] = l
		queue := []string{root}
		order = append(order, root)
		for len(queue) > 0 {
			k := queue[0]
			queue = queue[1:]
			for _, n := range adj[k] {
				if _, ok := layer[n]; !ok {
					layer[n] = layer[k] + 1
					order = append(order, n)
					queue = append(queue, n)
				}
			}
		}
	}
	visit(PublisherKey, 0)
	for _, n := range g.Nodes { // what the publisher does not reach: exchanges first
		if n.Kind == NodeExchange && !hasIncoming(g, n.Key) {
			visit(n.Key, 1)
		}
	}
	for _, n := range g.Nodes {
		l := 2
		if n.Kind == NodeExchange {
			l = 1
		}
		visit(n.Key, l)
	}
	rows := map[int][]string{}
	maxLayer := 0
	for _, k := range order {
		rows[layer[k]] = append(rows[layer[k]], k)
		maxLayer = max(maxLayer, layer[k])
	}
	// barycenter: order each row by the mean position of its parents above
	pos := map[string]float64{}
	for l := 0; l <= maxLayer; l++ {
		row := rows[l]
		bary := map[string]float64{}
		for i, k := range row {
			sum, n := 0.0, 0
			for _, p := range preds[k] {
				if layer[p] < l {
					sum += pos[p]
					n++
				}
			}
			bary[k] = float64(i) / 1000 // keep discovery order among equals
			if n > 0 {
				bary[k] += sum / float64(n)
			} else {
				bary[k] += float64(i)
			}
		}
		sort.SliceStable(row, func(a, b int) bool { return bary[row[a]] < bary[row[b]] })
		for i, k := range row {
			pos[k] = float64(i)
		}
	}
	rowW := make([]float64, maxLayer+1)
	rowH := make([]float64, maxLayer+1)
	widest := 0.0
	for l := 0; l <= maxLayer; l++ {
		for i, k := range rows[l] {
			n := g.Nodes[g.byKey[k]]
			if i > 0 {
				rowW[l] += colGap
			}
			rowW[l] += n.W
			rowH[l] = max(rowH[l], n.H)
		}
		widest = max(widest, rowW[l])
	}
	y := margin
	for l := 0; l <= maxLayer; l++ {
		if len(rows[l]) == 0 {
			continue
		}
		x := margin + (widest-rowW[l])/2
		for _, k := range rows[l] {
			n := &g.Nodes[g.byKey[k]]
			n.X, n.Y = x, y
			x += n.W + colGap
		}
		y += rowH[l] + rowGap
	}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if p, ok := s.sc.Layout[n.Key]; ok {
			n.X, n.Y, n.Pinned = p.X, p.Y, true
		}
		if n.Key == s.dragKey {
			n.X, n.Y = s.dragPos.X, s.dragPos.Y
		}
		g.W = max(g.W, n.X+n.W+margin)
		g.H = max(g.H, n.Y+n.H+margin)
	}
}

func hasIncoming(g *Graph, key string) bool {
	for _, e := range g.Edges {
		if e.To == key {
			return true
		}
	}
	return false
}

// labelW estimates a label's width (11.5 px monospace).
func labelW(s string) float64 { return float64(len([]rune(s)))*6.9 + 8 }
