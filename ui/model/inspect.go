package model

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/dlxlab/dlxlab/core"
)

// The inspector: a queue's messages (a window of them: a queue can hold
// 100,000), a message's properties, headers, x-death table and history.

// Select selects a queue ("queue", name), an exchange ("exchange", name)
// or nothing ("", "").
func (s *Session) Select(kind, name string) {
	s.sel = Selection{Kind: kind, Name: name}
}

// SelectMessage selects a message copy (the instance) of a lineage, seen
// in queue at position (0 = head; -1 if not known, e.g. held).
func (s *Session) SelectMessage(queue string, lineage, instance uint64, position int) {
	s.sel = Selection{Kind: "message", Name: queue, Lineage: lineage, Instance: instance, Position: position}
}

// Selection is what is selected.
func (s *Session) Selection() Selection { return s.sel }

// SetSelection restores a selection (from a link or an autosave).
func (s *Session) SetSelection(sel Selection) { s.sel = sel }

// QueueDetail is the inspector's view of a queue.
type QueueDetail struct {
	Name      string
	Type      string
	Ready     int
	Unacked   int
	Policy    string
	Args      []KV
	Config    []KV // effective settings and where each came from
	Consumers []Badge
	From      int         // index of the first message in Messages
	Messages  []MsgRow    // the window asked for
	Held      []HeldRow   // unacked deliveries from this queue
	Handoff   *HandoffRow // a copy on its way to a consumer (stepping: handoff.go)
	Drops     map[string]int
	Exists    bool
}

// KV is a key and a value, for tables.
type KV struct{ K, V string }

// MsgRow is one ready message in a queue.
type MsgRow struct {
	Position    int // 0 = the head
	Lineage     uint64
	Instance    uint64
	Body        string
	Key         string
	Deaths      int64 // sum of x-death counts
	ExpiresAt   core.Time
	ExpiresIn   core.Time // ExpiresAt - now (may be ≤ 0: overdue, waiting to reach the head)
	HasTTL      bool
	Blocked     bool // its time comes before an earlier message's: it waits for it
	Redelivered bool
	Selected    bool
}

// HeldRow is an unacked delivery: who holds it and whether the learner
// settles it (by hand) or the script does.
type HeldRow struct {
	Consumer string // "" for basic.get
	Tag      uint64
	Lineage  uint64
	Instance uint64
	Body     string
	Since    core.Time
	ByHand   bool
	Selected bool
}

// QueueDetail describes a queue with count messages from index from.
func (s *Session) QueueDetail(name string, from, count int) QueueDetail {
	defer s.atEvent()()
	v, ok := s.b.Queue(name)
	d := QueueDetail{Name: name, Exists: ok}
	if !ok {
		return d
	}
	d.Type, d.Ready, d.Unacked, d.Policy = string(v.Type), v.Ready, v.Unacked, v.Policy
	for _, k := range v.Args.SortedKeys() {
		d.Args = append(d.Args, KV{k, FormatValue(v.Args[k])})
	}
	d.Config = configRows(v.Config)
	for _, tag := range v.Consumers {
		d.Consumers = append(d.Consumers, s.badge(name, tag))
	}
	from = max(0, min(from, v.Ready-1))
	d.From = from
	now := s.b.Now()
	if count > 0 && v.Ready > 0 {
		rows, _ := s.b.MessagesRange(name, from, count)
		for _, mv := range rows {
			r := MsgRow{Position: mv.Position, Lineage: mv.Msg.Lineage, Instance: mv.Instance, Body: mv.Msg.Body,
				Key: mv.Msg.RoutingKey(), Redelivered: mv.Redelivered}
			for _, dt := range mv.Msg.Deaths() {
				r.Deaths += dt.Count
			}
			if mv.ExpiresAt != core.Never {
				r.HasTTL, r.ExpiresAt, r.ExpiresIn = true, mv.ExpiresAt, mv.ExpiresAt-now
			}
			r.Blocked = mv.Blocked
			r.Selected = s.sel.Kind == "message" && s.sel.Instance == mv.Instance
			d.Messages = append(d.Messages, r)
		}
	}
	byHand := map[string]bool{}
	for _, b := range d.Consumers {
		byHand[b.Name] = b.ByHand
	}
	for _, u := range s.b.Unacked() {
		if u.Queue != name {
			continue
		}
		hand := byHand[u.Consumer] || u.Consumer == "" && u.Channel == core.GetChannel
		d.Held = append(d.Held, HeldRow{Consumer: u.Consumer, Tag: u.Tag, Lineage: u.Msg.Lineage, Instance: u.Instance,
			Body: u.Msg.Body, Since: u.At, ByHand: hand && s.heldByHand(u.Instance),
			Selected: s.sel.Kind == "message" && s.sel.Instance == u.Instance})
	}
	d.Handoff = s.handoff(name)
	d.Drops = map[string]int{}
	for reason, n := range s.ob.drops[name] {
		d.Drops[reason] = n
	}
	return d
}

