package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/core/delay"
	"github.com/dlxlab/dlxlab/ui/model"
)

// DelayLabPage is the "Delay lab" view (/delay, /embed/delay): one
// workload of delayed messages through nine strategies, as a table with
// editable parameters, a lateness histogram and held-over-time line per
// strategy, and a timeline for small workloads (docs/delay-lab.md). The
// state and every number are ui/model.DelayLab's; this file only draws and
// forwards edits.
type DelayLabPage struct {
	app.Compo

	// Compact is the /embed/delay variant: no lesson picker.
	Compact bool

	d        *model.DelayLab
	lang     string
	editErr  string // the last parameter edit that was refused
	editAt   string // "kind/param" of that edit
	linkErr  string
	share    string
	draft    string // the workload editor's text while it differs from the lab ("": the lab's YAML)
	draftErr string
	mounted  bool // the wasm has mounted: data-mounted="1" tells the browser tests
	unlisten []func()
}

func (p *DelayLabPage) lab() *model.DelayLab {
	if p.d == nil {
		p.d = model.NewDelayLab()
		p.lang = langEN
	}
	return p.d
}

func (p *DelayLabPage) t(key string, args ...any) string { return tr(p.lang, key, args...) }

// OnMount picks the language and opens a #d= link if there is one.
func (p *DelayLabPage) OnMount(ctx app.Context) {
	p.lab()
	p.mounted = true
	if l := storageGet(storeLang); l == langEN || l == langZH {
		p.lang = l
	}
	setDocLang(p.lang)
	p.openFragment()
	p.unlisten = append(p.unlisten, app.Window().AddEventListener("hashchange", func(ctx app.Context, e app.Event) {
		p.openFragment()
	}))
}

// OnDismount stops listening.
func (p *DelayLabPage) OnDismount() {
	for _, f := range p.unlisten {
		f()
	}
	p.unlisten = nil
}

func (p *DelayLabPage) openFragment() {
	frag := locationHash()
	if !strings.Contains(frag, "d=") {
		return
	}
	p.linkErr = ""
	if err := p.d.OpenLink("#" + frag); err != nil {
		p.linkErr = err.Error()
	}
}

// Render draws the page.
func (p *DelayLabPage) Render() app.UI {
	d := p.lab()
	lab := d.Lab()
	if lab == nil {
		return app.Main().ID("delaylab").Text(p.t("delay.none"))
	}
	return app.Div().ID("delaylab").Class("dl-delaylab").DataSet("compact", p.Compact).
		DataSet("mounted", map[bool]string{true: "1", false: "0"}[p.mounted]).Body(
		p.header(),
		app.Main().Class("dl-delay-main").Body(
			app.If(p.linkErr != "", app.P().ID("delay-link-error").Class("dl-error").Role("alert").
				Text(p.t("delay.link.bad", p.linkErr))),
			app.Section().Class("dl-delay-intro").Body(
				app.H2().ID("delay-lab-title").Text(localText(p.lang, lab.Title, lab.TitleZH)),
				app.P().Class("dl-help").Text(localText(p.lang, lab.Summary, lab.SummaryZH)),
				app.P().ID("delay-workload").Class("dl-muted").Text(p.workloadText()),
			),
			p.table(),
			p.notes(),
			p.editor(),
			p.timeline(),
			p.charts(),
		),
	)
}

