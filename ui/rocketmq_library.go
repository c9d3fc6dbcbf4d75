package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// The RocketMQ part of the library dialog: the RocketMQ lessons under a
// heading of their own, grouped (model.RocketLessonGroups); opening one
// switches the page to RocketMQ.

// rocketSections are the RocketMQ lesson groups matching the filter, and
// how many lessons they hold.
func (h *LibraryDialog) rocketSections() ([]app.UI, int) {
	groups := model.RocketLessonGroups(h.query)
	if len(groups) == 0 {
		return nil, 0
	}
	var out []app.UI
	n := 0
	for _, g := range groups {
		items := make([]app.UI, 0, len(g.Lessons))
		for _, l := range g.Lessons {
			items = append(items, app.Li().Body(
				app.Button().ID(domID("lesson-"+l.Name)).Class("dl-lesson").Type("button").DataSet("lesson", l.Name).
					DataSet("broker", model.RocketBroker).Disabled(l.Err != "").OnClick(h.onRocketLesson(l.Name)).Body(
					app.Span().Class("dl-lesson-title").Text(h.local(l.Title, l.TitleZH)),
					app.Span().Class("dl-lesson-summary").Body(richText(model.FirstSentence(h.local(l.Summary, l.SummaryZH)))...),
					app.If(l.Err != "", app.Span().Class("dl-form-error").Text(l.Err)),
				),
			))
		}
		n += len(items)
		out = append(out, app.Section().Class("dl-libgroup").DataSet("broker", model.RocketBroker).Body(
			app.H3().Text(h.t(g.Key)),
			app.Ul().Class("dl-lessons").Body(items...),
		))
	}
	return out, n
}

// byBroker puts each broker's lessons under its heading, the broker the
// page shows first; each heading has a button to the other broker's.
func (h *LibraryDialog) byBroker(rabbit, rocket []app.UI) []app.UI {
	if len(rabbit) == 0 || len(rocket) == 0 {
		return append(rabbit, rocket...)
	}
	ra := append([]app.UI{h.brokerHeading("lib-broker-rabbitmq", "RabbitMQ", "lib-broker-rocketmq", "RocketMQ")}, rabbit...)
	ro := append([]app.UI{h.brokerHeading("lib-broker-rocketmq", "RocketMQ", "lib-broker-rabbitmq", "RabbitMQ")}, rocket...)
	if h.rocketMode() {
		return append(ro, ra...)
	}
	return append(ra, ro...)
}

// brokerHeading heads one broker's lessons, with a button that scrolls to
// the other broker's.
func (h *LibraryDialog) brokerHeading(id, name, otherID, other string) app.UI {
	return app.Div().Class("dl-libbroker").Body(
		app.H2().ID(id).Text(name),
		app.Button().ID("goto-"+otherID).Class("dl-button", "dl-button--small").Type("button").
			OnClick(func(ctx app.Context, e app.Event) {
				if el := app.Window().GetElementByID(otherID); el.Truthy() {
					el.Call("scrollIntoView")
				}
			}).Text(h.t("rq.lib.goto", other)),
	)
}

func (h *LibraryDialog) onRocketLesson(name string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		sc := model.RocketLesson(name)
		if sc == nil {
			return
		}
		s, err := model.NewRocket(sc)
		if err != nil {
			h.linkErr = err.Error()
		} else {
			h.openRocket(s)
			h.libOpen = false
		}
		h.changed()
	}
}