// heldByHand reports a delivery the consumer's script holds (action
// hold), i.e. one the learner settles. A delivery with a pending scripted
// action (a delay) is the script's.
func (s *Session) heldByHand(instance uint64) bool {
	od, ok := s.ob.open[instance]
	return ok && (od.action == core.ActHold || od.action == "")
}

func configRows(c core.ConfigView) []KV {
	var out []KV
	if c.HasDLX {
		dlx := c.DLX
		if dlx == "" {
			dlx = `"" (default exchange)`
		}
		out = append(out, KV{"dead-letter-exchange", dlx + " ← " + c.DLXFrom})
	}
	if c.HasDLRoutingKey {
		out = append(out, KV{"dead-letter-routing-key", c.DLRoutingKey + " ← " + c.DLRoutingFrom})
	}
	if c.MessageTTL >= 0 {
		out = append(out, KV{"message-ttl", FormatDuration(core.Time(c.MessageTTL))})
	}
	if c.Expires >= 0 {
		out = append(out, KV{"expires", FormatDuration(core.Time(c.Expires))})
	}
	if c.MaxLength >= 0 {
		out = append(out, KV{"max-length", strconv.FormatInt(c.MaxLength, 10)})
	}
	if c.MaxLengthBytes >= 0 {
		out = append(out, KV{"max-length-bytes", strconv.FormatInt(c.MaxLengthBytes, 10)})
	}
	if c.Overflow != "" && (c.MaxLength >= 0 || c.MaxLengthBytes >= 0) {
		out = append(out, KV{"overflow", c.Overflow + " ← " + c.OverflowFrom})
	}
	if c.DeliveryLimit >= 0 {
		out = append(out, KV{"delivery-limit", strconv.FormatInt(c.DeliveryLimit, 10)})
	}
	if c.MaxPriority >= 0 {
		out = append(out, KV{"max-priority", strconv.FormatInt(c.MaxPriority, 10)})
	}
	return out
}

// MessageDetail is the inspector's view of a message.
type MessageDetail struct {
	Found      bool // the message was seen in this run
	Gone       bool // it is no longer in the broker (shown as last seen)
	Lineage    uint64
	Instance   uint64
	Where      string // "ready in q (position 3)", "unacked by c", "gone"
	WhereKey   string // catalogue key for Where
	WhereArgs  []string
	Body       string
	Exchange   string
	RoutingKey string
	Props      []KV
	Headers    []KV // headers other than x-death
	XDeath     []XDeathRow
	History    []HistoryItem
	Held       *HeldRow
	// Received is set when a consumer's delivery is open: the headers
	// above are as delivered, and it says what the consumer did.
	Received *ReceivedRow
}

