package delay

import (
	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/core/rocketmq"
)

// Warning codes a result can carry; WarningText says them in English.
const (
	WarnClamped       = "clamped"        // delays longer than the longest tier or level came out early
	WarnPluginBacklog = "plugin-backlog" // more delayed messages than the plugin's design fits
)

var warningTexts = map[string]string{
	WarnClamped:       "some delays were longer than the longest tier or level: those messages came out early",
	WarnPluginBacklog: "the plugin held 100,000 or more messages at once; its documentation says its design does not fit that",
}

// WarningText is the English text of a warning code.
func WarningText(code string) string {
	if t, ok := warningTexts[code]; ok {
		return t
	}
	return code
}

const (
	ms     = 1
	second = 1000 * ms
	minute = 60 * second
	hour   = 60 * minute
	day    = 24 * hour
)

func init() {
	Kinds = []Kind{
		{Name: KindRabbitTTL, Title: "RabbitMQ: one queue, per-message TTL", run: runRabbitTTL},
		{Name: KindRabbitTiers, Title: "RabbitMQ: one queue per tier (queue TTL)", run: runRabbitTiers, Params: []Param{
			{Name: "tiers", Kind: ParamDurations, Min: 0, Max: int64(MaxTime), Doc: "the queues' x-message-ttl values; a delay goes to the next tier up",
				Defaults: []core.Time{1 * second, 5 * second, 10 * second, 30 * second, 1 * minute, 5 * minute, 10 * minute, 30 * minute, 1 * hour, 2 * hour}},
		}},
		{Name: KindDelayedPlugin, Title: "RabbitMQ plugin: x-delayed-message exchange", Plugin: true, run: runPlugin, check: checkPlugin},
		{Name: KindRocketLevels, Title: "RocketMQ 4.x: delay levels", run: runRocketLevels, Params: []Param{
			{Name: "levels", Kind: ParamDurations, Min: 0, Max: int64(MaxTime), Defaults: levelDelays(), Doc: "messageDelayLevel: the broker's levels (18 by default)"},
			{Name: "check", Kind: ParamDuration, Default: 100 * ms, Min: 1, Max: int64(minute), Doc: "how often each level's queue is read (a constant in the broker)"},
		}},
		{Name: KindRocketTimer, Title: "RocketMQ 5.x: timer messages", run: runRocketTimer, Params: []Param{
			{Name: "precision", Kind: ParamDuration, Default: rocketmq.DefaultTimerPrecisionMs, Min: 1, Max: int64(minute), Doc: "timerPrecisionMs: the wheel's slot width"},
			{Name: "max_delay", Kind: ParamDuration, Default: 3 * day, Min: 1, Max: int64(MaxTime), Doc: "timerMaxDelaySec: longer delays are refused"},
		}},
		{Name: KindRedisZSet, Title: "Redis: sorted set polled", run: runRedisZSet, Params: []Param{
			{Name: "poll", Kind: ParamDuration, Default: 100 * ms, Min: 1, Max: int64(hour), Doc: "time between ZRANGEBYSCORE polls"},
			{Name: "batch", Kind: ParamCount, Default: 0, Min: 0, Max: MaxMessages, Doc: "LIMIT per poll; 0 takes every due member"},
		}},
		{Name: KindTimingWheel, Title: "Hashed timing wheel (Netty)", run: runWheel, Params: []Param{
			{Name: "tick", Kind: ParamDuration, Default: 100 * ms, Min: 1, Max: int64(hour), Doc: "tickDuration (Netty's default 100ms)"},
			{Name: "wheel", Kind: ParamCount, Default: 512, Min: 1, Max: 1 << 20, Doc: "ticksPerWheel, rounded up to a power of two (Netty's default 512)"},
		}},
		{Name: KindTableScan, Title: "Database table scanned by a job", run: runTableScan, Params: []Param{
			{Name: "every", Kind: ParamDuration, Default: 1 * minute, Min: 1, Max: int64(day), Doc: "time between scans (a cron job every minute)"},
			{Name: "limit", Kind: ParamCount, Default: 0, Min: 0, Max: MaxMessages, Doc: "rows per scan; 0: no LIMIT"},
		}},
		{Name: KindExactQueue, Title: "In-process DelayQueue (exact)", run: runExact},
	}
}
