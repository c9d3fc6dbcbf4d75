package scenarios

import (
	"strings"
	"testing"
)

// TestConformProfiles: conform.profiles names the brokers a scenario is
// about; it survives the canonical form (links) and refuses unknown names.
func TestConformProfiles(t *testing.T) {
	sc := parseString(t, `
		version: 1
		queues: [{name: q}]
		conform: {profiles: [rabbitmq-4.2, rabbitmq-4.3]}
		`)
	for p, want := range map[string]bool{"rabbitmq-4.3": true, "rabbitmq-4.2": true, "rabbitmq-3.12": false} {
		if got := sc.Conform.AppliesTo(p); got != want {
			t.Errorf("AppliesTo(%s) = %v, want %v", p, got, want)
		}
	}
	if !(*Conform)(nil).AppliesTo("rabbitmq-3.12") || !(&Conform{Skip: "slow"}).AppliesTo("rabbitmq-3.12") {
		t.Error("no profiles listed: every broker applies")
	}
	canon, err := CanonicalJSON(sc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(canon), `"profiles":["rabbitmq-4.2","rabbitmq-4.3"]`) {
		t.Errorf("canonical form lost the profiles: %s", canon)
	}
	_, err = Parse("x.yaml", []byte("version: 1\nconform: {profiles: [rabbitmq-4.1]}\n"))
	if err == nil || !strings.Contains(err.Error(), `x.yaml:2:22: conform.profiles: unknown profile "rabbitmq-4.1"`) {
		t.Errorf("unknown profile: got %v", err)
	}
}
