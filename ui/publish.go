package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
	"github.com/dlxlab/dlxlab/ui/model"
)

// The publish panel: basic.publish with the properties that matter for
// dead-lettering, repeated N times with an interval. Each publish becomes
// a step at the current virtual time. Returned messages are listed.

type publishForm struct {
	exchange, key, body, expiration, priority, messageID, headers string
	mandatory                                                     bool
	count, interval                                               string
}

func (h *PublishPanel) publishPanel(snap model.Snapshot) app.UI {
	f := &h.pub
	var xs, labels []string
	for _, x := range h.s.Broker().Exchanges() {
		if x.Internal || strings.HasPrefix(x.Name, "amq.") {
			continue
		}
		xs = append(xs, x.Name)
		if x.Name == "" {
			labels = append(labels, h.t("exchange.default"))
		} else {
			labels = append(labels, x.Name+" ("+x.Type+")")
		}
	}
	return app.Div().ID("publish").Body(
		app.Form().ID("form-publish").Class("dl-form").OnSubmit(h.onPublish).Body(
			app.H3().Text(h.t("publish.title")),
			h.choose("pub-exchange", h.t("publish.exchange"), f.exchange, xs, labels, func(v string) { f.exchange = v }),
			h.field("pub-key", h.t("publish.key"), f.key, h.t("publish.key.ph"), func(v string) { f.key = v }),
			h.field("pub-body", h.t("publish.body"), f.body, "hello", func(v string) { f.body = v }),
			app.Div().Class("dl-row2").Body(
				h.field("pub-expiration", "expiration (ms)", f.expiration, h.t("form.optional"), func(v string) { f.expiration = v }),
				h.field("pub-priority", "priority", f.priority, h.t("form.optional"), func(v string) { f.priority = v }),
			),
			h.help("help.expiration"),
			h.field("pub-msgid", "message_id", f.messageID, h.t("form.optional"), func(v string) { f.messageID = v }),
			h.area("pub-headers", h.t("publish.headers"), f.headers, "k = v\nCC = [a, b]", 2, model.FieldError{}, func(v string) { f.headers = v }),
			h.check("pub-mandatory", "mandatory", f.mandatory, func(v bool) { f.mandatory = v }),
			h.help("help.mandatory"),
			app.Div().Class("dl-row2").Body(
				h.field("pub-count", h.t("publish.count"), f.count, "1", func(v string) { f.count = v }),
				h.field("pub-interval", h.t("publish.interval"), f.interval, "0, 500ms, 2s", func(v string) { f.interval = v }),
			),
			app.Div().Class("dl-actions").Body(
				app.Button().ID("pub-send").Class("dl-button", "dl-button--primary").Type("submit").Body(
					icon("send"), app.Span().Text(h.t("publish.send"))),
			),
			app.P().Class("dl-help").Text(h.t("publish.at", clockLabel(snap.Now))),
		),
		app.If(h.formErr != "" && h.tab == tabPublish, app.P().ID("form-error").Class("dl-form-error").Role("alert").Text("⚠ "+h.formErr)),
		h.returnsList(),
	)
}

func (h *PublishPanel) onPublish(ctx app.Context, e app.Event) {
	e.PreventDefault()
	f := h.pub
	p := model.PublishForm{Exchange: f.exchange, RoutingKey: f.key, Body: f.body, Expiration: strings.TrimSpace(f.expiration),
		MessageID: strings.TrimSpace(f.messageID), Mandatory: f.mandatory, Count: 1}
	if s := strings.TrimSpace(f.priority); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > 255 {
			h.formErr = h.t("form.badnumber", "priority")
			return
		}
		p.Priority = &n
	}
	if s := strings.TrimSpace(f.count); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			h.formErr = h.t("form.badnumber", h.t("publish.count"))
			return
		}
		p.Count = n
	}
	if s := strings.TrimSpace(f.interval); s != "" && s != "0" {
		d, err := scenarios.ParseDuration(s)
		if err != nil {
			h.formErr = err.Error()
			return
		}
		p.Interval = d
	}
	hdrs, err := parseHeaders(f.headers)
	if err != nil {
		h.formErr = err.Error()
		return
	}
	p.Headers = hdrs
	h.formErr = ""
	h.s.Publish(p)
	h.changed()
}

// parseHeaders reads "key = value" lines; "[a, b]" is an array of
// strings (CC / BCC routing keys).
func parseHeaders(text string) (core.Table, error) {
	t, err := model.ParseTable(nil, text)
	if err != nil || t == nil {
		return t, err
	}
	for k, v := range t {
		if s, ok := v.(string); ok && strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
			var arr []any
			for _, item := range strings.Split(strings.Trim(s, "[]"), ",") {
				if item = strings.TrimSpace(item); item != "" {
					arr = append(arr, item)
				}
			}
			t[k] = arr
		}
	}
	return t, nil
}

// returnsList shows basic.return: mandatory messages no queue took.
func (h *PublishPanel) returnsList() app.UI {
	var lis []app.UI
	for _, ev := range h.s.Broker().Events() {
		if ev.Kind != core.EvReturned || ev.Msg == nil {
			continue
		}
		lis = append(lis, app.Li().DataSet("testid", "returned").Body(
			app.Span().Class("dl-time").Text(clockLabel(ev.T)),
			app.Span().Text("↩ "+strconv.Itoa(ev.Code)+" "+ev.Detail+" · "),
			app.Span().Class("dl-body").Text(clip(ev.Msg.Body, 24)),
			app.Span().Class("dl-muted").Text(" · "+exchangeLabel(ev.Exchange)+" · "+ev.Msg.RoutingKey()),
		))
	}
	return app.Div().Class("dl-section").Body(
		app.H3().Text(h.t("publish.returns")),
		app.If(len(lis) == 0, app.P().Class("dl-help").Text(h.t("publish.returns.none"))),
		app.If(len(lis) > 0, app.Ul().ID("returns").Class("dl-list").Body(lis...)),
	)
}

func exchangeLabel(x string) string {
	if x == "" {
		return `""`
	}
	return x
}