// XDeathRow is one x-death entry, as the broker wrote it, with whether
// it just changed (Changed: its count ticked; New: it just appeared).
type XDeathRow struct {
	Key                     string // queue|reason, as HistoryItem.Death
	Events                  int    // the history lines that made or counted it up
	Marked                  bool   // the learner asked where it came from
	Queue, Reason, Exchange string
	Count                   int64
	RoutingKeys             string
	Time                    string
	OrigExpiration          string
	Changed, New            bool
}

// HistoryItem is one line of a message's story. Key is a catalogue key
// whose placeholders Args fill; the UI translates it.
type HistoryItem struct {
	T    core.Time
	Key  string
	Args []string
	Seq  uint64 // the event it tells
	// Death is the x-death entry (queue|reason) a dead-lettering made or
	// counted up; Marked: the learner asked where that entry came from.
	Death  string
	Marked bool
}

// MessageDetail describes the selected message: the copy selected if it
// is still in the broker, else the newest copy of its lineage.
func (s *Session) MessageDetail() MessageDetail {
	defer s.atEvent()()
	if s.sel.Kind == SelReceived {
		return s.receivedDetail()
	}
	md := MessageDetail{Lineage: s.sel.Lineage}
	if s.sel.Kind != "message" {
		return md
	}
	msg, headers := s.locate(&md)
	md.History = s.History(s.sel.Lineage)
	if msg == nil {
		md.WhereKey = "where.none"
		return md
	}
	md.Found = true
	md.Body, md.Exchange, md.RoutingKey = msg.Body, msg.Exchange, strings.Join(msg.Keys, ", ")
	md.Props = propRows(msg.Properties())
	for _, k := range headers.SortedKeys() {
		if k == core.HeaderXDeath {
			continue
		}
		md.Headers = append(md.Headers, KV{k, Shown(headers[k])})
	}
	md.XDeath = s.xdeathRows(md.Lineage, headers)
	s.linkDeaths(&md, ^uint64(0))
	return md
}

// locate finds the message's current copy and its headers: the selected
// copy if it is still in the broker, else the newest copy of its lineage
// (after dead-lettering a message is a new copy in another queue).
func (s *Session) locate(md *MessageDetail) (*core.Message, core.Table) {
	inst := s.sel.Instance
	if msg, h, ok := s.locateHandoff(md); ok {
		return msg, h
	}
	for _, u := range s.b.Unacked() {
		if u.Instance == inst {
			return s.held(md, u)
		}
	}
	if mv, ok := s.findReady(s.sel.Name, inst, s.sel.Position); ok {
		return s.ready(md, s.sel.Name, mv)
	}
	evs := s.lineageEvents(s.sel.Lineage)
	for i := len(evs) - 1; i >= 0; i-- {
		ev := &evs[i]
		if ev.Instance == 0 {
			continue
		}
		switch ev.Kind {
		case core.EvEnqueued, core.EvRequeued:
			if mv, ok := s.findReady(ev.Queue, ev.Instance, -1); ok {
				return s.ready(md, ev.Queue, mv)
			}
		case core.EvDelivered:
			for _, u := range s.b.Unacked() {
				if u.Instance == ev.Instance {
					return s.held(md, u)
				}
			}
		}
	}
	// Gone (acked, dropped, or not published yet in this replay): show it
	// as last seen, with the headers it last had.
	for i := len(evs) - 1; i >= 0; i-- {
		ev := &evs[i]
		md.Gone = true
		md.Instance = ev.Instance
		where := ev.Queue
		if where == "" {
			where = exName(ev.Exchange)
		}
		md.WhereKey, md.WhereArgs = "where.gone", []string{ev.Kind.String(), where, FormatClock(ev.T)}
		for j := i; j >= 0; j-- { // the headers a consumer last saw
			if d := &evs[j]; d.Kind == core.EvDelivered && d.Msg == ev.Msg {
				return ev.Msg, d.Headers
			}
		}
		return ev.Msg, s.b.MessageHeaders(ev.Msg)
	}
	return nil, nil
}

