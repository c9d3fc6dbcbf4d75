package model

import (
	"strconv"
	"strings"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
)

// The RocketMQ canvas as a picture: boxes for the producer, the topics
// (one lane per message queue, with the copies stored in it), the consumer
// groups (which queues each consumer holds), and the system topics where
// they appear: each group's %RETRY% and %DLQ%, SCHEDULE_TOPIC_XXXX with a
// lane per delay level, the 5.x timer wheel. Pure geometry from the
// broker's View, so it is tested here and the component only draws it.

// Geometry of the picture (SVG units).
const (
	rqLaneH   = 24.0
	rqHeadH   = 40.0
	rqGap     = 26.0
	rqTopicW  = 310.0
	rqGroupW  = 250.0
	rqMaxChip = 12 // chips drawn per lane; the rest is "+N"
)

// RocketPicture is the whole canvas.
type RocketPicture struct {
	W, H   float64
	Boxes  []RocketBox
	Edges  []RocketEdge
	Anchor map[string]RocketPoint // where tokens start and end: "producer", "group:G", "lane:TOPIC:Q"
}

// RocketPoint is a position on the canvas.
type RocketPoint struct{ X, Y float64 }

// RocketBox is a producer, a topic with its lanes, or a group.
type RocketBox struct {
	Key        string // "producer", "topic:NAME", "group:NAME"
	Kind       string // producer, normal, retry, dlq, schedule, timer, group
	Name       string
	X, Y, W, H float64
	Facts      []string // lines under the name (group: mode, orderly, client)
	Lanes      []RocketLane
	Consumers  []RocketConsumerRow
	Blocked    bool // a group with a blocked orderly queue
}

// RocketLane is one message queue of a topic (or one delay level).
type RocketLane struct {
	Topic   string
	Queue   int
	Y       float64
	Label   string // "q0", "L3 · 10s"
	Chips   []RocketChip
	More    int    // copies not drawn
	Offsets string // "3/5 lag 2" for the group reading it, "max 5" otherwise
	Blocked *rmq.BlockedQueue
	Group   string  // the group whose offsets Offsets shows ("" if none)
	H       float64 // a blocked lane is taller: it says why under its copies
}

// RocketChip is one stored copy drawn in a lane.
type RocketChip struct {
	MsgID string
	Label string   // its first key, or its body, shortened
	Done  bool     // behind every reading group's consume offset
	Due   rmq.Time // waiting copies: when they are released (else 0)
	RT    int      // reconsumeTimes of the copy
}

// RocketConsumerRow is a consumer and the queues it holds.
type RocketConsumerRow struct {
	ID    string
	Holds string // "orders 0,1 · %RETRY%g 0"
}

// RocketEdge is a path between two boxes.
type RocketEdge struct {
	From, To string // box keys
	Kind     string // send, subscribe, retry, release, dlq
	Path     string // SVG path data
}

// RocketLayout lays the view out in two columns after the producer: the
// topics a message is stored in on its way (the normal topics, each
// group's %RETRY%, the delay levels, the timer wheel), then the groups and
// their %DLQ%. Two columns keep the picture narrow enough to read.
func RocketLayout(v rmq.View) RocketPicture {
	p := RocketPicture{Anchor: map[string]RocketPoint{}}
	offsets := groupOffsets(v)
	colTopic, colGroup := 160.0, 160.0+rqTopicW+90
	var yT, yG float64 = 20, 20
	topicBox := func(t rmq.TopicView, x float64, y *float64) {
		b := RocketBox{Key: "topic:" + t.Name, Kind: t.Kind, Name: t.Name, X: x, Y: *y, W: rqTopicW}
		b.Lanes = lanesOf(t, offsets, v)
		ly := *y + rqHeadH
		for i := range b.Lanes {
			b.Lanes[i].Y = ly
			p.Anchor["lane:"+t.Name+":"+itoa(b.Lanes[i].Queue)] = RocketPoint{x + rqTopicW/2, ly + rqLaneH/2}
			ly += b.Lanes[i].H
		}
		b.H = ly - *y + 8
		if len(b.Lanes) == 0 {
			b.H += 14 // room for "nothing waiting"
		}
		p.Anchor[b.Key] = RocketPoint{x + rqTopicW/2, *y + rqHeadH/2}
		*y += b.H + rqGap
		p.Boxes = append(p.Boxes, b)
	}
	for _, kind := range []string{"normal", "retry", "schedule", "timer"} {
		for _, t := range v.Topics {
			if t.Kind == kind && (kind == "normal" || kind == "retry" || everUsed(t)) {
				topicBox(t, colTopic, &yT)
			}
		}
	}
	for _, g := range v.Groups {
		b := groupBox(g, colGroup, yG)
		yG += b.H + rqGap
		p.Anchor[b.Key] = RocketPoint{b.X + 10, b.Y + b.H/2}
		p.Boxes = append(p.Boxes, b)
	}
	for _, t := range v.Topics {
		if t.Kind == "dlq" {
			topicBox(t, colGroup, &yG)
		}
	}
	p.Boxes = append(p.Boxes, RocketBox{Key: "producer", Kind: "producer", Name: "Producer", X: 16, Y: 20, W: 110, H: 56})
	p.Anchor["producer"] = RocketPoint{120, 48}
	p.Edges = rocketEdges(p, v)
	for _, b := range p.Boxes {
		p.W = max(p.W, b.X+b.W+16)
	}
	p.H = max(yT, yG) + 10
	return p
}

