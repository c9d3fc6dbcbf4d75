package share

import (
	"net/http"
	"strings"
	"testing"
)

const rocketScenario = `{"broker": "rocketmq", "title": "Ladder", "topics": [{"name": "orders", "queues": 2}],
  "groups": [{"name": "order-consumer", "subscribe": [{"topic": "orders", "tags": "paid"}]},
             {"name": "ledger", "orderly": true, "subscribe": [{"topic": "orders"}]}],
  "steps": [{"send": {"topic": "orders"}}, {"wait": "5h"}]}`

// A RocketMQ scenario is shared (canonical JSON, same id for the same
// scenario), read back and drawn as a poster with its retry and DLQ topics.
func TestShareRocketMQ(t *testing.T) {
	f := newFixture(t)
	id := f.share(t, []byte(rocketScenario))
	if again := f.share(t, []byte(strings.ReplaceAll(rocketScenario, "\n", " "))); again != id {
		t.Fatalf("same scenario, ids %s and %s", id, again)
	}
	rec := f.do(t, "GET", "/api/share/"+id, "", nil)
	wantStatus(t, rec, http.StatusOK)
	if !strings.HasPrefix(rec.Body.String(), `{"broker":"rocketmq"`) {
		t.Fatalf("stored %s", rec.Body)
	}
	rec = f.do(t, "GET", "/poster/"+id+".svg", "", nil)
	wantStatus(t, rec, http.StatusOK)
	text := wellFormed(t, rec.Body.Bytes())
	for _, want := range []string{"Ladder", "orders", "topic · 2 queues", "subscribe paid", "%RETRY%order-consumer",
		"%DLQ%order-consumer", "%DLQ%ledger", "orderly consumer group"} {
		if !strings.Contains(text, want) {
			t.Errorf("poster lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "%RETRY%ledger") {
		t.Error("an orderly group retries in place, not through %RETRY%")
	}
	bad := f.do(t, "POST", "/api/share", "application/json", []byte(`{"broker": "rocketmq", "topics": []}`))
	wantStatus(t, bad, http.StatusBadRequest)
}
