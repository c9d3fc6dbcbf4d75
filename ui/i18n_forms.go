package ui

import "maps"

// The catalogue lines of the build forms (forms.go, form_*.go): field
// errors in plain words, the argument picker, units in words and the
// names of what a consumer does. Merged into the main catalogue at start.
var formsCatalogue = map[string][2]string{
	"form.discard":       {"Discard changes", "放弃修改"},
	"form.discard.title": {"Leave the form without saving; nothing changes", "不保存，离开表单；不做任何更改"},
	"form.arg.inuse":     {"%[1]v (already set)", "%[1]v（已设置）"},
	"form.arg.pick":      {"Pick an argument; the next unused one comes first", "选择一个参数；尚未使用的排在前面"},
	"form.arg.none":      {"Every argument this queue type knows is set.", "此队列类型支持的参数都已设置。"},
	"form.inwords":       {"%[1]v %[2]v = %[3]v", "%[1]v %[2]v = %[3]v"},
	"unit.ms":            {"milliseconds", "毫秒"},
	"unit.bytes":         {"bytes", "字节"},

	"consumer.detach.title":   {"basic.cancel, and its channel closes: this consumer stops receiving; the deliveries it holds go back to the queue", "basic.cancel 并关闭其通道：该消费者不再接收消息；它持有的投递回到队列"},
	"hist.delivered.byhand":   {"delivered from %[1]v to %[2]v (held for you to settle by hand)", "从 %[1]v 投递给 %[2]v（等你手动处理）"},
	"hist.redelivered.byhand": {"redelivered from %[1]v to %[2]v (held for you to settle by hand)", "从 %[1]v 重新投递给 %[2]v（等你手动处理）"},
	"settle.ack.title":        {"basic.ack: done; the message leaves the queue", "basic.ack：处理完成；消息离开队列"},
	"settle.reject.title":     {"basic.reject, requeue=false: dead-lettered (reason rejected) when the queue has a DLX, else dropped", "basic.reject，requeue=false：若队列有 DLX 则成为死信（原因 rejected），否则被丢弃"},
	"settle.nack.title":       {"basic.nack, requeue=false: like reject (it can also settle several at once): dead-lettered as rejected, or dropped", "basic.nack，requeue=false：与 reject 相同（还可一次处理多条）：成为死信（rejected）或被丢弃"},
	"settle.requeue.title":    {"basic.reject, requeue=true: back into the queue to be delivered again; not dead-lettered (a quorum queue counts it towards its delivery limit)", "basic.reject，requeue=true：回到队列等待再次投递；不会成为死信（仲裁队列会把它计入投递次数上限）"},

	"fielderr.broker":    {"The broker's own answer", "Broker 的原始回复"},
	"fielderr.refused":   {"The broker refused this change; its answer is beside this.", "Broker 拒绝了此更改；它的回复见旁边。"},
	"fielderr.arg":       {"The broker refused the value of %[1]v.", "Broker 拒绝了 %[1]v 的值。"},
	"fielderr.int":       {"%[1]v needs a whole number, e.g. %[2]v", "%[1]v 需要一个整数，例如 %[2]v"},
	"fielderr.int.ms":    {"%[1]v needs a whole number of milliseconds, e.g. %[2]v", "%[1]v 需要一个以毫秒为单位的整数，例如 %[2]v"},
	"fielderr.int.bytes": {"%[1]v needs a whole number of bytes, e.g. %[2]v", "%[1]v 需要一个以字节为单位的整数，例如 %[2]v"},
	"fielderr.negative":  {"%[1]v cannot be negative.", "%[1]v 不能是负数。"},
	"fielderr.zero":      {"%[1]v must be more than 0.", "%[1]v 必须大于 0。"},
	"fielderr.toolarge":  {"%[1]v is too large: at most %[2]v ms (about 10 years).", "%[1]v 太大：最多 %[2]v 毫秒（约 10 年）。"},
	"fielderr.max":       {"%[1]v is at most %[2]v.", "%[1]v 最大为 %[2]v。"},
	"fielderr.bool":      {"%[1]v is true or false.", "%[1]v 只能是 true 或 false。"},
	"fielderr.text":      {"%[1]v needs text (a name).", "%[1]v 需要文本（一个名称）。"},
	"fielderr.enum":      {"%[1]v is one of: %[2]v", "%[1]v 只能是以下之一：%[2]v"},
	"fielderr.dlrk":      {"%[1]v needs x-dead-letter-exchange in the same arguments (a policy's DLX does not count).", "%[1]v 需要同一组参数中有 x-dead-letter-exchange（策略中的 DLX 不算）。"},
	"fielderr.othertype": {"%[1]v is not for this queue type (%[2]v).", "%[1]v 不适用于此队列类型（%[2]v）。"},
	"fielderr.lines":     {"Write one key = value per line (%[1]v).", "每行写一个 key = value（%[1]v）。"},
	"fielderr.actions":   {"The script could not be read: %[1]v. Write actions like reject, reject 200ms, ack.", "无法读取脚本：%[1]v。请写成 reject, reject 200ms, ack 这样的动作。"},
	"fielderr.count":     {"The count must be a whole number, at least 1.", "数量必须是至少为 1 的整数。"},
	"fielderr.duration":  {"Write a duration like 500ms, 2s or 1m (%[1]v).", "请写成 500ms、2s 或 1m 这样的时长（%[1]v）。"},
	"fielderr.policy":    {"The broker refused the definition; its answer is beside this.", "Broker 拒绝了该定义；它的回复见旁边。"},
	"fielderr.pattern":   {"The pattern is not a valid regular expression.", "该匹配模式不是有效的正则表达式。"},
	"fielderr.applyto":   {"This apply-to is not known to this broker version.", "此 Broker 版本不支持该 apply-to。"},
}

func init() { maps.Copy(catalogue, formsCatalogue) }
