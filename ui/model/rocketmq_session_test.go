package model

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode"

	rmq "github.com/dlxlab/dlxlab/core/rocketmq"
	rscn "github.com/dlxlab/dlxlab/scenarios/rocketmq"
)

func rocketLesson(t *testing.T, name string) *RocketSession {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("../../scenarios/library/rocketmq", name+".yaml"))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := rscn.Parse(name, data)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewRocket(sc)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func dlq(v rmq.View, group string) []rmq.MessageView {
	for _, tp := range v.Topics {
		if tp.Name == rmq.DLQTopic(group) {
			return tp.Queues[0].Messages
		}
	}
	return nil
}

// Fast-forward plays the whole ladder: 17 deliveries, the last with
// reconsumeTimes 16, and the message in %DLQ%.
func TestRocketFastForwardLadder(t *testing.T) {
	s := rocketLesson(t, "rocketmq-full-ladder-to-dlq")
	if s.Started() || len(dlq(s.View(), "order-consumer")) != 0 {
		t.Fatal("a new session has run something")
	}
	if !s.FastForward() {
		t.Fatal("fast-forward did nothing")
	}
	if s.Now() != 5*3600_000 {
		t.Fatalf("now %d, want the end of the lesson (5 h)", s.Now())
	}
	var rts []int
	for _, ev := range s.Events() {
		if ev.Kind == rmq.EvDelivered {
			rts = append(rts, ev.ReconsumeTimes)
		}
	}
	if len(rts) != 17 || rts[16] != 16 {
		t.Fatalf("reconsumeTimes %v, want 0..16", rts)
	}
	d := dlq(s.View(), "order-consumer")
	if len(d) != 1 || d[0].Props[rmq.PropRetryTopic] != "orders" {
		t.Fatalf("DLQ %+v, want the message with RETRY_TOPIC orders", d)
	}
	if s.FastForward() || s.Notice() == nil {
		t.Error("a second fast-forward should say the end is reached")
	}
}

// Stepping one event at a time reveals each event with a caption; a step
// back replays to the same state as stepping forward to that position.
func TestRocketStepAndBack(t *testing.T) {
	s := rocketLesson(t, "rocketmq-orderly-blocks-queue")
	for i := 0; i < 12; i++ {
		if !s.StepEvent() {
			t.Fatalf("step %d: nothing to step to", i)
		}
		ev := s.Event()
		if ev == nil || ev.Pos != i+1 || ev.Caption.EN == "" || ev.Caption.ZH == "" {
			t.Fatalf("step %d: event %+v", i, ev)
		}
	}
	pos, known := s.EventPos()
	if pos != 12 || known != 12 {
		t.Fatalf("pos %d known %d", pos, known)
	}
	s.StepEvent()
	ahead := s.Event().Event
	s.StepBack()
	s.StepBack()
	if pos, known := s.EventPos(); pos != 11 || known != 13 {
		t.Fatalf("after two steps back: pos %d known %d, want 11 13", pos, known)
	}
	fresh := rocketLesson(t, "rocketmq-orderly-blocks-queue")
	for range 11 {
		fresh.StepEvent()
	}
	if !reflect.DeepEqual(s.Event(), fresh.Event()) || !reflect.DeepEqual(s.View(), fresh.View()) {
		t.Fatal("a step back is not the state stepped to")
	}
	s.SeekEvent(13)
	if s.Event().Event != ahead {
		t.Fatalf("seek forward: %v, want %v", s.Event().Event, ahead)
	}
}

// The orderly lesson: queue 0 is blocked by the poison message while queue
// 1 flows; at max the poison message reaches the DLQ.
func TestRocketOrderlyBlocks(t *testing.T) {
	s := rocketLesson(t, "rocketmq-orderly-blocks-queue")
	s.JumpBy(1500)
	v := s.View()
	if len(v.Groups) != 1 || len(v.Groups[0].Blocked) != 1 || v.Groups[0].Blocked[0].QueueID != 0 {
		t.Fatalf("blocked %+v, want queue 0", v.Groups[0].Blocked)
	}
	s.JumpBy(60_000)
	if len(dlq(s.View(), "ledger")) != 1 || len(s.View().Groups[0].Blocked) != 0 {
		t.Fatal("the poison message should be in the DLQ and the queue free")
	}
}

