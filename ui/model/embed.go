package model

import (
	"net/url"
	"strconv"
	"strings"
)

// Embed options: what a documentation page asks of an embedded scenario,
// written after the scenario in the embed link's fragment
// (docs/links-and-http.md "Embed options"). Unknown or malformed values are
// ignored: an embed always opens, at worst with the defaults.

// Embed panels: what shows beside the canvas.
const (
	PanelAuto      = ""          // the inspector when something is selected, else nothing
	PanelInspector = "inspector" // always the inspector
	PanelNone      = "none"      // the canvas alone
)

// EmbedOptions are the options of an embed link.
type EmbedOptions struct {
	Checkpoint int    // cp=N: start where the lesson's Nth checkpoint (1-based) pauses; 0: none
	Message    int    // msg=N: with sel=queue:NAME, select the Nth message of that queue (1 = head)
	Play       bool   // play=1: play as soon as the playground runs
	Controls   bool   // controls=0 hides the clock's buttons (the time stays)
	Panel      string // panel=inspector|none (PanelAuto when absent)
	Lang       string // lang=en|zh: the language, whatever the reader's setting
}

// ParseEmbedOptions reads the embed options from a fragment ("#s=…&cp=2").
func ParseEmbedOptions(frag string) EmbedOptions {
	o := EmbedOptions{Controls: true}
	for _, part := range strings.Split(strings.TrimPrefix(frag, "#"), "&") {
		k, v, _ := strings.Cut(part, "=")
		v, _ = url.QueryUnescape(v)
		switch k {
		case "cp":
			o.Checkpoint = positive(v)
		case "msg":
			o.Message = positive(v)
		case "play":
			o.Play = v == "1" || v == "true"
		case "controls":
			o.Controls = !(v == "0" || v == "false")
		case "panel":
			if v == PanelInspector || v == PanelNone {
				o.Panel = v
			}
		case "lang":
			if v == "en" || v == "zh" {
				o.Lang = v
			}
		}
	}
	return o
}

// positive is a small positive integer, or 0.
func positive(v string) int {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 1_000_000 {
		return 0
	}
	return n
}

// ShowPanel reports whether the embed shows the inspector beside the canvas.
func (o EmbedOptions) ShowPanel(sel Selection) bool {
	switch o.Panel {
	case PanelInspector:
		return true
	case PanelNone:
		return false
	}
	return sel.Kind != ""
}

// ApplyEmbed does what the options ask of the run, after OpenFragment:
// replay to a checkpoint, pick a message of the selected queue, play.
func (s *Session) ApplyEmbed(o EmbedOptions) {
	if o.Checkpoint > 0 {
		s.SeekCheckpoint(o.Checkpoint)
	}
	if o.Message > 0 && s.sel.Kind == "queue" {
		s.selectNth(s.sel.Name, o.Message-1)
	}
	if o.Play {
		s.Play()
	}
}

// SeekCheckpoint replays the run to where its nth checkpoint (1-based, in
// run order) pauses. It reports false, and changes nothing, when the
// scenario has fewer checkpoints.
func (s *Session) SeekCheckpoint(n int) bool {
	if n < 1 || n > len(s.cp.order) {
		return false
	}
	at := s.cp.order[n-1].at
	s.endJob()
	s.playing = false
	s.started = true
	s.rebuild(at)
	return true
}

// selectNth selects the message at position pos (0 = head) of queue, if
// the queue holds that many.
func (s *Session) selectNth(queue string, pos int) {
	d := s.QueueDetail(queue, pos, 1)
	for _, m := range d.Messages {
		if m.Position == pos {
			s.SelectMessage(queue, m.Lineage, m.Instance, pos)
			return
		}
	}
}
