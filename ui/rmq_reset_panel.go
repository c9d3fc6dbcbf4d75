package ui

import (
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	"github.com/dlxlab/dlxlab/ui/model"
)

// The offset reset by time, in four numbered steps an operator should
// take in this order: stop the group's consumers, dry run (which copies
// will be delivered again, which skipped), execute, resume. The rules
// (what each button may do, which steps it adds) are model.RMQReset's.

// maxPreviewRows bounds the copies the dry run lists one by one.
const maxPreviewRows = 30

func (p *RMQOpsPanel) resetUI(s *model.RocketSession, ops []model.RMQGroupOps) app.UI {
	var names []string
	for _, g := range ops {
		names = append(names, g.Group)
	}
	r := &p.reset
	if !slices.Contains(names, r.Group) {
		*r = model.RMQReset{}
		if len(names) > 0 {
			r.Group = names[0]
		}
	}
	var g model.RMQGroupOps
	if i := slices.Index(names, r.Group); i >= 0 {
		g = ops[i]
	}
	topics := resetTopics(g)
	if !slices.Contains(topics, r.Topic) && len(topics) > 0 {
		r.Topic = topics[0]
	}
	if p.resetTime == "" {
		p.resetTime = "0s"
	}
	if len(r.Stopped) == 0 && r.Group != "" {
		r.Stopped = model.RMQStopped(s.Scenario(), r.Group) // stopped before this panel was opened
	}
	locked := len(r.Stopped) > 0 // the group whose consumers were stopped stays chosen
	canExec, why := r.CanExecute(g, s.Now())
	stage := func(n model.RMQResetStage, id, key string, enabled bool, title string, h app.EventHandler) app.UI {
		cls := "rmq-stage"
		if r.Stage >= n {
			cls += " rmq-stage--done"
		}
		return app.Li().Class(cls).Body(
			app.Button().ID(id).Class("dl-button").Type("button").Disabled(!enabled).Title(title).OnClick(h).Text(p.t(key)),
		)
	}
	return app.Div().ID("rmq-reset").Class("dl-section").Body(
		app.H3().Text(p.t("rmqops.reset")),
		app.P().Class("dl-help").Text(p.t("rmqops.reset.help")),
		app.Div().Class("dl-row2").Body(
			app.If(!locked, rmqChoose(p.host, "rmq-reset-group", p.t("rmqops.group"), r.Group, names, nil, nil, "", p.setGroup)).
				Else(app.P().Class("dl-mono").Text(r.Group)),
			rmqChoose(p.host, "rmq-reset-topic", p.t("rmqops.topic"), r.Topic, topics, nil, nil, "", func(v string) { r.Topic = v }),
		),
		rmqField(p.host, "rmq-reset-time", p.t("rmqops.reset.time"), p.resetTime, "0s, 2m30s", p.timeErr, "time",
			func(v string) { p.resetTime = v }),
		app.If(g.Mode == "BROADCASTING", app.P().Class("dl-help").Text(p.t("rmqops.reset.broadcasting"))),
		app.Ol().ID("rmq-reset-steps").Class("rmq-stages").Body(
			stage(model.ResetStopped, "rmq-reset-stop", "rmqops.reset.stop", len(g.Consumers) > 0,
				p.t("rmqops.reset.stop.title"), p.onStop),
			stage(model.ResetPreviewed, "rmq-reset-dryrun", "rmqops.reset.dryrun", r.Topic != "",
				p.t("rmqops.reset.dryrun.title"), p.onDryRun),
			stage(model.ResetExecuted, "rmq-reset-execute", "rmqops.reset.execute", canExec,
				p.execTitle(why), p.onExecute),
			app.Li().Class("rmq-stage").Body(
				app.Button().ID("rmq-reset-resume").Class("dl-button").Type("button").
					Disabled(len(r.Stopped) == 0 || len(g.Consumers) > 0).Title(p.t("rmqops.reset.resume.title")).
					OnClick(p.onResume).Text(p.t("rmqops.reset.resume")),
			),
		),
		app.If(!canExec && why != "" && r.Stage >= model.ResetStopped,
			app.P().ID("rmq-reset-why").Class("dl-help").Text(p.t(why))),
		p.previewUI(s),
	)
}

// resetTopics are the topics a group reads, without its retry topic: a
// reset by time is about an original topic.
func resetTopics(g model.RMQGroupOps) []string {
	var out []string
	for _, r := range g.Rows {
		if !r.Retry && !slices.Contains(out, r.Topic) {
			out = append(out, r.Topic)
		}
	}
	return out
}

func (p *RMQOpsPanel) setGroup(v string) {
	p.reset = model.RMQReset{Group: v, Topic: p.reset.Topic}
}

func (p *RMQOpsPanel) execTitle(why string) string {
	if why != "" {
		return p.t(why)
	}
	return p.t("rmqops.reset.execute.title")
}

// readTime reads the time field into the procedure; false if it is bad.
func (p *RMQOpsPanel) readTime() bool {
	p.timeErr = nil
	t, err := model.ParseResetTime(p.resetTime)
	if err != nil {
		p.timeErr = model.RMQFieldErrors{"time": {Key: "rmqform.err.duration", Text: err.Error()}}
		return false
	}
	p.reset.At = t
	return true
}

