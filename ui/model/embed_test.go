package model

import (
	"testing"

	"github.com/dlxlab/dlxlab/core"
)

func TestParseEmbedOptions(t *testing.T) {
	for _, tt := range []struct {
		frag string
		want EmbedOptions
	}{
		{"#s=1.x", EmbedOptions{Controls: true}},
		{"s=1.x&cp=2&msg=1&play=1&controls=0&panel=inspector&lang=zh",
			EmbedOptions{Checkpoint: 2, Message: 1, Play: true, Panel: PanelInspector, Lang: "zh"}},
		{"s=1.x&panel=none&controls=true&play=0", EmbedOptions{Controls: true, Panel: PanelNone}},
		// nonsense is ignored, never an error
		{"s=1.x&cp=-1&msg=x&panel=%3Cb%3E&lang=fr&controls", EmbedOptions{Controls: true}},
	} {
		if got := ParseEmbedOptions(tt.frag); got != tt.want {
			t.Errorf("ParseEmbedOptions(%q) = %+v, want %+v", tt.frag, got, tt.want)
		}
	}
	if !(EmbedOptions{}).ShowPanel(Selection{Kind: "queue"}) || (EmbedOptions{}).ShowPanel(Selection{}) ||
		(EmbedOptions{Panel: PanelNone}).ShowPanel(Selection{Kind: "queue"}) || !(EmbedOptions{Panel: PanelInspector}).ShowPanel(Selection{}) {
		t.Error("ShowPanel: want the inspector for a selection unless panel=none, and always with panel=inspector")
	}
}

// TestApplyEmbed: cp=2 replays to where the retry loop's second checkpoint
// pauses (300 ms, job-1 back in main), and sel=queue:wait&msg=1 at 1 s
// pins the message waiting in wait, with its x-death.
func TestApplyEmbed(t *testing.T) {
	s := lesson(t, "retry-loop")
	s.IgnoreCheckpoints(true)
	s.ApplyEmbed(ParseEmbedOptions("cp=2"))
	if !s.Started() || s.Now() != 300 {
		t.Errorf("cp=2: started %v at %d ms, want 300", s.Started(), s.Now())
	}
	if s.SeekCheckpoint(9) {
		t.Error("SeekCheckpoint(9) on a lesson with 3 checkpoints")
	}

	frag, err := s.ShareFragment()
	if err != nil {
		t.Fatal(err)
	}
	s2 := New()
	s2.IgnoreCheckpoints(true)
	if err := s2.OpenFragment(frag + "&t=1s&sel=queue%3Await&msg=1"); err != nil {
		t.Fatal(err)
	}
	if s2.Now() != core.Time(1000) {
		t.Errorf("t=1s opened at %d ms", s2.Now())
	}
	s2.ApplyEmbed(ParseEmbedOptions("sel=queue%3Await&msg=1"))
	sel := s2.Selection()
	if sel.Kind != "message" || sel.Name != "wait" || sel.Position != 0 {
		t.Fatalf("msg=1 selected %+v, want the head of wait", sel)
	}
	if md := s2.MessageDetail(); len(md.XDeath) == 0 {
		t.Errorf("the pinned message has no x-death rows: %+v", md)
	}
}
