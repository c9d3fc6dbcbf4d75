package ui

import (
	"fmt"
	"maps"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/scenarios/lint"
	"github.com/dlxlab/dlxlab/ui/model"
)

// FindingsPanel is the side panel's Findings tab: the topology checker's
// report on the scenario being edited (docs/lint.md), worked out again
// after every import or edit. Picking a finding outlines its queues and
// exchanges on the canvas; "Show me" loads a reproduction built from the
// same topology and plays it (Undo returns to the topology).
//
// The outline is a style rule this component writes for the picked
// nodes' data-node attributes, so the canvas needs no knowledge of it.
type FindingsPanel struct {
	app.Compo

	S    *model.Session
	Lang string
	// Changed is the page's redraw-and-save, called after a command that
	// changes the session (show me, open a lesson).
	Changed func()

	picked  string // findingKey of the outlined finding
	metrics bool   // the monitoring section was asked for
}

func init() { maps.Copy(catalogue, findingsCatalogue) }

var findingsCatalogue = map[string][2]string{
	"tab.findings":      {"Findings", "隐患"},
	"findings.intro":    {"What a senior RabbitMQ engineer would point out in this topology under %[1]v. Pick one to outline its objects.", "资深 RabbitMQ 工程师在 %[1]v 下会指出的这个拓扑中的问题。选择一项可在画布上标出相关对象。"},
	"findings.none":     {"No findings: nothing here loses messages silently under this version.", "没有发现问题：在这个版本下，这里没有会静默丢失消息的地方。"},
	"findings.error":    {"error", "错误"},
	"findings.warning":  {"warning", "警告"},
	"findings.info":     {"info", "提示"},
	"findings.showme":   {"Show me", "演示"},
	"findings.lesson":   {"Lesson", "课程"},
	"findings.docs":     {"Explained in %[1]v", "说明见 %[1]v"},
	"findings.failed":   {"The checker could not read this topology: %[1]v", "检查器无法读取这个拓扑：%[1]v"},
	"findings.showhint": {"Show me replaces the canvas with a reproduction; Undo brings your topology back.", "“演示”会用一个复现场景替换画布；撤销即可恢复你的拓扑。"},
	"notice.showme":     {"No reproduction could be built: %[1]v", "无法构建复现场景：%[1]v"},
	"metrics.title":     {"What your monitoring will show", "监控会看到什么"},
	"metrics.help":      {"The Prometheus counters a real RabbitMQ %[1]v would expose after this scenario's run (rabbitmq_prometheus names and labels), and the alert rules that would fire.", "这个场景运行结束后，真实的 RabbitMQ %[1]v 会暴露的 Prometheus 计数器（rabbitmq_prometheus 的指标名和标签），以及会触发的告警规则。"},
	"metrics.run":       {"Run it and show the metrics", "运行并显示指标"},
	"metrics.firing":    {"FIRING", "触发"},
	"metrics.ok":        {"ok", "正常"},
	"metrics.nonzero":   {"Series that moved", "有变化的序列"},
	"metrics.failed":    {"The metrics could not be worked out: %[1]v", "无法计算指标：%[1]v"},
}

// findingKey names a finding within one report.
func findingKey(f lint.Finding) string { return f.Code + "|" + strings.Join(f.Names(), ",") }

func (p *FindingsPanel) Render() app.UI {
	lang := p.Lang
	rep, err := p.S.Findings()
	if err != nil {
		return app.Div().ID("findings").Body(app.P().Class("dl-form-error").Text(tr(lang, "findings.failed", err.Error())))
	}
	items := make([]app.UI, 0, len(rep.Findings))
	var outline []string
	for i, f := range rep.Findings {
		picked := findingKey(f) == p.picked
		if picked {
			outline = model.FindingNodes(f)
		}
		items = append(items, p.item(i, f, picked))
	}
	body := []app.UI{
		app.P().Class("dl-muted").Text(tr(lang, "findings.intro", rep.Profile)),
		app.If(len(rep.Findings) == 0, app.P().ID("findings-none").Text(tr(lang, "findings.none"))),
		app.Ul().ID("findings-list").Class("dl-findings").Body(items...),
		app.If(len(rep.Findings) > 0, app.P().Class("dl-muted").Text(tr(lang, "findings.showhint"))),
		p.monitoring(),
		app.Elem("style").ID("findings-outline").DataSet("nodes", strings.Join(outline, " ")).Text(outlineCSS(outline)),
	}
	return app.Div().ID("findings").Body(body...)
}

