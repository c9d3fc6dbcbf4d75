package ui

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// The RocketMQ side panel's tabs for building, publishing, operations and
// charts (the inspector is the panel's own first tab).
const (
	rtabBuild   = "rq-build"
	rtabPublish = "rq-publish"
	rtabOps     = "rq-ops"
	rtabCharts  = "rq-charts"
)

func init() {
	addRocketTab(rtabBuild, "rmqtab.build", 10, func(h *page) app.UI { return NewRMQBuildPanel(h, h.rev) })
	addRocketTab(rtabPublish, "rmqtab.publish", 20, func(h *page) app.UI { return NewRMQPublishPanel(h, h.rev) })
	addRocketTab(rtabOps, "rmqtab.ops", 30, func(h *page) app.UI { return NewRMQOpsPanel(h, h.rev) })
	addRocketTab(rtabCharts, "rmqtab.charts", 40, func(h *page) app.UI { return NewRMQCharts(h, h.rev) })
}
