package conform

import (
	"testing"

	"github.com/dlxlab/dlxlab/core"
)

func TestProfileFor(t *testing.T) {
	for v, want := range map[string]core.Profile{
		"3.10.8": core.Rabbit312, "3.13.7": core.Rabbit312, "4.0.5": core.Rabbit42, "4.2.1": core.Rabbit42,
		"4.3.6": core.Rabbit43, "4.3.0-rc.1": core.Rabbit43, "4.5.0": core.Rabbit43,
	} {
		if got, err := ProfileFor(v); err != nil || got != want {
			t.Errorf("ProfileFor(%q) = %q, %v; want %q", v, got, err, want)
		}
	}
	for _, v := range []string{"", "x", "2.8.1", "5.0.0"} {
		if _, err := ProfileFor(v); err == nil {
			t.Errorf("ProfileFor(%q): want an error", v)
		}
	}
}

func TestTargetNamed(t *testing.T) {
	t.Setenv("DLXLAB_BROKERS_CACHE", "/srv/b")
	tg, err := TargetNamed("4.3")
	if err != nil {
		t.Fatal(err)
	}
	if tg.URL != "amqp://guest:guest@127.0.0.1:5673/" || tg.Ctl[1] != "/srv/b/sid" || tg.Node != "rabbit43@localhost" ||
		tg.LogDir != "/srv/b/sid/var/log/rabbitmq" {
		t.Errorf("4.3 = %+v", tg)
	}
	if _, err := TargetNamed("3.12"); err == nil {
		t.Error("want an error for an unknown target")
	}
}
