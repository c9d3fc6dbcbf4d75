package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	rscn "github.com/dlxlab/dlxlab/scenarios/rocketmq"
	"github.com/dlxlab/dlxlab/ui/model"
)

// RMQBuildPanel holds the RocketMQ build forms: a topic with its queue
// count, a consumer group (mode, orderly, client, retry settings), and a
// consumer with its listener script. model.RMQAdd* check the fields and
// make the edited scenario; the session replays it to the same time.
type RMQBuildPanel struct {
	app.Compo
	host rmqHost
	Rev  uint64

	topic    model.RMQTopicForm
	group    model.RMQGroupForm
	consumer model.RMQConsumerForm
	errs     map[string]model.RMQFieldErrors // per form
	done     string                          // the last thing added
}

// NewRMQBuildPanel makes the build forms for a host page.
func NewRMQBuildPanel(h rmqHost, rev uint64) *RMQBuildPanel { return &RMQBuildPanel{host: h, Rev: rev} }

// Listener presets offered beside the script.
var rmqPresets = []struct{ key, script string }{
	{"rmqform.preset.fail", "*: reconsume_later\n"},
	{"rmqform.preset.twice", "*: throw, throw, success\n"},
	{"rmqform.preset.poison", "key=order-9: reconsume_later\n*: success\n"},
	{"rmqform.preset.ok", "*: success\n"},
}

// Render draws the forms.
func (p *RMQBuildPanel) Render() app.UI {
	s := p.host.rocket()
	if s == nil {
		return app.Div().ID("rmq-build")
	}
	if p.errs == nil {
		p.errs = map[string]model.RMQFieldErrors{}
	}
	sc := s.Scenario()
	return app.Div().ID("rmq-build").Body(
		p.topicForm(),
		p.groupForm(sc),
		p.consumerForm(sc),
		app.If(p.done != "", app.P().ID("rmq-build-done").Class("dl-help").Role("status").Text(p.done)),
	)
}

func (p *RMQBuildPanel) t(key string, args ...any) string { return p.host.t(key, args...) }

func (p *RMQBuildPanel) formError(form string) app.UI {
	e, ok := p.errs[form][""]
	if !ok {
		return app.Text("")
	}
	return app.P().ID("rmq-" + form + "-error").Class("dl-form-error").Role("alert").Text("⚠ " + rmqErrText(p.host, e))
}

func (p *RMQBuildPanel) topicForm() app.UI {
	f, fe := &p.topic, p.errs["topic"]
	return app.Form().ID("rmq-form-topic").Class("dl-form").OnSubmit(p.onTopic).Body(
		app.H3().Text(p.t("rmqform.topic")),
		app.Div().Class("dl-row2").Body(
			rmqField(p.host, "rmq-topic-name", p.t("rmqform.name"), f.Name, "orders", fe, "name", func(v string) { f.Name = v }),
			rmqField(p.host, "rmq-topic-queues", p.t("rmqform.queues"), f.Queues, "4", fe, "queues", func(v string) { f.Queues = v }),
		),
		app.P().Class("dl-help").Text(p.t("rmqform.topic.help")),
		p.formError("topic"),
		app.Div().Class("dl-actions").Body(app.Button().ID("rmq-topic-add").Class("dl-button", "dl-button--primary").
			Type("submit").Body(icon("plus"), app.Span().Text(p.t("rmqform.add")))),
	)
}

func (p *RMQBuildPanel) groupForm(sc *rscn.Scenario) app.UI {
	f, fe := &p.group, p.errs["group"]
	var topics []string
	for _, t := range sc.Topics {
		topics = append(topics, t.Name)
	}
	for _, g := range sc.Groups {
		topics = append(topics, rmq.DLQTopic(g.Name))
	}
	if f.Topic == "" && len(topics) > 0 {
		f.Topic = topics[0]
	}
	five := f.Client == string(rmq.GrpcPush) || f.Client == string(rmq.Simple)
	return app.Form().ID("rmq-form-group").Class("dl-form").OnSubmit(p.onGroup).Body(
		app.H3().Text(p.t("rmqform.group")),
		rmqField(p.host, "rmq-group-name", p.t("rmqform.name"), f.Name, "order-consumer", fe, "name", func(v string) { f.Name = v }),
		app.Div().Class("dl-row2").Body(
			rmqChoose(p.host, "rmq-group-topic", p.t("rmqform.subscribe"), f.Topic, topics, nil, fe, "topic", func(v string) { f.Topic = v }),
			rmqField(p.host, "rmq-group-tags", p.t("rmqform.tags"), f.Tags, "*", fe, "tags", func(v string) { f.Tags = v }),
		),
		app.Div().Class("dl-row2").Body(
			rmqChoose(p.host, "rmq-group-mode", p.t("rmqform.mode"), cmpOr(f.Mode, "clustering"),
				[]string{"clustering", "broadcasting"}, []string{"CLUSTERING", "BROADCASTING"}, fe, "mode", func(v string) { f.Mode = v }),
			rmqChoose(p.host, "rmq-group-client", p.t("rmqform.client"), cmpOr(f.Client, "remoting"),
				[]string{"remoting", "grpc-push", "simple"},
				[]string{p.t("rmqform.client.remoting"), p.t("rmqform.client.grpc"), p.t("rmqform.client.simple")},
				fe, "client", func(v string) { f.Client = v }),
		),
		rmqCheck("rmq-group-orderly", p.t("rmqform.orderly"), f.Orderly, func(v bool) { f.Orderly = v }),
		app.P().Class("dl-help").Text(p.t("rmqform.orderly.help")),
		app.Div().Class("dl-row2").Body(
			rmqField(p.host, "rmq-group-maxretry", "maxReconsumeTimes", f.MaxRetry, "-1", fe, "maxretry", func(v string) { f.MaxRetry = v }),
			rmqField(p.host, "rmq-group-retrynums", "retryQueueNums", f.RetryNums, "1", fe, "retrynums", func(v string) { f.RetryNums = v }),
		),
		app.P().Class("dl-help").Text(p.t("rmqform.maxretry.help")),
		app.If(five, app.Div().Class("dl-row2").Body(
			rmqField(p.host, "rmq-group-retrymax", "retryMaxTimes", f.RetryMax, "16", fe, "retrymax", func(v string) { f.RetryMax = v }),
			rmqChoose(p.host, "rmq-group-policy", p.t("rmqform.policy"), cmpOr(f.Policy, "customized"),
				[]string{"customized", "exponential"}, []string{p.t("rmqform.policy.customized"), p.t("rmqform.policy.exponential")},
				fe, "policy", func(v string) { f.Policy = v }),
		), app.P().Class("dl-help").Text(p.t("rmqform.policy.help"))),
		p.formError("group"),
		app.Div().Class("dl-actions").Body(app.Button().ID("rmq-group-add").Class("dl-button", "dl-button--primary").
			Type("submit").Body(icon("plus"), app.Span().Text(p.t("rmqform.add")))),
	)
}

