package ui

import (
	"maps"
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// The side panel: tabs for the inspector, building the topology,
// publishing, the scenario text (YAML, import, export) and the pictures.

func (h *Side) side(snap model.Snapshot) app.UI {
	tabs := []struct{ id, key string }{
		{tabInspect, "tab.inspect"}, {tabBuild, "tab.build"}, {tabPublish, "tab.publish"},
		{tabScenario, "tab.scenario"}, {tabCharts, "tab.charts"}, {tabFindings, "tab.findings"},
	}
	buttons := make([]app.UI, 0, len(tabs))
	for _, tb := range tabs {
		var badge app.UI = app.Text("")
		if tb.id == tabFindings {
			badge = h.findingsBadge()
		}
		if tb.id == tabInspect && snap.Errors > 0 {
			badge = app.Span().ID("error-badge").Class("dl-badge").Title(h.t("errors.title")).
				Text("⚠ " + strconv.Itoa(snap.Errors))
		}
		buttons = append(buttons, app.Button().ID("tab-"+tb.id).Class("dl-tab").Type("button").Role("tab").
			Aria("selected", h.tab == tb.id).Aria("controls", "panel-"+tb.id).
			OnClick(h.onTab, tb.id).Body(app.Span().Class("dl-tab-label").Text(h.t(tb.key)), badge))
	}
	var panel app.UI
	switch h.tab {
	case tabBuild:
		panel = &BuildPanel{page: h.page, Rev: h.rev}
	case tabPublish:
		panel = &PublishPanel{page: h.page, Rev: h.rev}
	case tabScenario:
		panel = &ScenarioEditor{page: h.page, Rev: h.rev}
	case tabCharts:
		panel = &Charts{page: h.page, Rev: h.rev}
	case tabFindings:
		panel = &FindingsPanel{S: h.s, Lang: h.lang, Changed: h.changed}
	default:
		panel = &Inspector{page: h.page, Rev: h.rev}
	}
	return app.Aside().ID("side").Class("dl-side").Body(
		app.If(h.share != "" || h.short.err != "", h.shareBar()),
		h.checkpointPanel(snap),
		app.Div().Class("dl-tabs").Role("tablist").Body(buttons...),
		app.Div().ID("panel-"+h.tab).Class("dl-panel").Role("tabpanel").Body(panel),
	)
}

func (h *Side) onTab(ctx app.Context, e app.Event) {
	id := ctx.JSSrc().Get("id").String()
	h.tab = id[len("tab-"):]
	if h.tab == tabScenario {
		h.text.yaml = h.s.YAML()
		h.text.yamlErrs = nil
	}
}

func (h *Side) shareBar() app.UI {
	closeBtn := app.Button().ID("share-close").Class("dl-button", "dl-button--icon").Type("button").
		Aria("label", h.t("close")).OnClick(func(ctx app.Context, e app.Event) { h.share, h.short.err = "", "" }).Text("×")
	if h.short.err != "" {
		return app.Div().ID("share-bar").Class("dl-sharebar", "dl-sharebar--error").Body(
			app.P().ID("share-error").Class("dl-form-error").Role("alert").Text(h.short.err),
			closeBtn,
		)
	}
	label := h.t("share.ready")
	if h.short.made {
		label = h.t("share.short.ready")
	}
	return app.Div().ID("share-bar").Class("dl-sharebar").Body(
		app.Label().For("share-link").Text(label),
		app.Input().ID("share-link").Class("dl-input", "dl-mono").ReadOnly(true).Value(h.share).
			OnFocus(func(ctx app.Context, e app.Event) { ctx.JSSrc().Call("select") }),
		closeBtn,
	)
}

// ---- inspector ----

const (
	rowH      = 32 // px, one message row (fixed: the list is virtualised)
	listRows  = 12 // rows visible in the list box
	listExtra = 6  // rows rendered above and below the visible ones
)

func (h *Inspector) inspectPanel(snap model.Snapshot) app.UI {
	sel := snap.Sel
	switch sel.Kind {
	case "queue":
		return h.queuePanel(sel.Name)
	case "exchange":
		return h.exchangePanel(sel.Name)
	case "message", model.SelReceived:
		return h.messagePanel()
	}
	var intro app.UI = app.Text("")
	if snap.Summary != "" || snap.SummaryZH != "" {
		intro = app.Div().ID("lesson-intro").Class("dl-intro").Body(
			app.H2().Text(h.local(snap.Title, snap.TitleZH)),
			app.P().Body(richText(h.local(snap.Summary, snap.SummaryZH))...),
		)
	}
	return app.Div().ID("inspect-none").Body(
		intro,
		app.P().Class("dl-help").Text(h.t("inspect.none")),
		h.errorList(),
		h.stepList(),
		h.recentEvents(),
	)
}

func (h *Inspector) queuePanel(name string) app.UI {
	from := max(h.listTop-listExtra, 0)
	d := h.s.QueueDetail(name, from, listRows+2*listExtra)
	if !d.Exists {
		return app.P().ID("inspect-queue").Class("dl-help").Text(h.t("inspect.gone", name))
	}
	return app.Div().ID("inspect-queue").DataSet("queue", name).Body(
		app.Div().Class("dl-inspect-head").Body(
			app.H2().Body(app.Span().Class("dl-kind").Text(h.t("node.queue")+" · "+d.Type), app.Text(" "),
				app.Span().Class("dl-name").Text(name)),
			app.Div().Class("dl-actions").Body(
				app.Button().ID("queue-edit").Class("dl-button", "dl-button--small").Type("button").
					OnClick(h.onEditQueue(name), name).Text(h.t("edit")),
				app.Button().ID("queue-get").Class("dl-button", "dl-button--small").Type("button").
					Title(h.t("queue.get.title")).OnClick(h.onGet, name).Text("basic.get"),
				app.Button().ID("queue-delete").Class("dl-button", "dl-button--small", "dl-button--danger").Type("button").
					OnClick(h.onDeleteQueue, name).Text(h.t("delete")),
			),
		),
		app.P().Class("dl-counts").Body(
			app.Span().ID("q-ready").Text(h.t("count.ready", d.Ready)),
			app.Span().ID("q-unacked").Text(h.t("count.unacked", d.Unacked)),
			app.If(d.Policy != "", app.Span().Text(h.t("policy.applied", d.Policy))),
		),
		app.If(len(d.Config) > 0, h.kvTable("q-config", h.t("inspect.effective"), d.Config)),
		app.If(len(d.Drops) > 0, h.dropsLine(d.Drops)),
		app.If(len(d.Consumers) > 0, h.consumerList(d.Consumers)),
		app.If(len(d.Held) > 0, h.heldList(d.Held)),
		h.handoffList(name, d.Handoff),
		h.receivedList(name, d.Consumers),
		h.messageList(d),
	)
}

func (h *Inspector) dropsLine(drops map[string]int) app.UI {
	items := []app.UI{app.Span().Text(h.t("inspect.drops"))}
	for _, r := range slices.Sorted(maps.Keys(drops)) {
		items = append(items, app.Button().Class("dl-chip", "dl-chip--drop").Type("button").DataSet("reason", r).
			Title(h.t("inspect.drops.open")).OnClick(h.onOpenDrop, r).Text("✕ "+r+" × "+strconv.Itoa(drops[r])))
	}
	return app.P().ID("q-drops").Class("dl-chips").Body(items...)
}

func (h *Inspector) kvTable(id, caption string, rows []model.KV) app.UI {
	trs := make([]app.UI, 0, len(rows))
	for _, r := range rows {
		trs = append(trs, app.Tr().Body(app.Th().Scope("row").Text(r.K), app.Td().Text(localValue(h.lang, r.V))))
	}
	return app.Table().ID(id).Class("dl-kv").Body(app.Caption().Text(caption), app.TBody().Body(trs...))
}

func (h *Inspector) consumerList(bs []model.Badge) app.UI {
	items := make([]app.UI, 0, len(bs))
	for _, b := range bs {
		script := b.Script
		if b.ByHand {
			script = h.t("consumer.byhand")
		}
		items = append(items, app.Li().DataSet("consumer", b.Name).Body(
			app.Span().Class("dl-name").Text(b.Name),
			app.Span().Class("dl-muted").Text(" · prefetch "+strconv.Itoa(b.Prefetch)+" · "+script+
				" · "+h.t("count.unacked", b.Unacked)),
			app.Button().ID(domID("detach-"+b.Name)).Class("dl-button", "dl-button--small").Type("button").
				Title(h.t("consumer.detach.title")).OnClick(h.onDetach(b.Name), b.Name).Text(h.t("consumer.detach")),
		))
	}
	return app.Div().Class("dl-section").Body(app.H3().Text(h.t("inspect.consumers")), app.Ul().Class("dl-list").Body(items...))
}

func (h *Inspector) heldList(held []model.HeldRow) app.UI {
	items := make([]app.UI, 0, len(held))
	for _, r := range held {
		who := r.Consumer
		if who == "" {
			who = "basic.get"
		}
		row := app.Li().DataSet("testid", "held-row").DataSet("instance", r.Instance).Body(
			app.Button().Class("dl-linkbutton").Type("button").
				OnClick(h.onSelectHeld(r.Instance), r.Instance).Body(
				app.Span().Class("dl-body").Text(clip(r.Body, 24)),
				app.Span().Class("dl-muted").Text(" · "+who+" · tag "+strconv.FormatUint(r.Tag, 10)),
			),
			app.If(r.ByHand, h.settleButtons(r)),
			app.If(!r.ByHand, app.Span().Class("dl-muted").Text(" · "+h.t("held.script"))),
		)
		items = append(items, row)
	}
	return app.Div().Class("dl-section").Body(app.H3().Text(h.t("inspect.held")), app.Ul().ID("held").Class("dl-list").Body(items...))
}

func (h *Inspector) settleButtons(r model.HeldRow) app.UI {
	btn := func(action, label string) app.UI {
		return app.Button().Class("dl-button", "dl-button--small").Type("button").DataSet("action", action).
			DataSet("testid", "settle-"+action).Title(h.t("settle."+action+".title")).
			OnClick(h.onSettle(r.Consumer, r.Instance, action), r.Consumer, r.Instance, action).Text(label)
	}
	return app.Span().Class("dl-settle").Body(
		btn(model.SettleAck, "ack"), btn(model.SettleReject, "reject"),
		btn(model.SettleNack, "nack"), btn(model.SettleRequeue, "requeue"),
	)
}

// messageList is the queue's ready messages, head first, virtualised:
// only the rows near the visible window are in the page.
func (h *Inspector) messageList(d model.QueueDetail) app.UI {
	total := d.Ready
	rows := make([]app.UI, 0, len(d.Messages)+2)
	rows = append(rows, app.Div().Style("height", strconv.Itoa(d.From*rowH)+"px"))
	for _, m := range d.Messages {
		rows = append(rows, h.messageRow(d.Name, m))
	}
	after := total - d.From - len(d.Messages)
	rows = append(rows, app.Div().Style("height", strconv.Itoa(max(after, 0)*rowH)+"px"))
	return app.Div().Class("dl-section").Body(
		app.H3().Body(app.Text(h.t("inspect.messages")+" "), app.Span().Class("dl-muted").Text(h.t("inspect.headfirst"))),
		app.If(total == 0, app.P().ID("msg-empty").Class("dl-help").Text(h.t("inspect.empty"))),
		app.If(total > 0, app.Div().ID("msg-list").Class("dl-msglist").Role("list").DataSet("total", total).
			Style("height", strconv.Itoa(min(total, listRows)*rowH+2)+"px").
			OnScroll(h.onListScroll).Body(rows...)),
	)
}

func (h *Inspector) messageRow(queue string, m model.MsgRow) app.UI {
	expiry := ""
	switch {
	case !m.HasTTL:
		expiry = h.t("msg.nottl")
	case m.ExpiresIn > 0 && m.Blocked:
		expiry = "◷ " + model.FormatDuration(m.ExpiresIn) + " · " + h.t("msg.blocked")
	case m.ExpiresIn > 0:
		expiry = "◷ " + model.FormatDuration(m.ExpiresIn)
	case m.Position == 0:
		expiry = "◷ " + h.t("msg.now")
	default:
		expiry = "◷ " + h.t("msg.overdue")
	}
	pos := "#" + strconv.Itoa(m.Position+1)
	if m.Position == 0 {
		pos = h.t("msg.head")
	}
	row := app.Div().Class("dl-msgrow").Role("listitem").DataSet("testid", "msg-row").
		DataSet("instance", m.Instance).DataSet("position", m.Position).
		Style("height", strconv.Itoa(rowH)+"px").
		TabIndex(0).OnClick(h.onSelectMsg(queue, m.Instance, m.Position), queue, m.Instance, m.Position).Body(
		app.Span().Class("dl-msgpos").Text(pos),
		app.Span().Class("dl-body").Text(clip(m.Body, 22)),
		app.If(m.Deaths > 0, app.Span().Class("dl-chip").Title("x-death").Text("☠ "+strconv.FormatInt(m.Deaths, 10))),
		app.If(m.Redelivered, app.Span().Class("dl-chip").Text("redelivered")),
		app.Span().Class("dl-expiry").Text(expiry),
	)
	if m.Selected {
		row = row.DataSet("selected", "true")
	}
	return row
}

func (h *Inspector) onListScroll(ctx app.Context, e app.Event) {
	top := ctx.JSSrc().Get("scrollTop").Float()
	h.listTop = int(top) / rowH
}

// onSelectMsg selects the ready message inst at pos in queue.
func (h *Inspector) onSelectMsg(queue string, inst uint64, pos int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		d := h.s.QueueDetail(queue, pos, 1)
		for _, m := range d.Messages {
			if m.Instance == inst {
				h.s.SelectMessage(queue, m.Lineage, inst, pos)
			}
		}
		h.changed()
	}
}

