package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/scenarios"
	"github.com/dlxlab/dlxlab/ui/model"
)

// ExchangeForm adds an exchange or changes one (old names it).
type ExchangeForm struct {
	app.Compo
	*page
	Rev uint64

	st exchangeState
}

type exchangeState struct {
	old string // the exchange being edited; "" for a new one
	f   model.ExchangeForm
	err model.FieldError
}

func newExchangeState() exchangeState { return exchangeState{f: model.NewExchangeForm()} }

// editExchange is the form loaded with the exchange name.
func editExchange(x scenarios.Exchange) exchangeState {
	return exchangeState{old: x.Name, f: model.ExchangeFormOf(x)}
}

// OnInit takes back what the form held when it left the screen.
func (h *ExchangeForm) OnInit() { h.st = resume(&h.drafts, formExchange, newExchangeState()) }

// OnDismount keeps what the form holds.
func (h *ExchangeForm) OnDismount() { keep(&h.drafts, formExchange, h.st) }

// Render draws the form.
func (h *ExchangeForm) Render() app.UI {
	takeSent(&h.drafts, formExchange, &h.st)
	f, old := &h.st.f, h.st.old
	title := h.t("form.exchange.new")
	if old != "" {
		title = h.t("form.exchange.edit", old)
	}
	return app.Form().ID("form-exchange").Class("dl-form").OnSubmit(h.onSave).Body(
		app.H3().Text(title),
		fieldErr(h.lang, "x-name", h.t("form.name"), f.Name, "orders", h.errFor("name", "x-name"), func(v string) { f.Name = v; h.st.err.Clear("name") }),
		choose("x-type", h.t("form.type"), f.Type, model.ExchangeTypes, nil, func(v string) { f.Type = v }),
		h.help("help.xtype."+f.Type),
		h.argPicker(),
		app.Div().Class("dl-checks").Body(
			check("x-durable", "durable", f.Durable, func(v bool) { f.Durable = v }),
			check("x-autodelete", "auto-delete", f.AutoDelete, func(v bool) { f.AutoDelete = v }),
			check("x-internal", "internal", f.Internal, func(v bool) { f.Internal = v }),
		),
		formError(h.lang, "form-error", h.st.err, append(argKeys(f.Args), "name")...),
		app.Div().Class("dl-actions").Body(
			app.Button().ID("x-save").Class("dl-button", "dl-button--primary").Type("submit").Text(h.t(saveKey(old))),
			app.If(old != "", app.Button().ID("x-cancel").Class("dl-button").Type("button").Title(h.t("form.discard.title")).
				OnClick(h.onDiscard).Text(h.t("form.discard"))),
		),
	)
}

// argPicker is the exchange's arguments, picked from the exchange
// catalogue like a queue's (form_args.go), each value said in words.
func (h *ExchangeForm) argPicker() app.UI {
	f := &h.st.f
	rows := make([]app.UI, 0, len(f.Args))
	for i, row := range f.Args {
		words := ""
		if key, args := h.s.ExchangeArgWords(f.Name, row.Key, row.Value); key != "" {
			words = h.t(key, anys(args)...)
		}
		rows = append(rows, h.argRowUI(argRow{prefix: "x", i: i, list: model.ExchangeArgs, choices: model.ExchangeArgChoices(f.Args, i),
			row: row, err: h.st.err, words: words}.editing(&h.st.f.Args, &h.st.err)))
	}
	next := model.NextExchangeArg(f.Args)
	addTitle := h.t("form.xarg.none")
	if next != "" {
		addTitle = next
	}
	return app.FieldSet().Class("dl-args").Body(
		app.Legend().Text(h.t("form.arguments")),
		app.Div().ID("x-args").Body(rows...),
		app.Button().ID("x-arg-add").Class("dl-button", "dl-button--small").Type("button").
			Title(addTitle).Disabled(next == "").OnClick(h.onAddArg).Text("+ "+h.t("form.addarg")),
	)
}

func (h *ExchangeForm) onAddArg(ctx app.Context, e app.Event) { h.st.f.AddArg() }

// errFor is the form's error when it is about field (shown on the input
// id), else none.
func (h *ExchangeForm) errFor(field, id string) model.FieldError {
	return placeErr(h.st.err, field, id)
}

func (h *ExchangeForm) onDiscard(ctx app.Context, e app.Event) { h.st = newExchangeState() }

func (h *ExchangeForm) onSave(ctx app.Context, e app.Event) {
	e.PreventDefault()
	x := h.st.f.Exchange(h.s.ScenarioExchange(h.st.old))
	if h.s.PutExchange(h.st.old, x) {
		h.st = newExchangeState()
		h.s.Select("exchange", x.Name)
	} else {
		h.st.err = model.Refusal(h.s.Notice(), model.ExplainRefusal)
	}
	h.changed()
}

// onEditExchange opens the exchange form on the exchange name.
func (h *Inspector) onEditExchange(name string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if x := h.s.ScenarioExchange(name); x != nil {
			h.openForm(formExchange, editExchange(*x))
		}
	}
}