// everUsed: a system topic is drawn once something was stored in it.
func everUsed(t rmq.TopicView) bool {
	for _, q := range t.Queues {
		if q.MaxOffset > 0 {
			return true
		}
	}
	return false
}

// groupOffsets is, per "topic:queue", the consume offsets of the groups
// reading it, in group order.
func groupOffsets(v rmq.View) map[string][]rmq.QueueProgress {
	out := map[string][]rmq.QueueProgress{}
	for _, g := range v.Groups {
		for _, qp := range g.Progress {
			k := qp.Topic + ":" + itoa(qp.QueueID)
			out[k] = append(out[k], qp)
		}
	}
	return out
}

func lanesOf(t rmq.TopicView, offsets map[string][]rmq.QueueProgress, v rmq.View) []RocketLane {
	var lanes []RocketLane
	for _, q := range t.Queues {
		ln := RocketLane{Topic: t.Name, Queue: q.ID, Label: "q" + itoa(q.ID), H: rqLaneH}
		progress := offsets[t.Name+":"+itoa(q.ID)]
		waiting := t.Kind == "schedule" || t.Kind == "timer"
		if t.Kind == "schedule" {
			ln.Label = "L" + itoa(q.ID+1)
		}
		var chips []RocketChip
		for _, m := range q.Messages {
			if waiting && m.Due == 0 {
				continue // released: it has left for its real topic
			}
			done := len(progress) > 0
			for _, qp := range progress {
				done = done && m.Offset < qp.ConsumerOffset
			}
			chips = append(chips, RocketChip{MsgID: m.MsgID, Label: chipLabel(m), Done: done, Due: m.Due, RT: m.ReconsumeTimes})
		}
		total := max(len(chips), q.Waiting) // waiting copies: the first are drawn
		if !waiting {
			total = max(len(chips), int(q.MaxOffset-q.MinOffset)) // stored copies: the last are drawn
			chips = chips[max(len(chips)-rqMaxChip, 0):]
		}
		ln.Chips = chips[:min(len(chips), rqMaxChip)]
		ln.More = total - len(ln.Chips)
		switch {
		case len(progress) > 0:
			qp := progress[0]
			ln.Group = qp.Track
			ln.Offsets = itoa(int(qp.ConsumerOffset)) + "/" + itoa(int(qp.BrokerOffset))
		case !waiting:
			ln.Offsets = "max " + itoa(int(q.MaxOffset))
		}
		for _, g := range v.Groups {
			for i, bq := range g.Blocked {
				if bq.Topic == t.Name && bq.QueueID == q.ID {
					ln.Blocked, ln.H = &g.Blocked[i], rqLaneH+16
				}
			}
		}
		if waiting && len(ln.Chips) == 0 && t.Kind == "schedule" {
			continue // an empty delay level is left out: 18 lanes would hide the ones in use
		}
		lanes = append(lanes, ln)
	}
	return lanes
}

