package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/scenarios"
	"github.com/dlxlab/dlxlab/ui/model"
)

// The scenario tab: the scenario as YAML (edit, apply; errors with
// line:col, a click puts the caret there), a definitions.json paste, and
// exports (definitions.json, rabbitmqadmin).

// scenarioText is what the scenario tab holds: the YAML being edited and
// its errors, the definitions.json being imported and its outcome, the
// last export.
type scenarioText struct {
	yaml     string
	yamlErrs scenarios.ErrorList
	defs     string
	defsMsg  string
	export   string
}

func (h *ScenarioEditor) scenarioPanel(snap model.Snapshot) app.UI {
	f := &h.text
	errs := make([]app.UI, 0, len(f.yamlErrs))
	for i, e := range f.yamlErrs {
		pos := h.t("yaml.nopos")
		if e.Line > 0 {
			pos = strconv.Itoa(e.Line) + ":" + strconv.Itoa(e.Col)
		}
		errs = append(errs, app.Li().Body(
			app.Button().Class("dl-linkbutton").Type("button").DataSet("line", e.Line).DataSet("col", e.Col).
				OnClick(h.onYAMLErrorClick(e.Line, e.Col), i, e.Line, e.Col).Body(
				app.Span().Class("dl-pos").Text(pos),
				app.Span().Text(" "+e.Msg),
			),
		))
	}
	return app.Div().ID("scenario").Body(
		app.Div().Class("dl-section").Body(
			app.H3().Text(h.t("yaml.title")),
			app.P().Class("dl-help").Text(h.t("yaml.help")),
			app.Textarea().ID("yaml-text").Class("dl-input", "dl-mono", "dl-code").Rows(18).Spellcheck(false).
				Aria("label", h.t("yaml.title")).Text(f.yaml).
				OnInput(func(ctx app.Context, e app.Event) { f.yaml = ctx.JSSrc().Get("value").String() }),
			app.Div().Class("dl-actions").Body(
				app.Button().ID("yaml-apply").Class("dl-button", "dl-button--primary").Type("button").
					OnClick(h.onYAMLApply).Text(h.t("yaml.apply")),
				app.Button().ID("yaml-reload").Class("dl-button").Type("button").
					OnClick(h.onYAMLReload).Text(h.t("yaml.reload")),
				app.Button().ID("new-scenario").Class("dl-button").Type("button").
					OnClick(h.onNewScenario).Text(h.t("scenario.new")),
			),
			app.If(len(errs) > 0, app.Ol().ID("yaml-errors").Class("dl-list", "dl-errors").Role("alert").Body(errs...)),
		),
		app.Div().Class("dl-section").Body(
			app.H3().Text(h.t("defs.title")),
			app.P().Class("dl-help").Text(h.t("defs.help")),
			app.Textarea().ID("defs-text").Class("dl-input", "dl-mono").Rows(5).Spellcheck(false).
				Aria("label", h.t("defs.title")).Placeholder(`{"queues": [...], "exchanges": [...], "bindings": [...]}`).
				Text(f.defs).OnInput(func(ctx app.Context, e app.Event) { f.defs = ctx.JSSrc().Get("value").String() }),
			app.Div().Class("dl-actions").Body(
				app.Button().ID("defs-import").Class("dl-button").Type("button").OnClick(h.onImport).Text(h.t("defs.import")),
			),
			app.If(f.defsMsg != "", app.P().ID("defs-msg").Class("dl-help").Text(f.defsMsg)),
		),
		app.Div().Class("dl-section").Body(
			app.H3().Text(h.t("export.title")),
			app.Div().Class("dl-actions").Body(
				app.Button().ID("export-defs").Class("dl-button").Type("button").OnClick(h.onExport, "defs").Text("definitions.json"),
				app.Button().ID("export-admin").Class("dl-button").Type("button").OnClick(h.onExport, "admin").Text("rabbitmqadmin"),
			),
			app.If(f.export != "", app.Textarea().ID("export-text").Class("dl-input", "dl-mono").Rows(10).ReadOnly(true).
				Aria("label", h.t("export.title")).Text(f.export)),
		),
	)
}

func (h *ScenarioEditor) onYAMLApply(ctx app.Context, e app.Event) {
	h.text.yamlErrs = h.s.ApplyYAML(h.text.yaml)
	if h.text.yamlErrs == nil {
		h.text.yaml = h.s.YAML()
	}
	h.changed()
}

func (h *ScenarioEditor) onYAMLReload(ctx app.Context, e app.Event) {
	h.text.yaml = h.s.YAML()
	h.text.yamlErrs = nil
}

// onYAMLErrorClick puts the cursor at line:col of the YAML text.
func (h *ScenarioEditor) onYAMLErrorClick(line, col int) app.EventHandler {
	return func(ctx app.Context, e app.Event) { focusTextarea("yaml-text", line, col) }
}

func (h *ScenarioEditor) onNewScenario(ctx app.Context, e app.Event) {
	h.s.NewScenario()
	h.text.yaml = h.s.YAML()
	h.text.yamlErrs = nil
	h.changed()
}

func (h *ScenarioEditor) onImport(ctx app.Context, e app.Event) {
	warnings, err := h.s.ImportDefinitions([]byte(h.text.defs))
	switch {
	case err != nil:
		h.text.defsMsg = "⚠ " + err.Error()
	case len(warnings) > 0:
		h.text.defsMsg = h.t("defs.done") + " " + strings.Join(warnings, "; ")
	default:
		h.text.defsMsg = h.t("defs.done")
	}
	if err == nil {
		h.tab = tabFindings // what was imported is read at once
	}
	h.text.yaml = h.s.YAML()
	h.changed()
}

func (h *ScenarioEditor) onExport(ctx app.Context, e app.Event) {
	var text string
	var err error
	if ctx.JSSrc().Get("id").String() == "export-admin" {
		text, err = h.s.ExportRabbitmqadmin()
	} else {
		text, err = h.s.ExportDefinitions()
	}
	if err != nil {
		text = "# " + err.Error()
	}
	h.text.export = text
}

// loadJSON loads a scenario document (a short link's JSON).
func (h *page) loadJSON(body string) error {
	if ok, err := h.loadRocketJSON(body); ok {
		return err
	}
	return h.s.LoadText("share link", []byte(body))
}
