package lint

import "strings"

// exchangeUnroutable: an exchange of the topology with no binding and no
// alternate exchange, that no queue uses as its DLX: everything published
// to it is dropped (or returned, with mandatory). The unroutable counters
// are the only trace.
func exchangeUnroutable(t *topology) []Finding {
	used := map[string]bool{}
	for _, q := range t.queues {
		if q.Config.HasDLX {
			used[q.Config.DLX] = true
		}
	}
	for _, x := range t.exchanges {
		if x.Alternate != "" {
			used[x.Alternate] = true
		}
	}
	for _, bd := range t.bindings {
		used[bd.Source] = true
		if bd.DestinationType == "exchange" {
			used[bd.Destination] = true
		}
	}
	var out []Finding
	for _, x := range t.sc.Exchanges {
		v, ok := t.exchanges[x.Name]
		if !ok || used[x.Name] || v.Alternate != "" || strings.HasPrefix(x.Name, "amq.") {
			continue
		}
		f := finding("exchange-unroutable", Warning, []Object{exchangeObj(x.Name)},
			"Exchange '%[1]s' has no bindings and no alternate exchange: every message published to it is dropped (returned only with mandatory). Watch rabbitmq_global_messages_unroutable_dropped_total.",
			"交换机 '%[1]s' 没有任何绑定，也没有备用交换机：发布到它的每条消息都会被丢弃（只有设置 mandatory 才会退回）。请监控 rabbitmq_global_messages_unroutable_dropped_total。",
			x.Name)
		f.Via = &Via{Exchange: x.Name}
		out = append(out, f)
	}
	return out
}

// alternateMissing: an exchange names an alternate exchange that does not
// exist, so what it cannot route is dropped anyway.
func alternateMissing(t *topology) []Finding {
	var out []Finding
	for _, x := range t.sc.Exchanges {
		v, ok := t.exchanges[x.Name]
		if !ok || v.Alternate == "" {
			continue
		}
		if _, exists := t.exchanges[v.Alternate]; exists {
			continue
		}
		out = append(out, finding("alternate-exchange-missing", Warning, []Object{exchangeObj(x.Name)},
			"Exchange '%[1]s' names alternate exchange '%[2]s', which does not exist: messages it cannot route are dropped instead of caught.",
			"交换机 '%[1]s' 指定的备用交换机 '%[2]s' 不存在：它无法路由的消息会被丢弃，而不是被接住。",
			x.Name, v.Alternate))
	}
	return out
}
