package model

import (
	"strconv"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	"github.com/dlxlab/dlxlab/scenarios"
)

// The embed options a RocketMQ embed honours (docs/links-and-http.md
// "Embed options"): t (milliseconds or a duration), play, and with the
// page's help controls and lang. The RocketMQ embed draws no inspector and
// its lessons have no checkpoints, so cp, sel, msg and panel do nothing
// there.

// OpenState applies a link fragment's run state to the loaded RocketMQ
// scenario: the time it had reached (t, milliseconds or a duration such
// as "90s") and the selection (sel). A short link's embed has its
// scenario from the server and its state in the fragment.
func (s *RocketSession) OpenState(frag string) {
	_, t, sel := fragmentParts(frag)
	if ms, ok := linkTime(t); ok {
		s.seek(rmq.Time(ms))
	}
	if sel != "" {
		s.sel = parseRocketSel(sel)
	}
}

// linkTime reads a link's t: milliseconds, or a duration written by hand.
func linkTime(t string) (int64, bool) {
	if ms, err := strconv.ParseInt(t, 10, 64); err == nil && ms >= 0 {
		return ms, true
	}
	if d, err := scenarios.ParseDuration(t); err == nil && d >= 0 {
		return int64(d), true
	}
	return 0, false
}

// ApplyEmbed does what the options ask of a RocketMQ run: play.
func (s *RocketSession) ApplyEmbed(o EmbedOptions) {
	if o.Play {
		s.Play()
	}
}
