package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	rscn "github.com/dlxlab/dlxlab/scenarios/rocketmq"
	"github.com/dlxlab/dlxlab/ui/model"
)

// RMQOpsPanel is the operations console of a RocketMQ run: consumer
// progress and lag per queue, each group's dead letters with the
// dashboard's resend and a republish, and the offset reset by time in its
// safe order (stop, dry run, execute, resume). Every operation is a step
// of the scenario (RocketSession.Apply): the broker decides what it does.
type RMQOpsPanel struct {
	app.Compo
	host rmqHost
	Rev  uint64

	reset     model.RMQReset
	resetTime string // the time field, as typed
	timeErr   model.RMQFieldErrors
	err       string // the last operation the session refused to add
}

// maxDLQRows bounds the dead letters listed per group (the oldest first);
// the count says how many there are.
const maxDLQRows = 50

// NewRMQOpsPanel makes the panel for a host page.
func NewRMQOpsPanel(h rmqHost, rev uint64) *RMQOpsPanel { return &RMQOpsPanel{host: h, Rev: rev} }

// Render draws the panel.
func (p *RMQOpsPanel) Render() app.UI {
	s := p.host.rocket()
	if s == nil {
		return app.Div().ID("rmq-ops")
	}
	ops := model.RMQOperations(s.Broker())
	return app.Div().ID("rmq-ops").Body(
		p.progress(ops),
		p.deadLetters(s, ops),
		p.resetUI(s, ops),
		app.If(p.err != "", app.P().ID("rmq-ops-error").Class("dl-form-error").Role("alert").Text("⚠ "+p.err)),
	)
}

func (p *RMQOpsPanel) t(key string, args ...any) string { return p.host.t(key, args...) }

// apply adds steps now, in order, and tells the page.
func (p *RMQOpsPanel) apply(steps ...rscn.Step) bool {
	p.err = ""
	for _, st := range steps {
		if err := p.host.rocket().Apply(st); err != nil {
			p.err = p.t("rmqops.refused", err.Error())
			p.host.rocketChanged()
			return false
		}
	}
	p.host.rocketChanged()
	return true
}

// ---- consumer progress ----

func (p *RMQOpsPanel) progress(ops []model.RMQGroupOps) app.UI {
	groups := make([]app.UI, 0, len(ops))
	for _, g := range ops {
		rows := make([]app.UI, 0, len(g.Rows))
		for _, r := range g.Rows {
			owner := r.Consumer
			if owner == "" {
				owner = "—"
			}
			state := ""
			if r.Blocked > 0 {
				state = p.t("rmqops.blocked", rmqTime(r.Blocked))
			}
			rows = append(rows, app.Tr().DataSet("topic", r.Topic).DataSet("queue", r.QueueID).Body(
				app.Td().Class("dl-mono").Text(r.Topic+" · q"+strconv.Itoa(r.QueueID)),
				app.Td().Class("dl-num").Text(r.BrokerOffset),
				app.Td().Class("dl-num").Text(r.ConsumerOffset),
				app.Td().Class("dl-num").DataSet("testid", "lag").Text(r.Lag),
				app.Td().Text(owner),
				app.Td().Class("dl-warn").Text(state),
			))
		}
		online := strings.Join(g.Consumers, ", ")
		if online == "" {
			online = p.t("rmqops.none.online")
		}
		groups = append(groups, app.Div().Class("rmq-group").DataSet("group", g.Group).Body(
			app.H4().Body(app.Span().Class("dl-mono").Text(g.Group),
				app.Span().Class("dl-muted").Text(" · "+g.Mode+" · "+p.t("rmqops.online", online)+" · "+p.t("rmqops.lag.total", g.Lag))),
			app.Div().Class("dl-tablewrap").Body(app.Table().Class("dl-table").Body(
				app.THead().Body(app.Tr().Body(
					app.Th().Text(p.t("rmqops.col.queue")), app.Th().Text(p.t("rmqops.col.broker")),
					app.Th().Text(p.t("rmqops.col.consumer")), app.Th().Text(p.t("rmqops.col.lag")),
					app.Th().Text(p.t("rmqops.col.owner")), app.Th().Text(""),
				)),
				app.TBody().Body(rows...),
			)),
		))
	}
	return app.Div().ID("rmq-progress").Class("dl-section").Body(
		app.H3().Text(p.t("rmqops.progress")),
		app.P().Class("dl-help").Text(p.t("rmqops.progress.help")),
		app.If(len(ops) == 0, app.P().Class("dl-help").Text(p.t("rmqops.nogroups"))),
		app.Div().Body(groups...),
	)
}

// ---- dead letters ----