func chipLabel(m rmq.MessageView) string {
	label := m.Body
	if len(m.Keys) > 0 {
		label = m.Keys[0]
	}
	if r := []rune(label); len(r) > 10 {
		label = string(r[:9]) + "…"
	}
	return label
}

func groupBox(g rmq.GroupView, x, y float64) RocketBox {
	b := RocketBox{Key: "group:" + g.Name, Kind: "group", Name: g.Name, X: x, Y: y, W: rqGroupW}
	mode := strings.ToLower(g.Mode)
	if g.Orderly {
		mode += " · orderly"
	} else {
		mode += " · concurrent"
	}
	b.Facts = []string{mode + " · " + string(g.Client)}
	holds := map[string][]string{}
	var order []string
	for _, qp := range g.Progress {
		if qp.Consumer == "" {
			continue
		}
		if _, ok := holds[qp.Consumer]; !ok {
			order = append(order, qp.Consumer)
		}
		holds[qp.Consumer] = append(holds[qp.Consumer], qp.Topic+" "+itoa(qp.QueueID))
	}
	for _, c := range g.Consumers {
		b.Consumers = append(b.Consumers, RocketConsumerRow{ID: c, Holds: strings.Join(holds[c], ", ")})
	}
	b.Blocked = len(g.Blocked) > 0
	b.H = rqHeadH + 16 + float64(max(len(b.Consumers), 1))*18 + 8
	return b
}

// rocketEdges joins the boxes: the producer to each topic, each topic to
// the groups reading it, and each group to where its failures go.
func rocketEdges(p RocketPicture, v rmq.View) []RocketEdge {
	box := map[string]RocketBox{}
	for _, b := range p.Boxes {
		box[b.Key] = b
	}
	var out []RocketEdge
	add := func(from, to, kind string) {
		a, okA := box[from]
		b, okB := box[to]
		if okA && okB {
			out = append(out, RocketEdge{From: from, To: to, Kind: kind, Path: edgePath(a, b)})
		}
	}
	for _, b := range p.Boxes {
		if b.Kind == "normal" {
			add("producer", b.Key, "send")
		}
	}
	for _, g := range v.Groups {
		seen := map[string]bool{}
		for _, qp := range g.Progress {
			if !seen[qp.Topic] {
				seen[qp.Topic] = true
				add("topic:"+qp.Topic, "group:"+g.Name, "subscribe")
			}
		}
		add("group:"+g.Name, "topic:"+rmq.ScheduleTopic, "retry")
		add("group:"+g.Name, "topic:"+rmq.DLQTopic(g.Name), "dlq")
	}
	for _, t := range v.Topics {
		if t.Kind == "retry" {
			add("topic:"+rmq.ScheduleTopic, "topic:"+t.Name, "release")
		}
	}
	return dropBackEdges(out)
}

// dropBackEdges keeps one edge per pair of boxes.
func dropBackEdges(es []RocketEdge) []RocketEdge {
	out := es[:0]
	seen := map[string]bool{}
	for _, e := range es {
		k := e.From + ">" + e.To
		if !seen[k] {
			seen[k] = true
			out = append(out, e)
		}
	}
	return out
}

// edgePath is a curve from the side of a facing the other box to the side
// of b facing it.
func edgePath(a, b RocketBox) string {
	if a.X == b.X { // one column: a loop out on its right
		x, ay, by := a.X+a.W, a.Y+min(a.H/2, 40), b.Y+min(b.H/2, 40)
		return "M" + ftoa(x) + "," + ftoa(ay) + " C" + ftoa(x+70) + "," + ftoa(ay) + " " + ftoa(x+70) + "," + ftoa(by) + " " + ftoa(x) + "," + ftoa(by)
	}
	ax, bx := a.X+a.W, b.X
	if b.X+b.W/2 < a.X+a.W/2 {
		ax, bx = a.X, b.X+b.W
	}
	ay, by := a.Y+min(a.H/2, 40), b.Y+min(b.H/2, 40)
	mid := (ax + bx) / 2
	return "M" + ftoa(ax) + "," + ftoa(ay) + " C" + ftoa(mid) + "," + ftoa(ay) + " " + ftoa(mid) + "," + ftoa(by) + " " + ftoa(bx) + "," + ftoa(by)
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }
