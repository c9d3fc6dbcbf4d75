package ui

import (
	"regexp"
	"strings"
)

// The catalogue lines of the embed, the phone layout and the words ui/model
// writes in English (edge labels, "(default exchange)", where a setting
// comes from), merged into the catalogue at start like i18n_teach.go.
var embedCatalogue = map[string][2]string{
	// the chart legend (event kinds, as core names them)
	"event.enqueued":         {"enqueued", "入队（enqueued）"},
	"event.delivered":        {"delivered", "已投递（delivered）"},
	"event.acked":            {"acked", "已确认（acked）"},
	"event.requeued":         {"requeued", "重新入队（requeued）"},
	"event.expired":          {"expired", "过期（expired）"},
	"event.dead-lettered":    {"dead-lettered", "成为死信（dead-lettered）"},
	"event.dropped":          {"dropped", "被丢弃（dropped）"},
	"event.returned":         {"returned", "被退回（returned）"},
	"event.publish-rejected": {"publish refused", "发布被拒（publish-rejected）"},
	"chart.never":            {"depth stayed 0", "深度一直为 0"},

	// words ui/model and core write into values (localValue)
	"value.default.exchange": {`"" (default exchange)`, `""（默认交换机）`},
	"value.from.argument":    {"argument", "参数"},
	"value.from.policy":      {"policy", "策略"},
	"value.from.default":     {"default", "默认值"},
	"edge.dlx.title":         {"%[1]v dead-letters to %[2]v (%[3]v)", "%[1]v 的死信发往 %[2]v（%[3]v）"},
	"edge.binding.key":       {"binding key %[1]v", "绑定键 %[1]v"},

	// the embed
	"embed.inspector": {"Inspector", "检查器"},
	"embed.canvas":    {"Diagram", "拓扑图"},

	// the phone layout
	"menu.open":    {"Menu", "菜单"},
	"menu.close":   {"Close the menu", "关闭菜单"},
	"phone.panels": {"Panels", "面板"},
}

func init() {
	for k, v := range embedCatalogue {
		catalogue[k] = v
	}
}

// localValue puts the English words ui/model writes into a value (a
// config row, a history line's argument, a step, an edge label) into the
// language: `"" (default exchange)`, and where a setting comes from after
// an arrow or in brackets ("← argument x-dead-letter-exchange", "(policy
// NAME)", "← default"). Names and broker terms stay as they are.
func localValue(lang, v string) string {
	if lang != langZH {
		return v
	}
	v = strings.ReplaceAll(v, `"" (default exchange)`, tr(lang, "value.default.exchange"))
	v = strings.ReplaceAll(v, `"" (default)`, tr(lang, "value.default.exchange"))
	return reFrom.ReplaceAllStringFunc(v, func(m string) string {
		p := reFrom.FindStringSubmatch(m)
		return p[1] + tr(lang, "value.from."+p[2]) + p[3]
	})
}

var reFrom = regexp.MustCompile(`(← |\()(argument|policy|default)(\s|\)|$)`)

// localFrom translates the source of a setting standing alone
// ("argument x-dead-letter-exchange", "policy NAME", "default").
func localFrom(lang, v string) string {
	if lang != langZH {
		return v
	}
	for _, w := range []string{"argument", "policy", "default"} {
		if v == w || strings.HasPrefix(v, w+" ") {
			return tr(lang, "value.from."+w) + v[len(w):]
		}
	}
	return v
}
