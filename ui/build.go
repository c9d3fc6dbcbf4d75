package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
	"github.com/dlxlab/dlxlab/ui/model"
)

// The build tab: forms that add or change exchanges, queues, bindings,
// policies and consumers. A form only collects text; the session turns it
// into a scenario edit and the broker judges it (a refused argument shows
// the broker's own 406 text, and nothing changes).

type forms struct {
	edit string // which form is open: exchange, queue, binding, policy, consumer
	q    queueForm
	b    bindingForm
	p    policyForm
	c    consumerForm
	pub  publishForm

	yaml     string
	yamlErrs scenarios.ErrorList
	defs     string
	defsMsg  string
	export   string
	formErr  string // a form problem found before the broker (e.g. a bad line)
}

type queueForm struct {
	old, name, typ string
	durable        bool
	args           []argRow
}

type argRow struct{ key, value string }

type bindingForm struct{ source, dest, key, args string }

type policyForm struct{ old, name, pattern, applyTo, priority, def string }

type consumerForm struct {
	name, queue, prefetch, actions string
	byHand                         bool
}

func (f *forms) init() {
	f.edit = "exchange"
	f.q = queueForm{typ: string(core.Classic), durable: true}
	f.p = policyForm{applyTo: "queues", priority: "0"}
	f.c = consumerForm{prefetch: "1", byHand: true}
	f.pub = publishForm{count: "1", interval: "0"}
}

func (h *page) onAddKind(ctx app.Context, e app.Event) {
	kind := strings.TrimPrefix(ctx.JSSrc().Get("id").String(), "add-")
	h.tab = tabBuild
	h.edit = kind
	h.formErr = ""
	switch kind {
	case formExchange:
		h.openForm(formExchange, newExchangeState())
	case "queue":
		h.q = queueForm{typ: string(core.Classic), durable: true}
	}
}

func (h *BuildPanel) buildPanel(snap model.Snapshot) app.UI {
	kinds := []struct{ id, key string }{
		{"exchange", "add.exchange"}, {"queue", "add.queue"}, {"binding", "add.binding"},
		{"policy", "add.policy"}, {"consumer", "add.consumer"},
	}
	seg := make([]app.UI, 0, len(kinds))
	for _, k := range kinds {
		seg = append(seg, app.Button().ID("build-"+k.id).Class("dl-seg").Type("button").
			Aria("pressed", h.edit == k.id).OnClick(h.onBuildKind, k.id).Text(h.t(k.key)))
	}
	var form app.UI
	switch h.edit {
	case "queue":
		form = h.queueFormUI()
	case "binding":
		form = h.bindingFormUI()
	case "policy":
		form = h.policyFormUI()
	case "consumer":
		form = h.consumerFormUI()
	default:
		form = &ExchangeForm{page: h.page, Rev: h.rev}
	}
	return app.Div().ID("build").Body(
		app.Div().Class("dl-segments").Role("group").Aria("label", h.t("build.what")).Body(seg...),
		form,
		app.If(h.formErr != "", app.P().ID("form-error").Class("dl-form-error").Role("alert").Text("⚠ "+h.formErr)),
		h.bindingsList(),
		h.policiesList(),
	)
}

func (h *BuildPanel) onBuildKind(ctx app.Context, e app.Event) {
	h.edit = strings.TrimPrefix(ctx.JSSrc().Get("id").String(), "build-")
	h.formErr = ""
}

// ---- queue ----

func (h *BuildPanel) queueFormUI() app.UI {
	f := &h.q
	title := h.t("form.queue.new")
	if f.old != "" {
		title = h.t("form.queue.edit", f.old)
	}
	rows := make([]app.UI, 0, len(f.args))
	for i := range f.args {
		rows = append(rows, h.argRowUI(i))
	}
	return app.Form().ID("form-queue").Class("dl-form").OnSubmit(h.onSaveQueue).Body(
		app.H3().Text(title),
		h.field("q-name", h.t("form.name"), f.name, "orders", func(v string) { f.name = v }),
		h.choose("q-type", h.t("form.qtype"), f.typ, []string{"classic", "quorum"}, nil, func(v string) { f.typ = v }),
		h.help("help.qtype."+f.typ),
		app.Div().Class("dl-checks").Body(
			h.check("q-durable", "durable", f.durable, func(v bool) { f.durable = v }),
		),
		app.FieldSet().Class("dl-args").Body(
			app.Legend().Text(h.t("form.arguments")),
			app.Div().ID("q-args").Body(rows...),
			app.Button().ID("q-arg-add").Class("dl-button", "dl-button--small").Type("button").
				OnClick(h.onAddArg).Text("+ "+h.t("form.addarg")),
		),
		app.Div().Class("dl-actions").Body(
			app.Button().ID("q-save").Class("dl-button", "dl-button--primary").Type("submit").Text(h.saveLabel(f.old)),
			app.If(f.old != "", app.Button().ID("q-cancel").Class("dl-button").Type("button").
				OnClick(func(ctx app.Context, e app.Event) { h.q = queueForm{typ: "classic", durable: true} }).
				Text(h.t("cancel"))),
		),
	)
}

