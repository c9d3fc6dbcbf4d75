package conform

import (
	"errors"
	"reflect"
	"testing"

	"github.com/dlxlab/dlxlab/core"
)

func TestNormalizeVhost(t *testing.T) {
	v := vhostName(1234, 7)
	if v != "dlxlab-conform-1234-7" {
		t.Fatalf("vhostName: %q", v)
	}
	for _, c := range []struct{ in, want string }{
		{"NOT_FOUND - no queue 'q' in vhost 'dlxlab-conform-1234-7'", "NOT_FOUND - no queue 'q' in vhost '/'"},
		{"PRECONDITION_FAILED - invalid arg 'x-message-ttl' for queue 'q' in vhost 'dlxlab-conform-1234-7': {value_negative,-1}",
			"PRECONDITION_FAILED - invalid arg 'x-message-ttl' for queue 'q' in vhost '/': {value_negative,-1}"},
		// another run's vhost, or a queue that happens to be named like one, is left alone
		{"NOT_FOUND - no queue 'q' in vhost 'dlxlab-conform-1234-70'", "NOT_FOUND - no queue 'q' in vhost 'dlxlab-conform-1234-70'"},
		{"PRECONDITION_FAILED - a", "PRECONDITION_FAILED - a"},
	} {
		if got := NormalizeVhost(c.in, v); got != c.want {
			t.Errorf("NormalizeVhost(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := NormalizeVhost("in vhost '/'", "/"); got != "in vhost '/'" {
		t.Errorf("vhost / : %q", got)
	}
}

func TestStaleVhosts(t *testing.T) {
	names := []string{"/", "dlxlab-conform-10-1", "dlxlab-conform-10-2", "dlxlab-conform-20-1", "dlxlab-conform-x-1", "other", "dlxlab-conform-30-1-extra"}
	alive := func(pid int) bool { return pid == 20 }
	want := []string{"dlxlab-conform-10-1", "dlxlab-conform-10-2"}
	if got := staleVhosts(names, alive); !reflect.DeepEqual(got, want) {
		t.Errorf("staleVhosts = %q, want %q", got, want)
	}
}

func TestErlBinList(t *testing.T) {
	if got, ok := erlBinList([]string{"guest", "dlxlab-conform-1-2"}); !ok || got != `[<<"guest">>,<<"dlxlab-conform-1-2">>]` {
		t.Errorf("erlBinList = %q, %v", got, ok)
	}
	for _, bad := range []string{`a"b`, "a b", "é", ""} {
		if _, ok := erlBinList([]string{bad}); ok {
			t.Errorf("erlBinList accepted %q", bad)
		}
	}
}

func TestPolicyError(t *testing.T) {
	validation := &ctlError{stderr: "Error:\nValidation failed\n\n-1 is not a valid message TTL\n\n"}
	var be *BrokerError
	if err := policyError(validation); !errors.As(err, &be) || be.Code != 406 ||
		be.Text != "Validation failed\n\n-1 is not a valid message TTL\n" {
		t.Errorf("validation: %#v", err)
	}
	missing := &ctlError{stderr: "Error:\nParameter does not exist\n"}
	if err := policyError(missing); !errors.As(err, &be) || be.Code != 404 || be.Text != "Parameter does not exist" {
		t.Errorf("missing: %#v", err)
	}
	down := &ctlError{stderr: "Error: unable to perform an operation on node 'rabbit@vm'"}
	if err := policyError(down); errors.As(err, &be) {
		t.Errorf("a node that is down is a failure of the run, not a refusal: %#v", err)
	}
	if policyError(nil) != nil {
		t.Error("nil")
	}
}

func TestJSONDefinition(t *testing.T) {
	got := jsonDefinition(core.Table{"message-ttl": int64(5), "nested": core.Table{"t": core.Timestamp(3)}, "b": []byte("x")})
	want := map[string]any{"message-ttl": int64(5), "nested": map[string]any{"t": int64(3)}, "b": "x"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("jsonDefinition = %#v", got)
	}
}
