package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// The library dialog: the lessons of scenarios/library (embedded in the
// wasm) with titles and summaries, grouped by topic, with a filter.

func (h *LibraryDialog) libraryDialog() app.UI {
	groups := model.LessonGroups(h.query)
	sections := make([]app.UI, 0, len(groups))
	n := 0
	for _, g := range groups {
		items := make([]app.UI, 0, len(g.Lessons))
		for _, l := range g.Lessons {
			items = append(items, h.lessonItem(l))
		}
		n += len(items)
		sections = append(sections, app.Section().Class("dl-libgroup").Body(
			app.H3().Text(h.t(g.Key)),
			app.Ul().Class("dl-lessons").Body(items...),
		))
	}
	rocket, rn := h.rocketSections() // the RocketMQ lessons, under their own heading
	return h.dialog(n+rn, h.byBroker(sections, rocket))
}

func (h *LibraryDialog) lessonItem(l model.Lesson) app.UI {
	return app.Li().Body(
		app.Button().ID(domID("lesson-"+l.Name)).Class("dl-lesson").Type("button").DataSet("lesson", l.Name).
			Disabled(l.Err != "").OnClick(h.onLesson(l.Name), l.Name).Body(
			app.Span().Class("dl-lesson-title").Text(h.local(l.Title, l.TitleZH)),
			app.Span().Class("dl-lesson-summary").Body(richText(model.FirstSentence(h.local(l.Summary, l.SummaryZH)))...),
			app.If(l.Err != "", app.Span().Class("dl-form-error").Text(l.Err)),
		),
	)
}

func (h *LibraryDialog) dialog(n int, sections []app.UI) app.UI {
	return app.Div().Class("dl-overlay").OnClick(h.onLibraryBackdrop).Body(
		app.Div().ID("library").Class("dl-dialog").Role("dialog").Aria("modal", true).Aria("labelledby", "library-title").Body(
			app.Div().Class("dl-dialog-head").Body(
				app.H2().ID("library-title").Text(h.t("library.title")),
				app.Input().ID("library-search").Class("dl-input").Type("search").Placeholder(h.t("library.search")).
					Aria("label", h.t("library.search")).Value(h.query).AutoFocus(true).
					OnInput(func(ctx app.Context, e app.Event) { h.query = ctx.JSSrc().Get("value").String() }),
				app.Button().ID("library-close").Class("dl-button", "dl-button--icon").Type("button").
					Aria("label", h.t("close")).OnClick(h.onLibraryClose).Text("×"),
			),
			app.Div().Class("dl-dialog-body").Body(
				app.If(n == 0, app.P().Class("dl-help").Text(h.t("library.nomatch"))),
				app.Div().Body(sections...),
			),
			app.Div().Class("dl-dialog-foot").Body(
				app.Button().ID("lesson-empty").Class("dl-button").Type("button").OnClick(h.onEmpty).
					Text(h.t("scenario.new")),
			),
		),
	)
}

func (h *Header) onLibraryOpen(ctx app.Context, e app.Event) {
	h.libOpen = true
}

func (h *LibraryDialog) onLibraryClose(ctx app.Context, e app.Event) { h.libOpen = false }

func (h *LibraryDialog) onLibraryBackdrop(ctx app.Context, e app.Event) {
	if e.Get("target").Equal(ctx.JSSrc()) {
		h.libOpen = false
	}
}

// onLesson loads the lesson name.
func (h *LibraryDialog) onLesson(name string) app.EventHandler {
	return func(ctx app.Context, e app.Event) { h.loadLesson(name) }
}

func (h *LibraryDialog) loadLesson(name string) {
	if h.s.LoadLesson(name) {
		h.rqOn = false // a RabbitMQ lesson shows the RabbitMQ page
		h.libOpen = false
		h.listTop = 0
		h.tab = tabInspect
		h.text.yaml = h.s.YAML()
	}
	h.changed()
}

func (h *LibraryDialog) onEmpty(ctx app.Context, e app.Event) {
	h.s.NewScenario()
	h.rqOn = false
	h.libOpen = false
	h.text.yaml = h.s.YAML()
	h.changed()
}