// onSelectHeld selects the unacked delivery of message copy inst.
func (h *Inspector) onSelectHeld(inst uint64) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		for _, u := range h.s.Broker().Unacked() {
			if u.Instance == inst {
				h.s.SelectMessage(u.Queue, u.Msg.Lineage, inst, -1)
			}
		}
		h.changed()
	}
}

// onSettle settles, by hand, the delivery of message copy inst that
// consumer holds ("" is basic.get).
func (h *Inspector) onSettle(consumer string, inst uint64, action string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		h.s.SettleByHand(consumer, inst, action)
		h.changed()
	}
}

func (h *Inspector) onGet(ctx app.Context, e app.Event) {
	h.s.Get(h.s.Selection().Name)
	h.changed()
}

// onDetach removes the consumer name.
func (h *Inspector) onDetach(name string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		h.s.Detach(name)
		h.changed()
	}
}

func (h *Inspector) onDeleteQueue(ctx app.Context, e app.Event) {
	h.s.DeleteQueue(h.s.Selection().Name)
	h.changed()
}

func (h *Inspector) exchangePanel(name string) app.UI {
	d := h.s.ExchangeDetail(name)
	title := name
	if name == "" {
		title = h.t("exchange.default")
	}
	if !d.Exists {
		return app.P().ID("inspect-exchange").Class("dl-help").Text(h.t("inspect.missing", title))
	}
	predefined := name == "" || len(name) > 4 && name[:4] == "amq."
	rows := []model.KV{{K: "type", V: d.Type}}
	if d.Alternate != "" {
		rows = append(rows, model.KV{K: "alternate-exchange", V: d.Alternate})
	}
	if d.Policy != "" {
		rows = append(rows, model.KV{K: "policy", V: d.Policy})
	}
	for _, a := range d.Args {
		if a.K != "alternate-exchange" || d.Alternate == "" {
			rows = append(rows, a)
		}
	}
	return app.Div().ID("inspect-exchange").DataSet("exchange", name).Body(
		app.Div().Class("dl-inspect-head").Body(
			app.H2().Body(app.Span().Class("dl-kind").Text(h.t("node.exchange")+" · "+d.Type), app.Text(" "),
				app.Span().Class("dl-name").Text(title)),
			app.If(!predefined, app.Div().Class("dl-actions").Body(
				app.Button().ID("exchange-edit").Class("dl-button", "dl-button--small").Type("button").
					OnClick(h.onEditExchange(name), name).Text(h.t("edit")),
				app.Button().ID("exchange-delete").Class("dl-button", "dl-button--small", "dl-button--danger").Type("button").
					OnClick(h.onDeleteExchange, name).Text(h.t("delete")),
			)),
		),
		app.If(name == "", app.P().Class("dl-help").Text(h.t("exchange.default.help"))),
		h.kvTable("x-props", h.t("inspect.properties"), rows),
		app.If(len(d.Bindings) > 0, h.kvTable("x-bindings", h.t("inspect.bindings"), d.Bindings)),
	)
}