func (p *DelayLabPage) header() app.UI {
	home := "/"
	if p.Compact {
		link, _ := p.d.Link()
		return app.Header().Class("dl-header").Body(
			app.Img().Class("dl-logo").Src("/web/icon.svg").Alt("").Width(24).Height(24),
			app.Div().Class("dl-title").Body(app.H1().Text(p.t("delay.title"))),
			app.A().ID("embed-open").Class("dl-link").Href("/delay#"+link).Target("_blank").Rel("noopener").
				Text(p.t("embed.open")),
		)
	}
	lessons := []app.UI{}
	for _, l := range p.d.Lessons() {
		lessons = append(lessons, app.Option().Value(l.Name).Selected(l.Name == p.d.Lesson()).
			Text(localText(p.lang, l.Lab.Title, l.Lab.TitleZH)))
	}
	if p.d.Lesson() == "" {
		lessons = append([]app.UI{app.Option().Value("").Selected(true).Text(p.t("delay.fromlink"))}, lessons...)
	}
	return app.Header().Class("dl-header").Body(
		app.A().Href(home).Body(app.Img().Class("dl-logo").Src("/web/icon.svg").Alt(Name).Width(32).Height(32)),
		app.Div().Class("dl-title").Body(
			app.H1().Text(p.t("delay.title")),
			app.P().Class("dl-tagline").Text(p.t("delay.tagline")),
		),
		app.Label().Class("dl-field-inline").Body(
			app.Span().Class("dl-visually-hidden").Text(p.t("delay.lesson")),
			app.Select().ID("delay-lesson").Class("dl-select").Title(p.t("delay.lesson")).
				OnChange(p.onLesson).Body(lessons...),
		),
		app.Div().Class("dl-header-actions").Body(
			app.A().ID("delay-playground").Class("dl-link").Href(home).Text(p.t("delay.playground")),
			app.Label().Class("dl-field-inline").Body(
				app.Span().Class("dl-visually-hidden").Text(p.t("language")),
				app.Select().ID("lang").Class("dl-select").Title(p.t("language")).OnChange(p.onLang).Body(
					app.Option().Value(langEN).Selected(p.lang == langEN).Text("English"),
					app.Option().Value(langZH).Selected(p.lang == langZH).Text("简体中文"),
				),
			),
			app.Button().ID("delay-share").Class("dl-button", "dl-button--primary").Type("button").
				OnClick(p.onShare).Body(icon("link"), app.Span().Text(p.t("share.copy"))),
		),
		app.If(p.share != "", app.Input().ID("delay-share-link").Class("dl-input").ReadOnly(true).Value(p.share).
			Aria("label", p.t("share.ready"))),
	)
}

func (p *DelayLabPage) workloadText() string {
	msgs := p.d.Messages()
	lo, hi := msgs[0].Delay, msgs[0].Delay
	for _, m := range msgs {
		lo, hi = min(lo, m.Delay), max(hi, m.Delay)
	}
	if span := msgs[len(msgs)-1].At - msgs[0].At; span > 0 {
		return p.t("delay.workload", len(msgs), delay.FormatShort(span), delay.FormatShort(lo), delay.FormatShort(hi))
	}
	return p.t("delay.workload.once", len(msgs), delay.FormatShort(lo), delay.FormatShort(hi))
}

func (p *DelayLabPage) kindTitle(r delay.Result) string {
	title := p.t("delay.kind." + r.Kind)
	if strings.HasPrefix(title, "delay.kind.") {
		title = r.Title
	}
	return title
}

// table is the comparison: one row per strategy, its parameters editable.
func (p *DelayLabPage) table() app.UI {
	head := []string{"delay.col.strategy", "delay.col.params", "delay.col.p50", "delay.col.p95", "delay.col.p99",
		"delay.col.max", "delay.col.early", "delay.col.ooo", "delay.col.held", "delay.col.refused", "delay.col.work"}
	ths := make([]app.UI, len(head))
	for i, k := range head {
		ths[i] = app.Th().Scope("col").Title(p.t(k + ".title")).Text(p.t(k))
	}
	rows := make([]app.UI, 0, len(p.d.Results()))
	for i, r := range p.d.Results() {
		rows = append(rows, app.Tr().DataSet("kind", r.Kind).Body(
			app.Th().Scope("row").Body(
				app.Span().Text(p.kindTitle(r)),
				app.If(r.Plugin, app.Span().Class("dl-badge").Title(p.t("delay.plugin.title")).Text(p.t("delay.plugin"))),
			),
			app.Td().Class("dl-delay-params").Body(p.params(i, r)...),
			p.num("p50", delay.FormatShort(r.P50)),
			p.num("p95", delay.FormatShort(r.P95)),
			p.num("p99", delay.FormatShort(r.P99)),
			p.num("max", delay.FormatShort(r.Max)),
			p.num("early", strconv.Itoa(r.Early)),
			p.num("ooo", strconv.Itoa(r.OutOfOrder)),
			p.num("held", strconv.Itoa(r.MaxHeld)),
			p.num("refused", strconv.Itoa(r.Rejected)),
			app.Td().Class("dl-delay-work").Text(p.workText(r.Work)),
		))
	}
	return app.Div().Class("dl-delay-tablewrap").Body(
		app.Table().ID("delay-table").Class("dl-delay-table").Body(
			app.Caption().Text(p.t("delay.table.caption")),
			app.THead().Body(app.Tr().Body(ths...)),
			app.TBody().Body(rows...),
		),
	)
}

