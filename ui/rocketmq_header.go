package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// RocketHeader is the title bar in RocketMQ mode: library, broker switch,
// RocketMQ version, language, share links.
type RocketHeader struct {
	app.Compo
	*page
	Rev uint64
}

// Render draws the header.
func (h *RocketHeader) Render() app.UI {
	snap := h.rsnap
	title := h.local(snap.Title, snap.TitleZH)
	if title == "" || title == "Untitled" {
		title = h.t("scenario.untitled")
	}
	if h.Compact {
		return app.Header().Class("dl-header").Body(
			app.Img().Class("dl-logo").Src("/web/icon.svg").Alt("").Width(24).Height(24),
			app.Div().Class("dl-title").Body(
				app.H1().Text(Name),
				app.Span().ID("scenario-title").Class("dl-scenario-title").Text(title),
			),
			app.A().ID("embed-open").Class("dl-link").Href(h.rocketFullLink()).Target("_blank").Rel("noopener").
				Text(h.t("embed.open")),
		)
	}
	return app.Header().Class("dl-header").Body(
		app.Img().Class("dl-logo").Src("/web/icon.svg").Alt("").Width(32).Height(32),
		app.Div().Class("dl-title").Body(
			app.H1().Text(Name),
			app.P().Class("dl-tagline").Text(h.t("rq.tagline")),
		),
		app.Button().ID("library-open").Class("dl-button").Type("button").
			Aria("haspopup", "dialog").OnClick(func(ctx app.Context, e app.Event) { h.libOpen = true }).
			Body(icon("library"), app.Span().Text(h.t("library.open"))),
		app.Span().ID("scenario-title").Class("dl-scenario-title").Title(plainText(h.local(snap.Summary, snap.SummaryZH))).Text(title),
		app.Div().Class("dl-header-actions").Body(
			h.brokerSwitch(),
			app.Label().Class("dl-field-inline").Body(
				app.Span().Class("dl-visually-hidden").Text(h.t("profile")),
				app.Select().ID("profile").Class("dl-select").Title(h.t("rq.profile.title")).
					OnChange(h.onProfile).Body(h.profileOptions(snap.Profile)...),
			),
			h.langSelect(),
			h.shareButton(h.onShare),
			h.shortShareButton(h.onShortShare),
		).DataSet("shortlinks", h.short.state()),
	)
}

func (h *RocketHeader) profileOptions(cur string) []app.UI {
	out := make([]app.UI, 0, len(model.RocketProfiles))
	for _, p := range model.RocketProfiles {
		out = append(out, app.Option().Value(p.Value).Selected(cur == p.Value).Text(p.Label))
	}
	return out
}

func (h *RocketHeader) onProfile(ctx app.Context, e app.Event) {
	if err := h.rq.SetProfile(ctx.JSSrc().Get("value").String()); err != nil {
		h.linkErr = err.Error()
	}
	h.changed()
}

func (h *RocketHeader) onShare(ctx app.Context, e app.Event) {
	h.showShare(h.rq.ShareFragment())
}

// onShortShare posts the RocketMQ scenario to the share API, as the
// RabbitMQ header does with its own.
func (h *RocketHeader) onShortShare(ctx app.Context, e app.Event) {
	(&Header{page: h.page}).postShort(ctx, func() ([]byte, error) { return h.rq.ScenarioJSON() })
}

func (h *page) rocketFullLink() string {
	frag, err := h.rq.ShareFragment()
	if err != nil {
		return "/"
	}
	return "/#" + frag
}