func (h *Inspector) onDeleteExchange(ctx app.Context, e app.Event) {
	h.s.DeleteExchange(h.s.Selection().Name)
	h.changed()
}

// messagePanel is the selected message: where it is, properties,
// headers, the x-death table (changes highlighted, new entries sliding
// in, counts ticking) and its story.
func (h *Inspector) messagePanel() app.UI {
	md := h.s.MessageDetail()
	if !md.Found && md.WhereKey == "where.none" {
		return app.P().ID("inspect-message").Class("dl-help").Text(h.t("where.none"))
	}
	args := make([]any, len(md.WhereArgs))
	for i, a := range md.WhereArgs {
		args[i] = a
	}
	if md.Received != nil && len(args) == 4 { // what the consumer did, in the learner's language
		args[3] = h.outcome(*md.Received)
	}
	props := append([]model.KV{{K: "exchange", V: exchangeText(h.lang, md.Exchange)}, {K: "routing_key", V: md.RoutingKey}}, md.Props...)
	var settle app.UI = app.Text("")
	if md.Held != nil && md.Held.ByHand {
		settle = h.settleRow(md)
	}
	return app.Div().ID("inspect-message").DataSet("lineage", md.Lineage).Body(
		app.Div().Class("dl-inspect-head").Body(
			app.H2().Body(app.Span().Class("dl-kind").Text(h.t("inspect.message")), app.Text(" "),
				app.Span().ID("msg-body").Class("dl-name", "dl-body").Text(clip(md.Body, 40))),
			app.Button().ID("msg-back").Class("dl-button", "dl-button--small").Type("button").
				OnClick(h.onBackToQueue).Text("← "+h.t("inspect.back")),
		),
		app.P().ID("msg-where").Class("dl-where").DataSet("gone", md.Gone).Text(h.t(md.WhereKey, args...)),
		settle,
		// x-death first when there is one: what the lessons are about, in sight under an open checkpoint
		app.If(len(md.XDeath) > 0, h.xdeathTable(md.XDeath)),
		h.kvTable("msg-props", h.t("inspect.properties"), props),
		app.If(len(md.XDeath) == 0, h.xdeathTable(md.XDeath)),
		app.If(len(md.Headers) > 0, h.kvTable("msg-headers", h.t("inspect.headers"), md.Headers)),
		h.historyList(md.History),
	)
}

