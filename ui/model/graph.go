package model

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// The canvas graph: nodes (the publisher, exchanges, queues) and edges
// (publishes, bindings, dead-letter links, alternate exchanges), laid
// out in layers from left to right: publishers → exchanges → queues →
// DLX → DLQs. Everything here is read from the broker's views, so a
// policy's DLX shows up exactly as the broker applies it.

// Node keys name canvas nodes; the scenario's layout map uses them too.
const PublisherKey = "publisher"

// ExchangeKey is the node key of an exchange ("" is the default exchange).
func ExchangeKey(name string) string { return "exchange:" + name }

// QueueKey is the node key of a queue.
func QueueKey(name string) string { return "queue:" + name }

// ConsumerKey is the key of a consumer's badge on its queue node ("" is basic.get).
func ConsumerKey(queue, consumer string) string { return "consumer:" + queue + "/" + consumer }

// Node kinds.
const (
	NodePublisher = "publisher"
	NodeExchange  = "exchange"
	NodeQueue     = "queue"
)

// Node is a box on the canvas. X, Y is its top-left corner.
type Node struct {
	Key        string
	Kind       string
	Name       string
	Type       string // exchange type, or queue type
	Facts      []string
	X, Y, W, H float64
	Missing    bool // referenced (as a DLX or alternate exchange) but not declared
	Internal   bool
	Ready      int
	Unacked    int
	Consumers  []Badge
	Spark      string // sparkline points, relative to the node's top-left
	Policy     string
	Selected   bool
	Pinned     bool // position from the scenario's layout
	Predefined bool // the default exchange or an amq.* exchange
}

// Badge is a consumer drawn on its queue node.
type Badge struct {
	Name     string
	Prefetch int
	Script   string // "reject, reject, ack" or "by hand"
	ByHand   bool
	Unacked  int
	Y        float64 // relative to the node
}

// Edge kinds.
const (
	EdgePublish   = "publish"
	EdgeBinding   = "binding"
	EdgeDLX       = "dlx"
	EdgeAlternate = "alternate"
	EdgeDefault   = "default" // the default exchange's implicit binding
)

// Edge is a line between two nodes, with its label at LX, LY.
type Edge struct {
	ID       string
	Kind     string
	From, To string
	Label    string // binding key(s); "DLX · argument x-dead-letter-exchange"
	Label2   string // a dead-letter routing key
	Path     string // SVG path data
	LX, LY   float64
	Back     bool // drawn as a loop under the nodes (it goes against the flow)
	Bindings []scenarios.Binding
}

// Graph is the laid-out canvas.
type Graph struct {
	Nodes   []Node
	Edges   []Edge
	W, H    float64 // the extent of the drawing (the SVG viewBox)
	byKey   map[string]int
	edgeIdx map[string]int
}

// Node returns the node with a key.
func (g Graph) Node(key string) (Node, bool) {
	if i, ok := g.byKey[key]; ok {
		return g.Nodes[i], true
	}
	return Node{}, false
}

// Sizes of the boxes (SVG user units).
const (
	pubW, pubH     = 132.0, 42.0
	exW, exH       = 184.0, 54.0
	qW, qH         = 204.0, 92.0
	badgeH         = 20.0
	colGap         = 56.0 // between boxes in a row
	rowGap         = 84.0 // between rows: room for the edge labels
	margin         = 24.0
	sparkW, sparkH = 64.0, 20.0
)

// Graph lays out the current topology.
func (s *Session) Graph() Graph {
	g := Graph{byKey: map[string]int{}, edgeIdx: map[string]int{}}
	if len(s.b.Queues()) == 0 && len(s.userExchanges()) == 0 {
		return g
	}
	s.graphNodes(&g)
	s.graphEdges(&g)
	s.layout(&g)
	s.route(&g)
	return g
}

func (g *Graph) add(n Node) {
	if _, ok := g.byKey[n.Key]; ok {
		return
	}
	g.byKey[n.Key] = len(g.Nodes)
	g.Nodes = append(g.Nodes, n)
}

