package ui

import (
	"fmt"
	"strings"
)

// The message catalogue: every string the page shows, in English and
// Simplified Chinese, side by side so a missing translation is easy to
// see (TestCatalogue checks every key used in ui/ has both). Broker
// terms stay as the broker writes them (x-death, rejected, expired,
// dead-letter-exchange, ack, nack…): they are what learners will search
// for and what their own brokers print. Placeholders are fmt verbs with
// explicit indexes (%[1]v), so a translation may reorder them.

// Languages.
const (
	langEN = "en"
	langZH = "zh"
)

// tr translates key into lang and fills the placeholders. An unknown key
// is shown as itself, so a gap is visible, never a blank.
func tr(lang, key string, args ...any) string {
	e, ok := catalogue[key]
	if !ok {
		if strings.HasPrefix(key, "arg.") || strings.HasPrefix(key, "help.") {
			return "" // no help line for this one
		}
		return key
	}
	f := e[0]
	if lang == langZH && e[1] != "" {
		f = e[1]
	}
	if len(args) == 0 {
		return f
	}
	return fmt.Sprintf(f, args...)
}

var catalogue = map[string][2]string{
	// shell
	"tagline":           {"Watch messages dead-letter, retry and expire: a RabbitMQ playground that runs in your browser.", "观察消息如何死信、重试与过期：在浏览器里运行的 RabbitMQ 实验场。"},
	"library.open":      {"Library", "场景库"},
	"library.title":     {"Scenario library", "场景库"},
	"library.search":    {"Filter lessons", "筛选课程"},
	"library.nomatch":   {"No lesson matches.", "没有匹配的课程。"},
	"scenario.untitled": {"Untitled scenario", "未命名场景"},
	"scenario.new":      {"Start from an empty canvas", "从空白画布开始"},
	"undo":              {"Undo", "撤销"},
	"undo.title":        {"Undo the last edit (Ctrl+Z)", "撤销上一次编辑（Ctrl+Z）"},
	"redo":              {"Redo", "重做"},
	"redo.title":        {"Redo (Ctrl+Shift+Z)", "重做（Ctrl+Shift+Z）"},
	"profile":           {"Broker version", "Broker 版本"},
	"profile.title":     {"Broker version the scenario runs as: behaviour differs between versions", "场景模拟的 Broker 版本：不同版本的行为有差异"},
	"language":          {"Language", "语言"},
	"share.copy":        {"Copy link", "复制链接"},
	"share.ready":       {"Link copied. The whole scenario is in it:", "链接已复制，整个场景都在链接里："},
	"share.short":       {"Copy short link", "复制短链接"},
	"share.short.title": {"Keep the scenario on this server and copy a short /s/… link to it", "把场景保存在这个服务器上，并复制指向它的 /s/… 短链接"},
	"share.short.ready": {"Short link copied. It opens this scenario from the start:", "短链接已复制，打开后会从头载入这个场景："},
	"share.short.toobig": {"This scenario is too big for a short link: the server takes at most 64 KiB. “Copy link” still works, as it carries the scenario compressed.",
		"这个场景太大，无法生成短链接：服务器最多接受 64 KiB。“复制链接”仍然可用，它以压缩的形式携带整个场景。"},
	"share.short.offline": {"The server could not be reached, so no short link was made. Check the connection and try again; “Copy link” works without the server.",
		"无法连接服务器，因此没有生成短链接。请检查网络后重试；“复制链接”不需要服务器也能使用。"},
	"share.short.failed": {"The server could not make a short link (%[1]v): %[2]v", "服务器无法生成短链接（%[1]v）：%[2]v"},
	"close":              {"Close", "关闭"},
	"embed.open":         {"Open in DLX Lab ↗", "在 DLX Lab 中打开 ↗"},
	"link.bad":           {"This link could not be opened, so nothing was changed. The reason:", "无法打开这个链接，因此没有做任何更改。原因："},
	"link.notfound":      {"This shared scenario was not found.", "找不到这个共享的场景。"},
	"key.space":          {"space", "空格键"},

	// library groups
	"lib.group.start":     {"Start here", "从这里开始"},
	"lib.group.basics":    {"Basics", "基础"},
	"lib.group.ttl":       {"TTL and expiry", "TTL 与过期"},
	"lib.group.dlx":       {"Dead-letter exchanges", "死信交换机"},
	"lib.group.routing":   {"Routing", "路由"},
	"lib.group.retry":     {"Retries", "重试"},
	"lib.group.quorum":    {"Quorum queues", "仲裁队列"},
	"lib.group.policy":    {"Policies", "策略"},
	"lib.group.profile":   {"Broker versions", "Broker 版本差异"},
	"lib.group.myth":      {"Myths, tested", "流行说法，实测"},
	"lib.group.templates": {"Templates: patterns to edit", "模板：可修改的常用模式"},
	"lib.group.more":      {"More", "更多"},

	// canvas
	"canvas.label":      {"Topology", "拓扑"},
	"canvas.hint":       {CanvasHint, "从场景库选择一个场景，或添加一个交换机"},
	"canvas.hint.steps": {"This scenario declares its topology in its steps: press Play or Step", "这个场景在步骤中声明拓扑：请按“播放”或“单步”"},
	"add.exchange":      {"Exchange", "交换机"},
	"add.queue":         {"Queue", "队列"},
	"add.binding":       {"Binding", "绑定"},
	"add.policy":        {"Policy", "策略"},
	"add.consumer":      {"Consumer", "消费者"},
	"layout.auto":       {"Auto layout", "自动布局"},
	"layout.auto.title": {"Forget dragged positions and lay the graph out again", "忘记拖动过的位置，重新自动布局"},
	"legend":            {"Legend", "图例"},
	"legend.binding":    {"binding (routing key)", "绑定（路由键）"},
	"legend.dlx":        {"dead-letter link (where the DLX comes from)", "死信链接（DLX 的来源）"},
	"legend.alternate":  {"alternate exchange", "备用交换机"},
	"node.publisher":    {"publisher", "发布者"},
	"node.exchange":     {"exchange", "交换机"},
	"node.queue":        {"queue", "队列"},
	"node.missing":      {"missing: not declared", "缺失：未声明"},
	"exchange.default":  {`"" (default exchange)`, `""（默认交换机）`},
	"count.ready":       {"ready %[1]v", "就绪 %[1]v"},
	"count.unacked":     {"unacked %[1]v", "未确认 %[1]v"},
	"consumer.byhand":   {"by hand", "手动"},

	// clock
	"clock.play":          {"Play", "播放"},
	"clock.pause":         {"Pause", "暂停"},
	"clock.step":          {"Next instant", "下一时刻"},
	"clock.step.title":    {"Run everything that happens at the next instant (→)", "运行下一时刻发生的所有事件（→）"},
	"clock.expiry":        {"Next expiry", "下一次到期"},
	"clock.expiry.title":  {"Jump to the broker's next timer: a TTL expiry, a consumer's delayed settle", "跳到 Broker 的下一个定时器：TTL 到期或消费者延迟确认"},
	"clock.jump.title":    {"Move virtual time forward by %[1]v", "虚拟时间前进 %[1]v"},
	"clock.restart":       {"Restart", "重新开始"},
	"clock.restart.title": {"Replay from the beginning (the run is deterministic)", "从头重放（运行是确定性的）"},
	"clock.speed":         {"Speed", "速度"},
	"clock.virtual":       {"virtual time", "虚拟时间"},
	"clock.next":          {"next event at %[1]v", "下一个事件：%[1]v"},
	"clock.next.start":    {"press Play or Step to start", "按“播放”或“单步”开始"},
	"clock.next.none":     {"nothing scheduled", "没有待发生的事件"},

	// side panel
	"tab.inspect":  {"Inspect", "检查"},
	"tab.build":    {"Build", "搭建"},
	"tab.publish":  {"Publish", "发布"},
	"tab.scenario": {"Scenario", "场景"},
	"tab.charts":   {"Charts", "图表"},

	// inspector
	"inspect.none":       {"Click a queue or an exchange on the canvas to inspect it. Keys: space plays or pauses, → next instant, . one event, , one event back.", "点击画布上的队列或交换机进行检查。按键：空格键播放/暂停，→ 下一时刻，. 单步一个事件，, 后退一个事件。"},
	"inspect.gone":       {"Queue %[1]v does not exist (any more).", "队列 %[1]v 不存在（或已被删除）。"},
	"inspect.missing":    {"Exchange %[1]v is not declared.", "交换机 %[1]v 未声明。"},
	"inspect.effective":  {"Effective settings, and where each comes from", "生效的设置及其来源"},
	"inspect.drops":      {"Dropped here:", "在此被丢弃："},
	"inspect.consumers":  {"Consumers", "消费者"},
	"inspect.held":       {"Delivered, not yet settled (unacked)", "已投递、尚未确认（unacked）"},
	"inspect.messages":   {"Ready messages", "就绪消息"},
	"inspect.headfirst":  {"(head first: only the head can expire or be delivered)", "（队首在前：只有队首消息会过期或被投递）"},
	"inspect.empty":      {"No ready messages.", "没有就绪消息。"},
	"inspect.message":    {"message", "消息"},
	"inspect.back":       {"queue", "返回队列"},
	"inspect.properties": {"Properties", "属性"},
	"inspect.headers":    {"Other headers", "其他 headers"},
	"inspect.bindings":   {"Bindings from here", "从这里出发的绑定"},
	"inspect.history":    {"History", "经历"},
	"inspect.steps":      {"Steps of the scenario", "场景的步骤"},
	"inspect.recent":     {"Recent events", "最近的事件"},
	"policy.applied":     {"policy %[1]v applies", "生效的策略：%[1]v"},
	"edit":               {"Edit", "编辑"},
	"delete":             {"Delete", "删除"},
	"queue.get.title":    {"Take the head message with basic.get and hold it for you to settle", "用 basic.get 取出队首消息，由你手动确认"},
	"consumer.detach":    {"Stop consuming", "停止消费"},
	"held.script":        {"its script settles it", "由脚本自动处理"},
	"held.byhand":        {"You settle this one:", "由你来处理这条消息："},
	"msg.head":           {"head", "队首"},
	"msg.nottl":          {"no TTL", "无 TTL"},
	"msg.now":            {"expires now", "即将过期"},
	"msg.blocked":        {"then waits for the head", "之后要等前面的消息"},
	"msg.overdue":        {"overdue: dies when it reaches the head", "已超时：到达队首时才会过期"},
	"exchange.default.help": {
		`The default exchange routes a message to the queue named by its routing key. It cannot be bound or deleted.`,
		`默认交换机把消息路由到与路由键同名的队列。它不能被绑定，也不能被删除。`},
	"xdeath.order":  {"(most recent first, one entry per queue and reason)", "（最近的在前，每个队列与原因各一条）"},
	"xdeath.fields": {"first death here", "首次死信时的记录"},
	"xdeath.none":   {"No x-death header: this message has not been dead-lettered.", "没有 x-death header：这条消息还没有被死信过。"},
	"where.ready":   {"Ready in %[1]v at position %[2]v.", "在 %[1]v 中就绪，位置 %[2]v。"},
	"where.unacked": {"Delivered from %[1]v to %[2]v, not yet settled.", "已从 %[1]v 投递给 %[2]v，尚未确认。"},
	"where.gone": {"No longer in the broker: last event %[1]v at %[2]v, %[3]v. Shown as last seen.",
		"已不在 Broker 中：最后的事件是 %[1]v（%[2]v，%[3]v）。下面显示的是最后一次看到时的样子。"},
	"where.received": {"Received by %[1]v from %[2]v at %[3]v, shown with the headers as delivered; then: %[4]v.",
		"于 %[3]v 由 %[1]v 从 %[2]v 收到，显示的是投递时的消息头；之后：%[4]v。"},
	"where.none":      {"This message does not exist at this point of the run.", "在运行的这个时刻，这条消息还不存在。"},
	"errors.title":    {"The broker answered with errors", "Broker 返回了错误"},
	"errors.topology": {"topology:", "拓扑："},
	"errors.step":     {"step %[1]v:", "第 %[1]v 步："},
	"errors.timer":    {"consumer:", "消费者："},

	// history (a message's story); broker words stay as they are
	"hist.published":    {"published to exchange %[1]v with routing key %[2]q", "发布到交换机 %[1]v，路由键 %[2]q"},
	"hist.republished":  {"republished to exchange %[1]v with routing key %[2]q", "重新发布到交换机 %[1]v，路由键 %[2]q"},
	"hist.routed":       {"routed by binding %[1]q to queue %[2]v", "经绑定 %[1]q 路由到队列 %[2]v"},
	"hist.unroutable":   {"exchange %[1]v routed it to no queue", "交换机 %[1]v 没有把它路由到任何队列"},
	"hist.delivered":    {"delivered from %[1]v to %[2]v (script: %[3]v)", "从 %[1]v 投递给 %[2]v（脚本：%[3]v）"},
	"hist.redelivered":  {"redelivered from %[1]v to %[2]v (script: %[3]v)", "从 %[1]v 重新投递给 %[2]v（脚本：%[3]v）"},
	"hist.acked":        {"acked: gone from %[1]v", "已 ack：从 %[1]v 移除"},
	"hist.requeued":     {"requeued to %[1]v", "重新入队到 %[1]v"},
	"hist.expired":      {"expired in %[1]v", "在 %[1]v 中过期（expired）"},
	"hist.deadlettered": {"dead-lettered from %[1]v (%[2]v) to DLX %[3]v by %[4]v → %[5]v", "因 %[2]v 从 %[1]v 死信到 DLX %[3]v（来源：%[4]v）→ %[5]v"},
	"hist.dropped":      {"dropped at %[1]v: %[2]v (%[3]v)", "在 %[1]v 被丢弃：%[2]v（%[3]v）"},
	"hist.returned":     {"returned to the publisher by %[1]v: 312 NO_ROUTE", "被 %[1]v 退回给发布者：312 NO_ROUTE"},
	"hist.refused":      {"refused by %[1]v (overflow): the publisher gets basic.nack", "被 %[1]v 拒收（overflow）：发布者收到 basic.nack"},

	// notices
	"notice.rejected":    {"The broker refused this, so nothing was changed:", "Broker 拒绝了这个操作，因此没有做任何更改："},
	"notice.exists":      {"%[1]v already exists: pick another name.", "%[1]v 已存在，请换一个名字。"},
	"notice.gone":        {"That delivery is no longer held.", "这次投递已经不在等待确认了。"},
	"notice.idle":        {"Nothing else will happen: no steps left and no timers pending.", "之后不会再发生任何事：没有剩余步骤，也没有待触发的定时器。"},
	"notice.limit":       {"The simulator stopped a runaway loop:", "模拟器中止了一个失控的循环："},
	"notice.cancelled":   {"Jump cancelled: the run stays where it got to.", "已取消跳转：运行停在已到达的位置。"},
	"job.running":        {"Running to %s… %d%%", "正在运行到 %s…… %d%%"},
	"job.cancel":         {"Cancel", "取消"},
	"notice.noexpiry":    {"No TTL expiry or timer is pending.", "没有待触发的 TTL 到期或定时器。"},
	"notice.nolesson":    {"There is no lesson %[1]v.", "没有名为 %[1]v 的课程。"},
	"notice.noname":      {"A name is needed.", "需要填写名字。"},
	"notice.profile":     {"Unknown broker version:", "未知的 Broker 版本："},
	"notice.samebinding": {"That binding exists already.", "这个绑定已经存在。"},
	"notice.toomany":     {"At most %[1]v messages at once.", "一次最多 %[1]v 条消息。"},

	// build forms
	"build.what":           {"What to add", "要添加什么"},
	"build.bindings":       {"Bindings", "绑定"},
	"build.policies":       {"Policies", "策略"},
	"form.exchange.new":    {"New exchange", "新建交换机"},
	"form.exchange.edit":   {"Edit exchange %[1]v", "编辑交换机 %[1]v"},
	"form.queue.new":       {"New queue", "新建队列"},
	"form.queue.edit":      {"Edit queue %[1]v", "编辑队列 %[1]v"},
	"form.binding.new":     {"New binding", "新建绑定"},
	"form.policy.new":      {"New policy", "新建策略"},
	"form.policy.edit":     {"Edit policy %[1]v", "编辑策略 %[1]v"},
	"form.consumer.new":    {"Attach a consumer", "挂载消费者"},
	"form.name":            {"Name", "名称"},
	"form.type":            {"Type", "类型"},
	"form.qtype":           {"Queue type", "队列类型"},
	"form.optional":        {"optional", "可选"},
	"form.arguments":       {"Arguments", "参数（arguments）"},
	"form.argument":        {"Argument", "参数"},
	"form.addarg":          {"Add argument", "添加参数"},
	"form.removearg":       {"Remove argument", "移除参数"},
	"form.value":           {"value", "值"},
	"form.add":             {"Add", "添加"},
	"form.save":            {"Save", "保存"},
	"cancel":               {"Cancel", "取消"},
	"form.source":          {"From exchange", "源交换机"},
	"form.destination":     {"To", "目标"},
	"form.bindingkey":      {"Binding key", "绑定键"},
	"form.bindingargs":     {"Header arguments (key = value per line)", "header 参数（每行 key = value）"},
	"form.pattern":         {"Pattern (regular expression on names)", "匹配模式（对名称的正则表达式）"},
	"form.definition":      {"Definition (key = value per line)", "定义（每行 key = value）"},
	"form.actions":         {"Script: one action per delivery, the last repeats", "脚本：每次投递一个动作，最后一个重复"},
	"form.badnumber":       {"%[1]v must be a whole number.", "%[1]v 必须是整数。"},
	"consumer.byhand.long": {"By hand: I ack, reject, nack or requeue each delivery", "手动：由我对每次投递执行 ack、reject、nack 或 requeue"},
	"consumer.attach":      {"Attach", "挂载"},

	// inline help
	"help.xtype.direct":  {"direct: routes to bindings whose key equals the routing key.", "direct：路由到绑定键与路由键完全相同的绑定。"},
	"help.xtype.fanout":  {"fanout: routes to every binding; keys are ignored.", "fanout：路由到所有绑定，忽略键。"},
	"help.xtype.topic":   {"topic: binding keys are patterns; * matches one word, # zero or more.", "topic：绑定键是模式；* 匹配一个单词，# 匹配零个或多个。"},
	"help.xtype.headers": {"headers: routes on header values; x-match all or any.", "headers：按 header 的值路由；x-match 为 all 或 any。"},
	"help.qtype.classic": {"classic: the default queue type; message TTL and max-priority apply.", "classic：默认的队列类型；支持消息 TTL 与 max-priority。"},
	"help.qtype.quorum":  {"quorum: replicated; has a delivery limit (20 by default since 4.0) and at-least-once dead-lettering.", "quorum：复制队列；有投递次数上限（4.0 起默认 20），支持 at-least-once 死信。"},
	"help.bkey.direct":   {"The routing key must equal this key.", "路由键必须与此键相同。"},
	"help.bkey.topic":    {"A pattern: orders.* or orders.#", "一个模式：orders.* 或 orders.#"},
	"help.bkey.fanout":   {"A fanout exchange ignores keys.", "fanout 交换机忽略键。"},
	"help.bkey.headers":  {"x-match = all (or any), then the headers to match.", "x-match = all（或 any），然后是要匹配的 header。"},
	"help.policy":        {"A policy gives matching queues or exchanges settings, e.g. a DLX; a queue argument wins over it, and for TTLs and limits the smaller value wins.", "策略为匹配的队列或交换机提供设置（如 DLX）；队列参数优先于策略，TTL 与长度限制取较小值。"},
	"help.prefetch":      {"How many unacked deliveries it may hold; 0 means no limit.", "最多可持有多少未确认的投递；0 表示不限。"},
	"help.actions":       {"ack, reject, nack, requeue, nack-requeue, hold, republish EXCHANGE KEY; add a delay like reject 200ms.", "ack、reject、nack、requeue、nack-requeue、hold、republish 交换机 路由键；可加延迟，如 reject 200ms。"},
	"help.expiration":    {"Per-message TTL in milliseconds (a string in AMQP). It only counts at the head of the queue.", "每条消息的 TTL，单位毫秒（AMQP 中是字符串）。只有在队首时才会生效。"},
	"help.mandatory":     {"If no queue takes it, the broker returns it (312 NO_ROUTE) instead of dropping it.", "如果没有队列接收，Broker 会退回它（312 NO_ROUTE），而不是丢弃。"},

	// argument help (arg.KEY)
	"arg.x-message-ttl":                   {"How long a message may wait in this queue, in ms; then it expires (dead-lettered if there is a DLX).", "消息在此队列中最多等待多久（毫秒），之后过期（若有 DLX 则成为死信）。"},
	"arg.x-dead-letter-exchange":          {"Where rejected, expired and overflowed messages go. It need not exist yet; \"\" is the default exchange.", "被拒绝、过期或溢出的消息去往的交换机。可以暂不存在；\"\" 表示默认交换机。"},
	"arg.x-dead-letter-routing-key":       {"Routing key for dead letters; without it they keep their own keys.", "死信使用的路由键；不设置则保留原来的路由键。"},
	"arg.x-max-length":                    {"At most this many ready messages; then x-overflow decides.", "最多容纳多少条就绪消息；超出后由 x-overflow 决定。"},
	"arg.x-max-length-bytes":              {"At most this many bytes of ready message bodies.", "就绪消息体的总字节数上限。"},
	"arg.x-overflow":                      {"drop-head dead-letters the oldest (maxlen); reject-publish refuses new ones; reject-publish-dlx also dead-letters them.", "drop-head 死信最旧的消息（maxlen）；reject-publish 拒收新消息；reject-publish-dlx 拒收并死信。"},
	"arg.x-delivery-limit":                {"Quorum queues: after this many failed deliveries the message is dead-lettered (delivery_limit).", "仲裁队列：投递失败达到该次数后，消息被死信（delivery_limit）。"},
	"arg.x-dead-letter-strategy":          {"Quorum queues: at-least-once keeps dead letters until the DLX takes them (needs reject-publish).", "仲裁队列：at-least-once 会保留死信直到 DLX 接收（需要 reject-publish）。"},
	"arg.x-expires":                       {"Delete the queue after it is unused this long (ms). Its messages are discarded, not dead-lettered.", "队列闲置达到该时长（毫秒）后被删除。其中的消息被丢弃，不会成为死信。"},
	"arg.x-max-priority":                  {"Classic queues: enables priorities 0 to this value.", "经典队列：启用 0 到该值的优先级。"},
	"arg.x-single-active-consumer":        {"Only one consumer receives at a time.", "同一时刻只有一个消费者接收消息。"},
	"arg.x-queue-mode":                    {"Classic queues before 4.0: lazy or default.", "4.0 之前的经典队列：lazy 或 default。"},
	"arg.x-queue-version":                 {"Classic queue storage version: 1 or 2.", "经典队列的存储版本：1 或 2。"},
	"arg.x-queue-leader-locator":          {"Where the leader is placed: client-local or balanced.", "leader 的放置方式：client-local 或 balanced。"},
	"arg.x-queue-master-locator":          {"The older name of the leader locator.", "leader locator 的旧名称。"},
	"arg.x-max-in-memory-length":          {"Quorum queues (older versions): messages kept in memory.", "仲裁队列（旧版本）：保存在内存中的消息数。"},
	"arg.x-max-in-memory-bytes":           {"Quorum queues (older versions): bytes kept in memory.", "仲裁队列（旧版本）：保存在内存中的字节数。"},
	"arg.x-quorum-initial-group-size":     {"Quorum queues: how many replicas at first.", "仲裁队列：初始副本数。"},
	"arg.x-member-placement-tag":          {"Quorum queues (4.3): place replicas on tagged nodes.", "仲裁队列（4.3）：把副本放在带标签的节点上。"},
	"arg.x-consumer-timeout":              {"Quorum queues: how long a delivery may stay unacked (ms).", "仲裁队列：投递可以保持未确认的最长时间（毫秒）。"},
	"arg.x-consumer-disconnected-timeout": {"Quorum queues (4.3): how long the deliveries of a disconnected consumer wait before they go back (ms).", "仲裁队列（4.3）：消费者断开连接后，其投递在退回队列之前等待的时间（毫秒）。"},
	"arg.x-delayed-retry-type":            {"Quorum queues (4.3): which returns are delayed before redelivery.", "仲裁队列（4.3）：哪些退回在重新投递前延迟。"},
	"arg.x-delayed-retry-min":             {"Quorum queues (4.3): shortest retry delay (ms).", "仲裁队列（4.3）：最短的重试延迟（毫秒）。"},
	"arg.x-delayed-retry-max":             {"Quorum queues (4.3): longest retry delay (ms).", "仲裁队列（4.3）：最长的重试延迟（毫秒）。"},
	"arg.alternate-exchange":              {"Messages this exchange cannot route go to the alternate exchange.", "此交换机无法路由的消息会被发送到备用交换机。"},

	// publish
	"publish.title":        {"Publish a message", "发布消息"},
	"publish.exchange":     {"Exchange", "交换机"},
	"publish.key":          {"Routing key", "路由键"},
	"publish.key.ph":       {"the queue name, for the default exchange", "使用默认交换机时填队列名"},
	"publish.body":         {"Body", "消息体"},
	"publish.headers":      {"Headers (key = value per line)", "Headers（每行 key = value）"},
	"publish.count":        {"How many", "数量"},
	"publish.interval":     {"Interval", "间隔"},
	"publish.send":         {"Publish", "发布"},
	"publish.at":           {"It is published at %[1]v of virtual time, as a step of the scenario.", "它会在虚拟时间 %[1]v 发布，并作为场景的一个步骤保存。"},
	"publish.returns":      {"Returned messages (basic.return)", "被退回的消息（basic.return）"},
	"publish.returns.none": {"None yet. Publish with mandatory to a key nothing is bound to.", "还没有。试试用 mandatory 发布到一个没有绑定的键。"},

	// scenario tab
	"yaml.title":   {"Scenario as YAML", "场景 YAML"},
	"yaml.help":    {"Edit the scenario as text and apply it; errors point to their line and column.", "以文本编辑场景并应用；错误会指出行号和列号。"},
	"yaml.apply":   {"Apply", "应用"},
	"yaml.reload":  {"Discard my changes", "放弃修改"},
	"yaml.nopos":   {"—", "—"},
	"defs.title":   {"Paste a definitions.json", "粘贴 definitions.json"},
	"defs.help":    {"From rabbitmqctl export_definitions or the management UI. Users, permissions and vhosts are dropped, never stored.", "来自 rabbitmqctl export_definitions 或管理界面。用户、权限和 vhost 会被丢弃，不会保存。"},
	"defs.import":  {"Import topology", "导入拓扑"},
	"defs.done":    {"Imported.", "已导入。"},
	"export.title": {"Export the topology", "导出拓扑"},

	// charts
	"chart.title":    {"Queue depth over time (ready + unacked)", "队列深度随时间变化（就绪 + 未确认）"},
	"chart.none":     {"No queues yet.", "还没有队列。"},
	"chart.max":      {"peak %[1]v", "峰值 %[1]v"},
	"chart.depth":    {"Depth of %[1]v over time", "%[1]v 的深度变化"},
	"timeline.title": {"Event timeline, one lane per queue", "事件时间线（每个队列一条泳道）"},
}
