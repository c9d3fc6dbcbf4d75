package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	"github.com/dlxlab/dlxlab/ui/model"
)

// RocketInspector shows what is selected on the RocketMQ canvas: a message
// (its properties, reconsumeTimes and whole history), a topic queue
// (offsets, each group's progress, blocked or not, its copies) or a group
// (consumers, the queues each holds, progress and lag). With nothing
// selected: the lesson, the broker's refusals and the latest events.
type RocketInspector struct {
	app.Compo
	*page
	Rev uint64
}

// Render draws the inspector.
func (h *RocketInspector) Render() app.UI {
	sel := h.rsnap.Sel
	switch sel.Kind {
	case "message":
		return h.messagePanel(sel.MsgID)
	case "queue":
		return h.queuePanel(sel.Topic, sel.Queue)
	case "group":
		return h.groupPanel(sel.Group)
	}
	return h.nonePanel()
}

func (h *RocketInspector) nonePanel() app.UI {
	snap := h.rsnap
	var intro app.UI = app.Text("")
	if snap.Summary != "" {
		intro = app.Div().ID("lesson-intro").Class("dl-intro").Body(
			app.H2().Text(h.local(snap.Title, snap.TitleZH)),
			app.P().Body(richText(h.local(snap.Summary, snap.SummaryZH))...),
		)
	}
	var errs []app.UI
	for _, e := range h.rq.Errors() {
		errs = append(errs, app.Li().Body(app.Code().Text(e)))
	}
	var recent []app.UI
	for _, ev := range h.rq.RecentEvents(12) {
		recent = append(recent, app.Li().Body(
			app.Span().Class("dl-time").Text(rqClockLabel(ev.Event.T)+" "),
			h.msgLink(ev.Event.MsgID, h.local(ev.Caption.EN, ev.Caption.ZH)),
		))
	}
	return app.Div().ID("rq-inspect-none").Body(
		intro,
		app.P().Class("dl-help").Text(h.t("rq.inspect.none")),
		app.If(len(errs) > 0, app.Div().ID("rq-errors").Body(
			app.H3().Text(h.t("rq.inspect.errors")), app.Ul().Class("dl-list").Body(errs...))),
		app.If(len(recent) > 0, app.Div().ID("rq-recent").Body(
			app.H3().Text(h.t("rq.inspect.recent")), app.Ul().Class("dl-list", "dl-events").Body(recent...))),
	)
}

// msgLink is a text that opens its message when it has one.
func (h *RocketInspector) msgLink(msgID, text string) app.UI {
	if msgID == "" {
		return app.Span().Text(text)
	}
	return app.A().Class("dl-link").Href("#").OnClick(h.onSelect(model.RocketSelection{Kind: "message", MsgID: msgID})).Text(text)
}

func (h *RocketInspector) onSelect(sel model.RocketSelection) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		e.PreventDefault()
		h.rq.Select(sel)
		h.changed()
	}
}

func (h *RocketInspector) head(kind, name string) app.UI {
	return app.Div().Class("dl-inspect-head").Body(
		app.H2().Body(app.Span().Class("dl-kind").Text(kind), app.Text(" "), app.Span().Class("dl-name").Text(name)),
		app.Button().ID("rq-inspect-close").Class("dl-button", "dl-button--small").Type("button").
			OnClick(h.onSelect(model.RocketSelection{})).Text(h.t("close")),
	)
}