// group is the procedure's group as the broker has it now. Handlers look
// it up when clicked: go-app keeps a handler made in an older render.
func (p *RMQOpsPanel) group() model.RMQGroupOps {
	for _, g := range model.RMQOperations(p.host.rocket().Broker()) {
		if g.Group == p.reset.Group {
			return g
		}
	}
	return model.RMQGroupOps{}
}

func (p *RMQOpsPanel) onStop(ctx app.Context, e app.Event) {
	p.apply(p.reset.RMQStop(p.host.rocket().Scenario(), p.group())...)
}

func (p *RMQOpsPanel) onDryRun(ctx app.Context, e app.Event) {
	p.err = ""
	if !p.readTime() {
		return
	}
	if err := p.reset.DryRun(p.host.rocket().Broker()); err != nil {
		p.err = err.Error()
	}
}

func (p *RMQOpsPanel) onExecute(ctx app.Context, e app.Event) {
	if !p.readTime() {
		return
	}
	steps, err := p.reset.Execute(p.group(), p.host.rocket().Now())
	if err != nil {
		p.err = p.t(err.Error())
		return
	}
	p.apply(steps...)
}

func (p *RMQOpsPanel) onResume(ctx app.Context, e app.Event) { p.apply(p.reset.Resume()...) }

// previewUI shows the dry run: per queue the offset move and counts, then
// the copies that will be delivered again or skipped, one by one.
func (p *RMQOpsPanel) previewUI(s *model.RocketSession) app.UI {
	r := &p.reset
	if r.Preview == nil {
		return app.Text("")
	}
	sum := r.Summary
	rows := make([]app.UI, 0, len(r.Preview))
	var copies []app.UI
	for _, q := range r.Preview {
		rows = append(rows, app.Tr().Body(
			app.Td().Class("dl-mono").Text(q.Topic+" · q"+strconv.Itoa(q.QueueID)),
			app.Td().Class("dl-num").Text(strconv.FormatInt(q.From, 10)+" → "+strconv.FormatInt(q.To, 10)),
			app.Td().Class("dl-num").Text(len(q.Replayed)),
			app.Td().Class("dl-num").Text(len(q.Skipped)),
			app.Td().Class("dl-num").Text(len(q.InFlight)),
			app.Td().Class("dl-num").Text(q.Pending),
		))
		add := func(kind string, cs []rmq.ResetCopy) {
			for _, c := range cs {
				if len(copies) >= maxPreviewRows {
					return
				}
				copies = append(copies, app.Li().DataSet("testid", "preview-copy").DataSet("kind", kind).
					Text(p.t("rmqops.preview."+kind, q.Topic+" q"+strconv.Itoa(q.QueueID)+" @"+strconv.FormatInt(c.Offset, 10),
						shortID(c.MsgID), strings.Join(c.Keys, " "), p.t("rmqops.fate."+c.Fate))))
			}
		}
		add("replay", q.Replayed)
		add("inflight", q.InFlight)
		add("skip", q.Skipped)
	}
	more := sum.Replayed + sum.InFlight + sum.Skipped - len(copies)
	stale := r.PreviewNow != s.Now()
	return app.Div().ID("rmq-reset-preview").Class("rmq-preview").Body(
		app.H4().Text(p.t("rmqops.preview", r.PreviewFor[0], r.PreviewFor[1], rmqTime(r.PreviewNow))),
		app.P().ID("rmq-reset-summary").DataSet("replayed", sum.Replayed).DataSet("skipped", sum.Skipped).
			Text(p.t("rmqops.preview.summary", sum.Replayed, fates(p, sum.ByFate), sum.Skipped, sum.InFlight, sum.Pending)),
		app.If(stale, app.P().Class("dl-warn").Text(p.t("rmqops.reset.stale"))),
		app.Div().Class("dl-tablewrap").Body(app.Table().Class("dl-table").Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Text(p.t("rmqops.col.queue")), app.Th().Text(p.t("rmqops.col.move")),
				app.Th().Text(p.t("rmqops.col.replay")), app.Th().Text(p.t("rmqops.col.skip")),
				app.Th().Text(p.t("rmqops.col.inflight")), app.Th().Text(p.t("rmqops.col.pending")),
			)),
			app.TBody().Body(rows...),
		)),
		app.Ul().Class("dl-list").Body(copies...),
		app.If(more > 0, app.P().Class("dl-muted").Text(p.t("rmqops.preview.more", more))),
	)
}

// fates writes "4 consumed, 1 sent back" in the fate order of the model.
func fates(p *RMQOpsPanel, by map[string]int) string {
	var parts []string
	for _, f := range []string{"consumed", "sent-back", "dead-lettered", "dropped"} {
		if n := by[f]; n > 0 {
			parts = append(parts, p.t("rmqops.fate.n", n, p.t("rmqops.fate."+f)))
		}
	}
	if len(parts) == 0 {
		return "—"
	}
	return strings.Join(parts, ", ")
}