func (p *DelayLabPage) num(col, text string) app.UI {
	return app.Td().Class("dl-num").DataSet("col", col).Text(text)
}

func (p *DelayLabPage) params(i int, r delay.Result) []app.UI {
	k, _ := delay.LookupKind(r.Kind)
	if len(k.Params) == 0 {
		return []app.UI{app.Span().Class("dl-muted").Text("—")}
	}
	out := make([]app.UI, 0, len(k.Params)+1)
	for _, prm := range k.Params {
		at := r.Kind + "/" + prm.Name
		help := p.t("delay.param." + r.Kind + "." + prm.Name)
		size := 7
		if prm.Kind == delay.ParamDurations {
			size = 22
		}
		out = append(out, app.Label().Class("dl-delay-param").Title(help).Body(
			app.Span().Class("dl-delay-pname").Text(prm.Name),
			app.Input().Type("text").Class("dl-input").Size(size).
				DataSet("param", prm.Name).Aria("invalid", p.editAt == at).
				Value(p.d.ParamText(i, prm)).OnChange(p.onParam(i, prm.Name)),
		))
	}
	for _, prm := range k.Params {
		if p.editAt == r.Kind+"/"+prm.Name {
			out = append(out, app.P().Class("dl-error").Role("alert").Text(p.editErr))
		}
	}
	return out
}

func (p *DelayLabPage) workText(cs []delay.Counter) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%s %d", p.t("delay.work."+c.Name), c.N)
	}
	return strings.Join(parts, " · ")
}

func (p *DelayLabPage) notes() app.UI {
	var items []app.UI
	for _, r := range p.d.Results() {
		for _, w := range r.Warnings {
			items = append(items, app.Li().DataSet("kind", r.Kind).Text(p.kindTitle(r)+": "+p.t("delay.warn."+w)))
		}
		if r.Rejected > 0 {
			items = append(items, app.Li().DataSet("kind", r.Kind).Text(p.kindTitle(r)+": "+
				p.t("delay.refused", r.Rejected, r.RejectReason)))
		}
		if r.Plugin {
			items = append(items, app.Li().DataSet("kind", r.Kind).Text(p.kindTitle(r)+": "+p.t("delay.plugin.limits")))
		}
	}
	return app.Ul().ID("delay-notes").Class("dl-delay-notes").Body(items...)
}

const (
	delayChartW, delayChartH = 220.0, 60.0
	delayRowH                = 22.0
	delayLabelW              = 190.0
	delayTimelineW           = 420.0
)