// userExchanges are the declared exchanges other than the predeclared ones.
func (s *Session) userExchanges() []core.ExchangeView {
	var out []core.ExchangeView
	for _, x := range s.b.Exchanges() {
		if !predefined(x.Name) {
			out = append(out, x)
		}
	}
	return out
}

func predefined(name string) bool { return name == "" || strings.HasPrefix(name, "amq.") }

func (s *Session) graphNodes(g *Graph) {
	g.add(Node{Key: PublisherKey, Kind: NodePublisher, Name: "publisher", W: pubW, H: pubH})
	exchanges := map[string]core.ExchangeView{}
	for _, x := range s.b.Exchanges() {
		exchanges[x.Name] = x
	}
	used := s.referencedExchanges()
	for _, x := range s.b.Exchanges() {
		if predefined(x.Name) && !used[x.Name] {
			continue
		}
		n := Node{Key: ExchangeKey(x.Name), Kind: NodeExchange, Name: x.Name, Type: x.Type, W: exW, H: exH,
			Internal: x.Internal, Policy: x.Policy, Predefined: predefined(x.Name)}
		g.add(n) // an alternate exchange is drawn as an edge, not written in the box
	}
	for _, q := range s.b.Queues() {
		g.add(s.queueNode(q))
	}
	// A DLX or alternate exchange that does not exist: drawn, marked missing.
	for _, q := range s.b.Queues() {
		if q.Config.HasDLX {
			if _, ok := exchanges[q.Config.DLX]; !ok {
				g.add(Node{Key: ExchangeKey(q.Config.DLX), Kind: NodeExchange, Name: q.Config.DLX, W: exW, H: exH, Missing: true})
			}
		}
	}
	for _, x := range s.b.Exchanges() {
		if x.Alternate != "" {
			if _, ok := exchanges[x.Alternate]; !ok {
				g.add(Node{Key: ExchangeKey(x.Alternate), Kind: NodeExchange, Name: x.Alternate, W: exW, H: exH, Missing: true})
			}
		}
	}
}

// referencedExchanges are the predeclared exchanges the drawing needs:
// published to, bound from, or named as a DLX or alternate exchange.
func (s *Session) referencedExchanges() map[string]bool {
	used := map[string]bool{}
	for x := range s.pubs {
		used[x] = true
	}
	for _, st := range s.sc.Steps {
		if st.Publish != nil {
			used[st.Publish.Exchange] = true
		}
	}
	for _, bd := range s.b.Bindings() {
		used[bd.Source] = true
		if bd.DestinationType == "exchange" {
			used[bd.Destination] = true
		}
	}
	for _, q := range s.b.Queues() {
		if q.Config.HasDLX {
			used[q.Config.DLX] = true
		}
	}
	for _, x := range s.b.Exchanges() {
		if x.Alternate != "" {
			used[x.Alternate] = true
		}
	}
	return used
}

func (s *Session) queueNode(q core.QueueView) Node {
	n := Node{Key: QueueKey(q.Name), Kind: NodeQueue, Name: q.Name, Type: string(q.Type), W: qW, H: qH,
		Ready: q.Ready, Unacked: q.Unacked, Policy: q.Policy}
	c := q.Config
	if c.MessageTTL >= 0 {
		n.Facts = append(n.Facts, "TTL "+FormatDuration(core.Time(c.MessageTTL)))
	}
	if c.MaxLength >= 0 {
		n.Facts = append(n.Facts, "max "+strconv.FormatInt(c.MaxLength, 10))
	}
	if c.DeliveryLimit >= 0 {
		n.Facts = append(n.Facts, "delivery-limit "+strconv.FormatInt(c.DeliveryLimit, 10))
	}
	if c.Expires >= 0 {
		n.Facts = append(n.Facts, "expires "+FormatDuration(core.Time(c.Expires)))
	}
	for i, tag := range q.Consumers {
		b := s.badge(q.Name, tag)
		b.Y = qH + float64(i)*badgeH
		n.Consumers = append(n.Consumers, b)
	}
	n.H += float64(len(q.Consumers)) * badgeH
	n.Spark = s.spark(q.Name)
	n.Selected = s.sel.Kind == "queue" && s.sel.Name == q.Name
	return n
}

