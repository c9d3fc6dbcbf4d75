package ui

import (
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/dlxlab/dlxlab/ui/model"
)

// The page in RocketMQ mode. A `broker: rocketmq` scenario (a lesson of
// the RocketMQ library, a link, a short link, the autosave, or the broker
// switch) opens in a model.RocketSession, and the page draws its own
// components (RocketHeader, RocketCanvas, RocketSide, RocketClock) instead
// of the RabbitMQ ones. The RabbitMQ session stays as it was: switching
// back shows it again.

// Brokers the switch offers.
const (
	brokerRabbit = "rabbitmq"
	brokerRocket = "rocketmq"
)

// Storage keys of RocketMQ mode: its autosave and the broker last shown.
const (
	storeRocket = "dlxlab.rocketmq.v1"
	storeBroker = "dlxlab.broker"
)

// rocketPage is the RocketMQ part of the page (embedded in page).
type rocketPage struct {
	rq     *model.RocketSession // nil until a RocketMQ scenario is opened
	rqOn   bool                 // RocketMQ is the broker shown
	rsnap  model.RocketSnapshot // taken once per page render
	rtab   string               // the RocketMQ side panel's open tab
	rqSave time.Time
}

// rocket is the RocketMQ session (nil when none is open). Panels read it
// and command it through Apply (model.RocketSession).
func (h *page) rocket() *model.RocketSession { return h.rq }

// rocketMode reports whether the page shows RocketMQ.
func (h *page) rocketMode() bool { return h.rqOn && h.rq != nil }

// rocketChanged is changed() for a RocketMQ command: autosave and ticker.
func (h *page) rocketChanged() { h.changed() }

// openRocket shows a RocketMQ session (a lesson, a link, the switch).
func (h *page) openRocket(s *model.RocketSession) {
	h.rq, h.rqOn = s, true
	h.rtab = rtabInspect
	h.linkErr = ""
	storageSet(storeBroker, brokerRocket)
}

// setBroker is the broker switch: RocketMQ opens the RocketMQ session (a
// starter scenario the first time), RabbitMQ shows the RabbitMQ one.
func (h *page) setBroker(b string) {
	if b != brokerRocket {
		h.rqOn = false
		storageSet(storeBroker, brokerRabbit)
		return
	}
	if h.rq == nil {
		s, err := model.NewRocket(model.RocketStarter())
		if err != nil {
			h.linkErr = err.Error()
			return
		}
		h.rq = s
	}
	h.openRocket(h.rq)
}

// brokerSwitch is the header's RabbitMQ / RocketMQ select.
func (h *page) brokerSwitch() app.UI {
	cur := brokerRabbit
	if h.rocketMode() {
		cur = brokerRocket
	}
	return app.Label().Class("dl-field-inline").Body(
		app.Span().Class("dl-visually-hidden").Text(h.t("rq.broker")),
		app.Select().ID("broker").Class("dl-select").Title(h.t("rq.broker.title")).
			OnChange(func(ctx app.Context, e app.Event) {
				h.setBroker(ctx.JSSrc().Get("value").String())
				h.changed()
			}).Body(
			app.Option().Value(brokerRabbit).Selected(cur == brokerRabbit).Text("RabbitMQ"),
			app.Option().Value(brokerRocket).Selected(cur == brokerRocket).Text("RocketMQ"),
		),
	)
}

// openRocketLink opens a fragment link if it carries a RocketMQ scenario;
// false: it is not one (the RabbitMQ session opens it).
func (h *page) openRocketLink(frag string) bool {
	if !model.IsRocketFragment(frag) {
		return false
	}
	s, err := model.OpenRocketFragment(frag)
	if err != nil {
		h.linkErr = err.Error()
	} else {
		h.openRocket(s)
	}
	if !h.Compact {
		clearHash()
	}
	return true
}

// openState applies a short link's fragment (t, sel) to the scenario the
// page loaded, in whichever broker's session opened it.
func (h *page) openState(frag string) {
	if h.rocketMode() {
		h.rq.OpenState(frag)
		return
	}
	h.s.OpenState(frag)
}

// loadRocketJSON opens a short link's body if it is a RocketMQ scenario.
func (h *page) loadRocketJSON(body string) (bool, error) {
	s, err := model.LoadRocketText("share link", []byte(body))
	if err == model.ErrNotRocket {
		h.rqOn = false // a RabbitMQ scenario: the RabbitMQ page opens it
		return false, nil
	}
	if err != nil {
		return true, err
	}
	h.openRocket(s)
	return true, nil
}

// restoreRocket reopens the RocketMQ autosave, and RocketMQ mode if it
// was the broker shown last.
func (h *page) restoreRocket() {
	if h.Compact {
		return
	}
	if saved := storageGet(storeRocket); saved != "" {
		if s, err := model.RestoreRocket([]byte(saved)); err == nil {
			h.rq = s
		}
	}
	h.rqOn = h.rq != nil && storageGet(storeBroker) == brokerRocket
	h.rtab = rtabInspect
}

// saveRocket writes the RocketMQ autosave.
func (h *page) saveRocket() {
	if h.Compact || h.rq == nil {
		return
	}
	h.rqSave = time.Now()
	if data, err := h.rq.Save(); err == nil {
		storageSet(storeRocket, string(data))
	}
}

// rocketFrame is one tick in RocketMQ mode; it reports whether frames are
// still needed.
func (h *page) rocketFrame(wall time.Duration) bool {
	more := h.rq.Tick(wall)
	if h.rq.Playing() && time.Since(h.rqSave) > time.Second {
		h.saveRocket()
	}
	return more
}

// rocketRender lays out the page in RocketMQ mode.
func (h *Shell) rocketRender() app.UI {
	h.rsnap = h.rq.Snapshot()
	class := "dl-shell dl-shell--rocketmq"
	if h.Compact {
		class += " dl-shell--compact"
		if !h.embed.Controls {
			class += " dl-shell--nocontrols" // controls=0 (docs/links-and-http.md "Embed options")
		}
	}
	return app.Div().ID("shell").Class(class).DataSet("broker", brokerRocket).Body(
		&RocketHeader{page: h.page, Rev: h.rev},
		app.Main().Class("dl-main").Body(
			&RocketCanvas{page: h.page, Rev: h.rev},
			app.If(!h.Compact, &RocketSide{page: h.page, Rev: h.rev}),
		),
		&RocketClock{page: h.page, Rev: h.rev},
		app.If(h.libOpen && !h.Compact, &LibraryDialog{page: h.page, Rev: h.rev}),
	)
}

// rocketKey handles the keyboard in RocketMQ mode (the same keys as the
// RabbitMQ clock); false: not a key of the clock.
func (h *page) rocketKey(key string) bool {
	switch key {
	case " ":
		h.rq.TogglePlay()
	case "ArrowRight":
		h.rq.StepNext()
	case ".":
		h.rq.StepEvent()
	case ",":
		h.rq.StepBack()
	case "Escape":
		h.libOpen = false
		h.rq.DismissNotice()
	default:
		return false
	}
	return true
}
