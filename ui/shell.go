package ui

import (
	"strings"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// Shell is the page's root component: it owns the session (ui/model),
// restores the work on mount, runs the ticker and the keyboard, and lays
// out the components (components.go) that draw the regions. State flows
// one way (docs/architecture.md "One-way flow"): a component's handler
// calls a session method (a command), the page re-renders every component
// with the new snapshot; nothing here decides broker behaviour.
//
// One ticker goroutine (started in OnMount, ending with the component's
// context, never ctx.Async: docs/architecture.md "Platform constraints")
// asks for a frame while the clock plays or something animates; the frame
// runs on the UI goroutine.
type Shell struct {
	app.Compo

	// Compact is the /embed variant: read-only canvas and clock.
	Compact bool

	*page
}

// page is what the components of one page share: the session, the
// language, the open tab and the state several regions read. Each
// component embeds the same *page (unexported, so go-app never compares
// or copies it) and gets Rev, which changes on every page render, so it
// re-renders with the page.
type page struct {
	root     *Shell // re-rendered by refresh
	Compact  bool
	s        *model.Session
	snap     model.Snapshot // taken once per page render
	rev      uint64
	lang     string
	tab      string // side panel tab
	mounted  bool
	t0       time.Time
	wantTick atomic.Bool // read by the ticker goroutine
	lastSave time.Time
	unlisten []func()

	edit     string       // the build form on screen (build.go)
	drafts   drafts       // what the forms off screen hold (forms.go)
	text     scenarioText // the scenario tab's texts (scenario.go)
	listTop  int          // first message row shown in the queue list
	libOpen  bool
	share    string // the link made by "copy link" or "copy short link"
	linkErr  string // a link that could not be opened
	short    shortLinks
	embedErr string

	guideOpen bool // the guided start, opened with "?"

	rocketPage      // RocketMQ mode (rocketmq_page.go)
	guideSeen  bool // dismissed once: not shown by itself again

	embed    model.EmbedOptions // the embed link's options (embed.go)
	view     string             // the pane a narrow screen shows (embed.go)
	menuOpen bool               // the header's menu on a narrow screen
	cpFold   cpFold             // the checkpoint panel folded or not (checkpoint_fold.go)
}

// Side panel tabs.
const (
	tabInspect  = "inspect"
	tabBuild    = "build"
	tabPublish  = "publish"
	tabScenario = "scenario"
	tabCharts   = "charts"
	tabFindings = "findings"
)

// tickEvery is how often a playing clock moves (and the page redraws).
const tickEvery = 50 * time.Millisecond

func (h *Shell) session() *model.Session {
	if h.page == nil {
		h.page = &page{root: h, Compact: h.Compact, s: model.New(), lang: langEN, tab: tabInspect}
		h.edit = formExchange
		h.s.IgnoreCheckpoints(h.Compact) // an embed has no checkpoint panel
	}
	return h.s
}

// OnMount restores the work (a link, a short link, or the autosave),
// starts the ticker and listens to the keyboard.
func (h *Shell) OnMount(ctx app.Context) {
	s := h.session()
	h.mounted = true
	h.t0 = time.Now()
	if l := storageGet(storeLang); l == langEN || l == langZH {
		h.lang = l
	}
	setDocLang(h.lang)
	h.guideSeen = storageGet(storeGuide) != ""
	h.restore(ctx, s)
	if !h.Compact {
		h.probeShortLinks(ctx)
	}
	go runTicker(ctx, tickEvery, func() {
		if h.wantTick.Load() {
			// Wait for the frame, so the next wait starts after it.
			done := make(chan struct{})
			ctx.Dispatch(func(ctx app.Context) { h.frame(); close(done) })
			select {
			case <-done:
			case <-ctx.Done():
			}
		}
	})
	h.unlisten = append(h.unlisten,
		app.Window().AddEventListener("keydown", h.onKey),
		app.Window().AddEventListener("hashchange", func(ctx app.Context, e app.Event) {
			if frag := locationHash(); strings.Contains(frag, "s=") {
				h.openLink(frag)
				h.changed()
			}
		}),
	)
	h.changed()
}

// OnDismount stops listening.
func (h *Shell) OnDismount() {
	for _, f := range h.unlisten {
		f()
	}
	h.unlisten = nil
}

// restore opens, in this order: a share link in the fragment, a short
// link (/s/{id}: the page says which), the autosave, or nothing.
func (h *Shell) restore(ctx app.Context, s *model.Session) {
	if !h.Compact {
		if saved := storageGet(storeSession); saved != "" {
			if err := s.Restore([]byte(saved)); err != nil {
				h.linkErr = err.Error()
			}
		}
	}
	h.restoreRocket()
	if frag := locationHash(); strings.Contains(frag, "s=") {
		h.openLink(frag)
		h.applyEmbed(frag)
		return
	}
	if id := shareMeta(); id != "" {
		fetchText(ctx, locationBase()+"/api/share/"+id, func(body string, status int, errText string) {
			switch {
			case errText != "":
				h.linkErr = errText
			case status != 200:
				h.linkErr = tr(h.lang, "link.notfound")
			default:
				if err := h.loadJSON(body); err != nil {
					h.linkErr = err.Error()
				} else if h.Compact { // an embed's fragment: state and options
					h.openState(locationHash())
					h.applyEmbed(locationHash())
				}
			}
			h.changed()
		})
	}
}

// openLink opens a fragment; a bad link leaves the work as it was and
// says why, politely.
func (h *page) openLink(frag string) {
	if h.openRocketLink(frag) {
		return
	}
	h.rqOn = false
	if err := h.s.OpenFragment(frag); err != nil {
		h.linkErr = err.Error()
	} else {
		h.linkErr = ""
		h.listTop = 0
		if h.s.Selection().Kind != "" {
			h.tab = tabInspect
		}
	}
	if !h.Compact {
		clearHash()
	}
}

// frame is one tick on the UI goroutine: move a playing clock, drop
// finished animations, autosave now and then.
func (h *Shell) frame() {
	if h.rocketMode() {
		h.wantTick.Store(h.rocketFrame(time.Since(h.t0)))
		return
	}
	more := h.s.Tick(time.Since(h.t0))
	h.wantTick.Store(more)
	if h.s.Playing() && time.Since(h.lastSave) > time.Second {
		h.save()
	}
}

// changed is called after every command: it saves the work and tells
// the ticker whether frames are needed.
func (h *page) changed() {
	if !h.mounted {
		return
	}
	if h.rocketMode() {
		h.wantTick.Store(h.rq.SetWall(time.Since(h.t0)) || h.rq.Playing())
		h.saveRocket()
		return
	}
	h.wantTick.Store(h.s.SetWall(time.Since(h.t0)) || h.s.Playing())
	h.save()
}

// refresh re-renders the whole page: for an answer that arrives later
// (a fetch) and changes what other components show. An event handler
// needs none: go-app updates its component and their ancestors.
func (h *page) refresh() {
	if h.root != nil {
		h.root.Update()
	}
}

func (h *page) save() {
	if h.Compact {
		return
	}
	h.lastSave = time.Now()
	if data, err := h.s.Save(); err == nil {
		storageSet(storeSession, string(data))
	}
}

func setDocLang(lang string) {
	el := app.Window().Get("document").Get("documentElement")
	if el.Truthy() {
		if lang == langZH {
			el.Set("lang", "zh-CN")
		} else {
			el.Set("lang", "en")
		}
	}
}

// Render lays out the page: every component gets the page and its
// revision (components.go).
func (h *Shell) Render() app.UI {
	h.session()
	h.rev++
	if h.rocketMode() {
		return h.rocketRender()
	}
	h.s.SetWords(h.t) // the canvas's labels in the page's language
	h.snap = h.s.Snapshot()
	return app.Div().ID("shell").Class(h.shellClass()...).Body(
		&Header{page: h.page, Rev: h.rev},
		&ViewTabs{page: h.page, Rev: h.rev}, // a narrow screen: canvas and panel as tabs (embed.go)
		app.Main().Class("dl-main").DataSet("view", h.currentView()).Body(
			&Canvas{page: h.page, Rev: h.rev},
			app.If(!h.Compact, &Side{page: h.page, Rev: h.rev}),
			app.If(h.embedPanel(), &EmbedPanel{page: h.page, Rev: h.rev}),
		),
		&ClockBar{page: h.page, Rev: h.rev},
		&JobBar{page: h.page, Rev: h.rev},
		&Guide{page: h.page, Rev: h.rev},
		app.If(h.libOpen && !h.Compact, &LibraryDialog{page: h.page, Rev: h.rev}),
	)
}

func (h *page) t(key string, args ...any) string { return tr(h.lang, key, args...) }

// local picks a scenario's own text for the language: the Chinese one
// (title_zh, summary_zh) in 简体中文 when the scenario has it, else English.
func (h *page) local(en, zh string) string { return localText(h.lang, en, zh) }

func localText(lang, en, zh string) string {
	if lang == langZH && zh != "" {
		return zh
	}
	return en
}

// richText renders a scenario text in which `backquoted` words are broker
// terms (death reasons like `expired`): those in code font, the rest as
// text. Everything stays text: nothing in a scenario becomes markup.
func richText(s string) []app.UI {
	parts := strings.Split(s, "`")
	if len(parts)%2 == 0 { // an unpaired backquote: keep it as written
		parts[len(parts)-2] += "`" + parts[len(parts)-1]
		parts = parts[:len(parts)-1]
	}
	out := make([]app.UI, 0, len(parts))
	for i, p := range parts {
		switch {
		case p == "":
		case i%2 == 1:
			out = append(out, app.Code().Text(p))
		default:
			out = append(out, app.Text(p))
		}
	}
	return out
}

// plainText is a scenario text without its backquotes (tooltips, search).
func plainText(s string) string { return strings.ReplaceAll(s, "`", "") }

func (h *Header) header(snap model.Snapshot) app.UI {
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
			app.A().ID("embed-open").Class("dl-link").Href(h.openFullLink()).Target("_blank").Rel("noopener").
				Text(h.t("embed.open")),
		)
	}
	return app.Header().Class("dl-header").DataSet("menu", h.menuOpen).Body(
		app.Img().Class("dl-logo").Src("/web/icon.svg").Alt("").Width(32).Height(32),
		app.Div().Class("dl-title").Body(
			app.H1().Text(Name),
			app.P().Class("dl-tagline").Text(h.t("tagline")),
		),
		app.Button().ID("library-open").Class("dl-button").Type("button").
			Aria("haspopup", "dialog").OnClick(h.onLibraryOpen).
			Body(icon("library"), app.Span().Text(h.t("library.open"))),
		app.A().ID("delay-open").Class("dl-link").Href("/delay").Title(h.t("delay.open.title")).Text(h.t("delay.open")),
		app.Span().ID("scenario-title").Class("dl-scenario-title").Title(plainText(h.local(snap.Summary, snap.SummaryZH))).Text(title),
		h.menuButton(), // a narrow screen: the actions fold into a menu (phone.go)
		app.Div().Class("dl-header-actions").Body(
			h.helpButton(),
			app.Button().ID("undo").Class("dl-button", "dl-button--icon").Type("button").
				Title(h.t("undo.title")).Aria("label", h.t("undo")).Disabled(!snap.CanUndo).
				OnClick(h.onUndo).Body(icon("undo")),
			app.Button().ID("redo").Class("dl-button", "dl-button--icon").Type("button").
				Title(h.t("redo.title")).Aria("label", h.t("redo")).Disabled(!snap.CanRedo).
				OnClick(h.onRedo).Body(icon("redo")),
			h.brokerSwitch(),
			app.Label().Class("dl-field-inline").Body(
				app.Span().Class("dl-visually-hidden").Text(h.t("profile")),
				app.Select().ID("profile").Class("dl-select").Title(h.t("profile.title")).
					OnChange(h.onProfile).Body(h.profileOptions(snap.Profile)...),
			),
			h.langSelect(),
			h.shareButton(h.onShare),
			h.shortShareButton(h.onShortShare),
		).DataSet("shortlinks", h.short.state()),
	)
}

