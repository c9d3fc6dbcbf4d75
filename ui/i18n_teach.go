package ui

// The catalogue lines of the teaching parts (teach.go): checkpoints,
// stepping one event, the scrubber, what consumers received, the x-death
// explanations and the guided start. Kept beside the main catalogue and
// merged into it at start, so each part's texts stay together.
var teachCatalogue = map[string][2]string{
	"cp.title":      {"Checkpoint %[1]v of %[2]v", "检查点 %[1]v / %[2]v"},
	"cp.predict":    {"Pick an answer, then play on to see what happens.", "先选一个答案，再继续播放，看看会发生什么。"},
	"cp.continue":   {"Continue", "继续"},
	"cp.answer":     {"The answer is %[1]v.", "答案是 %[1]v。"},
	"cp.right":      {"Right!", "答对了！"},
	"cp.wrong":      {"Not quite: the answer is %[1]v.", "不太对：答案是 %[1]v。"},
	"cp.prev":       {"The answer: %[1]v", "答案：%[1]v"},
	"cp.prev.right": {"You were right: %[1]v", "你答对了：%[1]v"},
	"cp.prev.wrong": {"Not quite. The answer: %[1]v", "不太对。答案：%[1]v"},

	"clock.back":         {"Back", "后退"},
	"clock.back.title":   {"Go back one event: the run is replayed to the event before (key ,)", "后退一个事件：把运行重放到前一个事件（按键 ,）"},
	"clock.event":        {"Step", "单步"},
	"clock.event.title":  {"One broker event: publish, route, enqueue, deliver, settle, expire, dead-letter or drop (key .)", "一个 Broker 事件：发布、路由、入队、投递、确认、过期、死信或丢弃（按键 .）"},
	"clock.event.at":     {"event %[1]v · %[2]v", "事件 %[1]v · %[2]v"},
	"clock.event.open":   {"Open the message", "查看消息"},
	"clock.caption.none": {"Press Step to see one broker event at a time.", "按“单步”可以一次查看一个 Broker 事件。"},
	"clock.scrub":        {"Events", "事件"},
	"clock.scrub.title":  {"Move through the events so far; going back replays the run", "在已发生的事件间移动；后退会重放运行"},
	"clock.scrub.value":  {"event %[1]v of %[2]v", "第 %[1]v 个事件，共 %[2]v 个"},

	"xdeath.link":           {"%[1]v dead-lettering(s) in the history below wrote this entry: click to mark them", "下方经历中有 %[1]v 次死信写入了这条记录：点击标出它们"},
	"inspect.received":      {"Received", "已收到"},
	"inspect.received.help": {"what consumers got from this queue, as delivered", "消费者从这个队列收到的消息（投递时的样子）"},
	"inspect.drops.open":    {"Open the newest message dropped for this reason", "查看因这个原因被丢弃的最新一条消息"},
	"outcome.held":          {"held, not settled yet", "持有中，尚未确认"},
	"outcome.acked":         {"acked at %[1]v", "于 %[1]v 确认"},
	"outcome.requeued":      {"requeued at %[1]v", "于 %[1]v 重新入队"},
	"outcome.deadlettered":  {"dead-lettered (%[1]v) at %[2]v", "于 %[2]v 成为死信（%[1]v）"},
	"outcome.dropped":       {"dropped (%[1]v) at %[2]v", "于 %[2]v 被丢弃（%[1]v）"},

	"xdeath.legend": {"Hover or tap a column or field to see what it means. time is in whole seconds.", "将鼠标悬停或点按某一列或字段，可查看其含义。time 以整秒计。"},

	"guide.title": {"Welcome to DLX Lab", "欢迎使用 DLX Lab"},
	"guide.what": {"A RabbitMQ broker that runs in your page, on a clock you control: watch messages route, expire, get rejected and travel through dead-letter exchanges, with the headers a real broker writes.",
		"一个在页面里运行的 RabbitMQ Broker，时钟由你掌控：观察消息如何路由、过期、被拒绝，并经由死信交换机流转，消息头与真实 Broker 写入的一致。"},
	"guide.try1":  {"Open a lesson from “Start here”: it pauses at checkpoints to explain what just happened.", "从“从这里开始”打开一个课程：它会在检查点暂停，解释刚刚发生了什么。"},
	"guide.try2":  {"Press Step to see one broker event at a time, and Back to undo it.", "按“单步”一次查看一个 Broker 事件，按“后退”撤回。"},
	"guide.try3":  {"Click a queue, then a message, to read its x-death header.", "点击一个队列，再点击其中的消息，查看它的 x-death 头。"},
	"guide.start": {"Start here", "从这里开始"},
	"guide.close": {"Close", "关闭"},
	"guide.help":  {"What is this? (the guided start)", "这是什么？（入门引导）"},
}

func init() {
	for k, v := range teachCatalogue {
		catalogue[k] = v
	}
}
