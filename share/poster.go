package share

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"slices"
	"strings"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
	rscn "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// Poster layout constants (SVG user units = CSS pixels).
const (
	posterMargin   = 24
	posterHeader   = 44
	nodeW          = 176
	nodeH          = 46
	gapX           = 150
	gapY           = 26
	laneGap        = 22
	maxPosterNodes = 120
)

// RenderPoster draws a scenario's topology as a standalone SVG document:
// exchanges and queues as boxes, bindings as solid arrows labelled with
// their routing key, dead-letter links as dashed red arrows labelled with
// where the DLX comes from (queue argument or policy) and the dead-letter
// routing key. Exchanges and queues that are referenced but not declared
// are drawn red and dashed ("missing"), since a missing DLX is a classic
// way to lose dead letters.
//
// What it draws comes from scenarios.Parse and core: the dead-letter
// links are what a broker holding the topology says (argument or policy,
// docs/rabbitmq.md "Arguments versus policies").
//
// Layout is layered and deterministic: columns are breadth-first
// distances from the entry points (publish targets first, then nodes
// nothing points to, then the first declared node of any cycle left);
// within a column nodes keep the order they were reached in. Edges
// going right are curves; edges going back or within a column run along
// their own lane under the graph. Every piece of text from the scenario
// is XML-escaped and shortened. The same input gives the same bytes.
//
// It is the Poster used when Options.Poster is nil.
func RenderPoster(scenarioJSON []byte) ([]byte, error) {
	if err := checkSingleObject(scenarioJSON); err != nil {
		return nil, err
	}
	if rscn.IsRocketMQ(scenarioJSON) {
		return rocketPoster(scenarioJSON)
	}
	sc, err := scenarios.Parse("scenario", scenarioJSON)
	if err != nil {
		return nil, err
	}
	return buildGraph(topologyOf(sc)).svg(sc.Title, sc.Summary), nil
}

type nodeKind uint8

const (
	kindExchange nodeKind = iota
	kindQueue
	kindDefault // the default exchange, drawn only when a DLX needs it
)

type node struct {
	kind     nodeKind
	name     string
	sub      string
	missing  bool
	layer    int
	row      int
	visited  bool
	x, y     int
	incoming int
}

type edge struct {
	from, to int
	dlx      bool
	label    string // above the line (binding key, or "DLX via ...")
	label2   string // below the line (a dead-letter routing key)
}

type graph struct {
	nodes   []*node
	edges   []edge
	byKey   map[string]int // "x:"+name or "q:"+name → index in nodes
	roots   []int
	dropped int
}

var predeclared = map[string]string{
	"amq.direct": "direct", "amq.fanout": "fanout", "amq.topic": "topic",
	"amq.headers": "headers", "amq.match": "headers", "amq.rabbitmq.trace": "topic",
}

func (g *graph) add(kind nodeKind, name, sub string, missing bool) int {
	key := nodeKey(kind, name)
	if i, ok := g.byKey[key]; ok {
		return i
	}
	if len(g.nodes) >= maxPosterNodes {
		g.dropped++
		g.byKey[key] = -1
		return -1
	}
	g.nodes = append(g.nodes, &node{kind: kind, name: name, sub: sub, missing: missing})
	g.byKey[key] = len(g.nodes) - 1
	return len(g.nodes) - 1
}

func nodeKey(kind nodeKind, name string) string {
	switch kind {
	case kindQueue:
		return "q:" + name
	case kindDefault:
		return "d:"
	}
	return "x:" + name
}

func (g *graph) lookup(kind nodeKind, name string) (int, bool) {
	i, ok := g.byKey[nodeKey(kind, name)]
	return i, ok
}

// exchange returns the node of a referenced exchange, adding it as
// predeclared (amq.*) or missing if nothing declared it.
func (g *graph) exchange(name string) int {
	if i, ok := g.lookup(kindExchange, name); ok {
		return i
	}
	if typ, ok := predeclared[name]; ok {
		return g.add(kindExchange, name, typ+" exchange (predeclared)", false)
	}
	return g.add(kindExchange, name, "missing: not declared", true)
}

func (g *graph) queue(name string) int {
	if i, ok := g.lookup(kindQueue, name); ok {
		return i
	}
	return g.add(kindQueue, name, "missing: not declared", true)
}

func (g *graph) link(from, to int, dlx bool, label, label2 string) {
	if from < 0 || to < 0 {
		return
	}
	g.edges = append(g.edges, edge{from: from, to: to, dlx: dlx, label: label, label2: label2})
	g.nodes[to].incoming++
}