func (h *RocketInspector) messagePanel(id string) app.UI {
	d, ok := h.rq.MessageDetail(id)
	if !ok {
		return app.P().ID("rq-inspect-message").Class("dl-help").Text(h.t("rq.inspect.gone"))
	}
	name := id
	if len(d.Keys) > 0 {
		name = strings.Join(d.Keys, ", ")
	}
	props := make([]app.UI, 0, len(d.Props))
	for _, p := range d.Props {
		props = append(props, app.Tr().DataSet("prop", p.Name).Body(
			app.Th().Body(app.Code().Text(p.Name), app.Br(), app.Small().Class("dl-help").Text(h.t("rq.prop."+propKey(p.Name)))),
			app.Td().Class("dl-mono").Text(p.Value),
		))
	}
	return app.Div().ID("rq-inspect-message").DataSet("msgid", id).Body(
		h.head(h.t("rq.message"), name),
		app.P().ID("rq-where").Class("dl-where").Text(h.local(d.Where.EN, d.Where.ZH)),
		app.Dl().Class("dl-facts").Body(
			app.Dt().Text("msgId"), app.Dd().Class("dl-mono").Text(d.MsgID),
			app.Dt().Text("reconsumeTimes"), app.Dd().ID("rq-reconsume").Class("dl-mono").Text(strconv.Itoa(d.ReconsumeTimes)),
			app.Dt().Text(h.t("rq.deliveries")), app.Dd().ID("rq-deliveries").Text(strconv.Itoa(d.Deliveries)),
			app.Dt().Text("tags"), app.Dd().Class("dl-mono").Text(d.Tags),
			app.Dt().Text(h.t("rq.body")), app.Dd().Class("dl-mono").Text(clip(d.Body, 200)),
		),
		app.H3().Text(h.t("rq.props")),
		app.Table().ID("rq-props").Class("dl-table").Body(app.TBody().Body(props...)),
		app.H3().Text(h.t("rq.history")),
		app.P().Class("dl-help").Text(h.t("rq.history.help")),
		h.historyTable(d.History),
	)
}

// propKey is the catalogue suffix of a property's help line (user
// properties have none).
func propKey(name string) string {
	switch name {
	case rmq.PropRetryTopic, rmq.PropOriginMessageID, rmq.PropRealTopic, rmq.PropRealQID, rmq.PropDelay,
		rmq.PropUniqKey, rmq.PropKeys, rmq.PropTags, rmq.PropTimerDeliverMs, rmq.PropTimerOutMs:
		return strings.ToLower(name)
	}
	return "user"
}

func (h *RocketInspector) historyTable(rows []model.RocketHistoryRow) app.UI {
	trs := make([]app.UI, 0, len(rows))
	for i, r := range rows {
		detail := ""
		switch {
		case r.Result != "":
			detail = r.Result
		case r.Level > 0:
			detail = h.t("rq.level", r.Level, r.Wait)
		case r.Reason != "":
			detail = r.Reason
		}
		who := r.Group
		if r.Consumer != "" {
			who += "/" + r.Consumer
		}
		rt := ""
		if r.Kind == "delivered" || r.Kind == "dead-lettered" || r.Kind == "resent" {
			rt = strconv.Itoa(r.ReconsumeTimes)
		}
		trs = append(trs, app.Tr().DataSet("kind", r.Kind).Title(h.local(r.Caption.EN, r.Caption.ZH)).Body(
			app.Td().Class("dl-mono").Text(strconv.Itoa(i+1)),
			app.Td().Class("dl-mono").Text(model.FormatClockLong(r.T)),
			app.Td().Text(h.t("rq.ev."+r.Kind)),
			app.Td().Class("dl-mono").Text(r.Topic+" q"+strconv.Itoa(r.Queue)),
			app.Td().Class("dl-mono").Text(who),
			app.Td().Class("dl-mono").Text(rt),
			app.Td().Class("dl-mono").Text(detail),
		))
	}
	return app.Div().Class("dl-table-scroll").Body(app.Table().ID("rq-history").Class("dl-table").Body(
		app.THead().Body(app.Tr().Body(
			app.Th().Text("#"), app.Th().Text(h.t("rq.col.time")), app.Th().Text(h.t("rq.col.event")),
			app.Th().Text(h.t("rq.col.where")), app.Th().Text(h.t("rq.col.who")), app.Th().Text("reconsumeTimes"),
			app.Th().Text(h.t("rq.col.detail")),
		)),
		app.TBody().Body(trs...),
	))
}