// charts: per strategy, the lateness histogram and the held-over-time line.
func (p *DelayLabPage) charts() app.UI {
	top := 0
	for _, r := range p.d.Results() {
		top = max(top, r.MaxHeld)
	}
	figs := make([]app.UI, 0, len(p.d.Results()))
	for _, r := range p.d.Results() {
		bars := model.LatenessBars(r, delayChartW, delayChartH)
		marks := make([]app.UI, 0, len(bars)*2)
		for _, b := range bars {
			marks = append(marks, svg("rect", "delay-bar").DataSet("n", b.N).
				Attr("x", b.X).Attr("y", b.Y).Attr("width", b.W).Attr("height", b.H).
				Body(svg("title", "").Text(fmt.Sprintf("%s: %d", b.Label, b.N))))
		}
		labels := []app.UI{}
		for i, b := range bars {
			if i%3 == 0 || i == len(bars)-1 {
				x, anchor := b.X+b.W/2, "middle"
				switch i {
				case 0:
					x, anchor = b.X, "start"
				case len(bars) - 1:
					x, anchor = b.X+b.W, "end"
				}
				labels = append(labels, svg("text", "tick").Attr("x", x).Attr("y", delayChartH+12).
					Attr("text-anchor", anchor).Text(p.t("delay.bucket."+strconv.Itoa(i))))
			}
		}
		figs = append(figs, app.Figure().Class("dl-chart", "dl-delay-chart").DataSet("kind", r.Kind).Body(
			app.FigCaption().Body(app.Span().Class("dl-name").Text(p.kindTitle(r))),
			svg("svg", "chart").Class("dl-delay-hist").Attr("viewBox", fmt.Sprintf("0 0 %.0f %.0f", delayChartW, delayChartH+16)).
				Attr("role", "img").Aria("label", p.t("delay.chart.lateness", p.kindTitle(r))).Body(
				svg("line", "chart-axis").Attr("x1", 0).Attr("y1", delayChartH).Attr("x2", delayChartW).Attr("y2", delayChartH),
				svg("g", "").Body(marks...), svg("g", "").Body(labels...),
			),
			svg("svg", "chart").Class("dl-delay-held").Attr("viewBox", fmt.Sprintf("0 0 %.0f %.0f", delayChartW, 30.0)).
				Attr("role", "img").Aria("label", p.t("delay.chart.held", p.kindTitle(r), r.MaxHeld)).Body(
				svg("polyline", "chart-line").Attr("points", model.HeldPoints(r, delayChartW, 30, top)),
			),
			app.P().Class("dl-muted").Text(p.t("delay.chart.heldcaption", r.MaxHeld)),
		))
	}
	return app.Section().Class("dl-section").Body(
		app.H3().Text(p.t("delay.charts")),
		app.P().Class("dl-help").Text(p.t("delay.charts.help")),
		app.Div().ID("delay-charts").Class("dl-delay-charts").Body(figs...),
	)
}

// timeline: for small workloads (A/B/C), each strategy's releases on one time axis.
func (p *DelayLabPage) timeline() app.UI {
	tl, ok := p.d.Timeline(delayTimelineW, delayRowH)
	if !ok {
		return app.Text("")
	}
	width := delayLabelW + delayTimelineW + 20
	height := tl.H + 26
	var body []app.UI
	lastLabel := -100.0
	for _, due := range tl.Due {
		x := delayLabelW + due.X
		body = append(body, svg("line", "delay-due").Attr("x1", x).Attr("x2", x).Attr("y1", 0).Attr("y2", tl.H))
		if x-lastLabel >= 60 { // a label too close to the previous one would overlap it: the line stays
			lastLabel = x
			body = append(body, svg("text", "tick").Attr("x", x).Attr("y", tl.H+24).Attr("text-anchor", "middle").
				Text(p.t("delay.due", due.Label)))
		}
	}
	for i, row := range tl.Rows {
		y := float64(i)*delayRowH + delayRowH/2
		body = append(body,
			svg("line", "lane").Attr("x1", delayLabelW).Attr("x2", delayLabelW+delayTimelineW).Attr("y1", y).Attr("y2", y),
			svg("text", "lane-label").Attr("x", delayLabelW-6).Attr("y", y+4).Attr("text-anchor", "end").Text(p.t("delay.short."+row.Kind)))
		for _, m := range row.Marks {
			cls := "delay-mark"
			if m.Late > 0 {
				cls = "delay-mark delay-mark--late"
			}
			body = append(body, svg("text", cls).DataSet("late", int64(m.Late)).
				Attr("x", delayLabelW+m.X+float64(m.Stack)*9).Attr("y", y+4).Attr("text-anchor", "middle").Body(
				svg("title", "").Text(p.t("delay.mark", m.Label, delay.FormatShort(m.Late))), app.Text(m.Label)))
		}
	}
	for _, tk := range tl.Ticks {
		body = append(body, svg("text", "tick").Attr("x", delayLabelW+tk.X).Attr("y", tl.H+11).
			Attr("text-anchor", "middle").Text(tk.Label))
	}
	return app.Section().Class("dl-section").Body(
		app.H3().Text(p.t("delay.timeline")),
		app.P().Class("dl-help").Text(p.t("delay.timeline.help")),
		svg("svg", "timeline").ID("delay-timeline").Attr("viewBox", fmt.Sprintf("0 0 %.0f %.0f", width, height)).
			Attr("role", "img").Aria("label", p.t("delay.timeline")).Body(body...),
	)
}

