package ui

// The catalogue lines of small fixes: a copy on its way to a consumer,
// the count of a queue's further consumers, a comma in a sentence, the
// exchange form's arguments in words.
// Merged into the catalogue at start.
var polishCatalogue = map[string][2]string{
	"inspect.handoff": {"Being delivered (handed straight to a waiting consumer)", "正在投递（直接交给等待中的消费者）"},
	"handoff.to":      {"being delivered to %[1]v", "正在投递给 %[1]v"},
	"where.handoff": {"Being delivered from %[1]v to %[2]v: a waiting consumer takes it at once, so it never waits in the queue.",
		"正在从 %[1]v 投递给 %[2]v：有消费者在等待，消息直接交给它，不在队列中排队。"},
	"form.xarg.none": {"Every argument the simulator knows for an exchange is set.", "模拟器支持的交换机参数都已设置。"},
	"xarg.ae.exists": {"Messages no binding of this exchange matches go on to exchange %[1]v, which routes them by its own bindings.",
		"此交换机的绑定都不匹配的消息，会转给交换机 %[1]v，由它按自己的绑定路由。"},
	"xarg.ae.missing": {"%[1]v is not declared: until it is, messages this exchange cannot route are dropped (a mandatory publish gets them back).",
		"%[1]v 尚未声明：在声明之前，此交换机无法路由的消息会被丢弃（带 mandatory 发布的会被退回）。"},
	"xarg.ae.self": {"%[1]v is this exchange itself: the broker does not go round again, so messages it cannot route are dropped.",
		"%[1]v 就是此交换机自己：broker 不会再绕回来，所以它无法路由的消息会被丢弃。"},
	// the binding and consumer forms' refusals, under their fields
	"fielderr.bind.default": {"The default exchange routes to every queue by its name already and takes no bindings: pick another source.",
		"默认交换机已按队列名路由到每个队列，不接受绑定：请选择其他源交换机。"},
	"fielderr.noqueue":    {"There is no queue %[1]v at this point of the run.", "在运行的这个时刻，没有名为 %[1]v 的队列。"},
	"fielderr.noexchange": {"There is no exchange %[1]v at this point of the run.", "在运行的这个时刻，没有名为 %[1]v 的交换机。"},
	"fielderr.xmatch": {"x-match must be all, any, all-with-x or any-with-x.",
		"x-match 必须是 all、any、all-with-x 或 any-with-x。"},
	"fielderr.toolong": {"A %[1]v holds at most 255 bytes (an AMQP short string); this one has %[2]v.",
		"%[1]v 最多 255 字节（AMQP 短字符串）；这里有 %[2]v 字节。"},
	"fielderr.prefetch": {"prefetch is 0 (no limit) or a positive whole number.", "prefetch 必须是 0（不限）或正整数。"},
	// the checkpoint panel folded to make room for the inspector
	"cp.fold":         {"Fold", "收起"},
	"cp.unfold":       {"Unfold", "展开"},
	"cp.fold.title":   {"Fold the checkpoint to its question, to make room for the inspector", "把检查点收起到只剩问题，给检查器腾出空间"},
	"cp.unfold.title": {"Show the whole checkpoint", "显示完整的检查点"},
	"punct.comma":     {", ", "，"},
	"badge.more":      {"+%[1]v more", "另有 %[1]v 个"},
}

func init() {
	for k, v := range polishCatalogue {
		catalogue[k] = v
	}
}
