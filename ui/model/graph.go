package model

import (
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
	More       int    // consumers counted in the last badge slot ("+3"), not drawn one by one
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
	// X, Y, W: its slot on the node's badge row, relative to the node
	// (badges.go); Hidden: it is counted in the node's last slot.
	X, Y, W float64
	Hidden  bool
}

// Edge kinds.
const (
	EdgePublish   = "publish"
	EdgeBinding   = "binding"
	EdgeDLX       = "dlx"
	EdgeAlternate = "alternate"
	EdgeDefault   = "default" // the default exchange's implicit binding
)

// Edge is a line between two nodes. Its label is Lines, in words, in a
// box at LX, LY of LW × LH that the layout keeps clear of boxes and other
// labels (the edge's own line runs along the box's side).
type Edge struct {
	ID       string
	Kind     string
	From, To string
	Label    string // binding key(s); "DLX · argument x-dead-letter-exchange"
	Label2   string // a dead-letter routing key
	Lines    []string
	Path     string  // SVG path data
	Pts      []Point // the route: straight where x (or y) stays, curved between layers
	LX, LY   float64
	LW, LH   float64
	Back     bool // drawn against the flow (it closes a cycle, like a retry)
	Bindings []scenarios.Binding
}

// Point is a point on the canvas.
type Point struct{ X, Y float64 }

// Graph is the laid-out canvas.
type Graph struct {
	Nodes []Node
	Edges []Edge
	W, H  float64 // the extent of the drawing (the SVG viewBox)
	// Horizontal: the flow runs left to right (a wide pane), else top down.
	Horizontal bool
	// Crossings between edges, as the layout counted them.
	Crossings int
	byKey     map[string]int
	edgeIdx   map[string]int
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
	missH          = 70.0 // a missing exchange says so on a line of its own
	maxBoxW        = 320.0
	titleCharW     = 8.6 // 14.5 px bold title, a mean character
	qW, qH         = 204.0, 92.0
	badgeH         = 20.0
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
	return g
}

// boxW widens a box so its name fits (up to maxBoxW; longer names are cut).
func boxW(base float64, name string) float64 {
	return min(max(base, float64(len([]rune(name)))*titleCharW+24), maxBoxW)
}

// TitleChars is how many characters of a name fit in a box of width w.
func TitleChars(w float64) int { return int((w - 20) / titleCharW) }

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
		n := Node{Key: ExchangeKey(x.Name), Kind: NodeExchange, Name: x.Name, Type: x.Type, W: boxW(exW, s.exchangeWord(x.Name)), H: exH,
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
				g.add(Node{Key: ExchangeKey(q.Config.DLX), Kind: NodeExchange, Name: q.Config.DLX, W: boxW(exW, q.Config.DLX), H: missH, Missing: true})
			}
		}
	}
	for _, x := range s.b.Exchanges() {
		if x.Alternate != "" {
			if _, ok := exchanges[x.Alternate]; !ok {
				g.add(Node{Key: ExchangeKey(x.Alternate), Kind: NodeExchange, Name: x.Alternate, W: boxW(exW, x.Alternate), H: missH, Missing: true})
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
	n := Node{Key: QueueKey(q.Name), Kind: NodeQueue, Name: q.Name, Type: string(q.Type), W: boxW(qW, q.Name), H: qH,
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
	for _, tag := range q.Consumers {
		n.Consumers = append(n.Consumers, s.badge(q.Name, tag))
	}
	layBadges(&n)
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
	b.Unacked = s.b.UnackedCount(tag)
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
// next sample) in polyline points, ending at endX. Samples that fall in
// the same half pixel are drawn as one vertical stroke through their
// lowest and highest depth, ending at the last: a 64-pixel sparkline of
// 1,200 samples is a few hundred points, not 2,400, every frame.
func stepPoints(samples []Sample, x func(core.Time) float64, y func(int) float64, endX float64) string {
	b := make([]byte, 0, 16*min(len(samples), 256)+16)
	pt := func(px float64, d int) {
		b = strconv.AppendFloat(b, px, 'f', 1, 64)
		b = append(b, ',')
		b = strconv.AppendFloat(b, y(d), 'f', 1, 64)
		b = append(b, ' ')
	}
	prev := -1
	for i := 0; i < len(samples); {
		px := x(samples[i].T)
		col := math.Round(px * 2)
		// the run of samples in this half pixel: their range and last depth
		lo, hi, last := math.MaxInt, math.MinInt, 0
		j := i
		for ; j < len(samples) && math.Round(x(samples[j].T)*2) == col; j++ {
			d := samples[j].Ready + samples[j].Unacked
			lo, hi, last = min(lo, d), max(hi, d), d
		}
		if prev >= 0 {
			pt(px, prev)
		}
		if j-i > 1 {
			pt(px, lo)
			pt(px, hi)
		}
		pt(px, last)
		prev, i = last, j
	}
	b = strconv.AppendFloat(b, endX, 'f', 1, 64)
	b = append(b, ',')
	b = strconv.AppendFloat(b, y(prev), 'f', 1, 64)
	return string(b)
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
				o.Lines = append(o.Lines, e.Lines...)
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
		lines := bindingLines(types[bd.Source], bd)
		add(Edge{ID: "binding|" + bd.Source + "|" + to, Kind: EdgeBinding, From: ExchangeKey(bd.Source), To: to,
			Label: strings.Join(lines, " "), Lines: lines,
			Bindings: []scenarios.Binding{{Source: bd.Source, Destination: bd.Destination,
				DestinationType: bd.DestinationType, RoutingKey: bd.RoutingKey, Arguments: bd.Args}}})
	}
	for _, q := range slices.Sorted(maps.Keys(s.defaultTargets())) { // map order would move nodes between renders
		add(Edge{ID: "default|" + q, Kind: EdgeDefault, From: ExchangeKey(""), To: QueueKey(q), Label: q, Lines: []string{q}})
	}
	for _, q := range s.b.Queues() {
		c := q.Config
		if !c.HasDLX {
			continue
		}
		e := Edge{ID: "dlx|" + q.Name, Kind: EdgeDLX, From: QueueKey(q.Name), To: ExchangeKey(c.DLX),
			Label: "DLX · " + c.DLXFrom, Lines: s.dlxLines(c)}
		if c.HasDLRoutingKey {
			e.Label2 = "key " + strconv.Quote(c.DLRoutingKey)
		}
		add(e)
	}
	for _, x := range s.b.Exchanges() {
		if x.Alternate != "" {
			add(Edge{ID: "alternate|" + x.Name, Kind: EdgeAlternate, From: ExchangeKey(x.Name), To: ExchangeKey(x.Alternate),
				Label: "alternate-exchange", Lines: []string{s.say("edge.alternate", s.exchangeWord(x.Alternate))}})
		}
	}
	for i := range g.Edges {
		g.Edges[i].Lines = s.capLines(g.Edges[i].Lines)
	}
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
