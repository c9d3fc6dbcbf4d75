package ui

// The catalogue lines of small fixes: a copy on its way to a consumer,
// the count of a queue's further consumers, a comma in a sentence.
// Merged into the catalogue at start.
var polishCatalogue = map[string][2]string{
	"inspect.handoff": {"Being delivered (handed straight to a waiting consumer)", "正在投递（直接交给等待中的消费者）"},
	"handoff.to":      {"being delivered to %[1]v", "正在投递给 %[1]v"},
	"where.handoff": {"Being delivered from %[1]v to %[2]v: a waiting consumer takes it at once, so it never waits in the queue.",
		"正在从 %[1]v 投递给 %[2]v：有消费者在等待，消息直接交给它，不在队列中排队。"},
	"punct.comma": {", ", "，"},
	"badge.more":  {"+%[1]v more", "另有 %[1]v 个"},
}

func init() {
	for k, v := range polishCatalogue {
		catalogue[k] = v
	}
}
