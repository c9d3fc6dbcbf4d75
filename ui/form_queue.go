package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/scenarios"
	"github.com/dlxlab/dlxlab/ui/model"
)

// QueueForm adds a queue or changes one (old names it), with its
// arguments picked from the catalogue of the queue type.
type QueueForm struct {
	app.Compo
	*page
	Rev uint64

	st queueState
}

type queueState struct {
	old string // the queue being edited; "" for a new one
	f   model.QueueForm
	err model.FieldError
}

func newQueueState(queueType string) queueState {
	return queueState{f: model.NewQueueForm(queueType)}
}

func editQueue(q scenarios.Queue) queueState { return queueState{old: q.Name, f: model.QueueFormOf(q)} }

// OnInit takes back what the form held when it left the screen.
func (h *QueueForm) OnInit() { h.st = resume(&h.drafts, formQueue, newQueueState("")) }

// OnDismount keeps what the form holds.
func (h *QueueForm) OnDismount() { keep(&h.drafts, formQueue, h.st) }

// Render draws the form.
func (h *QueueForm) Render() app.UI {
	takeSent(&h.drafts, formQueue, &h.st)
	f, old := &h.st.f, h.st.old
	title := h.t("form.queue.new")
	if old != "" {
		title = h.t("form.queue.edit", old)
	}
	rows := make([]app.UI, 0, len(f.Args))
	for i := range f.Args {
		rows = append(rows, h.argRow(i))
	}
	next := model.NextArg(f.Type, f.Args)
	addTitle := h.t("form.arg.none")
	if next != "" {
		addTitle = next
	}
	return app.Form().ID("form-queue").Class("dl-form").OnSubmit(h.onSave).Body(
		app.H3().Text(title),
		fieldErr(h.lang, "q-name", h.t("form.name"), f.Name, "orders", placeErr(h.st.err, "name", "q-name"), func(v string) { f.Name = v; h.st.err.Clear("name") }),
		choose("q-type", h.t("form.qtype"), f.Type, []string{"classic", "quorum"}, nil, func(v string) { f.Type = v }),
		h.help("help.qtype."+f.Type),
		app.Div().Class("dl-checks").Body(
			check("q-durable", "durable", f.Durable, func(v bool) { f.Durable = v }),
		),
		app.FieldSet().Class("dl-args").Body(
			app.Legend().Text(h.t("form.arguments")),
			app.Div().ID("q-args").Body(rows...),
			app.Button().ID("q-arg-add").Class("dl-button", "dl-button--small").Type("button").
				Title(addTitle).Disabled(next == "").OnClick(h.onAddArg).Text("+ "+h.t("form.addarg")),
		),
		formError(h.lang, "form-error", h.st.err, append(argKeys(f.Args), "name")...),
		app.Div().Class("dl-actions").Body(
			app.Button().ID("q-save").Class("dl-button", "dl-button--primary").Type("submit").Text(h.t(saveKey(old))),
			app.If(old != "", app.Button().ID("q-cancel").Class("dl-button").Type("button").Title(h.t("form.discard.title")).
				OnClick(h.onDiscard).Text(h.t("form.discard"))),
		),
	)
}

// argRow is argument i of the picker (form_args.go): its key from the
// list (its own first, then the unused keys the queue type knows, then
// those set already) and its value with its unit in words.
func (h *QueueForm) argRow(i int) app.UI {
	f := &h.st.f
	row := f.Args[i]
	words := model.InWords(model.QueueArgs, row.Key, row.Value)
	if words != "" {
		arg, _ := model.ArgFor(model.QueueArgs, row.Key)
		words = h.t("form.inwords", row.Value, h.t("unit."+arg.Unit), words)
	}
	return h.argRowUI(argRow{prefix: "q", i: i, list: model.QueueArgs, choices: model.ArgChoices(f.Type, f.Args, i),
		row: row, err: h.st.err, words: words}.editing(&h.st.f.Args, &h.st.err))
}

func (h *QueueForm) onAddArg(ctx app.Context, e app.Event) { h.st.f.AddArg() }

func (h *QueueForm) onDiscard(ctx app.Context, e app.Event) { h.st = newQueueState("") }

func (h *QueueForm) onSave(ctx app.Context, e app.Event) {
	e.PreventDefault()
	q := h.st.f.Queue()
	if h.s.PutQueue(h.st.old, q) {
		h.st = newQueueState(h.st.f.Type)
		h.s.Select("queue", q.Name)
	} else {
		h.st.err = model.Refusal(h.s.Notice(), model.ExplainRefusal)
	}
	h.changed()
}

// onEditQueue opens the queue form on the queue name.
func (h *Inspector) onEditQueue(name string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if q := h.s.ScenarioQueue(name); q != nil {
			h.openForm(formQueue, editQueue(*q))
		}
	}
}