func (h *Header) profileOptions(cur string) []app.UI {
	var out []app.UI
	for _, p := range []struct{ v, label string }{
		{"rabbitmq-4.3", "RabbitMQ 4.3"}, {"rabbitmq-4.2", "RabbitMQ 4.0–4.2"}, {"rabbitmq-3.12", "RabbitMQ 3.12"},
	} {
		out = append(out, app.Option().Value(p.v).Selected(cur == p.v).Text(p.label))
	}
	return out
}

func (h *Header) openFullLink() string {
	frag, err := h.s.ShareFragment()
	if err != nil {
		return "/"
	}
	return "/#" + frag
}

// ---- header handlers ----

func (h *Header) onUndo(ctx app.Context, e app.Event) {
	h.s.Undo()
	h.changed()
}

func (h *Header) onRedo(ctx app.Context, e app.Event) {
	h.s.Redo()
	h.changed()
}

func (h *Header) onProfile(ctx app.Context, e app.Event) {
	h.s.SetProfile(ctx.JSSrc().Get("value").String())
	h.changed()
}

func (h *Header) onShare(ctx app.Context, e app.Event) {
	h.showShare(h.s.ShareFragment())
}

// onKey: space plays or pauses, → goes to the next instant, "." steps one
// event and "," one event back, Ctrl+Z / Ctrl+Shift+Z undo and redo; not
// while typing in a field.
func (h *Shell) onKey(ctx app.Context, e app.Event) {
	if h.Compact && e.Get("key").String() != " " && e.Get("key").String() != "ArrowRight" {
		return
	}
	tag := strings.ToLower(e.Get("target").Get("tagName").String())
	if tag == "input" || tag == "textarea" || tag == "select" || e.Get("target").Get("isContentEditable").Bool() {
		return
	}
	key := e.Get("key").String()
	ctrl := e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool()
	if h.rocketMode() {
		if !ctrl && h.rocketKey(key) {
			if key == " " || key == "ArrowRight" {
				e.PreventDefault()
			}
			h.changed()
		}
		return
	}
	switch {
	case key == " " && !ctrl:
		e.PreventDefault()
		h.s.TogglePlay()
	case key == "ArrowRight" && !ctrl:
		e.PreventDefault()
		h.s.StepNext()
	case key == "." && !ctrl:
		h.s.StepEvent()
	case key == "," && !ctrl:
		h.s.StepBack()
	case ctrl && (key == "z" || key == "Z") && e.Get("shiftKey").Bool(), ctrl && (key == "y" || key == "Y"):
		e.PreventDefault()
		h.s.Redo()
	case ctrl && (key == "z" || key == "Z"):
		e.PreventDefault()
		h.s.Undo()
	case key == "Escape":
		h.libOpen = false
		if h.guideOpen {
			h.dismissGuide()
		}
		h.s.DismissNotice()
	default:
		return
	}
	h.changed()
}

