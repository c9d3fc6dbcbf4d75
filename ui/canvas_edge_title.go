package ui

import (
	"strings"

	"github.com/dlxlab/dlxlab/ui/model"
)

// edgeTitle is an edge's tooltip, one sentence in the page's language:
// who sends to whom, and by which binding key, dead-letter setting or
// alternate exchange. Names and keys stay as they are.
func (h *Canvas) edgeTitle(e model.Edge) string {
	from, to := h.nodeWord(e.From), h.nodeWord(e.To)
	var t string
	switch e.Kind {
	case model.EdgeDLX:
		t = h.t("edge.dlx.title", from, to, localFrom(h.lang, strings.TrimPrefix(e.Label, "DLX · ")))
	case model.EdgeAlternate:
		t = from + " · " + h.t("edge.alternate", to)
	case model.EdgeBinding, model.EdgeDefault:
		t = from + " → " + to
		if e.Label != "" {
			t += h.t("punct.comma") + h.t("edge.binding.key", e.Label)
		}
	default:
		t = from + " → " + to
	}
	if key, ok := strings.CutPrefix(e.Label2, "key "); ok {
		t += h.t("punct.comma") + h.t("edge.key", key)
	}
	return t
}

// nodeWord names a node in a sentence: the default exchange and the
// publisher in words, others by name.
func (h *Canvas) nodeWord(key string) string {
	switch {
	case key == model.PublisherKey:
		return h.t("node.publisher")
	case key == model.ExchangeKey(""):
		return h.t("exchange.default")
	}
	if name, ok := strings.CutPrefix(key, "exchange:"); ok {
		return name
	}
	return strings.TrimPrefix(key, "queue:")
}
