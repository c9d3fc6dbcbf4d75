package model

import (
	"strings"
	"testing"
)

// TestRocketEmbedOptions: a RocketMQ embed link starts at its t, written
// in milliseconds or as a duration, also when a short link's page applies
// the fragment to a scenario it already has, and plays with play=1.
func TestRocketEmbedOptions(t *testing.T) {
	s, err := NewRocket(RocketLesson("rocketmq-full-ladder-to-dlq"))
	if err != nil {
		t.Fatal(err)
	}
	frag, err := s.ShareFragment()
	if err != nil {
		t.Fatal(err)
	}
	link, _, _ := strings.Cut(frag, "&")
	for _, tt := range []string{"90000", "90s", "1m30s"} {
		o, err := OpenRocketFragment("#" + link + "&t=" + tt + "&play=1")
		if err != nil {
			t.Fatal(err)
		}
		if o.Now() != 90_000 {
			t.Errorf("t=%s opened at %d ms, want 90000", tt, o.Now())
		}
		if o.ApplyEmbed(ParseEmbedOptions("#t=" + tt + "&play=1")); !o.Playing() {
			t.Errorf("t=%s&play=1 does not play", tt)
		}
	}
	short, err := NewRocket(RocketLesson("rocketmq-full-ladder-to-dlq")) // a short link's scenario, from the server
	if err != nil {
		t.Fatal(err)
	}
	short.OpenState("#t=2m&sel=group%3Aorder-consumer")
	if short.Now() != 120_000 || short.Selection().Group != "order-consumer" {
		t.Errorf("a short link's fragment opened at %d ms with %+v", short.Now(), short.Selection())
	}
	if short.ApplyEmbed(ParseEmbedOptions("#t=2m")); short.Playing() {
		t.Error("plays without play=1")
	}
}
