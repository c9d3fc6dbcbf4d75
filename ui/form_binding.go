package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/ui/model"
)

// BindingForm binds a queue or an exchange to an exchange: a binding
// key, or header arguments for a headers exchange.
type BindingForm struct {
	app.Compo
	*page
	Rev uint64

	st bindingState
}

type bindingState struct {
	f   model.BindingForm
	err model.FieldError
}

// OnInit takes back what the form held when it left the screen.
func (h *BindingForm) OnInit() { h.st = resume(&h.drafts, formBinding, bindingState{}) }

// OnDismount keeps what the form holds.
func (h *BindingForm) OnDismount() { keep(&h.drafts, formBinding, h.st) }

// Render draws the form.
func (h *BindingForm) Render() app.UI {
	takeSent(&h.drafts, formBinding, &h.st)
	f := &h.st.f
	ends := h.s.BindingEnds()
	dests, destLabels := make([]string, len(ends.Dests)), make([]string, len(ends.Dests))
	for i, d := range ends.Dests {
		dests[i], destLabels[i] = d.Value(), h.t("node."+d.Kind)+" "+d.Name
	}
	if f.Source == "" && ends.First != "" {
		f.Source = ends.First
	}
	if f.Dest == "" && len(dests) > 0 {
		f.Dest = dests[0]
	}
	xtype := ends.Types[f.Source]
	return app.Form().ID("form-binding").Class("dl-form").OnSubmit(h.onSave).Body(
		app.H3().Text(h.t("form.binding.new")),
		choose("b-source", h.t("form.source"), f.Source, ends.Sources, nil, func(v string) { f.Source = v }),
		choose("b-dest", h.t("form.destination"), f.Dest, dests, destLabels, func(v string) { f.Dest = v }),
		app.If(xtype != core.Headers && xtype != core.Fanout,
			field("b-key", h.t("form.bindingkey"), f.Key, "new", func(v string) { f.Key = v }),
			h.help("help.bkey."+xtype)),
		app.If(xtype == core.Fanout, h.help("help.bkey.fanout")),
		app.If(xtype == core.Headers,
			area(h.lang, "b-args", h.t("form.bindingargs"), f.Args, "x-match = all\nformat = pdf", 3,
				placeErr(h.st.err, "arguments", "b-args"), func(v string) { f.Args = v; h.st.err.Clear("arguments") }),
			h.help("help.bkey.headers")),
		formError(h.lang, "form-error", h.st.err, "arguments"),
		app.Div().Class("dl-actions").Body(
			app.Button().ID("b-save").Class("dl-button", "dl-button--primary").Type("submit").Text(h.t("form.add")),
		),
	)
}

func (h *BindingForm) onSave(ctx app.Context, e app.Event) {
	e.PreventDefault()
	b, err := h.st.f.Binding()
	if h.st.err = err; !err.None() {
		return
	}
	if h.s.AddBinding(b) {
		h.st.f.Key, h.st.f.Args = "", ""
	} else {
		h.st.err = model.Refusal(h.s.Notice(), model.ExplainRefusal)
	}
	h.changed()
}
