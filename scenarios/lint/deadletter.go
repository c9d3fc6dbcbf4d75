package lint

import (
	"slices"
	"strconv"
	"strings"

	"github.com/dlxlab/dlxlab/core"
)

// dlxMissing: the DLX a queue names does not exist, so every dead letter
// of the queue is dropped without a trace (declaring the queue succeeded:
// the broker does not check). One finding per missing exchange.
func dlxMissing(t *topology) []Finding {
	byDLX := map[string][]string{}
	var order []string
	for _, q := range t.queues {
		c := q.Config
		if !c.HasDLX {
			continue
		}
		if _, ok := t.exchanges[c.DLX]; ok {
			continue
		}
		if byDLX[c.DLX] == nil {
			order = append(order, c.DLX)
		}
		byDLX[c.DLX] = append(byDLX[c.DLX], q.Name)
	}
	var out []Finding
	for _, x := range order {
		qs := byDLX[x]
		objs := []Object{exchangeObj(x)}
		for _, q := range qs {
			objs = append(objs, queueObj(q))
		}
		f := finding("dlx-missing", Error, objs,
			"Dead-letter exchange '%[1]s' does not exist: every message rejected, expired or pushed out of %[2]s is dropped silently (no error, no return, no log).",
			"死信交换机 '%[1]s' 不存在：%[2]s 中被拒绝、过期或被挤出的消息都会被静默丢弃（没有错误、没有退回、没有日志）。",
			x, quote(qs))
		f.Via = &Via{Key: qs[0]}
		out = append(out, f)
	}
	return out
}

// dlxUnroutable: the DLX exists but no binding matches the keys the dead
// letters carry (the dead-letter routing key, else the keys they arrived
// with, CC and BCC included), or, through a headers exchange, the headers
// they carry (the client's, and the death headers the version writes), so
// they are dropped silently. A route a client header the checker cannot
// see might open counts neither way.
func dlxUnroutable(t *topology) []Finding {
	var out []Finding
	for _, q := range t.queues {
		var lost, kept []deadRoute
		for _, r := range t.dead[q.Name] {
			if !r.HasDLX || !r.DLXExists || r.unknown {
				continue
			}
			if len(r.Targets) == 0 {
				lost = append(lost, r)
			} else {
				kept = append(kept, r)
			}
		}
		if len(lost) == 0 {
			continue
		}
		f := unroutableFinding(t, q.Name, lost, len(kept) > 0)
		via := lost[0].from.via
		via.Reason = lost[0].reason
		f.Via = &via
		out = append(out, f)
	}
	return out
}

// unroutableFinding words the finding: by routing key, or for a headers
// DLX by what the dead letters carry and why they died.
func unroutableFinding(t *topology, q string, lost []deadRoute, some bool) Finding {
	r := lost[0]
	objs := []Object{queueObj(q), exchangeObj(r.DLX)}
	if t.exchanges[r.DLX].Type == core.Headers {
		var deaths []string
		for _, l := range lost {
			if !slices.Contains(deaths, l.reason) {
				deaths = append(deaths, l.reason)
			}
		}
		sev, en, zh := Error,
			"Dead letters of '%[1]s' (reason %[3]s) go to headers exchange '%[2]s', and no binding of '%[2]s' matches the headers they carry (x-first-death-queue '%[1]s', x-first-death-reason and the client's headers): they are dropped silently.",
			"'%[1]s' 的死信（原因 %[3]s）进入 headers 交换机 '%[2]s'，但 '%[2]s' 没有任何绑定匹配它们携带的头（x-first-death-queue '%[1]s'、x-first-death-reason 以及客户端的头）：它们会被静默丢弃。"
		if some {
			sev, en, zh = Warning,
				"Some dead letters of '%[1]s' are lost: those that died with reason %[3]s match no binding of headers exchange '%[2]s' (x-first-death-queue '%[1]s', x-first-death-reason and the client's headers) and are dropped silently; others do route.",
				"'%[1]s' 的部分死信会丢失：原因为 %[3]s 的死信与 headers 交换机 '%[2]s' 的任何绑定都不匹配（x-first-death-queue '%[1]s'、x-first-death-reason 以及客户端的头），被静默丢弃；其他死信可以路由。"
		}
		return finding("dlx-unroutable", sev, objs, en, zh, q, r.DLX, strings.Join(deaths, ", "))
	}
	sev, en, zh := Error,
		"Dead letters of '%[1]s' are republished to '%[2]s' with routing key %[3]s, which no binding of '%[2]s' matches: they are dropped silently.",
		"'%[1]s' 的死信以路由键 %[3]s 重新发布到 '%[2]s'，但 '%[2]s' 没有任何绑定匹配：它们会被静默丢弃。"
	if some {
		sev, en, zh = Warning,
			"Some dead letters of '%[1]s' are lost: republished to '%[2]s' with routing key %[3]s, they match no binding and are dropped silently (others do route).",
			"'%[1]s' 的部分死信会丢失：以路由键 %[3]s 重新发布到 '%[2]s' 时没有匹配的绑定，被静默丢弃（其他键可以路由）。"
	}
	var keys []string
	for _, l := range lost {
		if k := quote(l.Keys); k != "" && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		keys = []string{"(any)"}
	}
	return finding("dlx-unroutable", sev, objs, en, zh, q, r.DLX, strings.Join(keys, " / "))
}

