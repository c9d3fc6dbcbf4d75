package ui

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Short links (docs/links-and-http.md "Contract with the UI"): "Copy short
// link" sends the scenario's canonical JSON to POST /api/share and copies
// the /s/{id} URL it answers. Only a site served with the share API
// (`dlxlab serve`, the Worker) has one, so the button appears only after
// a probe finds it: one HEAD /api/share when the page mounts. The API
// answers that with a JSON error (405: the route takes POST only); a
// static host answers with a page (its index.html, or an HTML 404).

// shortLinks is the state of the short-link action.
type shortLinks struct {
	probed bool   // the probe has answered
	api    bool   // the site serves POST /api/share
	busy   bool   // a POST is on its way
	made   bool   // Shell.share is a short link (not a fragment link)
	err    string // why the last short link could not be made
}

// state is what data-shortlinks says on the header actions (tests wait
// for it): "" until the probe answers, then "on" or "off".
func (s shortLinks) state() string {
	switch {
	case !s.probed:
		return ""
	case s.api:
		return "on"
	}
	return "off"
}

// probeShortLinks asks once whether the site serves the share API.
func (h *page) probeShortLinks(ctx app.Context) {
	fetchDo(ctx, locationBase()+"/api/share", map[string]any{"method": "HEAD"}, func(r fetchResult) {
		h.short.probed = true
		h.short.api = hasShareAPI(r)
	})
}

// hasShareAPI reads the probe's answer: the API answers JSON (405 for a
// HEAD on a POST-only route); anything else (HTML, no answer) is a site
// without it.
func hasShareAPI(r fetchResult) bool {
	return r.Err == "" && r.Status != 0 && strings.HasPrefix(strings.ToLower(r.ContentType), "application/json")
}

func (h *Header) onShortShare(ctx app.Context, e app.Event) { h.postShort(ctx, h.s.ScenarioJSON) }

// postShort sends the scenario body gives (RabbitMQ or RocketMQ) to the
// share API and copies the short link it answers.
func (h *Header) postShort(ctx app.Context, scenarioJSON func() ([]byte, error)) {
	if h.short.busy {
		return
	}
	body, err := scenarioJSON()
	if err != nil {
		h.share, h.short.made, h.short.err = "", false, err.Error()
		return
	}
	h.short.busy, h.short.err = true, ""
	fetchDo(ctx, locationBase()+"/api/share", map[string]any{
		"method":  "POST",
		"headers": map[string]any{"Content-Type": "application/json"},
		"body":    string(body),
	}, func(r fetchResult) {
		defer h.refresh() // the answer shows in the side panel, not only in the header
		h.short.busy = false
		url, problem := h.shortLinkResult(r)
		if problem != "" {
			h.share, h.short.made, h.short.err = "", false, problem
			return
		}
		if strings.HasPrefix(url, "/") { // a server without a public base URL answers with a path
			url = locationBase() + url
		}
		h.share, h.short.made = url, true
		copyText(url)
	})
}

// shortLinkResult reads POST /api/share's answer: the short URL, or a
// polite sentence saying why there is none.
func (h *page) shortLinkResult(r fetchResult) (url, problem string) {
	var answer struct {
		URL   string `json:"url"`
		Error string `json:"error"`
	}
	decoded := json.Unmarshal([]byte(r.Body), &answer) == nil
	switch {
	case r.Status == 0 || r.Err != "":
		return "", h.t("share.short.offline")
	case r.Status == 200 || r.Status == 201:
		if decoded && strings.Contains(answer.URL, "/s/") {
			return answer.URL, ""
		}
		return "", h.t("share.short.failed", strconv.Itoa(r.Status), "no link in the answer")
	case r.Status == 413:
		return "", h.t("share.short.toobig")
	}
	why := answer.Error
	if !decoded || why == "" {
		why = clip(strings.TrimSpace(r.Body), 120)
	}
	return "", h.t("share.short.failed", strconv.Itoa(r.Status), why)
}
