package ui

// The catalogue lines of the canvas's drawing: edge labels in words (the
// model asks for them by key, model.WordKeys), the zoom tools and the
// diagram export. Merged into the catalogue at start.
var graphCatalogue = map[string][2]string{
	"edge.deadletters":  {"dead letters → %[1]v", "死信 → %[1]v"},
	"edge.via.argument": {"(queue argument)", "（队列参数）"},
	"edge.via.policy":   {"(policy %[1]v)", "（策略 %[1]v）"},
	"edge.key":          {"key %[1]v", "路由键 %[1]v"},
	"edge.alternate":    {"if unroutable → %[1]v", "无法路由时 → %[1]v"},
	"edge.more":         {"+%[1]v more", "另有 %[1]v 项"},

	"zoom.in":          {"Zoom in (+)", "放大（+）"},
	"zoom.out":         {"Zoom out (−)", "缩小（−）"},
	"zoom.fit":         {"Fit", "适应"},
	"zoom.fit.title":   {"Show the whole diagram (0); arrows move it, + and − zoom, the wheel and a pinch too", "显示整张图（0）；方向键移动，+ 和 − 缩放，也可用滚轮或双指缩放"},
	"zoom.level":       {"Zoom %[1]v%%", "缩放 %[1]v%%"},
	"export.svg":       {"SVG", "SVG"},
	"export.svg.title": {"Download the diagram as an SVG picture", "把这张图下载为 SVG 图片"},
	"export.png":       {"PNG", "PNG"},
	"export.png.title": {"Download the diagram as a PNG picture", "把这张图下载为 PNG 图片"},
}

func init() {
	for k, v := range graphCatalogue {
		catalogue[k] = v
	}
}
