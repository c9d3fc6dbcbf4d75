package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/scenarios"
	"github.com/dlxlab/dlxlab/ui/model"
)

// PolicyForm adds a policy or changes one (old names it).
type PolicyForm struct {
	app.Compo
	*page
	Rev uint64

	st policyState
}

type policyState struct {
	old string // the policy being edited; "" for a new one
	f   model.PolicyForm
	err model.FieldError
}

func newPolicyState() policyState { return policyState{f: model.NewPolicyForm()} }

func editPolicy(p scenarios.Policy) policyState {
	return policyState{old: p.Name, f: model.PolicyFormOf(p)}
}

// OnInit takes back what the form held when it left the screen.
func (h *PolicyForm) OnInit() { h.st = resume(&h.drafts, formPolicy, newPolicyState()) }

// OnDismount keeps what the form holds.
func (h *PolicyForm) OnDismount() { keep(&h.drafts, formPolicy, h.st) }

// Render draws the form.
func (h *PolicyForm) Render() app.UI {
	takeSent(&h.drafts, formPolicy, &h.st)
	f, old, err := &h.st.f, h.st.old, h.st.err
	title := h.t("form.policy.new")
	if old != "" {
		title = h.t("form.policy.edit", old)
	}
	return app.Form().ID("form-policy").Class("dl-form").OnSubmit(h.onSave).Body(
		app.H3().Text(title),
		fieldErr(h.lang, "p-name", h.t("form.name"), f.Name, "dlx-policy", placeErr(err, "name", "p-name"), func(v string) { f.Name = v; h.st.err.Clear("name") }),
		fieldErr(h.lang, "p-pattern", h.t("form.pattern"), f.Pattern, "^orders", placeErr(err, "pattern", "p-pattern"), func(v string) { f.Pattern = v; h.st.err.Clear("pattern") }),
		choose("p-applyto", "apply-to", f.ApplyTo, []string{"queues", "exchanges", "all", "classic_queues", "quorum_queues"}, nil,
			func(v string) { f.ApplyTo = v }),
		fieldErr(h.lang, "p-priority", "priority", f.Priority, "0", placeErr(err, "priority", "p-priority"), func(v string) { f.Priority = v; h.st.err.Clear("priority") }),
		area(h.lang, "p-def", h.t("form.definition"), f.Definition, "dead-letter-exchange = dlx\nmessage-ttl = 60000", 4,
			placeErr(err, "definition", "p-def"), func(v string) { f.Definition = v; h.st.err.Clear("definition") }),
		definitionWords(h.lang, f.Definition),
		h.help("help.policy"),
		formError(h.lang, "form-error", err, "name", "pattern", "priority", "definition"),
		app.Div().Class("dl-actions").Body(
			app.Button().ID("p-save").Class("dl-button", "dl-button--primary").Type("submit").Text(h.t(saveKey(old))),
			app.If(old != "", app.Button().ID("p-cancel").Class("dl-button").Type("button").Title(h.t("form.discard.title")).
				OnClick(h.onDiscard).Text(h.t("form.discard"))),
		),
	)
}

func (h *PolicyForm) onDiscard(ctx app.Context, e app.Event) { h.st = newPolicyState() }

func (h *PolicyForm) onSave(ctx app.Context, e app.Event) {
	e.PreventDefault()
	p, err := h.st.f.Policy()
	if h.st.err = err; !err.None() {
		return
	}
	if h.s.PutPolicy(h.st.old, p) {
		h.st = newPolicyState()
	} else {
		h.st.err = model.Refusal(h.s.Notice(), model.ExplainPolicy)
	}
	h.changed()
}

// onEditPolicy opens the policy form on the policy name.
func (h *BuildPanel) onEditPolicy(name string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if p := h.s.ScenarioPolicy(name); p != nil {
			h.openForm(formPolicy, editPolicy(*p))
		}
	}
}

// definitionWords repeats in words the definition's values that have a
// unit (message-ttl = 60000 → 60000 milliseconds = 1 min).
func definitionWords(lang, text string) app.UI {
	ws := model.DefinitionInWords(text)
	if len(ws) == 0 {
		return app.Text("")
	}
	lines := make([]app.UI, len(ws))
	for i, w := range ws {
		lines[i] = app.Li().DataSet("key", w.Key).Text(w.Key + ": " + tr(lang, "form.inwords", w.Value, tr(lang, "unit."+w.Unit), w.Words))
	}
	return app.Ul().ID("p-def-words").Class("dl-inwords").Body(lines...)
}
