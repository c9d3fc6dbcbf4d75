package ui

import (
	"sort"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// RocketSide is the side panel in RocketMQ mode: the share bar, the tabs
// and the open tab's panel. The inspector is the first tab; other panels
// (build forms, publish, operations, charts) add themselves with
// addRocketTab from an init in their own file, so this file does not
// change when a panel is added.
type RocketSide struct {
	app.Compo
	*page
	Rev uint64
}

// The inspector's tab id.
const rtabInspect = "rq-inspect"

// rocketTab is one tab of the RocketMQ side panel.
type rocketTab struct {
	id, key string // element id suffix ("tab-"+id, "panel-"+id) and the catalogue key of its label
	order   int    // tabs are shown by order
	panel   func(h *page) app.UI
}

var rocketTabs = []rocketTab{
	{rtabInspect, "tab.inspect", 0, func(h *page) app.UI { return &RocketInspector{page: h, Rev: h.rev} }},
}

// addRocketTab adds a panel to the RocketMQ side panel.
func addRocketTab(id, key string, order int, panel func(h *page) app.UI) {
	rocketTabs = append(rocketTabs, rocketTab{id, key, order, panel})
	sort.SliceStable(rocketTabs, func(i, j int) bool { return rocketTabs[i].order < rocketTabs[j].order })
}

// Render draws the side panel.
func (h *RocketSide) Render() app.UI {
	cur := rocketTabs[0]
	buttons := make([]app.UI, 0, len(rocketTabs))
	for _, tb := range rocketTabs {
		if tb.id == h.rtab {
			cur = tb
		}
		var badge app.UI = app.Text("")
		if tb.id == rtabInspect && h.rsnap.Errors > 0 {
			badge = app.Span().ID("error-badge").Class("dl-badge").Title(h.t("errors.title")).
				Text("⚠ " + strconv.Itoa(h.rsnap.Errors))
		}
		buttons = append(buttons, app.Button().ID("tab-"+tb.id).Class("dl-tab").Type("button").Role("tab").
			Aria("selected", h.rtab == tb.id).Aria("controls", "panel-"+tb.id).
			OnClick(h.onTab(tb.id)).Body(app.Span().Class("dl-tab-label").Text(h.t(tb.key)), badge))
	}
	return app.Aside().ID("side").Class("dl-side").Body(
		app.If(h.share != "" || h.short.err != "", (&Side{page: h.page}).shareBar()),
		app.Div().Class("dl-tabs").Role("tablist").Body(buttons...),
		app.Div().ID("panel-"+cur.id).Class("dl-panel").Role("tabpanel").Body(cur.panel(h.page)),
	)
}

func (h *RocketSide) onTab(id string) app.EventHandler {
	return func(ctx app.Context, e app.Event) { h.rtab = id }
}
