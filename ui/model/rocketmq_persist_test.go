package model

import (
	"reflect"
	"strings"
	"testing"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	rscn "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

// The autosave and a share link bring back the same run: scenario (with a
// send by hand), time and selection.
func TestRocketSaveAndLink(t *testing.T) {
	s, err := NewRocket(RocketLesson("rocketmq-full-ladder-to-dlq"))
	if err != nil {
		t.Fatal(err)
	}
	s.JumpBy(30_000)
	if err := s.Apply(rscn.Step{Send: &rscn.Send{Topic: "orders", Keys: []string{"late"}}}); err != nil {
		t.Fatal(err)
	}
	s.JumpBy(15 * 60_000)
	s.Select(RocketSelection{Kind: "message", MsgID: "7F000001000000000000000000000001"})
	data, err := s.Save()
	if err != nil {
		t.Fatal(err)
	}
	back, err := RestoreRocket(data)
	if err != nil {
		t.Fatal(err)
	}
	frag, err := s.ShareFragment()
	if err != nil {
		t.Fatal(err)
	}
	if !IsRocketFragment(frag) {
		t.Fatal("the link is not seen as RocketMQ")
	}
	linked, err := OpenRocketFragment("#" + frag)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []*RocketSession{back, linked} {
		if o.Now() != s.Now() || o.Selection() != s.Selection() || !reflect.DeepEqual(o.Events(), s.Events()) {
			t.Fatalf("reopened at %d with %d events, want %d and %d", o.Now(), len(o.Events()), s.Now(), len(s.Events()))
		}
	}
}

// A RabbitMQ link is not opened as RocketMQ, and a RocketMQ link is refused
// by the RabbitMQ session with an error, never a panic.
func TestRocketLinkBrokers(t *testing.T) {
	rabbit := New()
	rabbit.LoadLesson("retry-loop")
	frag, _ := rabbit.ShareFragment()
	if IsRocketFragment(frag) {
		t.Fatal("a RabbitMQ link seen as RocketMQ")
	}
	if _, err := OpenRocketFragment(frag); err != ErrNotRocket {
		t.Fatalf("err %v, want ErrNotRocket", err)
	}
	s, _ := NewRocket(RocketStarter())
	rf, _ := s.ShareFragment()
	if err := New().OpenFragment(rf); err == nil {
		t.Fatal("the RabbitMQ session opened a RocketMQ link")
	}
	if _, err := OpenRocketFragment("s=1.garbage"); err == nil {
		t.Fatal("a damaged link opened")
	}
}

// Every RocketMQ lesson is in the library, in exactly one group, and opens.
func TestRocketLibrary(t *testing.T) {
	lib := RocketLibrary()
	if len(lib) < 15 {
		t.Fatalf("%d RocketMQ lessons", len(lib))
	}
	n := 0
	for _, g := range RocketLessonGroups("") {
		n += len(g.Lessons)
		for _, l := range g.Lessons {
			if l.Err != "" || l.Broker != "rocketmq" {
				t.Errorf("%s: %s", l.Name, l.Err)
			}
			if _, err := NewRocket(RocketLesson(l.Name)); err != nil {
				t.Errorf("%s: %v", l.Name, err)
			}
		}
	}
	if n != len(lib) {
		t.Fatalf("groups hold %d lessons of %d", n, len(lib))
	}
	if g := RocketLessonGroups("顺序"); len(g) != 1 || g[0].Key != "rq.group.orderly" {
		t.Fatalf("filter 顺序: %+v", g)
	}
	for _, l := range Library() {
		if l.Broker != "" {
			t.Fatalf("%s: a RocketMQ lesson in the RabbitMQ library", l.Name)
		}
	}
}

// The profile changes the run and keeps the time; the orderly-loop lesson
// loops through %RETRY% on 5.1.0 only.
func TestRocketSetProfile(t *testing.T) {
	s, _ := NewRocket(RocketLesson("rocketmq-orderly-loop-5.1.0"))
	s.JumpBy(60_000)
	if err := s.SetProfile(string(rmq.RocketMQ53)); err != nil {
		t.Fatal(err)
	}
	if s.Now() != 60_000 || s.Profile() != string(rmq.RocketMQ53) {
		t.Fatalf("now %d profile %s", s.Now(), s.Profile())
	}
	if err := s.SetProfile("rocketmq-9"); err == nil || !strings.Contains(err.Error(), "profile") {
		t.Fatalf("a bad profile: %v", err)
	}
	if _, err := NewRocket(RocketStarter()); err != nil {
		t.Fatal(err)
	}
}