func (h *Inspector) settleRow(md model.MessageDetail) app.UI {
	return app.Div().Class("dl-section").DataSet("instance", md.Held.Instance).Body(
		app.Span().Class("dl-help").Text(h.t("held.byhand")+" "), h.settleButtons(*md.Held))
}

func (h *Inspector) onBackToQueue(ctx app.Context, e app.Event) {
	queue := h.s.Selection().Name
	if md := h.s.MessageDetail(); md.Received != nil {
		queue = md.Received.Queue
	}
	h.s.Select("queue", queue)
	h.changed()
}

func (h *Inspector) xdeathTable(rows []model.XDeathRow) app.UI {
	th := func(field string) app.HTMLTh {
		return app.Th().Scope("col").Title(h.xdeathHelp(field)).DataSet("help", field)
	}
	head := app.Tr().Body(
		th("queue").Text("queue"), th("reason").Text("reason"),
		th("count").Class("xd-count").Text("count"), app.Th().Scope("col").Text(h.t("xdeath.fields")),
	)
	trs := make([]app.UI, 0, len(rows))
	for _, r := range rows {
		field := func(k, v string) app.UI {
			return app.Span().Class("dl-xdfield").Title(h.xdeathHelp(k)).DataSet("help", k).Body(
				app.Span().Class("dl-muted").Text(k+" "), app.Span().Text(v))
		}
		details := []app.UI{
			field("exchange", exchangeText(h.lang, r.Exchange)), field("routing-keys", r.RoutingKeys), field("time", r.Time+" s"),
		}
		if r.OrigExpiration != "" {
			details = append(details, app.Span().Class("dl-xdfield", "xd-origexp").Title(h.xdeathHelp("original-expiration")).Body(
				app.Span().Class("dl-muted").Text("original-expiration "), app.Span().Text(r.OrigExpiration)))
		}
		tr := app.Tr().DataSet("queue", r.Queue).DataSet("reason", r.Reason).Body(
			app.Td().Class("dl-name").Text(r.Queue), app.Td().Class("dl-reason").Text(r.Reason),
			app.Td().Class("xd-count").Body(app.Span().Class(tick(r.Changed)).Text(strconv.FormatInt(r.Count, 10))),
			app.Td().Class("dl-xddetails").Body(details...),
		)
		tr = h.linkRow(tr, r) // xdeath_link.go: click shows the events that wrote it
		switch {
		case r.New:
			tr = tr.Class("dl-xd-new").DataSet("new", "true")
		case r.Changed:
			tr = tr.Class("dl-xd-changed").DataSet("changed", "true")
		}
		trs = append(trs, tr)
	}
	return app.Div().Class("dl-section").Body(
		app.H3().Body(app.Code().Text("x-death"), app.Text(" "), app.Span().Class("dl-muted").Text(h.t("xdeath.order"))),
		app.If(len(rows) == 0, app.P().ID("xdeath-none").Class("dl-help").Text(h.t("xdeath.none"))),
		app.If(len(rows) > 0, app.Table().ID("xdeath").Class("dl-grid").Body(app.THead().Body(head), app.TBody().Body(trs...))),
		app.If(len(rows) > 0, app.P().ID("xdeath-legend").Class("dl-help").Text(h.t("xdeath.legend"))),
		app.If(len(rows) > 0, h.xdeathNote()),
	)
}