// posterTopology is what the poster draws: the scenario's topology plus
// what its steps declare and bind (the poster shows everything the
// scenario ever declares), and where its publishes enter.
type posterTopology struct {
	sc        *scenarios.Scenario // topology only: steps folded in, no consumers
	publishes []*scenarios.PublishStep
}

func topologyOf(sc *scenarios.Scenario) posterTopology {
	top := &scenarios.Scenario{Title: sc.Title, Profile: sc.Profile, Policies: sc.Policies,
		Exchanges: slices.Clone(sc.Exchanges), Queues: slices.Clone(sc.Queues), Bindings: slices.Clone(sc.Bindings)}
	var pubs []*scenarios.PublishStep
	for _, st := range sc.Steps {
		switch {
		case st.Declare != nil && st.Declare.Queue != "":
			d := st.Declare
			top.Queues = append(top.Queues, scenarios.Queue{Name: d.Queue, Durable: d.Durable, AutoDelete: d.AutoDelete, Arguments: d.Arguments})
		case st.Declare != nil && st.Declare.Exchange != "":
			d := st.Declare
			top.Exchanges = append(top.Exchanges, scenarios.Exchange{Name: d.Exchange, Type: d.Type, Durable: d.Durable,
				AutoDelete: d.AutoDelete, Internal: d.Internal, Arguments: d.Arguments})
		case st.Bind != nil:
			top.Bindings = append(top.Bindings, *st.Bind)
		case st.Publish != nil:
			pubs = append(pubs, st.Publish)
		}
	}
	return posterTopology{sc: top, publishes: pubs}
}

// queueConfigs asks core for each queue's effective configuration (which
// policy applies, whether the argument or the policy gives the DLX): the
// topology is declared on a broker, so the poster keeps no second copy of
// those rules. A queue the broker refuses (a bad argument) has none.
func queueConfigs(top *scenarios.Scenario) map[string]core.ConfigView {
	out := map[string]core.ConfigView{}
	r, err := scenarios.NewRunner(top, scenarios.Options{NoTrace: true})
	if err != nil {
		return out
	}
	for _, q := range r.Broker().Queues() {
		out[q.Name] = q.Config
	}
	return out
}

func buildGraph(pt posterTopology) *graph {
	g := &graph{byKey: map[string]int{}}
	top := pt.sc
	for _, x := range top.Exchanges {
		if x.Name == "" {
			continue // the default exchange cannot be declared
		}
		typ := x.Type
		if typ == "" {
			typ = core.Direct
		}
		g.add(kindExchange, x.Name, typ+" exchange", false)
	}
	var queues []string
	for _, q := range top.Queues {
		if _, ok := g.lookup(kindQueue, q.Name); ok || q.Name == "" {
			continue
		}
		g.add(kindQueue, q.Name, queueSummary(q.Arguments), false)
		queues = append(queues, q.Name)
	}
	for _, b := range top.Bindings {
		if b.Source == "" {
			continue // bindings to the default exchange are implicit
		}
		from := g.exchange(b.Source)
		var to int
		if b.DestinationType == "exchange" {
			to = g.exchange(b.Destination)
		} else {
			to = g.queue(b.Destination)
		}
		label := ""
		if b.RoutingKey != "" {
			label = "key " + b.RoutingKey
		}
		g.link(from, to, false, label, "")
	}
	configs := queueConfigs(top)
	for _, name := range queues {
		from, _ := g.lookup(kindQueue, name)
		c, ok := configs[name]
		if from < 0 || !ok || !c.HasDLX {
			continue
		}
		label, label2 := "DLX via "+dlxSource(c.DLXFrom), ""
		if c.HasDLRoutingKey {
			label2 = "key " + c.DLRoutingKey
		}
		switch {
		case c.DLX != "":
			g.link(from, g.exchange(c.DLX), true, label, label2)
		case c.HasDLRoutingKey:
			// The default exchange delivers to the queue named by the key.
			g.link(from, g.queue(c.DLRoutingKey), true, label, label2+" (default exchange)")
		default:
			d := g.add(kindDefault, "(default exchange)", "routes by original key", false)
			g.link(from, d, true, label, label2)
		}
	}
	for _, p := range pt.publishes {
		var i int
		var ok bool
		if p.Exchange == "" {
			i, ok = g.lookup(kindQueue, p.RoutingKey)
		} else {
			i, ok = g.lookup(kindExchange, p.Exchange)
		}
		if ok && i >= 0 {
			g.roots = append(g.roots, i)
		}
	}
	g.layout()
	return g
}