// A send by hand is a step at its time: replaying the scenario it leaves
// gives the same events. Preview leaves the session as it was.
func TestRocketApply(t *testing.T) {
	s := rocketLesson(t, "rocketmq-full-ladder-to-dlq")
	s.JumpBy(25_000)
	if _, evs, err := s.Preview(rscn.Step{Send: &rscn.Send{Topic: "orders", Keys: []string{"x"}}}); err != nil || len(evs) == 0 || evs[0].Kind != rmq.EvSent {
		t.Fatalf("preview: %v %v", evs, err)
	}
	if s.Now() != 25_000 || len(s.Scenario().Steps) != 2 {
		t.Fatal("preview changed the session")
	}
	if err := s.Apply(rscn.Step{Send: &rscn.Send{Topic: "orders", Keys: []string{"by-hand"}}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(rscn.Step{Send: &rscn.Send{Topic: "nope"}}); err != nil || s.Notice() == nil || !s.Notice().Error {
		t.Fatalf("a refused send: %v, notice %+v", err, s.Notice())
	}
	s.JumpBy(60_000)
	steps := s.Scenario().Steps
	if len(steps) != 6 || steps[0].Wait != "" || steps[1].Wait != "25s" || steps[3].Wait != "0s" || steps[5].Wait != "4h59m35s" {
		t.Fatalf("steps %+v", steps)
	}
	again, err := NewRocket(s.Scenario())
	if err != nil {
		t.Fatal(err)
	}
	again.JumpBy(85_000)
	if !reflect.DeepEqual(again.Events(), s.Events()) {
		t.Fatal("the replayed scenario runs differently")
	}
	if _, ok := findKey(s, "by-hand"); !ok {
		t.Fatal("the message sent by hand was not delivered")
	}
}

func findKey(s *RocketSession, key string) (rmq.Event, bool) {
	for _, ev := range s.Events() {
		if m := s.Broker().Copy(ev.Copy); ev.Kind == rmq.EvDelivered && m != nil && m.HasKey(key) {
			return ev, true
		}
	}
	return rmq.Event{}, false
}

// Nothing can go between the messages of a send step still sending.
func TestRocketApplyMidSend(t *testing.T) {
	s := rocketLesson(t, "rocketmq-retry-storm")
	s.JumpBy(4000)
	if err := s.Apply(rscn.Step{Send: &rscn.Send{Topic: "orders"}}); err != ErrMidSend {
		t.Fatalf("err %v, want ErrMidSend", err)
	}
}

// Playing moves the clock by wall time × speed.
func TestRocketTick(t *testing.T) {
	s := rocketLesson(t, "rocketmq-full-ladder-to-dlq")
	s.SetSpeed(1000)
	s.Play()
	s.Tick(time.Second)
	s.Tick(time.Second + 50*time.Millisecond)
	if s.Now() != 50_000 {
		t.Fatalf("now %d, want 50 s", s.Now())
	}
	s.Pause()
	if s.Tick(2 * time.Second) {
		t.Error("a paused clock asks for frames")
	}
}

// Every event of every lesson has a caption in both languages.
func TestRocketCaptions(t *testing.T) {
	files, _ := filepath.Glob("../../scenarios/library/rocketmq/*.yaml")
	kinds := map[rmq.EventKind]bool{}
	for _, f := range files {
		s := rocketLesson(t, strings.TrimSuffix(filepath.Base(f), ".yaml"))
		s.FastForward()
		for _, ev := range s.Events() {
			c := RocketCaption(ev, s.Broker())
			if c.EN == ev.Kind.String() || c.ZH == c.EN || !strings.ContainsFunc(c.ZH, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
				t.Fatalf("%s: %v: caption %+v", f, ev, c)
			}
			kinds[ev.Kind] = true
		}
	}
	if len(kinds) < 12 {
		t.Errorf("the lessons show only %d event kinds", len(kinds))
	}
}