// onLang switches the language of the page (either broker's header).
func (p *page) onLang(ctx app.Context, e app.Event) {
	v := ctx.JSSrc().Get("value").String()
	if v != langZH {
		v = langEN
	}
	p.lang = v
	storageSet(storeLang, v)
	setDocLang(v)
}

// showShare shows and copies the share link made from frag, or the error.
func (p *page) showShare(frag string, err error) {
	if err != nil {
		p.share = ""
		p.linkErr = err.Error()
		return
	}
	p.share = locationBase() + "/#" + frag
	p.short.made, p.short.err = false, ""
	copyText(p.share)
}

// langSelect is the language picker of either broker's header.
func (p *page) langSelect() app.UI {
	return app.Label().Class("dl-field-inline").Body(
		app.Span().Class("dl-visually-hidden").Text(p.t("language")),
		app.Select().ID("lang").Class("dl-select").Title(p.t("language")).OnChange(p.onLang).Body(
			app.Option().Value(langEN).Selected(p.lang == langEN).Text("English"),
			app.Option().Value(langZH).Selected(p.lang == langZH).Text("简体中文"),
		),
	)
}

// shareButton is "Copy link"; onShare makes the link of the header's session.
func (p *page) shareButton(onShare app.EventHandler) app.UI {
	return app.Button().ID("share").Class("dl-button", "dl-button--primary").Type("button").
		OnClick(onShare).Body(icon("link"), app.Span().Text(p.t("share.copy")))
}

// shortShareButton is "Copy short link", shown where the share API answers.
func (p *page) shortShareButton(onShort app.EventHandler) app.UI {
	return app.If(p.short.api, app.Button().ID("share-short").Class("dl-button").Type("button").
		Title(p.t("share.short.title")).Disabled(p.short.busy).Aria("busy", p.short.busy).
		OnClick(onShort).Body(icon("link"), app.Span().Text(p.t("share.short"))))
}
