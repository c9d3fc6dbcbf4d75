package scenarios

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func importFixture(t *testing.T, vhost string) (*Scenario, []string) {
	t.Helper()
	data, err := os.ReadFile("testdata/definitions.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, warnings, err := ImportDefinitions(data, vhost)
	if err != nil {
		t.Fatal(err)
	}
	return sc, warnings
}

// TestImportDefinitions keeps the topology of one vhost and drops users,
// permissions and parameters, saying so, without keeping any secret.
func TestImportDefinitions(t *testing.T) {
	sc, warnings := importFixture(t, "")
	var names []string
	for _, q := range sc.Queues {
		names = append(names, q.Name)
	}
	if got := strings.Join(names, ","); got != "orders,orders.dlq,jobs" {
		t.Errorf("queues = %s", got)
	}
	if len(sc.Exchanges) != 2 || sc.Exchanges[0].Type != "topic" || len(sc.Bindings) != 3 || len(sc.Policies) != 1 {
		t.Errorf("topology: %+v %+v %+v", sc.Exchanges, sc.Bindings, sc.Policies)
	}
	if got := sc.Queues[1].Arguments["x-max-length"]; got != int64(1000) {
		t.Errorf("x-max-length = %#v, want int64 (AMQP long)", got)
	}
	if got := sc.Queues[2].Arguments["x-queue-type"]; got != "quorum" {
		t.Errorf("definitions `type: quorum` became x-queue-type %#v", got)
	}
	if got := sc.Policies[0].Definition["message-ttl"]; got != int64(60000) {
		t.Errorf("policy message-ttl = %#v", got)
	}
	all := strings.Join(warnings, "\n")
	for _, want := range []string{"dropped users (2): names and password hashes are never kept",
		"dropped permissions (1)", "dropped parameters (1)", "dropped global_parameters (1)", "dropped vhosts (2)",
		"dropped topic_permissions (0)", `skipped 1 queues of other vhosts (importing vhost "/")`,
		`skipped 1 policies of other vhosts`, "skipped 1 predeclared exchanges"} {
		if !strings.Contains(all, want) {
			t.Errorf("warnings lack %q:\n%s", want, all)
		}
	}
	// No secret survives anywhere: scenario, link, YAML, exports, warnings.
	link, _ := Encode(sc)
	back, _ := DecodeBytes(link)
	y, _ := FormatYAML(sc)
	js, _ := CanonicalJSON(sc)
	defs, _ := ExportDefinitions(sc)
	admin, _ := ExportRabbitmqadmin(sc)
	for _, out := range []string{string(back), string(y), string(js), string(defs), admin, all} {
		for _, secret := range []string{"SECRET-HASH", "kI3GCqW5", "fedpassword", "password_hash", "admin\"", "rabbit@prod"} {
			if strings.Contains(out, secret) {
				t.Errorf("output keeps %q:\n%s", secret, out)
			}
		}
	}
	obs := run(t, sc)
	if len(obs.Errors) != 0 {
		t.Errorf("imported topology does not declare cleanly: %+v", obs.Errors)
	}
}

func TestImportOtherVhost(t *testing.T) {
	sc, _ := importFixture(t, "staging")
	if len(sc.Queues) != 1 || sc.Queues[0].Name != "staging-q" || len(sc.Policies) != 1 || len(sc.Exchanges) != 0 {
		t.Errorf("staging import: %+v", sc)
	}
}

func TestImportErrors(t *testing.T) {
	for in, want := range map[string]string{
		`[1, 2]`:                     "not a definitions.json export",
		`{"queues": {"a": 1}}`:       "queues must be a list",
		`{"queues": [5]}`:            "queues[0] must be an object",
		`{"queues": [{"name": ""}]}`: "queues[0]",
		`{"bindings": [{"source": "x", "destination": "q", "destination_type": "topic"}]}`: `bindings[0] ("q"): binding: destination_type must be queue or exchange`,
		`not json`: "not a definitions.json export",
	} {
		_, _, err := ImportDefinitions([]byte(in), "/")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ImportDefinitions(%s) error = %v, want %q", in, err, want)
		}
	}
}

func TestExportDefinitions(t *testing.T) {
	sc := load(t, "library/retry-loop.yaml")
	out, err := ExportDefinitions(sc)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Queues []struct {
			Name      string         `json:"name"`
			Vhost     string         `json:"vhost"`
			Durable   bool           `json:"durable"`
			Arguments map[string]any `json:"arguments"`
		} `json:"queues"`
		Exchanges []map[string]any `json:"exchanges"`
		Bindings  []map[string]any `json:"bindings"`
		Policies  []map[string]any `json:"policies"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if len(doc.Queues) != 2 || doc.Queues[1].Name != "wait" || doc.Queues[1].Vhost != "/" || !doc.Queues[1].Durable ||
		doc.Queues[1].Arguments["x-message-ttl"] != 300.0 {
		t.Errorf("queues = %+v", doc.Queues)
	}
	if len(doc.Exchanges) != 1 || doc.Exchanges[0]["type"] != "direct" || len(doc.Bindings) != 1 || doc.Policies == nil {
		t.Errorf("exchanges %v bindings %v policies %v", doc.Exchanges, doc.Bindings, doc.Policies)
	}
	// The export imports back to the same topology.
	again, _, err := ImportDefinitions(out, "/")
	if err != nil {
		t.Fatal(err)
	}
	sc.Consumers, sc.Steps, sc.Expect, sc.Title, sc.Summary, sc.Profile, sc.Seed = nil, nil, nil, "", "", "", 0
	sc.Checkpoints = nil
	sc.TitleZH, sc.SummaryZH = "", ""
	again.Title, again.Summary = "", ""
	assertSame(t, "export+import", sc, again)
}

func TestExportRabbitmqadmin(t *testing.T) {
	sc := parseString(t, `
		title: Export me
		exchanges: [{name: retry.dlx}, {name: "it's", type: topic, auto_delete: true, internal: true, arguments: {alternate-exchange: ae}}]
		queues:
		  - {name: main, arguments: {x-dead-letter-exchange: retry.dlx}}
		  - {name: wait, durable: false, arguments: {x-message-ttl: 300}}
		bindings: [{source: retry.dlx, destination: wait, routing_key: wait}, {source: "it's", destination: retry.dlx, destination_type: exchange}]
		policies: [{name: p, pattern: "^q", apply-to: queues, priority: 2, definition: {message-ttl: 100}}]
		`)
	got, err := ExportRabbitmqadmin(sc)
	if err != nil {
		t.Fatal(err)
	}
	want := `# Export me: topology for rabbitmqadmin (vhost /), made by dlxlab export
rabbitmqadmin declare exchange name=retry.dlx type=direct durable=true
rabbitmqadmin declare exchange name='it'\''s' type=topic durable=true auto_delete=true internal=true arguments='{"alternate-exchange":"ae"}'
rabbitmqadmin declare queue name=main durable=true arguments='{"x-dead-letter-exchange":"retry.dlx"}'
rabbitmqadmin declare queue name=wait durable=false arguments='{"x-message-ttl":300}'
rabbitmqadmin declare binding source=retry.dlx destination=wait destination_type=queue routing_key=wait
rabbitmqadmin declare binding source='it'\''s' destination=retry.dlx destination_type=exchange routing_key=''
rabbitmqadmin declare policy name=p pattern='^q' definition='{"message-ttl":100}' apply-to=queues priority=2
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
