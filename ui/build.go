package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// The build tab: a button per form, the open form (a component of its
// own, form_*.go) and the lists of bindings and policies. A form only
// collects text; the session turns it into a scenario edit and the broker
// judges it (a refused argument is told next to its field, with the
// broker's own text, and nothing changes).

// buildKinds are the build panel's forms, in button order, with their
// catalogue keys.
var buildKinds = []struct{ kind, key string }{
	{formExchange, "add.exchange"}, {formQueue, "add.queue"}, {formBinding, "add.binding"},
	{formPolicy, "add.policy"}, {formConsumer, "add.consumer"},
}

// onAddKind opens the form kind from the canvas's "+" buttons: a fresh
// exchange or queue form, the others as they were left.
func (h *Canvas) onAddKind(kind string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		switch kind {
		case formExchange:
			h.openForm(kind, newExchangeState())
		case formQueue:
			h.openForm(kind, newQueueState(""))
		default:
			h.openForm(kind, nil)
		}
	}
}

func (h *BuildPanel) buildPanel(snap model.Snapshot) app.UI {
	seg := make([]app.UI, 0, len(buildKinds))
	for _, k := range buildKinds {
		seg = append(seg, app.Button().ID("build-"+k.kind).Class("dl-seg").Type("button").
			Aria("pressed", h.edit == k.kind).OnClick(h.onBuildKind(k.kind), k.kind).Text(h.t(k.key)))
	}
	var form app.UI
	switch h.edit {
	case formQueue:
		form = &QueueForm{page: h.page, Rev: h.rev}
	case formBinding:
		form = &BindingForm{page: h.page, Rev: h.rev}
	case formPolicy:
		form = &PolicyForm{page: h.page, Rev: h.rev}
	case formConsumer:
		form = &ConsumerForm{page: h.page, Rev: h.rev}
	default:
		form = &ExchangeForm{page: h.page, Rev: h.rev}
	}
	return app.Div().ID("build").Body(
		app.Div().Class("dl-segments").Role("group").Aria("label", h.t("build.what")).Body(seg...),
		form,
		h.bindingsList(),
		h.policiesList(),
	)
}

func (h *BuildPanel) onBuildKind(kind string) app.EventHandler {
	return func(ctx app.Context, e app.Event) { h.edit = kind }
}

// ---- lists ----

func (h *BuildPanel) bindingsList() app.UI {
	sc := h.s.Scenario()
	if len(sc.Bindings) == 0 {
		return app.Text("")
	}
	lis := make([]app.UI, 0, len(sc.Bindings))
	for i, b := range sc.Bindings {
		key := b.RoutingKey
		if len(b.Arguments) > 0 {
			key = model.FormatValue(b.Arguments)
		}
		lis = append(lis, app.Li().DataSet("testid", "binding-row").Body(
			app.Span().Text(b.Source+" → "+b.Destination+" "),
			app.Code().Text(key),
			app.Button().ID("binding-delete-"+strconv.Itoa(i)).Class("dl-button", "dl-button--icon").Type("button").
				Aria("label", h.t("delete")).OnClick(h.onDeleteBinding(i), i).Text("×"),
		))
	}
	return app.Div().Class("dl-section").Body(app.H3().Text(h.t("build.bindings")), app.Ul().ID("bindings").Class("dl-list").Body(lis...))
}

// onDeleteBinding deletes the scenario's binding i.
func (h *BuildPanel) onDeleteBinding(i int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		h.s.DeleteBinding(i)
		h.changed()
	}
}

func (h *BuildPanel) policiesList() app.UI {
	sc := h.s.Scenario()
	if len(sc.Policies) == 0 {
		return app.Text("")
	}
	lis := make([]app.UI, 0, len(sc.Policies))
	for _, p := range sc.Policies {
		lis = append(lis, app.Li().DataSet("policy", p.Name).Body(
			app.Span().Class("dl-name").Text(p.Name+" "),
			app.Code().Text(p.Pattern+" · "+p.ApplyTo+" · "+model.FormatValue(p.Definition)),
			app.Button().ID(domID("policy-edit-"+p.Name)).Class("dl-button", "dl-button--small").Type("button").
				OnClick(h.onEditPolicy(p.Name), p.Name).Text(h.t("edit")),
			app.Button().ID(domID("policy-delete-"+p.Name)).Class("dl-button", "dl-button--icon").Type("button").Aria("label", h.t("delete")).
				OnClick(h.onDeletePolicy(p.Name), p.Name).Text("×"),
		))
	}
	return app.Div().Class("dl-section").Body(app.H3().Text(h.t("build.policies")), app.Ul().ID("policies").Class("dl-list").Body(lis...))
}

// onDeletePolicy deletes the policy name.
func (h *BuildPanel) onDeletePolicy(name string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		h.s.DeletePolicy(name)
		h.changed()
	}
}