// argRowUI is one argument: a key from the catalogue (for the queue
// type), its value (a select for enumerations) and a line of help.
func (h *BuildPanel) argRowUI(i int) app.UI {
	f := &h.q
	row := f.args[i]
	known := false
	var keys, labels []string
	for _, a := range model.QueueArgs {
		if f.typ == "quorum" && a.Quorum || f.typ != "quorum" && a.Classic || a.Key == row.key {
			keys = append(keys, a.Key)
			labels = append(labels, a.Key)
			known = known || a.Key == row.key
		}
	}
	if !known && row.key != "" {
		keys = append(keys, row.key)
		labels = append(labels, row.key)
	}
	id := "q-arg-key-" + strconv.Itoa(i)
	vid := "q-arg-val-" + strconv.Itoa(i)
	arg, _ := model.ArgFor(model.QueueArgs, row.key)
	var value app.UI
	setVal := func(ctx app.Context, e app.Event) { f.args[i].value = ctx.JSSrc().Get("value").String() }
	switch arg.Kind {
	case model.KindEnum, model.KindBool:
		opts := arg.Enum
		if arg.Kind == model.KindBool {
			opts = []string{"true", "false"}
		}
		els := []app.UI{app.Option().Value("").Selected(row.value == "").Text("—")}
		for _, o := range opts {
			els = append(els, app.Option().Value(o).Selected(o == row.value).Text(o))
		}
		value = app.Select().ID(vid).Class("dl-select").Aria("label", h.t("form.value")).OnChange(setVal, vid).Body(els...)
	default:
		ph := h.t("form.value")
		if arg.Unit != "" {
			ph = arg.Unit
		}
		value = app.Input().ID(vid).Class("dl-input").Type("text").Value(row.value).Placeholder(ph).
			Aria("label", h.t("form.value")).AutoComplete(false).Spellcheck(false).OnInput(setVal, vid)
	}
	opts := make([]app.UI, 0, len(keys))
	for j, k := range keys {
		opts = append(opts, app.Option().Value(k).Selected(k == row.key).Text(labels[j]))
	}
	return app.Div().Class("dl-argrow").DataSet("testid", "arg-row").Body(
		app.Div().Class("dl-argline").Body(
			app.Select().ID(id).Class("dl-select").Aria("label", h.t("form.argument")).
				OnChange(func(ctx app.Context, e app.Event) {
					f.args[i].key = ctx.JSSrc().Get("value").String()
					f.args[i].value = ""
				}, id).Body(opts...),
			value,
			app.Button().ID("q-arg-rm-"+strconv.Itoa(i)).Class("dl-button", "dl-button--icon").Type("button").Aria("label", h.t("form.removearg")).
				OnClick(func(ctx app.Context, e app.Event) {
					f.args = append(f.args[:i:i], f.args[i+1:]...)
				}, "rm", i).Text("×"),
		),
		app.P().Class("dl-help").Text(h.t("arg."+row.key)),
	)
}

func (h *BuildPanel) onAddArg(ctx app.Context, e app.Event) {
	f := &h.q
	used := map[string]bool{}
	for _, a := range f.args {
		used[a.key] = true
	}
	for _, a := range model.QueueArgs {
		if !used[a.Key] && (f.typ == "quorum" && a.Quorum || f.typ != "quorum" && a.Classic) {
			f.args = append(f.args, argRow{key: a.Key})
			return
		}
	}
}

func (h *BuildPanel) onSaveQueue(ctx app.Context, e app.Event) {
	e.PreventDefault()
	f := h.q
	q := scenarios.Queue{Name: strings.TrimSpace(f.name), Durable: f.durable}
	rows := make([][2]string, len(f.args))
	for i, a := range f.args {
		rows[i] = [2]string{a.key, a.value}
	}
	q.Arguments = model.QueueArguments(f.typ, rows)
	if h.s.PutQueue(f.old, q) {
		h.q = queueForm{typ: f.typ, durable: true}
		h.s.Select("queue", q.Name)
	}
	h.formErr = ""
	h.changed()
}

