package model

import (
	"slices"
	"testing"
)

// A definitions file with three planted traps (a missing DLX, a DLX no
// binding matches, a TTL loop): the panel lists three findings, each
// names its canvas nodes, and "show me" plays a reproduction that loses
// the message the same way; Undo brings the topology back.
const threeTraps = `{"rabbit_version": "3.12.13",
 "exchanges": [{"name": "dlx", "vhost": "/", "type": "direct", "durable": true, "auto_delete": false, "internal": false, "arguments": {}}],
 "queues": [
  {"name": "orders", "vhost": "/", "durable": true, "auto_delete": false, "arguments": {"x-queue-type": "quorum", "x-delivery-limit": 5, "x-dead-letter-exchange": "dlx.typo"}},
  {"name": "payments", "vhost": "/", "durable": true, "auto_delete": false, "arguments": {"x-queue-type": "quorum", "x-delivery-limit": 5, "x-dead-letter-exchange": "dlx"}},
  {"name": "ping", "vhost": "/", "durable": true, "auto_delete": false, "arguments": {"x-message-ttl": 1000, "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "pong"}},
  {"name": "pong", "vhost": "/", "durable": true, "auto_delete": false, "arguments": {"x-message-ttl": 1000, "x-dead-letter-exchange": "", "x-dead-letter-routing-key": "ping"}}],
 "bindings": [], "policies": []}`

func TestFindingsPanelModel(t *testing.T) {
	s := New()
	if _, err := s.ImportDefinitions([]byte(threeTraps)); err != nil {
		t.Fatal(err)
	}
	rep, err := s.Findings()
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, f := range rep.Findings {
		codes = append(codes, f.Code)
	}
	if !slices.Equal(codes, []string{"dlx-missing", "dlx-unroutable", "dead-letter-cycle"}) {
		t.Fatalf("findings %q", codes)
	}
	if again, _ := s.Findings(); again != rep {
		t.Error("the report is worked out again without a change")
	}
	if got := FindingNodes(rep.Findings[0]); !slices.Equal(got, []string{ExchangeKey("dlx.typo"), QueueKey("orders")}) {
		t.Errorf("nodes of dlx-missing: %q", got)
	}
	g := s.Graph()
	for _, key := range FindingNodes(rep.Findings[0]) {
		if _, ok := g.Node(key); !ok {
			t.Errorf("no canvas node %s", key)
		}
	}
	before := canon(t, s)
	if !s.ShowMe(rep.Findings[0]) || !s.Playing() {
		t.Fatalf("show me did not start: %+v", s.Notice())
	}
	s.JumpBy(2000)
	dropped := slices.ContainsFunc(s.RecentEvents(20), func(e EventLine) bool { return e.Reason == "dlx-missing" })
	if !dropped {
		t.Errorf("the reproduction did not drop the message at the missing DLX: %+v", s.RecentEvents(20))
	}
	rep2, err := s.Metrics()
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := s.Metrics(); again != rep2 {
		t.Error("the metrics are worked out again without a change")
	}
	if v, ok := rep2.Value("rabbitmq_global_messages_dead_lettered_rejected_total",
		"queue_type=rabbit_quorum_queue", "dead_letter_strategy=disabled"); !ok || v != 1 {
		t.Errorf("the reproduction's discarded dead letter: %d (%v)", v, ok)
	}
	s.Undo()
	if canon(t, s) != before {
		t.Error("undo did not bring the imported topology back")
	}
}
