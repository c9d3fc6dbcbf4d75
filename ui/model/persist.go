package model

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/dlxlab/dlxlab/core"
	"github.com/dlxlab/dlxlab/scenarios"
)

// Saving and sharing. The autosave (localStorage) keeps the whole
// session: scenario (what the learner did by hand is in its steps), time,
// selection, speed. A share
// link carries the scenario (docs/links-and-http.md "Fragment links": `s=1.…`) plus the view: the
// time and the selection, as extra fragment fields (`&t=…&sel=…`).

// SaveVersion is the autosave format version.
const SaveVersion = 1

type saved struct {
	V        int             `json:"v"`
	Scenario json.RawMessage `json:"scenario"`
	T        int64           `json:"t"`
	Started  bool            `json:"started,omitempty"`
	Journal  []journalEntry  `json:"journal,omitempty"` // read from older builds' saves, never written
	Sel      Selection       `json:"sel,omitempty"`
	Speed    float64         `json:"speed,omitempty"`
}

// Save returns the session as JSON for the autosave.
func (s *Session) Save() ([]byte, error) {
	js, err := scenarios.CanonicalJSON(s.sc)
	if err != nil {
		return nil, err
	}
	return json.Marshal(saved{V: SaveVersion, Scenario: js, T: int64(s.b.Now()), Started: s.started,
		Sel: s.sel, Speed: s.speed})
}

// Restore replaces the session with a saved one (not undoable: it is
// what the learner had). On error the session is unchanged.
func (s *Session) Restore(data []byte) error {
	var sv saved
	if err := json.Unmarshal(data, &sv); err != nil {
		return fmt.Errorf("the saved session is damaged: %v", err)
	}
	if sv.V != SaveVersion {
		return fmt.Errorf("the saved session has format %d; this build reads %d", sv.V, SaveVersion)
	}
	sc, err := scenarios.Parse("autosave", sv.Scenario)
	if err != nil {
		return err
	}
	s.sc = sc
	s.started = sv.Started
	s.playing = false
	s.SetSpeed(max(sv.Speed, 1))
	if len(sv.Journal) > 0 {
		s.adoptJournal(sv.Journal)
	}
	s.undo, s.redo = nil, nil
	s.notice = nil
	s.rebuild(core.Time(max(sv.T, 0)))
	s.sel = sv.Sel
	return nil
}

// adoptJournal turns the by-hand settles an older build saved beside the
// steps (journalEntry) into settle steps: it replays to each entry's
// time and settles its delivery as the learner would now. Delivery
// instances are the same in every replay (the run is deterministic),
// so each entry finds the delivery it named; one that is gone is skipped.
func (s *Session) adoptJournal(entries []journalEntry) {
	s.started = true
	s.rebuild(0)
	for _, j := range entries {
		if j.T > s.b.Now() {
			s.runTo(min(j.T, core.Time(scenarios.MaxVirtualTime)))
		}
		s.SettleByHand(j.Consumer, j.Instance, j.Action)
	}
}

// ScenarioJSON is the scenario's canonical JSON (scenarios.CanonicalJSON):
// the body of POST /api/share, whose short-link id is a hash of it.
func (s *Session) ScenarioJSON() ([]byte, error) { return scenarios.CanonicalJSON(s.sc) }

// ShareFragment is the fragment of a share link for the session, without
// the '#': "s=1.…" and, if the run has begun, "&t=MS", and the selection.
func (s *Session) ShareFragment() (string, error) {
	v, err := scenarios.Encode(s.sc)
	if err != nil {
		return "", err
	}
	return fragmentOf(v, s.started, int64(s.b.Now()), selectionParam(s.sel)), nil
}

// fragmentOf builds a share fragment for either broker's session from the
// encoded scenario, the time (once the run has begun) and the selection.
func fragmentOf(encoded string, started bool, now int64, sel string) string {
	frag := "s=" + encoded
	if started {
		frag += "&t=" + strconv.FormatInt(now, 10)
	}
	if sel != "" {
		frag += "&sel=" + url.QueryEscape(sel)
	}
	return frag
}

func selectionParam(sel Selection) string {
	switch sel.Kind {
	case "queue", "exchange":
		return sel.Kind + ":" + sel.Name
	case "message":
		return fmt.Sprintf("message:%d:%d:%s", sel.Lineage, sel.Instance, sel.Name)
	}
	return ""
}

// ErrNoLink means a fragment carries no scenario.
var ErrNoLink = errors.New("no scenario in the link")