func (h *page) onEditQueue(ctx app.Context, e app.Event) {
	name := h.s.Selection().Name
	for _, q := range h.s.Scenario().Queues {
		if q.Name != name {
			continue
		}
		f := queueForm{old: q.Name, name: q.Name, typ: "classic", durable: q.Durable}
		for _, k := range q.Arguments.SortedKeys() {
			if k == "x-queue-type" {
				f.typ, _ = q.Arguments[k].(string)
				continue
			}
			f.args = append(f.args, argRow{key: k, value: model.FormatValue(q.Arguments[k])})
		}
		h.q = f
		h.edit, h.tab = "queue", tabBuild
	}
}

// ---- binding ----

func (h *BuildPanel) bindingFormUI() app.UI {
	f := &h.b
	sc := h.s.Scenario()
	var sources, dests, destLabels []string
	for _, x := range h.s.Broker().Exchanges() {
		if x.Name != "" {
			sources = append(sources, x.Name)
		}
	}
	for _, q := range sc.Queues {
		dests = append(dests, "queue:"+q.Name)
		destLabels = append(destLabels, h.t("node.queue")+" "+q.Name)
	}
	for _, x := range sc.Exchanges {
		dests = append(dests, "exchange:"+x.Name)
		destLabels = append(destLabels, h.t("node.exchange")+" "+x.Name)
	}
	if f.source == "" && len(sc.Exchanges) > 0 {
		f.source = sc.Exchanges[0].Name
	}
	if f.dest == "" && len(dests) > 0 {
		f.dest = dests[0]
	}
	xtype := ""
	for _, x := range h.s.Broker().Exchanges() {
		if x.Name == f.source {
			xtype = x.Type
		}
	}
	return app.Form().ID("form-binding").Class("dl-form").OnSubmit(h.onSaveBinding).Body(
		app.H3().Text(h.t("form.binding.new")),
		h.choose("b-source", h.t("form.source"), f.source, sources, nil, func(v string) { f.source = v }),
		h.choose("b-dest", h.t("form.destination"), f.dest, dests, destLabels, func(v string) { f.dest = v }),
		app.If(xtype != core.Headers && xtype != core.Fanout,
			h.field("b-key", h.t("form.bindingkey"), f.key, "new", func(v string) { f.key = v }),
			h.help("help.bkey."+xtype)),
		app.If(xtype == core.Fanout, h.help("help.bkey.fanout")),
		app.If(xtype == core.Headers,
			h.area("b-args", h.t("form.bindingargs"), f.args, "x-match = all\nformat = pdf", 3, model.FieldError{}, func(v string) { f.args = v }),
			h.help("help.bkey.headers")),
		app.Div().Class("dl-actions").Body(
			app.Button().ID("b-save").Class("dl-button", "dl-button--primary").Type("submit").Text(h.t("form.add")),
		),
	)
}

func (h *BuildPanel) onSaveBinding(ctx app.Context, e app.Event) {
	e.PreventDefault()
	f := h.b
	kind, dest, _ := strings.Cut(f.dest, ":")
	b := scenarios.Binding{Source: f.source, Destination: dest, DestinationType: kind, RoutingKey: f.key}
	args, err := model.ParseTable(nil, f.args)
	if err != nil {
		h.formErr = err.Error()
		return
	}
	b.Arguments = args
	if h.s.AddBinding(b) {
		h.b.key, h.b.args = "", ""
	}
	h.formErr = ""
	h.changed()
}

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
				Aria("label", h.t("delete")).OnClick(h.onDeleteBinding, i).Text("×"),
		))
	}
	return app.Div().Class("dl-section").Body(app.H3().Text(h.t("build.bindings")), app.Ul().ID("bindings").Class("dl-list").Body(lis...))
}

func (h *BuildPanel) onDeleteBinding(ctx app.Context, e app.Event) {
	i, _ := strconv.Atoi(strings.TrimPrefix(ctx.JSSrc().Get("id").String(), "binding-delete-"))
	h.s.DeleteBinding(i)
	h.changed()
}

// ---- policy ----

func (h *BuildPanel) policyFormUI() app.UI {
	f := &h.p
	title := h.t("form.policy.new")
	if f.old != "" {
		title = h.t("form.policy.edit", f.old)
	}
	return app.Form().ID("form-policy").Class("dl-form").OnSubmit(h.onSavePolicy).Body(
		app.H3().Text(title),
		h.field("p-name", h.t("form.name"), f.name, "dlx-policy", func(v string) { f.name = v }),
		h.field("p-pattern", h.t("form.pattern"), f.pattern, "^orders", func(v string) { f.pattern = v }),
		h.choose("p-applyto", "apply-to", f.applyTo, []string{"queues", "exchanges", "all", "classic_queues", "quorum_queues"}, nil,
			func(v string) { f.applyTo = v }),
		h.field("p-priority", "priority", f.priority, "0", func(v string) { f.priority = v }),
		h.area("p-def", h.t("form.definition"), f.def, "dead-letter-exchange = dlx\nmessage-ttl = 60000", 4, model.FieldError{}, func(v string) { f.def = v }),
		h.help("help.policy"),
		app.Div().Class("dl-actions").Body(
			app.Button().ID("p-save").Class("dl-button", "dl-button--primary").Type("submit").Text(h.saveLabel(f.old)),
		),
	)
}

