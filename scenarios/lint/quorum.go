package lint

// Quorum queue settings whose effect depends on the version or is quietly
// replaced by the broker.

// quorumDeliveryLimit: a quorum queue without an explicit delivery limit
// gets the version's default (20 failed deliveries since 4.0, none on 3.x):
// a poison message that looped for ever on 3.x is dead-lettered on 4.x,
// or dropped when the queue has no DLX.
func quorumDeliveryLimit(t *topology) []Finding {
	var out []Finding
	for _, q := range t.queues {
		if t.b.DeliveryLimitFrom(q.Name) != "default" || q.Config.DeliveryLimit < 0 {
			continue
		}
		sev, en, zh := Info,
			"Quorum queue '%[1]s' has no delivery limit of its own, so RabbitMQ %[2]s applies its default of %[3]d: a message requeued (rejected) %[3]d times more is dead-lettered with reason delivery_limit, where 3.x kept redelivering it for ever.",
			"仲裁队列 '%[1]s' 没有自己设置投递上限，RabbitMQ %[2]s 使用默认值 %[3]d：被重新入队（拒绝）超过 %[3]d 次的消息会以 delivery_limit 原因进入死信，而 3.x 会无限重投。"
		if !q.Config.HasDLX {
			sev, en, zh = Warning,
				"Quorum queue '%[1]s' has no delivery limit of its own and no DLX: RabbitMQ %[2]s applies its default of %[3]d, so a message requeued %[3]d times more is dropped silently (3.x kept redelivering it). Set x-delivery-limit and a DLX.",
				"仲裁队列 '%[1]s' 没有自己设置投递上限，也没有死信交换机：RabbitMQ %[2]s 默认上限为 %[3]d，被重新入队超过 %[3]d 次的消息会被静默丢弃（3.x 会一直重投）。请设置 x-delivery-limit 和死信交换机。"
		}
		f := finding("quorum-delivery-limit", sev, []Object{queueObj(q.Name)}, en, zh,
			q.Name, versionOf(t.profile), q.Config.DeliveryLimit)
		f.Via = &Via{Key: q.Name}
		out = append(out, f)
	}
	return out
}

// ignoredSettings: what a quorum queue accepts and then does differently
// (the broker only writes a warning to its log).
func ignoredSettings(t *topology) []Finding {
	var out []Finding
	for _, q := range t.queues {
		for _, s := range t.b.IgnoredSettings(q.Name) {
			if s.Instead == "drop-head" {
				f := finding("qq-reject-publish-dlx", Warning, []Object{queueObj(q.Name)},
					"Quorum queue '%[1]s' asks for overflow reject-publish-dlx, which quorum queues accept but do not do: it behaves as drop-head, so when full the oldest message is dead-lettered (or dropped) and the publisher is never refused.",
					"仲裁队列 '%[1]s' 设置了 overflow reject-publish-dlx，仲裁队列接受但并不执行：它按 drop-head 处理，满了以后最早的消息进入死信（或被丢弃），发布者不会被拒绝。",
					q.Name)
				f.Via = &Via{Key: q.Name}
				out = append(out, f)
				continue
			}
			out = append(out, finding("at-least-once-fallback", Warning, []Object{queueObj(q.Name)},
				"Quorum queue '%[1]s' asks for at-least-once dead-lettering, but %[2]s: the broker falls back to at-most-once, so dead letters the DLX cannot route are still dropped. At-least-once needs a DLX and overflow reject-publish.",
				"仲裁队列 '%[1]s' 要求 at-least-once 死信，但%[3]s：broker 回退为 at-most-once，DLX 无法路由的死信仍会被丢弃。at-least-once 需要死信交换机并且 overflow 为 reject-publish。",
				q.Name, s.Why, whyZH(s.Why)))
		}
	}
	return out
}

func whyZH(why string) string {
	switch why {
	case "no dead-letter exchange":
		return "没有死信交换机"
	case "overflow is drop-head, not reject-publish":
		return "overflow 为 drop-head 而不是 reject-publish"
	}
	return why
}