func (s *Session) ready(md *MessageDetail, queue string, mv core.MessageView) (*core.Message, core.Table) {
	md.Instance = mv.Instance
	md.WhereKey, md.WhereArgs = "where.ready", []string{queue, strconv.Itoa(mv.Position + 1)}
	return mv.Msg, mv.Headers
}

func (s *Session) held(md *MessageDetail, u core.DeliveryView) (*core.Message, core.Table) {
	md.Instance = u.Instance
	who := u.Consumer
	if who == "" {
		who = "basic.get"
	}
	md.WhereKey, md.WhereArgs = "where.unacked", []string{u.Queue, who}
	hr := HeldRow{Consumer: u.Consumer, Tag: u.Tag, Lineage: u.Msg.Lineage, Instance: u.Instance, Body: u.Msg.Body,
		Since: u.At, ByHand: s.heldByHand(u.Instance)}
	md.Held = &hr
	if od, ok := s.ob.open[u.Instance]; ok { // the headers the consumer saw on delivery
		return u.Msg, od.headers
	}
	return u.Msg, s.b.MessageHeaders(u.Msg)
}

// findReady finds a ready copy in a queue. Messages only move toward the
// head, so a known position (hint ≥ 0) bounds the search, and the copy is
// looked for there first. The rest of the queue is read from the head in
// growing pieces (a queue can hold 100,000, and each message read renders
// its headers), stopping where it is found.
func (s *Session) findReady(queue string, instance uint64, hint int) (core.MessageView, bool) {
	if queue == "" || instance == 0 {
		return core.MessageView{}, false
	}
	end := -1
	if hint >= 0 { // most often it is still there, or a little nearer the head
		end = hint + 1
		rows, _ := s.b.MessagesRange(queue, max(0, end-64), min(64, end))
		for _, mv := range rows {
			if mv.Instance == instance {
				return mv, true
			}
		}
		end = max(0, end-64)
	}
	for from, n := 0, 64; end < 0 || from < end; from, n = from+n, min(2*n, 4096) {
		if end >= 0 {
			n = min(n, end-from)
		}
		rows, _ := s.b.MessagesRange(queue, from, n)
		for _, mv := range rows {
			if mv.Instance == instance {
				return mv, true
			}
		}
		if len(rows) < n {
			break
		}
	}
	return core.MessageView{}, false
}

func propRows(p core.Properties) []KV {
	var out []KV
	add := func(k, v string) {
		if v != "" {
			out = append(out, KV{k, v})
		}
	}
	add("content_type", p.ContentType)
	add("content_encoding", p.ContentEncoding)
	if p.DeliveryMode != 0 {
		add("delivery_mode", strconv.Itoa(int(p.DeliveryMode)))
	}
	if p.HasPriority {
		add("priority", strconv.Itoa(int(p.Priority)))
	}
	add("correlation_id", p.CorrelationID)
	add("reply_to", p.ReplyTo)
	add("expiration", p.Expiration)
	add("message_id", p.MessageID)
	if p.HasTimestamp {
		add("timestamp", strconv.FormatInt(p.Timestamp, 10))
	}
	add("type", p.Type)
	add("user_id", p.UserID)
	add("app_id", p.AppID)
	return out
}

type xdState struct{ count int64 }