func (h *BuildPanel) onSavePolicy(ctx app.Context, e app.Event) {
	e.PreventDefault()
	f := h.p
	def, err := model.ParseTable(model.PolicyKeys, f.def)
	if err != nil {
		h.formErr = err.Error()
		return
	}
	prio, err := strconv.ParseInt(strings.TrimSpace(f.priority), 10, 64)
	if err != nil && strings.TrimSpace(f.priority) != "" {
		h.formErr = h.t("form.badnumber", "priority")
		return
	}
	p := scenarios.Policy{Name: strings.TrimSpace(f.name), Pattern: f.pattern, ApplyTo: f.applyTo, Priority: prio, Definition: def}
	if h.s.PutPolicy(f.old, p) {
		h.p = policyForm{applyTo: "queues", priority: "0"}
	}
	h.formErr = ""
	h.changed()
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

// onEditPolicy opens the policy form on the policy name.
func (h *page) onEditPolicy(name string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		for _, p := range h.s.Scenario().Policies {
			if p.Name == name {
				h.p = policyForm{old: p.Name, name: p.Name, pattern: p.Pattern, applyTo: p.ApplyTo,
					priority: strconv.FormatInt(p.Priority, 10), def: model.FormatTable(p.Definition)}
				h.edit = "policy"
			}
		}
	}
}

// onDeletePolicy deletes the policy name.
func (h *BuildPanel) onDeletePolicy(name string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		h.s.DeletePolicy(name)
		h.changed()
	}
}

// ---- consumer ----

func (h *BuildPanel) consumerFormUI() app.UI {
	f := &h.c
	var queues []string
	for _, q := range h.s.Broker().Queues() {
		queues = append(queues, q.Name)
	}
	if f.queue == "" && len(queues) > 0 {
		f.queue = queues[0]
	}
	return app.Form().ID("form-consumer").Class("dl-form").OnSubmit(h.onSaveConsumer).Body(
		app.H3().Text(h.t("form.consumer.new")),
		h.field("c-name", h.t("form.name"), f.name, "worker", func(v string) { f.name = v }),
		h.choose("c-queue", h.t("node.queue"), f.queue, queues, nil, func(v string) { f.queue = v }),
		h.field("c-prefetch", "prefetch", f.prefetch, "1", func(v string) { f.prefetch = v }),
		h.help("help.prefetch"),
		h.check("c-byhand", h.t("consumer.byhand.long"), f.byHand, func(v bool) { f.byHand = v }),
		app.If(!f.byHand,
			h.field("c-actions", h.t("form.actions"), f.actions, "reject, reject, ack", func(v string) { f.actions = v }),
			h.help("help.actions")),
		app.Div().Class("dl-actions").Body(
			app.Button().ID("c-save").Class("dl-button", "dl-button--primary").Type("submit").Text(h.t("consumer.attach")),
		),
	)
}

func (h *BuildPanel) onSaveConsumer(ctx app.Context, e app.Event) {
	e.PreventDefault()
	f := h.c
	pf, err := strconv.Atoi(strings.TrimSpace(f.prefetch))
	if err != nil && strings.TrimSpace(f.prefetch) != "" {
		h.formErr = h.t("form.badnumber", "prefetch")
		return
	}
	c := scenarios.Consumer{Name: strings.TrimSpace(f.name), Queue: f.queue, Prefetch: pf}
	if !f.byHand {
		acts, err := parseActions(f.actions)
		if err != nil {
			h.formErr = err.Error()
			return
		}
		c.Actions = acts
	}
	if h.s.Attach(c) {
		h.c.name = ""
		h.s.Select("queue", c.Queue)
	}
	h.formErr = ""
	h.changed()
}

// parseActions reads "reject, reject 200ms, republish x k, ack".
func parseActions(text string) ([]scenarios.Action, error) {
	var out []scenarios.Action
	for _, part := range strings.Split(text, ",") {
		fields := strings.Fields(part)
		if len(fields) == 0 {
			continue
		}
		a := scenarios.Action{Kind: fields[0]}
		rest := fields[1:]
		if a.Kind == core.ActRepublish && len(rest) >= 2 {
			a.Exchange, a.RoutingKey, rest = rest[0], rest[1], rest[2:]
		}
		if len(rest) > 0 {
			d, err := scenarios.ParseDuration(rest[0])
			if err != nil {
				return nil, err
			}
			a.Delay = d
		}
		out = append(out, a)
	}
	return out, nil
}
