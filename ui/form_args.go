package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// argRow is one row of a form's argument picker (the queue form's, the
// exchange form's): the key from a list, the value, the value in words,
// a line of help and, when the broker refused it, the error. Ids are
// PREFIX-arg-key-I, PREFIX-arg-val-I and PREFIX-arg-rm-I.
type argRow struct {
	prefix                   string
	i                        int
	list                     []model.Arg // the catalogue the key comes from
	choices                  []model.ArgChoice
	row                      model.ArgRow
	err                      model.FieldError // the form's error, shown here when it is about this key
	words                    string           // the value in words, in the page's language; "" for none
	onKey, onValue, onRemove app.EventHandler
}

// editing gives r the handlers that edit row r.i of rows (a form's
// arguments) and clear that key's error in err: a new key starts the row
// afresh, a new value keeps the key, × removes the row.
func (r argRow) editing(rows *[]model.ArgRow, err *model.FieldError) argRow {
	i := r.i
	r.onKey = func(ctx app.Context, e app.Event) {
		err.Clear((*rows)[i].Key)
		(*rows)[i] = model.ArgRow{Key: ctx.JSSrc().Get("value").String()}
	}
	r.onValue = func(ctx app.Context, e app.Event) {
		err.Clear((*rows)[i].Key)
		(*rows)[i].Value = ctx.JSSrc().Get("value").String()
	}
	r.onRemove = func(ctx app.Context, e app.Event) {
		*rows = append((*rows)[:i:i], (*rows)[i+1:]...)
	}
	return r
}

func (h *page) argRowUI(r argRow) app.UI {
	n := strconv.Itoa(r.i)
	kid, vid := r.prefix+"-arg-key-"+n, r.prefix+"-arg-val-"+n
	err := placeErr(r.err, r.row.Key, vid)
	bad := !err.None()
	opts := make([]app.UI, 0, len(r.choices))
	for _, c := range r.choices {
		text := c.Key
		if c.InUse {
			text = h.t("form.arg.inuse", c.Key)
		}
		opts = append(opts, app.Option().Value(c.Key).Selected(c.Key == r.row.Key).Disabled(c.InUse).Text(text))
	}
	return app.Div().Class("dl-argrow").DataSet("testid", "arg-row").DataSet("key", r.row.Key).Body(
		app.Div().Class("dl-argline").Body(
			app.Select().ID(kid).Class("dl-select").Aria("label", h.t("form.argument")).Title(h.t("form.arg.pick")).
				OnChange(r.onKey, kid).Body(opts...),
			h.argValueUI(vid, r.list, r.row, bad, r.onValue),
			app.Button().ID(r.prefix+"-arg-rm-"+n).Class("dl-button", "dl-button--icon").Type("button").
				Aria("label", h.t("form.removearg")).OnClick(r.onRemove, "rm", r.i).Text("×"),
		),
		app.If(r.words != "", app.P().ID(vid+"-words").Class("dl-inwords").Text(r.words)),
		app.If(bad, fieldError(h.lang, vid, err)),
		app.If(r.row.Key != "", app.P().Class("dl-help").Text(h.t("arg."+r.row.Key))),
	)
}

// argValueUI is the value input of an argument row: true/false or the
// enumeration's values as a select, else text with the unit in words as
// its placeholder.
func (h *page) argValueUI(id string, list []model.Arg, row model.ArgRow, bad bool, set app.EventHandler) app.UI {
	arg, _ := model.ArgFor(list, row.Key)
	switch arg.Kind {
	case model.KindEnum, model.KindBool:
		values := arg.Enum
		if arg.Kind == model.KindBool {
			values = []string{"true", "false"}
		}
		els := []app.UI{app.Option().Value("").Selected(row.Value == "").Text("—")}
		for _, o := range values {
			els = append(els, app.Option().Value(o).Selected(o == row.Value).Text(o))
		}
		return app.Select().ID(id).Class("dl-select").Aria("label", h.t("form.value")).Aria("invalid", bad).
			OnChange(set, id).Body(els...)
	}
	ph := h.t("form.value")
	if arg.Unit != "" {
		ph = h.t("unit." + arg.Unit)
	}
	in := app.Input().ID(id).Class("dl-input").Type("text").Value(row.Value).Placeholder(ph).
		Aria("label", h.t("form.value")).Aria("invalid", bad).AutoComplete(false).Spellcheck(false).OnInput(set, id)
	if bad {
		in = in.Aria("describedby", id+"-error")
	}
	return in
}

// argKeys are the rows' keys: the fields whose errors the rows show.
func argKeys(rows []model.ArgRow) []string {
	keys := make([]string, len(rows))
	for i, r := range rows {
		keys[i] = r.Key
	}
	return keys
}

// anys passes strings as a catalogue line's arguments.
func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