// xdeathRows renders the x-death header and marks what changed since the
// learner last saw it: a count that ticked, an entry that appeared. A
// mark lasts highlightFor of wall time (so the CSS animation can play).
func (s *Session) xdeathRows(lineage uint64, h core.Table) []XDeathRow {
	arr, _ := h[core.HeaderXDeath].([]any)
	if s.xdKey != lineage || s.xdSeen == nil {
		s.xdKey, s.xdSeen, s.xdMarked = lineage, map[string]xdState{}, map[string]time.Duration{}
		for _, v := range arr { // first look: nothing is "new"
			if t, ok := v.(core.Table); ok {
				c, _ := core.AsInteger(t["count"])
				s.xdSeen[xdKeyOf(t)] = xdState{count: c}
			}
		}
	}
	var rows []XDeathRow
	for _, v := range arr {
		t, ok := v.(core.Table)
		if !ok {
			continue
		}
		k := xdKeyOf(t)
		c, _ := core.AsInteger(t["count"])
		r := XDeathRow{Key: k, Queue: str(t["queue"]), Reason: str(t["reason"]), Exchange: Shown(t["exchange"]), Count: c,
			RoutingKeys: FormatValue(t["routing-keys"]), Time: FormatValue(t["time"]),
			OrigExpiration: str(t["original-expiration"])}
		prev, seen := s.xdSeen[k]
		switch {
		case !seen:
			s.xdMarked[k+"|new"] = s.wall
		case prev.count != c:
			s.xdMarked[k+"|changed"] = s.wall
		}
		s.xdSeen[k] = xdState{count: c}
		_, r.New = s.xdMarked[k+"|new"]
		_, r.Changed = s.xdMarked[k+"|changed"]
		rows = append(rows, r)
	}
	return rows
}

// Shown is a value as the inspector shows it: an empty string as "",
// so it is not mistaken for a missing value.
func Shown(v any) string {
	if s, ok := v.(string); ok && s == "" {
		return `""`
	}
	return FormatValue(v)
}

func xdKeyOf(t core.Table) string { return str(t["queue"]) + "|" + str(t["reason"]) }

func str(v any) string {
	if v == nil {
		return ""
	}
	return FormatValue(v)
}

// History tells a message's story from the events of its lineage.
func (s *Session) History(lineage uint64) []HistoryItem {
	defer s.atEvent()()
	var out []HistoryItem
	var cur uint64 // the event being told
	add := func(t core.Time, key string, args ...string) {
		out = append(out, HistoryItem{T: t, Key: key, Args: args, Seq: cur})
	}
	for _, ev := range s.lineageEvents(lineage) {
		cur = ev.Seq
		switch ev.Kind {
		case core.EvPublished:
			if ev.Msg.Deaths() == nil || len(out) == 0 {
				add(ev.T, "hist.published", exName(ev.Exchange), ev.Msg.RoutingKey())
			} else {
				add(ev.T, "hist.republished", exName(ev.Exchange), ev.Msg.RoutingKey())
			}
			for _, q := range ev.Targets {
				add(ev.T, "hist.routed", s.bindingKey(ev.Exchange, q, ev.Msg.RoutingKey()), q)
			}
			if len(ev.Targets) == 0 {
				add(ev.T, "hist.unroutable", exName(ev.Exchange))
			}
		case core.EvDelivered:
			who := ev.Consumer
			if who == "" {
				who = "basic.get"
			}
			key := "hist.delivered"
			if ev.Redelivered {
				key = "hist.redelivered"
			}
			if ev.Action == core.ActHold { // a consumer by hand: no script, the learner settles
				add(ev.T, key+".byhand", ev.Queue, who)
				break
			}
			add(ev.T, key, ev.Queue, who, ev.Action)
		case core.EvAcked:
			add(ev.T, "hist.acked", ev.Queue)
		case core.EvRequeued:
			add(ev.T, "hist.requeued", ev.Queue)
		case core.EvExpired:
			add(ev.T, "hist.expired", ev.Queue)
		case core.EvDeadLettered:
			add(ev.T, "hist.deadlettered", ev.Queue, ev.Reason, exName(ev.Exchange), ev.Detail, strings.Join(ev.Targets, ", "))
			out[len(out)-1].Death = ev.Queue + "|" + ev.Reason
		case core.EvDropped:
			where := ev.Queue
			if where == "" {
				where = exName(ev.Exchange)
			}
			add(ev.T, "hist.dropped", where, ev.Reason, ev.Detail)
		case core.EvReturned:
			add(ev.T, "hist.returned", exName(ev.Exchange))
		case core.EvPublishRejected:
			add(ev.T, "hist.refused", ev.Queue)
		}
	}
	return out
}

