package model

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	"github.com/dlxlab/dlxlab/scenarios"
	rscn "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// Saving and sharing a RocketMQ session, as persist.go does for RabbitMQ:
// the autosave keeps the scenario (what was done by hand is in its steps),
// the time, the selection and the speed; a share link is the scenario in
// the same `s=1.…` envelope (the scenario's own `broker: rocketmq` says
// which model opens it) plus `&t=…&sel=…`.

// ErrNotRocket means a link or text holds a RabbitMQ scenario.
var ErrNotRocket = errors.New("not a RocketMQ scenario")

type rocketSaved struct {
	V        int             `json:"v"`
	Broker   string          `json:"broker"`
	Scenario json.RawMessage `json:"scenario"`
	T        int64           `json:"t"`
	Started  bool            `json:"started,omitempty"`
	Sel      RocketSelection `json:"sel,omitempty"`
	Speed    float64         `json:"speed,omitempty"`
}

// Save returns the session as JSON for the autosave.
func (s *RocketSession) Save() ([]byte, error) {
	js, err := rscn.CanonicalJSON(s.sc)
	if err != nil {
		return nil, err
	}
	return json.Marshal(rocketSaved{V: SaveVersion, Broker: rscn.Broker, Scenario: js, T: int64(s.b.Now()),
		Started: s.started, Sel: s.sel, Speed: s.speed})
}

// RestoreRocket reopens a saved RocketMQ session.
func RestoreRocket(data []byte) (*RocketSession, error) {
	var sv rocketSaved
	if err := json.Unmarshal(data, &sv); err != nil {
		return nil, fmt.Errorf("the saved session is damaged: %v", err)
	}
	if sv.V != SaveVersion || sv.Broker != rscn.Broker {
		return nil, fmt.Errorf("the saved session has format %d (%s); this build reads %d (%s)", sv.V, sv.Broker, SaveVersion, rscn.Broker)
	}
	sc, err := rscn.Parse("autosave", sv.Scenario)
	if err != nil {
		return nil, err
	}
	s, err := NewRocket(sc)
	if err != nil {
		return nil, err
	}
	if sv.Speed > 0 {
		s.SetSpeed(sv.Speed)
	}
	if sv.Started {
		s.seek(rmq.Time(sv.T))
	}
	s.sel = sv.Sel
	return s, nil
}

// seek starts the run and plays it to virtual time t (within the limit).
func (s *RocketSession) seek(t rmq.Time) {
	s.start()
	s.runTo(min(max(t, 0), rmq.Time(scenarios.MaxVirtualTime)))
	s.mv.list = nil
}

// ScenarioJSON is the scenario's canonical JSON: the body of a short link.
func (s *RocketSession) ScenarioJSON() ([]byte, error) { return rscn.CanonicalJSON(s.sc) }

// ShareFragment is the fragment of a share link, without the '#'.
func (s *RocketSession) ShareFragment() (string, error) {
	v, err := rscn.Encode(s.sc)
	if err != nil {
		return "", err
	}
	return fragmentOf(v, s.started, int64(s.b.Now()), rocketSelParam(s.sel)), nil
}

// IsRocketFragment reports whether a share link's fragment carries a
// RocketMQ scenario (false for a RabbitMQ one or a damaged link).
func IsRocketFragment(frag string) bool {
	link, _, _ := fragmentParts(frag)
	data, err := scenarios.DecodeBytes(link)
	return err == nil && rscn.IsRocketMQ(data)
}

// OpenRocketFragment opens a share link's fragment ("s=1.…&t=…&sel=…").
// ErrNotRocket: the link holds a RabbitMQ scenario (Session opens it).
func OpenRocketFragment(frag string) (*RocketSession, error) {
	link, _, _ := fragmentParts(frag)
	if link == "" {
		return nil, ErrNoLink
	}
	data, err := scenarios.DecodeBytes(link)
	if err != nil {
		return nil, err
	}
	if !rscn.IsRocketMQ(data) {
		return nil, ErrNotRocket
	}
	sc, err := rscn.Parse("share link", data)
	if err != nil {
		return nil, err
	}
	s, err := NewRocket(sc)
	if err != nil {
		return nil, err
	}
	s.OpenState(frag) // t and sel (rocketmq_embed.go)
	return s, nil
}

// LoadRocketText opens a RocketMQ scenario document (YAML or JSON, e.g. a
// short link's JSON). ErrNotRocket: it is a RabbitMQ scenario.
func LoadRocketText(name string, data []byte) (*RocketSession, error) {
	if !rscn.IsRocketMQ(data) {
		return nil, ErrNotRocket
	}
	sc, err := rscn.Parse(name, data)
	if err != nil {
		return nil, err
	}
	return NewRocket(sc)
}

func fragmentParts(frag string) (link, t, sel string) {
	for _, part := range strings.Split(strings.TrimPrefix(frag, "#"), "&") {
		k, v, _ := strings.Cut(part, "=")
		switch k {
		case "s":
			link = v
		case "t":
			t = v
		case "sel":
			sel, _ = url.QueryUnescape(v)
		}
	}
	return link, t, sel
}

func rocketSelParam(sel RocketSelection) string {
	switch sel.Kind {
	case "message":
		return "message:" + sel.MsgID
	case "queue":
		return "queue:" + strconv.Itoa(sel.Queue) + ":" + sel.Topic
	case "group":
		return "group:" + sel.Group
	}
	return ""
}

func parseRocketSel(p string) RocketSelection {
	kind, rest, _ := strings.Cut(p, ":")
	switch kind {
	case "message":
		return RocketSelection{Kind: kind, MsgID: rest}
	case "group":
		return RocketSelection{Kind: kind, Group: rest}
	case "queue":
		q, topic, _ := strings.Cut(rest, ":")
		if n, err := strconv.Atoi(q); err == nil {
			return RocketSelection{Kind: kind, Topic: topic, Queue: n}
		}
	}
	return RocketSelection{}
}

// SetProfile changes the RocketMQ version the scenario runs on and replays
// it to the same time.
func (s *RocketSession) SetProfile(p string) error {
	prof, err := rmq.ParseProfile(p)
	if err != nil {
		return err
	}
	c := cloneRocket(s.sc)
	c.Profile = string(prof)
	t, started, sel := s.b.Now(), s.started, s.sel
	if err := s.replace(c); err != nil {
		return err
	}
	if started {
		s.seek(t)
	}
	s.sel = sel
	return nil
}

// Profile is the RocketMQ version the run behaves as.
func (s *RocketSession) Profile() string { return string(s.b.Profile()) }
