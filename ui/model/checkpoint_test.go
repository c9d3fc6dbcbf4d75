package model

import (
	"testing"
	"time"
)

const checkpointLesson = `
version: 1
title: checkpoints
queues:
  - {name: main, arguments: {x-dead-letter-exchange: "", x-dead-letter-routing-key: dlq}}
  - {name: dlq}
  - {name: wait, arguments: {x-message-ttl: 300, x-dead-letter-exchange: "", x-dead-letter-routing-key: main}}
steps:
  - publish: {routing_key: wait, body: a}
  - publish: {routing_key: wait, body: b}
  - wait: 1s
  - publish: {routing_key: main, body: c}
checkpoints:
  - {at: 300ms, text: both expired, text_zh: 都过期了}
  - step: 0
    text: a waits
    question: which leaves wait first?
    choices: [a, b]
    answer: 1
    explain: the head goes first
  - {step: 3, text: c published}
`

func checkpointSession(t *testing.T) *Session {
	t.Helper()
	s := New()
	if err := s.LoadText("cp.yaml", []byte(checkpointLesson)); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestCheckpointsPausePlay: playing stops at each checkpoint in run order
// (a step checkpoint right after its step, before the next step of the
// same instant; a time checkpoint when the clock gets there), and the
// question's answer is shown only once the learner plays on.
func TestCheckpointsPausePlay(t *testing.T) {
	s := checkpointSession(t)
	s.Play()
	cp := s.Checkpoint()
	if cp == nil || cp.Text != "a waits" || cp.Index != 1 || cp.Count != 3 || s.Playing() {
		t.Fatalf("after Play: checkpoint %+v, playing %v", cp, s.Playing())
	}
	if q, _ := s.Broker().Queue("wait"); q.Ready != 1 {
		t.Fatalf("step 1 ran before the checkpoint after step 0: wait has %d", q.Ready)
	}
	if cp.Answer != 0 || cp.Explain != "" || !cp.Waiting {
		t.Fatalf("the answer shows before playing on: %+v", cp)
	}
	if s.PickChoice(3) || !s.PickChoice(2) || s.Checkpoint().Picked != 2 {
		t.Fatal("PickChoice took a choice that does not exist, or not one that does")
	}
	s.Tick(time.Second) // paused: nothing moves
	if s.Now() != 0 {
		t.Fatalf("paused at a checkpoint, the clock moved to %d", s.Now())
	}

	s.Continue()
	cp = s.Checkpoint()
	if cp == nil || !cp.Revealed || cp.Answer != 1 || cp.Explain != "the head goes first" || cp.Waiting || cp.Picked != 2 {
		t.Fatalf("after playing on: %+v", cp)
	}
	if q, _ := s.Broker().Queue("wait"); q.Ready != 2 {
		t.Fatalf("playing on did not run step 1: wait has %d", q.Ready)
	}
	s.Tick(time.Second)
	s.Tick(time.Second + 500*time.Millisecond) // 500 ms at 1×: stops at 300 ms
	cp = s.Checkpoint()
	if s.Now() != 300 || cp == nil || cp.Text != "both expired" || cp.TextZH != "都过期了" || s.Playing() {
		t.Fatalf("time checkpoint: now %d, checkpoint %+v, playing %v", s.Now(), cp, s.Playing())
	}
	if p := cp.Prev; p == nil || p.Answer != "a" || p.Right || !p.Picked || p.Explain != "the head goes first" {
		t.Errorf("the answer before is not carried over: %+v", p)
	}
	if q, _ := s.Broker().Queue("main"); q.Ready != 2 {
		t.Fatalf("the time checkpoint came before everything at 300 ms: main has %d", q.Ready)
	}
	s.Play()
	if s.Checkpoint() != nil {
		t.Fatal("a checkpoint without a question stays after playing on")
	}
	s.Tick(2 * time.Second)
	s.Tick(2*time.Second + 900*time.Millisecond)
	if cp := s.Checkpoint(); cp == nil || cp.Text != "c published" || s.Now() != 1000 {
		t.Fatalf("last checkpoint: %+v at %d", cp, s.Now())
	}
	if s.CheckpointsLeft() != 0 {
		t.Errorf("%d checkpoints left", s.CheckpointsLeft())
	}
	s.CloseCheckpoint()
	if s.Checkpoint() != nil || s.Snapshot().Checkpoint != nil {
		t.Error("Close left the panel")
	}
}

// TestCheckpointsStopSteppingNotJumps: Next instant and Step stop at a
// checkpoint; a jump passes over the ones on its way; a restart arms them
// all again.
func TestCheckpointsStopSteppingNotJumps(t *testing.T) {
	s := checkpointSession(t)
	s.StepNext()
	if cp := s.Checkpoint(); cp == nil || cp.Text != "a waits" {
		t.Fatalf("StepNext: %+v", cp)
	}
	s.StepNext() // the rest of t=0
	if q, _ := s.Broker().Queue("wait"); q.Ready != 2 || s.Now() != 0 {
		t.Fatalf("second StepNext: wait %d at %d", q.Ready, s.Now())
	}
	s.JumpBy(2000)
	if s.Now() != 2000 || s.Checkpoint() == nil || !s.Checkpoint().Revealed {
		t.Fatalf("jump: now %d, panel %+v (the revealed answer stays until closed)", s.Now(), s.Checkpoint())
	}
	if s.CheckpointsLeft() != 0 {
		t.Errorf("the jump did not pass over the checkpoints on its way: %d left", s.CheckpointsLeft())
	}
	s.Restart()
	if s.CheckpointsLeft() != 3 || s.Checkpoint() != nil {
		t.Fatalf("restart: %d left, panel %+v", s.CheckpointsLeft(), s.Checkpoint())
	}
	for i := 0; i < 3 && s.Checkpoint() == nil; i++ {
		s.StepEvent()
	}
	if cp := s.Checkpoint(); cp == nil || cp.Text != "a waits" {
		t.Fatalf("StepEvent did not stop at the first checkpoint: %+v", cp)
	}
	if ev := s.Event(); ev == nil || ev.Kind != "enqueued" {
		t.Errorf("the checkpoint after step 0 comes after its last event: %+v", ev)
	}
}

// TestCheckpointSurvivesEdit: an edit replays the run without stopping at
// checkpoints already passed and keeps the open panel.
func TestCheckpointSurvivesEdit(t *testing.T) {
	s := checkpointSession(t)
	s.Play()
	s.Continue()
	s.Tick(time.Second)
	s.Tick(time.Second + 400*time.Millisecond)
	if s.Now() != 300 || s.Checkpoint() == nil {
		t.Fatalf("not at the time checkpoint: %d", s.Now())
	}
	s.Restart()
	s.JumpBy(300)
	s.Undo() // nothing to undo: only the load; replays keep the place
	if s.CheckpointsLeft() > 1 {
		t.Errorf("a replay to 300 ms left %d checkpoints armed", s.CheckpointsLeft())
	}
}
