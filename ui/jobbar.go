package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// jobBar shows a jump running in slices (ui/model job.go): where it is
// going, how far it got, and Cancel. The page stays usable meanwhile: the
// session runs one slice per tick and the browser draws in between.
func (h *JobBar) jobBar(snap model.Snapshot) app.UI {
	j := snap.Job
	if j == nil {
		return app.Text("")
	}
	pct := int(j.Progress * 100)
	return app.Div().ID("job").Class("dl-job").Role("status").Body(
		app.Span().ID("job-text").Text(h.t("job.running", clockLabel(j.To), pct)),
		app.Progress().ID("job-progress").Class("dl-job-progress").Max(100).Value(strconv.Itoa(pct)),
		app.Button().ID("job-cancel").Class("dl-button", "dl-button--small").Type("button").
			OnClick(h.onJobCancel).Text(h.t("job.cancel")),
	)
}

func (h *JobBar) onJobCancel(ctx app.Context, e app.Event) {
	h.s.CancelJob()
	h.changed()
}