// OpenFragment opens a share link's fragment ("s=1.…&t=…&sel=…", with or
// without '#'). A damaged link is an error that says what is wrong (from
// scenarios.Decode); the session is then unchanged.
func (s *Session) OpenFragment(frag string) error {
	frag = strings.TrimPrefix(frag, "#")
	var link string
	for _, part := range strings.Split(frag, "&") {
		if k, v, _ := strings.Cut(part, "="); k == "s" {
			link = v
		}
	}
	if link == "" {
		return ErrNoLink
	}
	sc, err := scenarios.Decode(link)
	if err != nil {
		return err
	}
	s.Load(sc)
	s.OpenState(frag)
	return nil
}

// OpenState applies the run state of a link's fragment to the scenario
// already loaded: the time it had reached (t, replayed to) and the
// selection (sel). A short link's page has its scenario from the server
// and may carry these in its fragment.
func (s *Session) OpenState(frag string) {
	var t, sel string
	for _, part := range strings.Split(strings.TrimPrefix(frag, "#"), "&") {
		k, v, _ := strings.Cut(part, "=")
		switch k {
		case "t":
			t = v
		case "sel":
			sel, _ = url.QueryUnescape(v)
		}
	}
	// t is milliseconds, or a duration written by hand ("90s", "1h30m").
	if ms, err := strconv.ParseInt(t, 10, 64); err == nil && ms >= 0 {
		s.started = true
		s.rebuild(core.Time(min(ms, int64(scenarios.MaxVirtualTime))))
	} else if d, err := scenarios.ParseDuration(t); err == nil {
		s.started = true
		s.rebuild(core.Time(d))
	}
	s.sel = parseSelection(sel)
}

func parseSelection(p string) Selection {
	kind, rest, _ := strings.Cut(p, ":")
	switch kind {
	case "queue", "exchange":
		return Selection{Kind: kind, Name: rest}
	case "message":
		parts := strings.SplitN(rest, ":", 3)
		if len(parts) == 3 {
			l, _ := strconv.ParseUint(parts[0], 10, 64)
			i, _ := strconv.ParseUint(parts[1], 10, 64)
			return Selection{Kind: kind, Lineage: l, Instance: i, Name: parts[2], Position: -1}
		}
	}
	return Selection{}
}

// YAML is the scenario as YAML (the editor's text).
func (s *Session) YAML() string {
	b, err := scenarios.FormatYAML(s.sc)
	if err != nil {
		return "# " + err.Error()
	}
	return string(b)
}

// ApplyYAML replaces the scenario with the text, keeping the virtual
// time. Parse errors come back positioned (line:col), and nothing changes.
func (s *Session) ApplyYAML(text string) scenarios.ErrorList {
	s.notice = nil
	sc, err := scenarios.Parse("scenario.yaml", []byte(text))
	if err != nil {
		var list scenarios.ErrorList
		if errors.As(err, &list) {
			return list
		}
		return scenarios.ErrorList{{File: "scenario.yaml", Msg: err.Error()}}
	}
	if !s.commit(sc) {
		return scenarios.ErrorList{{File: "scenario.yaml", Msg: s.notice.Text}}
	}
	return nil
}

// ImportDefinitions replaces the topology with a definitions.json export
// (users, permissions and vhosts are dropped; the warnings say so). The
// steps and consumers are kept.
func (s *Session) ImportDefinitions(data []byte) ([]string, error) {
	sc, warnings, err := scenarios.ImportDefinitions(data, "/")
	if err != nil {
		return nil, err
	}
	c := clone(s.sc)
	c.Exchanges, c.Queues, c.Bindings, c.Policies = sc.Exchanges, sc.Queues, sc.Bindings, sc.Policies
	c.Layout = nil
	s.forgetLayout()
	if len(s.sc.Queues) == 0 && len(s.sc.Exchanges) == 0 && sc.Title != "" {
		c.Title = sc.Title
	}
	if !s.commit(c) {
		return warnings, errors.New(s.notice.Text)
	}
	return warnings, nil
}

// ExportDefinitions is the topology as a definitions.json.
func (s *Session) ExportDefinitions() (string, error) {
	b, err := scenarios.ExportDefinitions(s.sc)
	return string(b), err
}

// ExportRabbitmqadmin is the topology as rabbitmqadmin commands.
func (s *Session) ExportRabbitmqadmin() (string, error) {
	return scenarios.ExportRabbitmqadmin(s.sc)
}