func (p *RMQOpsPanel) deadLetters(s *model.RocketSession, ops []model.RMQGroupOps) app.UI {
	var groups []app.UI
	for _, g := range ops {
		if len(g.DLQ) == 0 {
			continue
		}
		canResend, why := model.RMQCanResend(g)
		rows := make([]app.UI, 0, min(len(g.DLQ), maxDLQRows))
		for _, d := range g.DLQ[:min(len(g.DLQ), maxDLQRows)] {
			what := "msgId " + shortID(d.MsgID)
			if len(d.Keys) > 0 {
				what += " · keys " + strings.Join(d.Keys, " ")
			}
			if d.Tags != "" {
				what += " · tags " + d.Tags
			}
			rows = append(rows, app.Li().Class("rmq-dl").DataSet("testid", "dlq-row").DataSet("msgid", d.MsgID).Body(
				app.Div().Class("dl-mono").Title(d.MsgID).Text(what),
				app.Div().Class("dl-muted").Text("reconsumeTimes "+strconv.Itoa(d.ReconsumeTimes)+" · RETRY_TOPIC "+d.Origin+
					" · "+p.t("rmqops.col.stored")+" "+rmqTime(d.StoredAt)),
				app.Div().Class("dl-actions").Body(
					app.Button().Class("dl-button").Type("button").DataSet("testid", "resend").
						Disabled(!canResend).Title(p.resendTitle(why)).
						OnClick(p.onResend(g.Group, d.N), g.Group, d.N).Text(p.t("rmqops.resend")),
					app.Button().Class("dl-button").Type("button").DataSet("testid", "republish").
						Title(p.t("rmqops.republish.title", d.Origin)).
						OnClick(p.onRepublish(g.Group, d.N), g.Group, d.N).Text(p.t("rmqops.republish")),
				),
			))
		}
		groups = append(groups, app.Div().Class("rmq-dlq").DataSet("group", g.Group).Body(
			app.H4().Body(app.Span().Class("dl-mono").Text(rmq.DLQTopic(g.Group)),
				app.Span().Class("dl-muted").Text(" · "+p.t("rmqops.dlq.count", len(g.DLQ)))),
			app.If(!canResend, app.P().Class("dl-help").Text(p.t(why))),
			app.Ul().Class("rmq-dls").Body(rows...),
			app.If(len(g.DLQ) > maxDLQRows, app.P().Class("dl-muted").Text(p.t("rmqops.preview.more", len(g.DLQ)-maxDLQRows))),
		))
	}
	return app.Div().ID("rmq-dlq").Class("dl-section").Body(
		app.H3().Text(p.t("rmqops.dlq")),
		app.P().Class("dl-help").Text(p.t("rmqops.resend.help")),
		app.P().Class("dl-help").Text(p.t("rmqops.republish.help")),
		p.resendOutcomes(s),
		app.If(len(groups) == 0, app.P().Class("dl-help").Text(p.t("rmqops.dlq.none"))),
		app.Div().Body(groups...),
	)
}

func (p *RMQOpsPanel) resendTitle(why string) string {
	if why != "" {
		return p.t(why)
	}
	return p.t("rmqops.resend.title")
}

// resendOutcomes lists what each resend did: the consumer that ran its
// listener, its result, and that the dead letter stayed.
func (p *RMQOpsPanel) resendOutcomes(s *model.RocketSession) app.UI {
	rs := model.RMQResends(s.Events())
	if len(rs) == 0 {
		return app.Text("")
	}
	items := make([]app.UI, 0, len(rs))
	for _, r := range rs {
		key := "rmqops.resent.ok"
		if r.Result != string(rmq.Success) {
			key = "rmqops.resent.failed"
		}
		items = append(items, app.Li().DataSet("testid", "resent").DataSet("result", r.Result).
			Text(rmqTime(r.T)+" · "+p.t(key, r.Consumer, shortID(r.MsgID), r.Result)))
	}
	return app.Div().ID("rmq-resent").Body(app.H4().Text(p.t("rmqops.resent")), app.Ul().Class("dl-list").Body(items...))
}

func (p *RMQOpsPanel) onResend(group string, n int) app.EventHandler {
	return func(ctx app.Context, e app.Event) { p.apply(model.RMQResendStep(group, n)) }
}

func (p *RMQOpsPanel) onRepublish(group string, n int) app.EventHandler {
	return func(ctx app.Context, e app.Event) { p.apply(model.RMQRepublishStep(group, n)) }
}

// shortID keeps the end of a msgId, where the ids of one run differ.
func shortID(id string) string {
	if len(id) > 10 {
		return "…" + id[len(id)-8:]
	}
	return id
}