// editor lets the learner type their own workload (the delay-lab file format).
func (p *DelayLabPage) editor() app.UI {
	text := p.draft
	if text == "" {
		text = p.d.YAML()
	}
	return app.Details().ID("delay-editor").Class("dl-section").Open(p.draft != "" || p.draftErr != "").Body(
		app.Summary().Text(p.t("delay.edit")),
		app.P().Class("dl-help").Text(p.t("delay.edit.help")),
		app.Textarea().ID("delay-yaml").Class("dl-input").Rows(10).Cols(80).Spellcheck(false).
			Aria("label", p.t("delay.edit")).Aria("invalid", p.draftErr != "").Text(text).OnInput(p.onDraft),
		app.If(p.draftErr != "", app.Pre().ID("delay-yaml-error").Class("dl-error").Role("alert").Text(p.draftErr)),
		app.Button().ID("delay-apply").Class("dl-button", "dl-button--primary").Type("button").
			OnClick(p.onApply).Text(p.t("delay.edit.apply")),
	)
}

// ---- handlers ----

func (p *DelayLabPage) onDraft(ctx app.Context, e app.Event) {
	p.draft = ctx.JSSrc().Get("value").String()
}

func (p *DelayLabPage) onApply(ctx app.Context, e app.Event) {
	text := p.draft
	if text == "" {
		text = p.d.YAML()
	}
	if err := p.d.Edit(text); err != nil {
		p.draftErr = err.Error()
		return
	}
	p.draft, p.draftErr, p.editErr, p.editAt, p.share = "", "", "", "", ""
	clearHash()
}

func (p *DelayLabPage) onParam(i int, name string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		kind := p.d.Results()[i].Kind
		if err := p.d.SetParam(i, name, ctx.JSSrc().Get("value").String()); err != nil {
			p.editErr, p.editAt = err.Error(), kind+"/"+name
			return
		}
		p.editErr, p.editAt, p.share = "", "", ""
	}
}

func (p *DelayLabPage) onLesson(ctx app.Context, e app.Event) {
	if err := p.d.Open(ctx.JSSrc().Get("value").String()); err != nil {
		p.linkErr = err.Error()
		return
	}
	p.editErr, p.editAt, p.share, p.linkErr, p.draft, p.draftErr = "", "", "", "", "", ""
	clearHash()
}

func (p *DelayLabPage) onLang(ctx app.Context, e app.Event) {
	v := ctx.JSSrc().Get("value").String()
	if v != langZH {
		v = langEN
	}
	p.lang = v
	storageSet(storeLang, v)
	setDocLang(v)
}

func (p *DelayLabPage) onShare(ctx app.Context, e app.Event) {
	link, err := p.d.Link()
	if err != nil {
		p.linkErr = err.Error()
		return
	}
	p.share = locationBase() + "/delay#" + link
	copyText(p.share)
}