func (h *RocketInspector) queuePanel(topic string, q int) app.UI {
	d := h.rq.QueueDetail(topic, q)
	if !d.Exists {
		return app.P().ID("rq-inspect-queue").Class("dl-help").Text(h.t("rq.inspect.gone"))
	}
	var blocked []app.UI
	for _, b := range d.Blocked {
		blocked = append(blocked, app.P().Class("dl-blocked").Role("status").
			Text("‖ "+h.t("rq.blocked", b.Track, rqClockLabel(b.Until))))
	}
	progress := make([]app.UI, 0, len(d.Progress))
	for _, p := range d.Progress {
		progress = append(progress, app.Tr().Body(
			app.Td().Class("dl-mono").Text(p.Track), app.Td().Class("dl-mono").Text(p.Consumer),
			app.Td().Class("dl-mono").Text(strconv.FormatInt(p.ConsumerOffset, 10)),
			app.Td().Class("dl-mono").Text(strconv.FormatInt(p.Lag, 10)),
		))
	}
	msgs := make([]app.UI, 0, len(d.Messages))
	for _, m := range d.Messages {
		label := m.Body
		if len(m.Keys) > 0 {
			label = strings.Join(m.Keys, ",")
		}
		extra := ""
		if m.Due > 0 {
			extra = " · " + h.t("rq.due", rqClockLabel(m.Due))
		}
		msgs = append(msgs, app.Li().Body(
			app.Span().Class("dl-mono").Text(strconv.FormatInt(m.Offset, 10)+" "),
			h.msgLink(m.MsgID, clip(label, 40)),
			app.Span().Class("dl-muted").Text(" reconsumeTimes "+strconv.Itoa(m.ReconsumeTimes)+extra),
		))
	}
	return app.Div().ID("rq-inspect-queue").DataSet("topic", topic).DataSet("queue", q).Body(
		h.head(h.t("rq.queue"), topic+" · q"+strconv.Itoa(q)),
		app.P().Class("dl-help").Text(h.t("rq.kind."+d.Kind)),
		app.Dl().Class("dl-facts").Body(
			app.Dt().Text(h.t("rq.offsets")), app.Dd().Class("dl-mono").Text(strconv.FormatInt(d.Min, 10)+" … "+strconv.FormatInt(d.Max, 10)),
		),
		app.Div().Body(blocked...),
		app.If(len(progress) > 0, app.Table().ID("rq-queue-progress").Class("dl-table").Body(
			app.THead().Body(app.Tr().Body(app.Th().Text(h.t("rq.group")), app.Th().Text(h.t("rq.consumer")),
				app.Th().Text(h.t("rq.consumer.offset")), app.Th().Text(h.t("rq.lag")))),
			app.TBody().Body(progress...),
		)),
		app.H3().Text(h.t("rq.stored", len(d.Messages)+d.Truncated)),
		app.Ul().Class("dl-list").Body(msgs...),
	)
}

func (h *RocketInspector) groupPanel(name string) app.UI {
	g, ok := h.rq.GroupDetail(name)
	if !ok {
		return app.P().ID("rq-inspect-group").Class("dl-help").Text(h.t("rq.inspect.gone"))
	}
	mode := strings.ToLower(g.Mode)
	if g.Orderly {
		mode += " · orderly"
	}
	rows := make([]app.UI, 0, len(g.Progress))
	for _, p := range g.Progress {
		rows = append(rows, app.Tr().Body(
			app.Td().Class("dl-mono").Text(p.Topic+" q"+strconv.Itoa(p.QueueID)), app.Td().Class("dl-mono").Text(p.Consumer),
			app.Td().Class("dl-mono").Text(strconv.FormatInt(p.ConsumerOffset, 10)+" / "+strconv.FormatInt(p.BrokerOffset, 10)),
			app.Td().Class("dl-mono").Text(strconv.FormatInt(p.Lag, 10)),
		))
	}
	var blocked []app.UI
	for _, b := range g.Blocked {
		blocked = append(blocked, app.P().Class("dl-blocked").Role("status").
			Text("‖ "+h.t("rq.blocked.queue", b.Topic, b.QueueID, rqClockLabel(b.Until))))
	}
	return app.Div().ID("rq-inspect-group").DataSet("group", name).Body(
		h.head(h.t("rq.group"), name),
		app.P().Class("dl-mono").Text(mode+" · "+string(g.Client)+" · "+strings.Join(g.Consumers, ", ")),
		app.Div().Body(blocked...),
		app.Table().ID("rq-group-progress").Class("dl-table").Body(
			app.THead().Body(app.Tr().Body(app.Th().Text(h.t("rq.queue")), app.Th().Text(h.t("rq.consumer")),
				app.Th().Text(h.t("rq.consumer.offset")), app.Th().Text(h.t("rq.lag")))),
			app.TBody().Body(rows...),
		),
	)
}
