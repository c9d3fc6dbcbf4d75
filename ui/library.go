package ui

import (
	"strings"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// The library dialog: the lessons of scenarios/library (embedded in the
// wasm) with titles and summaries, grouped by topic, with a filter.

// startLessons are the first lessons to try, shown first.
var startLessons = []string{"retry-loop", "basics-reject-to-dlq", "ttl-queue-vs-message", "dlx-unroutable-and-missing"}

// lessonGroups maps a file-name prefix to a topic; the order is the
// order of the groups in the dialog. Files with no known prefix go last.
var lessonGroups = []struct{ prefix, key string }{
	{"", "lib.group.start"},
	{"basics-", "lib.group.basics"},
	{"ttl-", "lib.group.ttl"},
	{"dlx-", "lib.group.dlx"},
	{"routing-", "lib.group.routing"},
	{"retry-", "lib.group.retry"},
	{"quorum-", "lib.group.quorum"},
	{"policy-", "lib.group.policy"},
	{"profile-", "lib.group.profile"},
	{"myth-", "lib.group.myth"},
	{"template-", "lib.group.templates"},
	{"", "lib.group.more"},
}

func lessonGroup(name string) int {
	for _, s := range startLessons {
		if s == name {
			return 0
		}
	}
	for i, g := range lessonGroups {
		if g.prefix != "" && strings.HasPrefix(name, g.prefix) {
			return i
		}
	}
	return len(lessonGroups) - 1
}

func (h *LibraryDialog) libraryDialog() app.UI {
	q := strings.ToLower(strings.TrimSpace(h.query))
	groups := make([][]app.UI, len(lessonGroups))
	n := 0
	for _, l := range libraryOrder() {
		if q != "" && !strings.Contains(strings.ToLower(plainText(l.Name+" "+l.Title+" "+l.Summary+" "+l.TitleZH+" "+l.SummaryZH)), q) {
			continue
		}
		n++
		g := lessonGroup(l.Name)
		item := app.Li().Body(
			app.Button().ID(domID("lesson-"+l.Name)).Class("dl-lesson").Type("button").DataSet("lesson", l.Name).
				Disabled(l.Err != "").OnClick(h.onLesson, l.Name).Body(
				app.Span().Class("dl-lesson-title").Text(h.local(l.Title, l.TitleZH)),
				app.Span().Class("dl-lesson-summary").Body(richText(firstSentence(h.local(l.Summary, l.SummaryZH)))...),
				app.If(l.Err != "", app.Span().Class("dl-form-error").Text(l.Err)),
			),
		)
		groups[g] = append(groups[g], item)
	}
	sections := make([]app.UI, 0, len(groups))
	for i, items := range groups {
		if len(items) == 0 {
			continue
		}
		sections = append(sections, app.Section().Class("dl-libgroup").Body(
			app.H3().Text(h.t(lessonGroups[i].key)),
			app.Ul().Class("dl-lessons").Body(items...),
		))
	}
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

// libraryOrder is the library with the start lessons first, in their order.
func libraryOrder() []model.Lesson {
	lib := model.Library()
	out := make([]model.Lesson, 0, len(lib))
	for _, name := range startLessons {
		for _, l := range lib {
			if l.Name == name {
				out = append(out, l)
			}
		}
	}
	for _, l := range lib {
		if lessonGroup(l.Name) != 0 {
			out = append(out, l)
		}
	}
	return out
}

// firstSentence keeps the summary short in the list: up to the first
// ". " or, in Chinese, the first "。" (a full stop needs no space after it).
func firstSentence(s string) string {
	end := -1
	if i := strings.Index(s, ". "); i > 0 {
		end = i + 1
	}
	if i := strings.Index(s, "。"); i > 0 && (end < 0 || i < end) && i+len("。") < len(s) {
		end = i + len("。")
	}
	if end > 0 && utf8.RuneCountInString(s[:end]) < 220 {
		return s[:end]
	}
	return clip(s, 220)
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

func (h *LibraryDialog) onLesson(ctx app.Context, e app.Event) {
	name := ctx.JSSrc().Get("dataset").Get("lesson").String()
	if h.s.LoadLesson(name) {
		h.libOpen = false
		h.listTop = 0
		h.tab = tabInspect
		h.forms.yaml = h.s.YAML()
	}
	h.changed()
}

func (h *LibraryDialog) onEmpty(ctx app.Context, e app.Event) {
	h.s.NewScenario()
	h.libOpen = false
	h.forms.yaml = h.s.YAML()
	h.changed()
}
