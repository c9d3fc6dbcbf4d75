package ui

import (
	"errors"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// RMQPublishPanel sends RocketMQ messages by hand: topic, keys, tags,
// body, a queue, a delay level or (5.x) a deliver time, repeated N times.
// Each send is a step at the current virtual time (RocketSession.Apply).
type RMQPublishPanel struct {
	app.Compo
	host rmqHost
	Rev  uint64

	form  model.RMQPublishForm
	errs  model.RMQFieldErrors
	hints []model.RMQFieldError
	sent  string
}

// NewRMQPublishPanel makes the publish panel for a host page.
func NewRMQPublishPanel(h rmqHost, rev uint64) *RMQPublishPanel {
	return &RMQPublishPanel{host: h, Rev: rev}
}

// Render draws the panel.
func (p *RMQPublishPanel) Render() app.UI {
	s := p.host.rocket()
	if s == nil {
		return app.Div().ID("rmq-publish")
	}
	f, fe := &p.form, p.errs
	sc := s.Scenario()
	var topics []string
	for _, t := range sc.Topics {
		topics = append(topics, t.Name)
	}
	if f.Topic == "" && len(topics) > 0 {
		f.Topic = topics[0]
	}
	hints := make([]app.UI, 0, len(p.hints))
	for _, h := range p.hints {
		hints = append(hints, app.P().Class("dl-help").DataSet("testid", "publish-hint").Text("ℹ "+p.t(h.Key)))
	}
	return app.Div().ID("rmq-publish").Body(
		app.Form().ID("rmq-form-publish").Class("dl-form").OnSubmit(p.onSend).Body(
			app.H3().Text(p.t("rmqpub.title")),
			rmqChoose(p.host, "rmq-pub-topic", p.t("rmqform.topicname"), f.Topic, topics, nil, fe, "topic", func(v string) { f.Topic = v }),
			app.Div().Class("dl-row2").Body(
				rmqField(p.host, "rmq-pub-keys", "keys", f.Keys, "order-1001", fe, "keys", func(v string) { f.Keys = v }),
				rmqField(p.host, "rmq-pub-tags", "tags", f.Tags, "paid", fe, "tags", func(v string) { f.Tags = v }),
			),
			rmqField(p.host, "rmq-pub-body", p.t("rmqpub.body"), f.Body, `{"order":1001}`, fe, "body", func(v string) { f.Body = v }),
			app.Div().Class("dl-row2").Body(
				rmqField(p.host, "rmq-pub-queue", p.t("rmqpub.queue"), f.Queue, p.t("rmqpub.queue.ph"), fe, "queue", func(v string) { f.Queue = v }),
				rmqField(p.host, "rmq-pub-delay", p.t("rmqpub.delay"), f.DelayLevel, "0, 3 = 10 s", fe, "delay", func(v string) { f.DelayLevel = v }),
			),
			rmqField(p.host, "rmq-pub-deliver", p.t("rmqpub.deliver"), f.DeliverIn, "30s", fe, "deliver", func(v string) { f.DeliverIn = v }),
			app.P().Class("dl-help").Text(p.t("rmqpub.delay.help")),
			app.Div().Class("dl-row2").Body(
				rmqField(p.host, "rmq-pub-count", p.t("rmqpub.count"), f.Count, "1", fe, "count", func(v string) { f.Count = v }),
				rmqField(p.host, "rmq-pub-every", p.t("rmqpub.every"), f.Every, "3s", fe, "every", func(v string) { f.Every = v }),
			),
			app.Div().Body(hints...),
			app.If(fe[""].Key != "", app.P().ID("rmq-pub-error").Class("dl-form-error").Role("alert").Text("⚠ "+rmqErrText(p.host, fe[""]))),
			app.Div().Class("dl-actions").Body(
				app.Button().ID("rmq-pub-send").Class("dl-button", "dl-button--primary").Type("submit").Body(
					icon("send"), app.Span().Text(p.t("rmqpub.send")))),
			app.P().Class("dl-help").Text(p.t("rmqpub.at", rmqTime(s.Now()))),
			app.If(p.sent != "", app.P().ID("rmq-pub-sent").Role("status").Class("dl-help").Text(p.sent)),
		),
	)
}

func (p *RMQPublishPanel) t(key string, args ...any) string { return p.host.t(key, args...) }

func (p *RMQPublishPanel) onSend(ctx app.Context, e app.Event) {
	e.PreventDefault()
	s := p.host.rocket()
	st, fe, hints := model.RMQPublishStep(s.Scenario(), p.form)
	p.errs, p.hints, p.sent = fe, hints, ""
	if len(fe) > 0 {
		return
	}
	if err := s.Apply(st); err != nil {
		key := "rmqform.err.broker"
		if errors.Is(err, model.ErrMidSend) {
			key = "rmqpub.midsend"
		}
		p.errs = model.RMQFieldErrors{"": {Key: key, Text: err.Error()}}
		return
	}
	p.sent = p.t("rmqpub.sent", max(st.Send.Count, 1), st.Send.Topic, rmqTime(s.Now()))
	p.host.rocketChanged()
}