// dlxSource shortens core's "argument x-dead-letter-exchange" to
// "argument"; "policy NAME" stays.
func dlxSource(from string) string {
	if strings.HasPrefix(from, "argument") {
		return "argument"
	}
	return from
}

func queueSummary(args core.Table) string {
	var parts []string
	if v, ok := args["x-queue-type"].(string); ok && v != "" && v != "classic" {
		parts = append(parts, v)
	}
	for _, a := range []struct{ key, format string }{
		{"x-message-ttl", "ttl %vms"}, {"x-max-length", "max %v"},
		{"x-delivery-limit", "limit %v"}, {"x-expires", "expires %vms"},
	} {
		if v, ok := args[a.key]; ok {
			parts = append(parts, fmt.Sprintf(a.format, v))
		}
	}
	if len(parts) == 0 {
		return "queue"
	}
	return "queue · " + strings.Join(parts, " · ")
}

// layout assigns columns (layers) by breadth-first search and rows by the
// order nodes were reached.
func (g *graph) layout() {
	out := make([][]int, len(g.nodes))
	for i, e := range g.edges {
		out[e.from] = append(out[e.from], i)
	}
	var order []int
	bfs := func(starts []int) {
		var q []int
		for _, s := range starts {
			if !g.nodes[s].visited {
				g.nodes[s].visited = true
				g.nodes[s].layer = 0
				q = append(q, s)
			}
		}
		for len(q) > 0 {
			n := q[0]
			q = q[1:]
			order = append(order, n)
			for _, ei := range out[n] {
				to := g.edges[ei].to
				if !g.nodes[to].visited {
					g.nodes[to].visited = true
					g.nodes[to].layer = g.nodes[n].layer + 1
					q = append(q, to)
				}
			}
		}
	}
	starts := append([]int(nil), g.roots...)
	for i, n := range g.nodes {
		if n.incoming == 0 {
			starts = append(starts, i)
		}
	}
	bfs(starts)
	for i, n := range g.nodes {
		if !n.visited {
			bfs([]int{i}) // a cycle nothing leads into
		}
	}
	rows := map[int]int{}
	for _, i := range order {
		n := g.nodes[i]
		n.row = rows[n.layer]
		rows[n.layer]++
		n.x = posterMargin + n.layer*(nodeW+gapX)
		n.y = posterMargin + posterHeader + n.row*(nodeH+gapY)
	}
}