// badge describes a consumer from the scenario (its list or a consume step).
func (s *Session) badge(queue, tag string) Badge {
	b := Badge{Name: tag, Script: "by hand", ByHand: true}
	found := func(c scenarios.Consumer) {
		b.Prefetch = c.Prefetch
		if len(c.Actions) > 0 {
			var kinds []string
			for _, a := range c.Actions {
				k := a.Kind
				if a.Delay > 0 {
					k += " after " + a.Delay.String()
				}
				kinds = append(kinds, k)
			}
			b.Script = strings.Join(kinds, ", ")
			b.ByHand = allHold(c.Actions)
		}
	}
	for _, c := range s.sc.Consumers {
		if c.Name == tag {
			found(c)
		}
	}
	for _, st := range s.sc.Steps {
		if st.Consume != nil && st.Consume.Name == tag {
			found(*st.Consume)
		}
	}
	for _, d := range s.b.Unacked() {
		if d.Consumer == tag {
			b.Unacked++
		}
	}
	return b
}

func allHold(as []scenarios.Action) bool {
	for _, a := range as {
		if a.Kind != core.ActHold {
			return false
		}
	}
	return true
}

// spark draws a queue's depth history as polyline points in a
// sparkW × sparkH box, time on x (0 … now), depth on y.
func (s *Session) spark(queue string) string {
	se := s.depth[queue]
	now := s.b.Now()
	if se == nil || len(se.Samples) == 0 || now == 0 || se.Max == 0 {
		return ""
	}
	x := func(t core.Time) float64 { return float64(t) / float64(now) * sparkW }
	y := func(d int) float64 { return sparkH - float64(d)/float64(se.Max)*sparkH }
	return stepPoints(se.Samples, x, y, sparkW)
}

// stepPoints draws depth samples as a step line (a depth holds until the
// next sample) in polyline points, ending at endX.
func stepPoints(samples []Sample, x func(core.Time) float64, y func(int) float64, endX float64) string {
	var b strings.Builder
	prev := -1
	for _, sm := range samples {
		d := sm.Ready + sm.Unacked
		if prev >= 0 {
			fmt.Fprintf(&b, "%.1f,%.1f ", x(sm.T), y(prev))
		}
		fmt.Fprintf(&b, "%.1f,%.1f ", x(sm.T), y(d))
		prev = d
	}
	fmt.Fprintf(&b, "%.1f,%.1f", endX, y(prev))
	return b.String()
}

func (s *Session) graphEdges(g *Graph) {
	add := func(e Edge) {
		if _, ok := g.byKey[e.From]; !ok {
			return
		}
		if _, ok := g.byKey[e.To]; !ok {
			return
		}
		if i, ok := g.edgeIdx[e.ID]; ok { // another binding between the same pair
			o := &g.Edges[i]
			if e.Label != "" && !strings.Contains(", "+o.Label+", ", ", "+e.Label+", ") {
				o.Label += ", " + e.Label
			}
			o.Bindings = append(o.Bindings, e.Bindings...)
			return
		}
		g.edgeIdx[e.ID] = len(g.Edges)
		g.Edges = append(g.Edges, e)
	}
	for _, x := range s.publishedExchanges() {
		add(Edge{ID: "publish|" + x, Kind: EdgePublish, From: PublisherKey, To: ExchangeKey(x)})
	}
	types := map[string]string{}
	for _, x := range s.b.Exchanges() {
		types[x.Name] = x.Type
	}
	for _, bd := range s.b.Bindings() {
		to := QueueKey(bd.Destination)
		if bd.DestinationType == "exchange" {
			to = ExchangeKey(bd.Destination)
		}
		add(Edge{ID: "binding|" + bd.Source + "|" + to, Kind: EdgeBinding, From: ExchangeKey(bd.Source), To: to,
			Label: bindingLabel(types[bd.Source], bd),
			Bindings: []scenarios.Binding{{Source: bd.Source, Destination: bd.Destination,
				DestinationType: bd.DestinationType, RoutingKey: bd.RoutingKey, Arguments: bd.Args}}})
	}
	for _, q := range slices.Sorted(maps.Keys(s.defaultTargets())) { // map order would move nodes between renders
		add(Edge{ID: "default|" + q, Kind: EdgeDefault, From: ExchangeKey(""), To: QueueKey(q), Label: q})
	}
	for _, q := range s.b.Queues() {
		c := q.Config
		if !c.HasDLX {
			continue
		}
		e := Edge{ID: "dlx|" + q.Name, Kind: EdgeDLX, From: QueueKey(q.Name), To: ExchangeKey(c.DLX),
			Label: "DLX · " + c.DLXFrom}
		if c.HasDLRoutingKey {
			e.Label2 = "key " + strconv.Quote(c.DLRoutingKey)
		}
		add(e)
	}
	for _, x := range s.b.Exchanges() {
		if x.Alternate != "" {
			add(Edge{ID: "alternate|" + x.Name, Kind: EdgeAlternate, From: ExchangeKey(x.Name), To: ExchangeKey(x.Alternate),
				Label: "alternate-exchange"})
		}
	}
}