func (p *FindingsPanel) item(i int, f lint.Finding, picked bool) app.UI {
	lang := p.Lang
	objs := make([]string, len(f.Objects))
	for j, o := range f.Objects {
		objs[j] = o.Name
	}
	actions := []app.UI{}
	if f.ShowMe {
		actions = append(actions, app.Button().ID("finding-showme-"+f.Code).Class("dl-button", "dl-button--primary", "dl-button--small").Type("button").
			OnClick(func(ctx app.Context, e app.Event) { p.showMe(f) }).Text("▶ "+tr(lang, "findings.showme")))
	}
	if f.Lesson != "" {
		lesson := f.Lesson
		actions = append(actions, app.Button().Class("dl-button", "dl-button--small").Type("button").
			OnClick(func(ctx app.Context, e app.Event) { p.S.LoadLesson(lesson); p.Changed() }).
			Text(tr(lang, "findings.lesson")+": "+lesson))
	}
	return app.Li().Class("dl-finding").DataSet("severity", string(f.Severity)).DataSet("code", f.Code).
		DataSet("picked", picked).Body(
		app.Button().Class("dl-finding-head").Type("button").Aria("pressed", picked).
			OnClick(func(ctx app.Context, e app.Event) { p.pick(f) }).Body(
			app.Span().Class("dl-finding-sev").Text(tr(lang, "findings."+string(f.Severity))),
			app.Code().Text(f.Code),
			app.Span().Class("dl-finding-objs").Text(strings.Join(objs, ", ")),
		),
		app.P().Class("dl-finding-text").Text(f.Message(lang)),
		app.Div().Class("dl-finding-actions").Body(actions...),
		app.P().Class("dl-muted", "dl-finding-docs").Text(tr(lang, "findings.docs", f.Docs)),
	)
}

// pick outlines a finding's objects; picking it again clears the outline.
func (p *FindingsPanel) pick(f lint.Finding) {
	if k := findingKey(f); k != p.picked {
		p.picked = k
	} else {
		p.picked = ""
	}
}

func (p *FindingsPanel) showMe(f lint.Finding) {
	if p.S.ShowMe(f) {
		p.picked = findingKey(f)
	}
	p.Changed()
}

// outlineCSS is the style rule that outlines the given canvas nodes.
func outlineCSS(nodes []string) string {
	if len(nodes) == 0 {
		return ""
	}
	sel := make([]string, len(nodes))
	for i, n := range nodes {
		sel[i] = `[data-node="` + cssString(n) + `"] > [data-role="node-box"]`
	}
	return strings.Join(sel, ",\n") + " { stroke: var(--danger); stroke-width: 4; stroke-dasharray: none; }"
}

// cssString escapes a name for a double-quoted CSS string.
func cssString(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteString(`\` + string(r))
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\%x `, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// findingsBadge counts the findings on the Findings tab, coloured by the
// worst severity.
func (h *Side) findingsBadge() app.UI {
	rep, err := h.s.Findings()
	if err != nil || len(rep.Findings) == 0 {
		return app.Text("")
	}
	return app.Span().ID("findings-badge").Class("dl-badge").DataSet("severity", string(rep.Worst())).
		Text(fmt.Sprint(len(rep.Findings)))
}

// monitoring is the metrics section: a button, then the alerts and the
// series the run moved (docs/metrics.md).
func (p *FindingsPanel) monitoring() app.UI {
	lang := p.Lang
	head := []app.UI{app.H3().Text(tr(lang, "metrics.title")),
		app.P().Class("dl-muted").Text(tr(lang, "metrics.help", p.S.Profile()))}
	if !p.metrics {
		return app.Div().ID("metrics").Class("dl-section").Body(append(head,
			app.Button().ID("metrics-run").Class("dl-button", "dl-button--small").Type("button").
				OnClick(func(ctx app.Context, e app.Event) { p.metrics = true }).Text(tr(lang, "metrics.run")))...)
	}
	rep, err := p.S.Metrics()
	if err != nil {
		return app.Div().ID("metrics").Class("dl-section").Body(append(head,
			app.P().Class("dl-form-error").Text(tr(lang, "metrics.failed", err.Error())))...)
	}
	alerts := make([]app.UI, len(rep.Alerts))
	for i, a := range rep.Alerts {
		state, summary := tr(lang, "metrics.ok"), a.Summary
		if a.Fired {
			state = tr(lang, "metrics.firing")
		}
		if lang == langZH {
			summary = a.SummaryZH
		}
		alerts[i] = app.Li().DataSet("alert", a.Name).DataSet("fired", a.Fired).Body(
			app.Span().Class("dl-finding-sev").Text(state), app.Code().Text(a.Name),
			app.Span().Class("dl-muted").Text(" "+summary+" ("+a.Why+")"))
	}
	var moved []string
	for _, line := range strings.Split(rep.Text(), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") && !strings.HasSuffix(line, " 0") && !strings.HasSuffix(line, " 0.0") {
			moved = append(moved, line)
		}
	}
	return app.Div().ID("metrics").Class("dl-section").Body(append(head,
		app.Ul().ID("metrics-alerts").Class("dl-list").Body(alerts...),
		app.H3().Text(tr(lang, "metrics.nonzero")),
		app.Pre().ID("metrics-series").Class("dl-mono", "dl-metrics").Text(strings.Join(moved, "\n")))...)
}