func (g *graph) svg(title, summary string) []byte {
	cols, maxRows := 1, 0
	for _, n := range g.nodes {
		cols = max(cols, n.layer+1)
		maxRows = max(maxRows, n.row+1)
	}
	var back []int
	for i, e := range g.edges {
		if g.nodes[e.to].layer <= g.nodes[e.from].layer {
			back = append(back, i)
		}
	}
	width := max(2*posterMargin+cols*nodeW+(cols-1)*gapX, 360)
	graphBottom := posterMargin + posterHeader + maxRows*(nodeH+gapY) - gapY
	if maxRows == 0 {
		graphBottom = posterMargin + posterHeader + 20
	}
	height := graphBottom + len(back)*laneGap + posterMargin + 20
	if g.dropped > 0 {
		height += 20
	}

	var b bytes.Buffer
	heading := strings.TrimSpace(title)
	if heading == "" {
		heading = "DLX Lab scenario"
	}
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif">`+"\n",
		width, height, width, height, esc(shorten(heading, 120)))
	fmt.Fprintf(&b, "<title>%s</title>\n", esc(shorten(heading, 200)))
	b.WriteString(`<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#555"/></marker>` +
		`<marker id="arrow-dlx" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#c62828"/></marker></defs>` + "\n")
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fbfcfe"/>`+"\n", width, height)
	fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="17" font-weight="600" fill="#1d2733">%s</text>`+"\n",
		posterMargin, posterMargin+14, esc(shorten(heading, max(20, (width-2*posterMargin)/9))))
	// The lesson's first sentence under its title: what the picture is
	// about (backquotes mark broker terms in the app; here they go).
	if line := firstSentence(summary); line != "" {
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="12" fill="#4f5863">%s</text>`+"\n",
			posterMargin, posterMargin+31, esc(shorten(line, max(30, (width-2*posterMargin)/7))))
	}
	if len(g.nodes) == 0 {
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="13" fill="#6b7785">No exchanges or queues</text>`+"\n", posterMargin, posterMargin+posterHeader+10)
	}

	// Edges first, so boxes sit on top of them.
	lane := 0
	for _, e := range g.edges {
		from, to := g.nodes[e.from], g.nodes[e.to]
		stroke, marker, dash := "#555", "arrow", ""
		if e.dlx {
			stroke, marker, dash = "#c62828", "arrow-dlx", ` stroke-dasharray="6 4"`
		}
		var path string
		var lines []string
		var lx, ly int
		anchor := "middle"
		if to.layer > from.layer {
			x1, y1 := from.x+nodeW, from.y+nodeH/2
			x2, y2 := to.x, to.y+nodeH/2
			c := (x2 - x1) / 2
			path = fmt.Sprintf("M%d %d C%d %d %d %d %d %d", x1, y1, x1+c, y1, x2-c, y2, x2, y2)
			lx, ly = (x1+x2)/2, (y1+y2)/2-6
			// Two short lines, above and below the curve, so they fit the gap.
			fit := (x2 - x1 - 8) / 6
			if e.label != "" || e.label2 != "" {
				lines = []string{shorten(e.label, fit), shorten(e.label2, fit)}
			}
		} else {
			ly0 := graphBottom + (lane+1)*laneGap
			lane++
			x1, y1 := from.x+nodeW/2-14, from.y+nodeH
			x2, y2 := to.x+nodeW/2+14, to.y+nodeH
			path = fmt.Sprintf("M%d %d L%d %d L%d %d L%d %d", x1, y1, x1, ly0, x2, ly0, x2, y2)
			lx, ly = (x1+x2)/2, ly0-4
			if abs(x2-x1) < 40 {
				lx, anchor = max(x1, x2)+6, "start"
			}
			if l := strings.Trim(e.label+", "+e.label2, ", "); l != "" {
				lines = []string{shorten(l, 60)}
			}
		}
		fmt.Fprintf(&b, `<path d="%s" fill="none" stroke="%s" stroke-width="1.5"%s marker-end="url(#%s)"/>`+"\n", path, stroke, dash, marker)
		for i, l := range lines {
			if l == "" {
				continue
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11" text-anchor="%s" fill="%s" stroke="#fbfcfe" stroke-width="3" paint-order="stroke">%s</text>`+"\n",
				lx, ly+i*18, anchor, stroke, esc(l))
		}
	}

	for _, n := range g.nodes {
		fill, stroke, dash, rx := "#e8f0fb", "#1d4f91", "", 12
		switch {
		case n.missing:
			fill, stroke, dash = "#fdecea", "#c62828", ` stroke-dasharray="5 3"`
		case n.kind == kindQueue:
			fill, stroke = "#fff6e5", "#b26b00"
		case n.kind == kindDefault:
			fill, stroke, dash = "#f1f3f5", "#6b7785", ` stroke-dasharray="2 3"`
		}
		if n.kind == kindQueue {
			rx = 3
		}
		name := n.name
		if n.kind == kindExchange && name == "" {
			name = "(default exchange)"
		}
		fmt.Fprintf(&b, `<g><rect x="%d" y="%d" width="%d" height="%d" rx="%d" fill="%s" stroke="%s" stroke-width="1.5"%s/>`,
			n.x, n.y, nodeW, nodeH, rx, fill, stroke, dash)
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="13" font-weight="600" fill="#1d2733">%s</text>`,
			n.x+10, n.y+19, esc(shorten(name, 22)))
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11" fill="%s">%s</text></g>`+"\n",
			n.x+10, n.y+36, stroke, esc(shorten(n.sub, 28)))
	}
	if g.dropped > 0 {
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="12" fill="#6b7785">+%d more not shown</text>`+"\n",
			posterMargin, height-posterMargin, g.dropped)
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// esc escapes text for XML character data and attribute values; runes
// XML cannot carry (control characters, unpaired surrogates) become
// U+FFFD.
func esc(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s)) // writes to a Builder cannot fail
	return b.String()
}

// shorten cuts s to at most n runes, ending in "…" when cut.
// firstSentence is a summary's first sentence, on one line, without the
// backquotes that mark broker terms.
func firstSentence(s string) string {
	s = strings.Join(strings.Fields(strings.ReplaceAll(s, "`", "")), " ")
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i+1]
	}
	return s
}

func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
