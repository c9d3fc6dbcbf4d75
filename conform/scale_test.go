package conform

import (
	"reflect"
	"testing"
	"time"

	"github.com/dlxlab/dlxlab/core"
)

func TestScalerExpiration(t *testing.T) {
	s := NewScaler(0.1)
	for _, c := range []struct{ in, want string }{
		{"300", "30"}, {"0", "0"}, {"1", "1"}, {"4", "1"}, {"60000", "6000"},
		// invalid or unusual: sent as written, so the broker says what the simulator says
		{"", ""}, {"abc", "abc"}, {"-1", "-1"}, {"007", "007"}, {"+5", "+5"}, {"1.5", "1.5"},
		{"315360000001", "315360000001"},
	} {
		if got := s.Expiration(c.in); got != c.want {
			t.Errorf("Expiration(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{{"30", "300"}, {"6000", "60000"}, {"0", "0"}, {"abc", "abc"}, {"999", "999"}} {
		if got := s.UnscaleExpiration(c.in); got != c.want {
			t.Errorf("UnscaleExpiration(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestScalerArgs(t *testing.T) {
	s := NewScaler(0.1)
	in := core.Table{"x-message-ttl": int64(300), "x-expires": int32(5000), "x-max-length": int64(3),
		"x-dead-letter-exchange": "dlx"}
	want := core.Table{"x-message-ttl": int64(30), "x-expires": int32(500), "x-max-length": int64(3),
		"x-dead-letter-exchange": "dlx"}
	if got := s.Args(in); !reflect.DeepEqual(got, want) {
		t.Errorf("Args: got %#v, want %#v", got, want)
	}
	if in["x-message-ttl"] != int64(300) {
		t.Error("Args changed its input")
	}
	bad := core.Table{"x-message-ttl": int64(-1), "x-expires": "soon"}
	if got := s.Args(bad); !reflect.DeepEqual(got, bad) {
		t.Errorf("invalid values must pass unchanged: %#v", got)
	}
	def := s.PolicyDefinition(core.Table{"message-ttl": int64(1000), "expires": int64(20), "max-length": int64(10)})
	if def["message-ttl"] != int64(100) || def["expires"] != int64(2) || def["max-length"] != int64(10) {
		t.Errorf("PolicyDefinition: %#v", def)
	}
	if s.Args(nil) != nil {
		t.Error("nil arguments should stay nil")
	}
}

func TestScalerUnscaleText(t *testing.T) {
	s := NewScaler(0.1)
	s.Args(core.Table{"x-message-ttl": int64(300)})
	s.Args(core.Table{"x-message-ttl": int64(100)})
	text := "PRECONDITION_FAILED - inequivalent arg 'x-message-ttl' for queue 'q' in vhost '/': received the value '10' of type 'long' but current is the value '30' of type 'long'"
	want := "PRECONDITION_FAILED - inequivalent arg 'x-message-ttl' for queue 'q' in vhost '/': received the value '100' of type 'long' but current is the value '300' of type 'long'"
	if got := s.UnscaleText(text); got != want {
		t.Errorf("UnscaleText:\n got %s\nwant %s", got, want)
	}
	other := "NOT_FOUND - no queue '30' in vhost '/'"
	if got := s.UnscaleText(other); got != other {
		t.Errorf("a text about no TTL must not change: %s", got)
	}
}

func TestScalerConflicts(t *testing.T) {
	s := NewScaler(0.1)
	s.Expiration("333")
	s.Expiration("330")
	if c := s.Conflicts(); len(c) != 1 {
		t.Fatalf("Conflicts: %q", c)
	}
	if got := s.UnscaleExpiration("33"); got != "333" {
		t.Errorf("the first value wins: %q", got)
	}
}

func TestScalerTime(t *testing.T) {
	s := NewScaler(0.1)
	if got := s.Real(2000); got != 200*time.Millisecond {
		t.Errorf("Real(2000) = %v", got)
	}
	if got := s.Virtual(200 * time.Millisecond); got != 2000 {
		t.Errorf("Virtual(200ms) = %d", got)
	}
	one := NewScaler(1)
	if one.Expiration("333") != "333" || one.UnscaleExpiration("333") != "333" {
		t.Error("scale 1 changes nothing")
	}
}
