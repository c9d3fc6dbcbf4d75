package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// ConsumerForm attaches a consumer to a queue: settled by hand in the
// inspector, or by a script of actions.
type ConsumerForm struct {
	app.Compo
	*page
	Rev uint64

	st consumerState
}

type consumerState struct {
	f   model.ConsumerForm
	err model.FieldError
}

func newConsumerState() consumerState { return consumerState{f: model.NewConsumerForm()} }

// OnInit takes back what the form held when it left the screen.
func (h *ConsumerForm) OnInit() { h.st = resume(&h.drafts, formConsumer, newConsumerState()) }

// OnDismount keeps what the form holds.
func (h *ConsumerForm) OnDismount() { keep(&h.drafts, formConsumer, h.st) }

// Render draws the form.
func (h *ConsumerForm) Render() app.UI {
	takeSent(&h.drafts, formConsumer, &h.st)
	f, err := &h.st.f, h.st.err
	var queues []string
	for _, q := range h.s.Broker().Queues() {
		queues = append(queues, q.Name)
	}
	if f.Queue == "" && len(queues) > 0 {
		f.Queue = queues[0]
	}
	return app.Form().ID("form-consumer").Class("dl-form").OnSubmit(h.onSave).Body(
		app.H3().Text(h.t("form.consumer.new")),
		fieldErr(h.lang, "c-name", h.t("form.name"), f.Name, "worker", placeErr(err, "name", "c-name"), func(v string) { f.Name = v; h.st.err.Clear("name") }),
		chooseErr(h.lang, "c-queue", h.t("node.queue"), f.Queue, queues, nil, placeErr(err, "queue", "c-queue"),
			func(v string) { f.Queue = v; h.st.err.Clear("queue") }),
		fieldErr(h.lang, "c-prefetch", "prefetch", f.Prefetch, "1", placeErr(err, "prefetch", "c-prefetch"), func(v string) { f.Prefetch = v; h.st.err.Clear("prefetch") }),
		h.help("help.prefetch"),
		check("c-byhand", h.t("consumer.byhand.long"), f.ByHand, func(v bool) { f.ByHand = v }),
		app.If(!f.ByHand,
			fieldErr(h.lang, "c-actions", h.t("form.actions"), f.Actions, "reject, reject, ack", placeErr(err, "actions", "c-actions"),
				func(v string) { f.Actions = v; h.st.err.Clear("actions") }),
			h.help("help.actions")),
		formError(h.lang, "form-error", err, "name", "queue", "prefetch", "actions"),
		app.Div().Class("dl-actions").Body(
			app.Button().ID("c-save").Class("dl-button", "dl-button--primary").Type("submit").Text(h.t("consumer.attach")),
		),
	)
}

func (h *ConsumerForm) onSave(ctx app.Context, e app.Event) {
	e.PreventDefault()
	c, err := h.st.f.Consumer()
	if h.st.err = err; !err.None() {
		return
	}
	if h.s.Attach(c) {
		h.st.f.Name = ""
		h.s.Select("queue", c.Queue)
	} else {
		h.st.err = model.ConsumerRefusal(h.s.Notice())
	}
	h.changed()
}
