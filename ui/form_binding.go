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
		chooseErr(h.lang, "b-source", h.t("form.source"), f.Source, ends.Sources, nil, placeErr(h.st.err, "source", "b-source"),
			func(v string) { f.Source = v; h.st.err.Clear("source") }),
		chooseErr(h.lang, "b-dest", h.t("form.destination"), f.Dest, dests, destLabels, placeErr(h.st.err, "destination", "b-dest"),
			func(v string) { f.Dest = v; h.st.err.Clear("destination") }),
		app.If(xtype != core.Headers && xtype != core.Fanout,
			fieldErr(h.lang, "b-key", h.t("form.bindingkey"), f.Key, "new", placeErr(h.st.err, "key", "b-key"),
				func(v string) { f.Key = v; h.st.err.Clear("key") }),
			h.help("help.bkey."+xtype)),
		app.If(xtype == core.Fanout, h.help("help.bkey.fanout")),
		app.If(xtype == core.Headers,
			area(h.lang, "b-args", h.t("form.bindingargs"), f.Args, "x-match = all\nformat = pdf", 3,
				placeErr(h.st.err, "arguments", "b-args"), func(v string) { f.Args = v; h.st.err.Clear("arguments") }),
			h.help("help.bkey.headers")),
		formError(h.lang, "form-error", h.st.err, "source", "destination", keyField(xtype)),
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
		h.st.err = model.BindingRefusal(h.s.Notice(), b.Source, h.st.f.Dest, keyField(h.s.BindingEnds().Types[b.Source]))
	}
	h.changed()
}

// keyField is the field that tells a source's bindings apart: the key,
// the arguments of a headers exchange, nothing but the destination for a
// fanout one. A refusal about the key is told there.
func keyField(xtype string) string {
	switch xtype {
	case core.Headers:
		return "arguments"
	case core.Fanout:
		return "destination"
	}
	return "key"
}
