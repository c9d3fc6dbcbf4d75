package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// handoffList shows the copy the revealed event is handing straight to a
// waiting consumer (stepping event by event, between its "enqueued" and
// its "delivered"): it is in neither the ready list nor the unacked one,
// and must not look lost.
func (h *Inspector) handoffList(queue string, r *model.HandoffRow) app.UI {
	if r == nil {
		return app.Text("")
	}
	row := app.Li().DataSet("testid", "handoff-row").DataSet("instance", r.Instance).Body(
		app.Button().Class("dl-linkbutton").Type("button").
			OnClick(h.onSelectHandoff(queue, r.Lineage, r.Instance), queue, r.Instance).Body(
			app.Span().Class("dl-body").Text(clip(r.Body, 24)),
			app.Span().Class("dl-muted").Text(" · "+h.t("handoff.to", r.Consumer)),
		),
	)
	if r.Selected {
		row = row.DataSet("selected", "true")
	}
	return app.Div().Class("dl-section").Body(app.H3().Text(h.t("inspect.handoff")),
		app.Ul().ID("handoff").Class("dl-list").Body(row))
}

// onSelectHandoff selects the copy being handed over.
func (h *Inspector) onSelectHandoff(queue string, lineage, inst uint64) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		h.s.SelectMessage(queue, lineage, inst, -1)
		h.changed()
	}
}