func exName(x string) string {
	if x == "" {
		return DefaultExchange
	}
	return x
}

// DefaultExchange stands for the exchange named "" where a text names an
// exchange; the UI shows it in words in the page's language.
const DefaultExchange = `"" (default exchange)`

// bindingKey names the binding that routed to a queue: the default
// exchange's implicit one, or the scenario's bindings from x to q.
func (s *Session) bindingKey(x, q, key string) string {
	if x == "" {
		return q
	}
	var keys []string
	for _, b := range s.b.Bindings() {
		if b.Source == x && b.Destination == q && b.DestinationType == "queue" {
			keys = append(keys, b.RoutingKey)
		}
	}
	if len(keys) == 1 {
		return keys[0]
	}
	return key
}

// ExchangeDetail is the inspector's view of an exchange.
type ExchangeDetail struct {
	Name, Type, Alternate, Policy string
	Internal, Exists              bool
	Args                          []KV
	Bindings                      []KV // destination, key
}

// ExchangeDetail describes an exchange.
func (s *Session) ExchangeDetail(name string) ExchangeDetail {
	defer s.atEvent()()
	d := ExchangeDetail{Name: name}
	for _, x := range s.b.Exchanges() {
		if x.Name != name {
			continue
		}
		d.Exists, d.Type, d.Alternate, d.Policy, d.Internal = true, x.Type, x.Alternate, x.Policy, x.Internal
		for _, k := range x.Args.SortedKeys() {
			d.Args = append(d.Args, KV{k, FormatValue(x.Args[k])})
		}
	}
	for _, b := range s.b.Bindings() {
		if b.Source == name {
			d.Bindings = append(d.Bindings, KV{b.DestinationType + " " + b.Destination, b.RoutingKey})
		}
	}
	return d
}

// EventLine is one recent event for the log.
type EventLine struct {
	T      core.Time
	Kind   string
	Queue  string
	Body   string
	Reason string
	Text   string // Event.String(), for the title attribute
	// Lineage and Instance name the message the event concerns (0: none),
	// so the inspector can open it.
	Lineage, Instance uint64
}

// RecentEvents lists the last n events that moved a message (at most
// EventWindow back: the events the session keeps whole).
func (s *Session) RecentEvents(n int) []EventLine {
	win := &s.ob.win
	hidden := s.hiddenFrom()
	var out []EventLine
	for i := win.len() - 1; i >= 0 && len(out) < n; i-- {
		ev := win.at(i)
		if ev.Kind == core.EvTopology || ev.Seq >= hidden {
			continue
		}
		l := EventLine{T: ev.T, Kind: ev.Kind.String(), Queue: ev.Queue, Reason: ev.Reason}
		if ev.Queue == "" && ev.Exchange != "" {
			l.Queue = ev.Exchange
		}
		if ev.Msg != nil {
			l.Body, l.Lineage, l.Instance = ev.Msg.Body, ev.Msg.Lineage, ev.Instance
		}
		if ev.Kind == core.EvError || ev.Kind == core.EvLimit || ev.Kind == core.EvCycle {
			l.Reason = ev.Detail
		}
		out = append(out, l)
	}
	return out
}

// sortedNames returns a map's keys in order.
func sortedNames[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func formatInt(n int64) string { return strconv.FormatInt(n, 10) }

// StepLine is one scenario step for the step list.
type StepLine struct {
	Index int
	T     core.Time // when it runs (a wait: when it starts)
	Kind  string
	Text  string // scenarios.Step.Detail: the trace line without the kind
	Done  bool
}

// StepList lists the scenario's steps (at most max) with their times and
// whether they have run.
func (s *Session) StepList(limit int) []StepLine {
	var out []StepLine
	for i, st := range s.sc.Steps {
		if i == limit {
			break
		}
		l := StepLine{Index: i, T: s.starts[i], Kind: st.Kind(), Text: st.Detail(), Done: s.started && i < s.runner.Next()}
		out = append(out, l)
	}
	return out
}
