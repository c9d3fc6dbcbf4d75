package core

import (
	"slices"
	"testing"
)

func atLeastOnceArgs() Table {
	return Table{"x-queue-type": "quorum", "x-dead-letter-strategy": "at-least-once", "x-overflow": "reject-publish",
		"x-dead-letter-exchange": "dlx"}
}

// docs/rabbitmq.md "At-least-once dead-lettering" / rabbit_fifo_dlx_integration_SUITE: a dead letter whose DLX is
// missing, or routes nowhere, stays in the source backlog (counted as a
// message, not ready) and arrives once the topology is fixed.
func TestAtLeastOnceKeepsUntilRoutable(t *testing.T) {
	s := newSim(t, Rabbit43)
	s.queue("src", atLeastOnceArgs())
	s.queue("dlq", nil)
	s.publish("", "src", "m1", Properties{}, nil)
	s.get("src", ActNack)
	if len(s.drops()) != 0 {
		t.Fatalf("dropped %v; at-least-once keeps it", s.drops())
	}
	s.exchange("dlx", Direct, nil)
	s.wantBodies("dlq")
	s.bind("dlx", "dlq", "src")
	s.wantBodies("dlq", "m1")
	d := s.Messages("dlq", 0)[0]
	if d.Headers["x-first-death-reason"] != "rejected" {
		t.Fatalf("headers %v", d.Headers)
	}
}

// With drop-head (the default overflow) at-least-once falls back to
// at-most-once: the dead letter is dropped.
func TestAtLeastOnceFallsBackWithDropHead(t *testing.T) {
	s := newSim(t, Rabbit43)
	args := atLeastOnceArgs()
	delete(args, "x-overflow")
	s.queue("src", args)
	s.publish("", "src", "m1", Properties{}, nil)
	s.get("src", ActNack)
	if got := s.drops(); !slices.Equal(got, []string{DropDLXMissing}) {
		t.Fatalf("drops %v", got)
	}
}

// A cycle is not dropped at-least-once: it stays held (docs/rabbitmq.md "Cycle detection").
func TestAtLeastOnceCycleIsHeld(t *testing.T) {
	s := newSim(t, Rabbit43)
	args := atLeastOnceArgs()
	args["x-dead-letter-exchange"] = ""
	args["x-message-ttl"] = int64(10)
	s.queue("src", args)
	s.publish("", "src", "m1", Properties{}, nil)
	s.advance(100)
	if len(s.drops()) != 0 || len(s.Messages("src", 0)) != 0 {
		t.Fatalf("drops %v ready %d", s.drops(), len(s.Messages("src", 0)))
	}
	s.ok(s.DeleteQueue("src"))
	if got := s.drops(); !slices.Equal(got, []string{DropQueueDeleted}) {
		t.Fatalf("drops %v", got)
	}
}