func tick(changed bool) string {
	if changed {
		return "dl-tick"
	}
	return "dl-count"
}

func (h *Inspector) historyList(items []model.HistoryItem) app.UI {
	lis := make([]app.UI, 0, len(items))
	for _, it := range items {
		args := make([]any, len(it.Args))
		for i, a := range it.Args {
			args[i] = localValue(h.lang, a)
			if it.Key == "hist.deadlettered" && i == 3 { // where the DLX came from
				args[i] = localFrom(h.lang, a)
			}
		}
		lis = append(lis, app.Li().DataSet("key", it.Key).DataSet("marked", it.Marked).Class(markedClass(it.Marked)).Body(
			app.Span().Class("dl-time").Text(clockLabel(it.T)),
			app.Span().Text(h.t(it.Key, args...)),
		))
	}
	return app.Div().Class("dl-section").Body(
		app.H3().Text(h.t("inspect.history")),
		app.Ol().ID("history").Class("dl-history").Body(lis...),
	)
}

func (h *Inspector) errorList() app.UI {
	setup := h.s.SetupErrors()
	steps := h.s.StepErrors()
	if len(setup)+len(steps) == 0 {
		return app.Text("")
	}
	lis := make([]app.UI, 0, len(setup)+len(steps))
	for _, t := range setup {
		lis = append(lis, app.Li().Body(app.Span().Class("dl-muted").Text(h.t("errors.topology")+" "), app.Code().Text(t)))
	}
	for _, e := range steps {
		where := h.t("errors.step", e.Step+1)
		if e.Step < 0 {
			where = h.t("errors.timer")
		}
		lis = append(lis, app.Li().Body(app.Span().Class("dl-muted").Text(where+" "), app.Code().Text(e.Text)))
	}
	return app.Div().Class("dl-section").Body(app.H3().Text("⚠ "+h.t("errors.title")),
		app.Ul().ID("errors").Class("dl-list", "dl-errors").Body(lis...))
}