// deadLetterCycle: dead letters go round a loop of queues in which nothing
// rejects (messages only expire or overflow); the broker's cycle detection
// then drops them at the point they would come back, without a log line
// per message. A queue without a TTL is taken to be left by rejections
// (a consumer), which keeps the loop going, as a retry loop intends.
func deadLetterCycle(t *topology) []Finding {
	var out []Finding
	for _, scc := range t.components(t.passive) {
		objs := []Object{}
		for _, q := range scc {
			objs = append(objs, queueObj(q))
		}
		f := finding("dead-letter-cycle", Error, objs,
			"Dead letters loop through %[1]s with no 'rejected' death on the way: RabbitMQ's cycle detection drops them when they would come back, silently (one log line per distinct loop).",
			"死信在 %[1]s 之间循环，途中没有 'rejected' 死亡记录：RabbitMQ 的循环检测会在消息回到原处时将其静默丢弃（每个不同的循环只记一条日志）。",
			quote(scc))
		f.Via = &Via{Key: scc[0]}
		out = append(out, f)
	}
	return out
}

// passive: messages leave q only by expiring or overflowing (nothing
// rejects them there).
func (t *topology) passive(q string) bool {
	if t.fromDefinitions() {
		return t.queue[q].Config.MessageTTL >= 0
	}
	return !t.rejects(q)
}

// components lists the loops of the dead-letter graph made only of queues
// keep accepts (strongly connected components with a cycle), each in
// declaration order, ordered by their first queue. Tarjan's algorithm:
// linear in queues and dead-letter routes, so a 10,000-queue export is
// read at once.
func (t *topology) components(keep func(string) bool) [][]string {
	order := map[string]int{}
	for i, q := range t.queues {
		order[q.Name] = i
	}
	reach := map[string][]string{}
	for _, q := range t.queues {
		if !keep(q.Name) {
			continue
		}
		for _, x := range t.targetsOf(q.Name) {
			if keep(x) {
				reach[q.Name] = append(reach[q.Name], x)
			}
		}
	}
	tj := tarjan{reach: reach, index: map[string]int{}, low: map[string]int{}, on: map[string]bool{}}
	for _, q := range t.queues {
		if _, seen := tj.index[q.Name]; !seen && keep(q.Name) {
			tj.visit(q.Name)
		}
	}
	var out [][]string
	for _, scc := range tj.sccs {
		if len(scc) == 1 && !slices.Contains(reach[scc[0]], scc[0]) {
			continue // a queue on no loop
		}
		slices.SortFunc(scc, func(a, b string) int { return order[a] - order[b] })
		out = append(out, scc)
	}
	slices.SortFunc(out, func(a, b []string) int { return order[a[0]] - order[b[0]] })
	return out
}

// tarjan finds strongly connected components.
type tarjan struct {
	reach      map[string][]string
	index, low map[string]int
	on         map[string]bool
	stack      []string
	next       int
	sccs       [][]string
}

func (tj *tarjan) visit(v string) {
	tj.index[v], tj.low[v] = tj.next, tj.next
	tj.next++
	tj.stack = append(tj.stack, v)
	tj.on[v] = true
	for _, w := range tj.reach[v] {
		if _, seen := tj.index[w]; !seen {
			tj.visit(w)
			tj.low[v] = min(tj.low[v], tj.low[w])
		} else if tj.on[w] {
			tj.low[v] = min(tj.low[v], tj.index[w])
		}
	}
	if tj.low[v] != tj.index[v] {
		return
	}
	var scc []string
	for {
		w := tj.stack[len(tj.stack)-1]
		tj.stack = tj.stack[:len(tj.stack)-1]
		tj.on[w] = false
		scc = append(scc, w)
		if w == v {
			break
		}
	}
	tj.sccs = append(tj.sccs, scc)
}

// declareRefused: the broker of this version refuses part of the topology,
// so importing the definitions fails there. Mirroring policies have their
// own finding.
func declareRefused(t *topology) []Finding {
	var out []Finding
	for _, e := range t.errors {
		obj, ok := t.objectAt(e.Where)
		if !ok {
			continue
		}
		if obj.Kind == "policy" && t.mirroring(obj.Name) {
			continue
		}
		out = append(out, finding("declare-refused", Error, []Object{obj},
			"RabbitMQ %[1]s refuses %[2]s '%[3]s': %[4]s",
			"RabbitMQ %[1]s 拒绝了%[5]s '%[3]s'：%[4]s",
			versionOf(t.profile), obj.Kind, obj.Name, e.Text, kindZH[obj.Kind]))
	}
	return out
}

// objectAt names the entity of a setup error's place ("queues[3]").
func (t *topology) objectAt(where string) (Object, bool) {
	list, idx, ok := strings.Cut(strings.TrimSuffix(where, "]"), "[")
	if !ok {
		return Object{}, false
	}
	i, err := strconv.Atoi(idx)
	if err != nil || i < 0 {
		return Object{}, false
	}
	sc := t.sc
	switch {
	case list == "queues" && i < len(sc.Queues):
		return queueObj(sc.Queues[i].Name), true
	case list == "exchanges" && i < len(sc.Exchanges):
		return exchangeObj(sc.Exchanges[i].Name), true
	case list == "policies" && i < len(sc.Policies):
		return policyObj(sc.Policies[i].Name), true
	case list == "bindings" && i < len(sc.Bindings):
		return exchangeObj(sc.Bindings[i].Source), true
	}
	return Object{}, false
}

// kindZH names object kinds in Chinese texts.
var kindZH = map[string]string{"queue": "队列", "exchange": "交换机", "policy": "策略"}

// versionOf is the broker version a profile stands for, for texts.
func versionOf(p core.Profile) string {
	return strings.TrimPrefix(string(p), "rabbitmq-")
}
