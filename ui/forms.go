package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// The build forms' shared parts: the labelled inputs every form draws,
// the field error shown beside a field, and the drafts that let a form
// keep what was typed while it is off screen.
//
// Each build form is a component of its own (form_*.go) that holds its
// state. A form leaves the screen when another tab or another form is
// picked; go-app then drops the component, so it puts its state in the
// page's drafts on the way out and takes it back when it returns. Other
// components open a form on some state (the inspector's "Edit", the
// canvas's "+ Queue") by sending it through the drafts too: the form
// takes a sent state on its next render.

// Build form kinds, in the order of the build panel's buttons.
const (
	formExchange = "exchange"
	formQueue    = "queue"
	formBinding  = "binding"
	formPolicy   = "policy"
	formConsumer = "consumer"
)

// drafts holds the states of the build forms that are not on screen
// (kept) and the states other components opened a form on (sent).
type drafts struct {
	kept map[string]any
	sent map[string]any
}

// openForm shows the build tab with the form kind; a non-nil state
// replaces what the form holds (a fresh form, or one loaded for editing).
func (h *page) openForm(kind string, state any) {
	h.tab, h.edit = tabBuild, kind
	if state == nil {
		return
	}
	if h.drafts.sent == nil {
		h.drafts.sent = map[string]any{}
	}
	h.drafts.sent[kind] = state
}

// resume gives a form component the state it had when it left the
// screen (or fresh when there is none).
func resume[T any](d *drafts, kind string, fresh T) T {
	if v, ok := d.kept[kind].(T); ok {
		return v
	}
	return fresh
}

// keep stores a form's state as it leaves the screen.
func keep[T any](d *drafts, kind string, v T) {
	if d.kept == nil {
		d.kept = map[string]any{}
	}
	d.kept[kind] = v
}

// takeSent moves a state sent to the form kind into *into; it reports
// whether there was one.
func takeSent[T any](d *drafts, kind string, into *T) bool {
	v, ok := d.sent[kind].(T)
	if ok {
		*into = v
		delete(d.sent, kind)
	}
	return ok
}

// field is a labelled input bound to a string; err, when it names this
// field, marks it and is shown under it.
func field(id, label, value, placeholder string, set func(string)) app.UI {
	return fieldErr("", id, label, value, placeholder, model.FieldError{}, set)
}

// fieldErr is field with its error (in the language lang) when err
// names it.
func fieldErr(lang, id, label, value, placeholder string, err model.FieldError, set func(string)) app.UI {
	bad := err.Field != "" && err.Field == id
	in := app.Input().ID(id).Class("dl-input").Type("text").Value(value).Placeholder(placeholder).
		AutoComplete(false).Spellcheck(false).Aria("invalid", bad).
		OnInput(func(ctx app.Context, e app.Event) { set(ctx.JSSrc().Get("value").String()) }, id)
	if bad {
		in = in.Aria("describedby", id+"-error")
	}
	return app.Div().Class("dl-field").Body(
		app.Label().For(id).Text(label),
		in,
		app.If(bad, fieldError(lang, id, err)),
	)
}

func check(id, label string, value bool, set func(bool)) app.UI {
	return app.Label().Class("dl-check").For(id).Body(
		app.Input().ID(id).Type("checkbox").Checked(value).
			OnChange(func(ctx app.Context, e app.Event) { set(ctx.JSSrc().Get("checked").Bool()) }, id),
		app.Span().Text(label),
	)
}

func choose(id, label, value string, options []string, labels []string, set func(string)) app.UI {
	return chooseErr("", id, label, value, options, labels, model.FieldError{}, set)
}

// chooseErr is choose with its error (in the language lang) when err
// names it.
func chooseErr(lang, id, label, value string, options []string, labels []string, err model.FieldError, set func(string)) app.UI {
	bad := err.Field != "" && err.Field == id
	opts := make([]app.UI, 0, len(options))
	for i, o := range options {
		text := o
		if labels != nil {
			text = labels[i]
		}
		opts = append(opts, app.Option().Value(o).Selected(o == value).Text(text))
	}
	return app.Div().Class("dl-field").Body(
		app.Label().For(id).Text(label),
		app.Select().ID(id).Class("dl-select").Aria("invalid", bad).
			OnChange(func(ctx app.Context, e app.Event) { set(ctx.JSSrc().Get("value").String()) }, id).Body(opts...),
		app.If(bad, fieldError(lang, id, err)),
	)
}

func area(lang, id, label, value, placeholder string, rows int, err model.FieldError, set func(string)) app.UI {
	bad := err.Field != "" && err.Field == id
	return app.Div().Class("dl-field").Body(
		app.Label().For(id).Text(label),
		app.Textarea().ID(id).Class("dl-input", "dl-mono").Rows(rows).Placeholder(placeholder).
			Spellcheck(false).Text(value).Aria("invalid", bad).
			OnInput(func(ctx app.Context, e app.Event) { set(ctx.JSSrc().Get("value").String()) }, id),
		app.If(bad, fieldError(lang, id, err)),
	)
}

func (h *page) help(key string) app.UI { return app.P().Class("dl-help").Text(h.t(key)) }

// saveKey is the save button's text: Save for a change, Add for a new one.
func saveKey(old string) string {
	if old != "" {
		return "form.save"
	}
	return "form.add"
}

// fieldError is the line under a refused field: what is wrong in plain
// words, and the broker's own text beside it, untranslated.
func fieldError(lang, id string, err model.FieldError) app.UI {
	return app.Div().ID(id+"-error").Class("dl-field-error").Role("alert").DataSet("testid", "field-error").Body(
		app.P().Class("dl-field-error-plain").Text("⚠ "+explain(lang, err)),
		app.If(err.Broker != "", app.Code().Class("dl-field-error-broker").Title(tr(lang, "fielderr.broker")).Text(err.Broker)),
	)
}

// explain is a field error in the language lang.
func explain(lang string, err model.FieldError) string {
	args := make([]any, len(err.Args))
	for i, a := range err.Args {
		args[i] = a
	}
	return tr(lang, err.Key, args...)
}

// formError shows an error that names no field, or a field the form
// does not show, under the form.
func formError(lang, id string, err model.FieldError, fields ...string) app.UI {
	if err.Key == "" {
		return app.Text("")
	}
	for _, f := range fields {
		if f == err.Field {
			return app.Text("")
		}
	}
	return app.Div().ID(id).Class("dl-form-error").Role("alert").Body(
		app.Text("⚠ "+explain(lang, err)),
		app.If(err.Broker != "", app.Code().Class("dl-field-error-broker").Text(err.Broker)),
	)
}

// placeErr gives the form's error to the input id when it is about
// field; otherwise the input has none.
func placeErr(err model.FieldError, field, id string) model.FieldError {
	if err.Key == "" || err.Field != field {
		return model.FieldError{}
	}
	err.Field = id
	return err
}