// stepList shows the scenario's steps, what has run and what is next.
func (h *Inspector) stepList() app.UI {
	steps := h.s.StepList(40)
	if len(steps) == 0 {
		return app.Text("")
	}
	lis := make([]app.UI, 0, len(steps))
	next := true
	for _, st := range steps {
		li := app.Li().DataSet("kind", st.Kind).DataSet("done", st.Done).Body(
			app.Span().Class("dl-time").Text(clockLabel(st.T)),
			app.Span().Class("dl-stepkind").Text(st.Kind),
			app.Span().Class("dl-steptext").Text(localValue(h.lang, st.Text)),
		)
		if !st.Done && next {
			li = li.DataSet("next", "true")
			next = false
		}
		lis = append(lis, li)
	}
	return app.Div().Class("dl-section").Body(app.H3().Text(h.t("inspect.steps")),
		app.Ol().ID("steps").Class("dl-history", "dl-steps").Body(lis...))
}

func (h *Inspector) recentEvents() app.UI {
	evs := h.s.RecentEvents(14)
	if len(evs) == 0 {
		return app.Text("")
	}
	lis := make([]app.UI, 0, len(evs))
	for _, ev := range evs {
		text := ev.Kind
		if ev.Queue != "" {
			text += " · " + ev.Queue
		}
		if ev.Body != "" {
			text += " · " + clip(ev.Body, 16)
		}
		if ev.Reason != "" {
			text += " · " + ev.Reason
		}
		var body app.UI = app.Span().Text(text)
		if ev.Lineage != 0 { // the message it concerns opens in the inspector
			body = app.Button().Class("dl-linkbutton").Type("button").DataSet("queue", ev.Queue).
				DataSet("lineage", ev.Lineage).DataSet("instance", ev.Instance).OnClick(h.onOpenMessage, ev.Lineage, ev.T).Text(text)
		}
		lis = append(lis, app.Li().DataSet("kind", ev.Kind).Body(
			app.Span().Class("dl-time").Text(clockLabel(ev.T)), body))
	}
	return app.Div().Class("dl-section").Body(app.H3().Text(h.t("inspect.recent")),
		app.Ol().ID("recent").Class("dl-history").Reversed(true).Body(lis...))
}
