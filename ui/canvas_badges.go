package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// badgeCharW is the mean width of a badge character: 34 fit a 204 px box.
const badgeCharW = 5.6

// badges draws a queue's consumer row (model/badges.go): one slot per
// consumer, side by side, and a count of the rest in the last slot.
func (h *Canvas) badges(n model.Node) []app.UI {
	if len(n.Consumers) == 0 {
		return nil
	}
	y := n.Consumers[0].Y
	out := []app.UI{svg("line", "badge-rule").Attr("x1", 0).Attr("x2", n.W).Attr("y1", y).Attr("y2", y)}
	var hidden []string
	for _, b := range n.Consumers {
		if b.Hidden {
			hidden = append(hidden, b.Name)
			continue
		}
		if b.X > 0 {
			out = append(out, svg("line", "badge-rule").Attr("x1", b.X).Attr("x2", b.X).Attr("y1", y).Attr("y2", y+20))
		}
		out = append(out, svg("text", "badge").DataSet("consumer", b.Name).Attr("x", b.X+10).Attr("y", y+14).Body(
			svg("title", "").Text(h.badgeText(b)),
			app.Text(clip(h.badgeText(b), int((b.W-14)/badgeCharW))),
		))
	}
	if n.More > 0 {
		x := n.Consumers[len(n.Consumers)-1].X
		out = append(out, svg("line", "badge-rule").Attr("x1", x).Attr("x2", x).Attr("y1", y).Attr("y2", y+20),
			svg("text", "badge").DataSet("more", n.More).Attr("x", x+10).Attr("y", y+14).Body(
				svg("title", "").Text(strings.Join(hidden, ", ")),
				app.Text(h.t("badge.more", n.More)),
			))
	}
	return out
}

// badgeText is what a badge says: the consumer, its script, its prefetch.
func (h *Canvas) badgeText(b model.Badge) string {
	text := "⚙ " + b.Name + " · " + b.Script
	if b.ByHand {
		text = "✍ " + b.Name + " · " + h.t("consumer.byhand")
	}
	if b.Prefetch > 0 {
		text += " · prefetch " + strconv.Itoa(b.Prefetch)
	}
	return text
}