func bindingLabel(xtype string, bd core.Binding) string {
	switch xtype {
	case core.Fanout:
		return ""
	case core.Headers:
		var parts []string
		for _, k := range bd.Args.SortedKeys() {
			parts = append(parts, k+"="+FormatValue(bd.Args[k]))
		}
		return strings.Join(parts, " ")
	}
	if bd.RoutingKey == "" {
		return `""`
	}
	return bd.RoutingKey
}

// publishedExchanges are the exchanges a step publishes to or something
// was published to, in a stable order.
func (s *Session) publishedExchanges() []string {
	set := map[string]bool{}
	for x := range s.pubs {
		set[x] = true
	}
	for _, st := range s.sc.Steps {
		if st.Publish != nil {
			set[st.Publish.Exchange] = true
		}
	}
	var out []string
	for x := range set {
		out = append(out, x)
	}
	sort.Strings(out)
	return out
}

// defaultTargets are the queues reached through the default exchange
// (whose implicit binding key is every queue's name): publishes to ""
// and dead-letter routing keys with the default exchange as DLX.
func (s *Session) defaultTargets() map[string]bool {
	out := map[string]bool{}
	queues := map[string]bool{}
	for _, q := range s.b.Queues() {
		queues[q.Name] = true
	}
	for _, st := range s.sc.Steps {
		if p := st.Publish; p != nil && p.Exchange == "" && queues[p.RoutingKey] {
			out[p.RoutingKey] = true
		}
	}
	for _, q := range s.b.Queues() {
		c := q.Config
		if c.HasDLX && c.DLX == "" && c.HasDLRoutingKey && queues[c.DLRoutingKey] {
			out[c.DLRoutingKey] = true
		}
	}
	return out
}

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

// FormatDuration writes virtual milliseconds for people: "300 ms",
// "1.5 s", "2 min", "1 h 30 min".
func FormatDuration(t core.Time) string {
	switch {
	case t < 1000:
		return strconv.FormatInt(int64(t), 10) + " ms"
	case t < 60_000:
		return strconv.FormatFloat(float64(t)/1000, 'f', -1, 64) + " s"
	case t < 3_600_000 && t%60_000 == 0:
		return strconv.FormatInt(int64(t/60_000), 10) + " min"
	case t < 3_600_000:
		return strconv.FormatFloat(float64(t)/60_000, 'f', 1, 64) + " min"
	}
	h := t / 3_600_000
	m := (t % 3_600_000) / 60_000
	if m == 0 {
		return strconv.FormatInt(int64(h), 10) + " h"
	}
	return fmt.Sprintf("%d h %d min", h, m)
}

// FormatValue writes an AMQP value the way the inspector shows it.
func FormatValue(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case []byte:
		return string(x)
	case core.Timestamp:
		return strconv.FormatInt(int64(x), 10)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = FormatValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case core.Table:
		var parts []string
		for _, k := range x.SortedKeys() {
			parts = append(parts, k+": "+FormatValue(x[k]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	if i, ok := core.AsInteger(v); ok {
		return strconv.FormatInt(i, 10)
	}
	return fmt.Sprint(v)
}