func (p *RMQBuildPanel) consumerForm(sc *rscn.Scenario) app.UI {
	f, fe := &p.consumer, p.errs["consumer"]
	var groups []string
	for _, g := range sc.Groups {
		groups = append(groups, g.Name)
	}
	if f.Group == "" && len(groups) > 0 {
		f.Group = groups[0]
	}
	presets := make([]app.UI, 0, len(rmqPresets))
	for _, pr := range rmqPresets {
		script := pr.script
		presets = append(presets, app.Button().Class("dl-button").Type("button").
			OnClick(func(ctx app.Context, e app.Event) { f.Script = script }).Text(p.t(pr.key)))
	}
	return app.Form().ID("rmq-form-consumer").Class("dl-form").OnSubmit(p.onConsumer).Body(
		app.H3().Text(p.t("rmqform.consumer")),
		app.Div().Class("dl-row2").Body(
			rmqChoose(p.host, "rmq-consumer-group", p.t("rmqform.group"), f.Group, groups, nil, fe, "group", func(v string) { f.Group = v }),
			rmqField(p.host, "rmq-consumer-id", p.t("rmqform.id"), f.ID, "c1", fe, "id", func(v string) { f.ID = v }),
		),
		rmqArea(p.host, "rmq-consumer-script", p.t("rmqform.script"), f.Script, "key=order-9: throw, throw, success\n*: success",
			3, fe, "script", func(v string) { f.Script = v }),
		app.Div().Class("dl-actions rmq-presets").Body(presets...),
		app.P().Class("dl-help").Text(p.t("rmqform.script.help")),
		p.formError("consumer"),
		app.Div().Class("dl-actions").Body(app.Button().ID("rmq-consumer-add").Class("dl-button", "dl-button--primary").
			Type("submit").Body(icon("plus"), app.Span().Text(p.t("rmqform.add")))),
	)
}

// edit replays the edited scenario to the time the learner was at.
func (p *RMQBuildPanel) edit(form string, sc *rscn.Scenario, fe model.RMQFieldErrors, what string) {
	p.errs[form] = fe
	p.done = ""
	if len(fe) > 0 {
		return
	}
	s := p.host.rocket()
	now, started := s.Now(), s.Started()
	if err := s.Load(sc); err != nil {
		p.errs[form] = model.RMQFieldErrors{"": {Key: "rmqform.err.broker", Text: err.Error()}}
		return
	}
	if started {
		s.JumpBy(now)
	}
	p.done = p.t("rmqform.added", what)
	p.host.rocketChanged()
}

func (p *RMQBuildPanel) onTopic(ctx app.Context, e app.Event) {
	e.PreventDefault()
	sc, fe := model.RMQAddTopic(p.host.rocket().Scenario(), p.topic)
	p.edit("topic", sc, fe, p.topic.Name)
}

func (p *RMQBuildPanel) onGroup(ctx app.Context, e app.Event) {
	e.PreventDefault()
	sc, fe := model.RMQAddGroup(p.host.rocket().Scenario(), p.group)
	p.edit("group", sc, fe, p.group.Name)
}

func (p *RMQBuildPanel) onConsumer(ctx app.Context, e app.Event) {
	e.PreventDefault()
	sc, fe := model.RMQAddConsumer(p.host.rocket().Scenario(), p.consumer)
	p.edit("consumer", sc, fe, p.consumer.ID)
}

func cmpOr(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
