package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// The publish panel: basic.publish with the properties that matter for
// dead-lettering, repeated N times with an interval. Each publish becomes
// a step at the current virtual time. Returned messages are listed.

type publishState struct {
	f   model.PublishText
	err model.FieldError
}

// OnInit takes back what the panel held when it left the screen.
func (h *PublishPanel) OnInit() {
	h.st = resume(&h.drafts, tabPublish, publishState{f: model.NewPublishText()})
}

// OnDismount keeps what the panel holds.
func (h *PublishPanel) OnDismount() { keep(&h.drafts, tabPublish, h.st) }

func (h *PublishPanel) publishPanel(snap model.Snapshot) app.UI {
	f, err := &h.st.f, h.st.err
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
			choose("pub-exchange", h.t("publish.exchange"), f.Exchange, xs, labels, func(v string) { f.Exchange = v }),
			field("pub-key", h.t("publish.key"), f.Key, h.t("publish.key.ph"), func(v string) { f.Key = v }),
			field("pub-body", h.t("publish.body"), f.Body, "hello", func(v string) { f.Body = v }),
			app.Div().Class("dl-row2").Body(
				field("pub-expiration", "expiration (ms)", f.Expiration, h.t("form.optional"), func(v string) { f.Expiration = v }),
				fieldErr(h.lang, "pub-priority", "priority", f.Priority, h.t("form.optional"), placeErr(err, "priority", "pub-priority"),
					func(v string) { f.Priority = v; h.st.err.Clear("priority") }),
			),
			app.If(model.MillisInWords(f.Expiration) != "", app.P().ID("pub-expiration-words").Class("dl-inwords").
				Text(h.t("form.inwords", strings.TrimSpace(f.Expiration), h.t("unit.ms"), model.MillisInWords(f.Expiration)))),
			h.help("help.expiration"),
			field("pub-msgid", "message_id", f.MessageID, h.t("form.optional"), func(v string) { f.MessageID = v }),
			area(h.lang, "pub-headers", h.t("publish.headers"), f.Headers, "k = v\nCC = [a, b]", 2, placeErr(err, "headers", "pub-headers"),
				func(v string) { f.Headers = v; h.st.err.Clear("headers") }),
			check("pub-mandatory", "mandatory", f.Mandatory, func(v bool) { f.Mandatory = v }),
			h.help("help.mandatory"),
			app.Div().Class("dl-row2").Body(
				fieldErr(h.lang, "pub-count", h.t("publish.count"), f.Count, "1", placeErr(err, "count", "pub-count"), func(v string) { f.Count = v; h.st.err.Clear("count") }),
				fieldErr(h.lang, "pub-interval", h.t("publish.interval"), f.Interval, "0, 500ms, 2s", placeErr(err, "interval", "pub-interval"),
					func(v string) { f.Interval = v; h.st.err.Clear("interval") }),
			),
			app.Div().Class("dl-actions").Body(
				app.Button().ID("pub-send").Class("dl-button", "dl-button--primary").Type("submit").Body(
					icon("send"), app.Span().Text(h.t("publish.send"))),
			),
			app.P().Class("dl-help").Text(h.t("publish.at", clockLabel(snap.Now))),
		),
		h.returnsList(),
	)
}

func (h *PublishPanel) onPublish(ctx app.Context, e app.Event) {
	e.PreventDefault()
	p, err := h.st.f.Read()
	if h.st.err = err; !err.None() {
		return
	}
	h.s.Publish(p)
	h.changed()
}

// returnsList shows basic.return: mandatory messages no queue took.
func (h *PublishPanel) returnsList() app.UI {
	var lis []app.UI
	rows, total := h.s.Returns()
	for _, r := range rows {
		lis = append(lis, app.Li().DataSet("testid", "returned").Body(
			app.Span().Class("dl-time").Text(clockLabel(r.T)),
			app.Span().Text("↩ "+strconv.Itoa(r.Code)+" "+r.Detail+" · "),
			app.Span().Class("dl-body").Text(clip(r.Body, 24)),
			app.Span().Class("dl-muted").Text(" · "+exchangeText(h.lang, r.Exchange)+" · "+r.RoutingKey),
		))
	}
	return app.Div().Class("dl-section").Body(
		app.H3().Text(h.t("publish.returns")),
		app.If(len(lis) == 0, app.P().Class("dl-help").Text(h.t("publish.returns.none"))),
		app.If(total > len(rows), app.P().Class("dl-help").Text(h.t("publish.returns.more", len(rows), total))),
		app.If(len(lis) > 0, app.Ul().ID("returns").Class("dl-list").Body(lis...)),
	)
}

// exchangeText names an exchange, the default one ("") in words.
func exchangeText(lang, x string) string {
	if x == "" || x == `""` || x == model.DefaultExchange {
		return tr(lang, "exchange.default")
	}
	return x
}
