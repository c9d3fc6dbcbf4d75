package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	"github.com/dlxlab/dlxlab/ui/model"
)

// rmqHost is what the RocketMQ operations, charts and build panels need
// from the page that holds them: the RocketMQ session (read it, command it
// through Apply), the language, and a call after every command (autosave,
// ticker). The panels keep only their own form state.
type rmqHost interface {
	rocket() *model.RocketSession
	t(key string, args ...any) string
	rocketChanged()
}

// rmqTime writes a virtual time for people: "t = 4 h 45 min".
func rmqTime(t rmq.Time) string { return "t = " + model.FormatDuration(t) }

// rmqField is a labelled text input bound to a string, with its error
// (if any) right under it, tied to it for screen readers.
func rmqField(h rmqHost, id, label, value, placeholder string, fe model.RMQFieldErrors, name string, set func(string)) app.UI {
	in := app.Input().ID(id).Class("dl-input").Type("text").Value(value).Placeholder(placeholder).
		AutoComplete(false).Spellcheck(false).
		OnInput(func(ctx app.Context, e app.Event) { set(ctx.JSSrc().Get("value").String()) }, id)
	err, bad := fe[name]
	if bad {
		in = in.Aria("invalid", true).Aria("describedby", id+"-err")
	}
	return app.Div().Class("dl-field").Body(
		app.Label().For(id).Text(label),
		in,
		app.If(bad, rmqFieldError(h, id, err)),
	)
}

// rmqArea is rmqField as a text area.
func rmqArea(h rmqHost, id, label, value, placeholder string, rows int, fe model.RMQFieldErrors, name string, set func(string)) app.UI {
	in := app.Textarea().ID(id).Class("dl-input", "dl-mono").Rows(rows).Placeholder(placeholder).
		Spellcheck(false).Text(value).
		OnInput(func(ctx app.Context, e app.Event) { set(ctx.JSSrc().Get("value").String()) }, id)
	err, bad := fe[name]
	if bad {
		in = in.Aria("invalid", true).Aria("describedby", id+"-err")
	}
	return app.Div().Class("dl-field").Body(
		app.Label().For(id).Text(label),
		in,
		app.If(bad, rmqFieldError(h, id, err)),
	)
}

// rmqChoose is a labelled select; labels may be nil (the options shown).
func rmqChoose(h rmqHost, id, label, value string, options, labels []string, fe model.RMQFieldErrors, name string, set func(string)) app.UI {
	opts := make([]app.UI, 0, len(options))
	for i, o := range options {
		text := o
		if labels != nil {
			text = labels[i]
		}
		opts = append(opts, app.Option().Value(o).Selected(o == value).Text(text))
	}
	err, bad := fe[name]
	return app.Div().Class("dl-field").Body(
		app.Label().For(id).Text(label),
		app.Select().ID(id).Class("dl-select").
			OnChange(func(ctx app.Context, e app.Event) { set(ctx.JSSrc().Get("value").String()) }, id).Body(opts...),
		app.If(bad, rmqFieldError(h, id, err)),
	)
}

func rmqCheck(id, label string, value bool, set func(bool)) app.UI {
	return app.Label().Class("dl-check").For(id).Body(
		app.Input().ID(id).Type("checkbox").Checked(value).
			OnChange(func(ctx app.Context, e app.Event) { set(ctx.JSSrc().Get("checked").Bool()) }, id),
		app.Span().Text(label),
	)
}

// rmqFieldError is the error under a field: the catalogue's words, and
// the broker's or format's own text after them when there is one.
func rmqFieldError(h rmqHost, id string, e model.RMQFieldError) app.UI {
	text := rmqErrText(h, e)
	return app.P().ID(id+"-err").Class("rmq-field-error").DataSet("testid", "field-error").Role("alert").Text("⚠ " + text)
}

func rmqErrText(h rmqHost, e model.RMQFieldError) string {
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		args[i] = a
	}
	text := h.t(e.Key, args...)
	if e.Text != "" {
		text += " " + e.Text
	}
	return text
}
