package rocketmq

import (
	"strings"
	"testing"
)

// docs/rocketmq.md "Delay levels": the default table of
// MessageStoreConfig.messageDelayLevel, read as
// ScheduleMessageService.parseDelayLevel reads it.
func TestDefaultDelayTable(t *testing.T) {
	tab := DefaultDelayTable()
	if tab.Levels() != 18 {
		t.Fatalf("levels = %d, want 18", tab.Levels())
	}
	want := []int64{1, 5, 10, 30, 60, 120, 180, 240, 300, 360, 420, 480, 540, 600, 1200, 1800, 3600, 7200}
	for i, s := range want {
		got, ok := tab.Delay(i + 1)
		if !ok || got != s*1000 {
			t.Errorf("level %d = %d,%v, want %d s", i+1, got, ok, s)
		}
	}
	if got := tab.String(); got != DefaultMessageDelayLevel {
		t.Errorf("String() = %q", got)
	}
}

// docs/rocketmq.md "Delay levels": broker-decided retries use levels 3..18
// (SendMessageProcessor.consumerSendMsgBack: 3 + reconsumeTimes); their
// waits add up to 4 h 45 min 40 s.
func TestLadderTotal(t *testing.T) {
	tab := DefaultDelayTable()
	var sum int64
	for l := 3; l <= 18; l++ {
		d, _ := tab.Delay(l)
		sum += d
	}
	if want := int64((4*3600 + 45*60 + 40) * 1000); sum != want {
		t.Fatalf("ladder = %d ms, want %d", sum, want)
	}
}

// docs/rocketmq.md "Delay levels": HookUtils.handleScheduleMessage clamps a
// level above the highest to the highest; 0 or less is no delay
// (Message.setDelayTimeLevel).
func TestDelayLevelClamp(t *testing.T) {
	tab := DefaultDelayTable()
	cases := []struct {
		level int
		ms    int64
		ok    bool
	}{
		{-1, 0, false}, {0, 0, false}, {1, 1000, true}, {18, 7200000, true},
		{19, 7200000, true}, {1000, 7200000, true},
	}
	for _, c := range cases {
		ms, ok := tab.Delay(c.level)
		if ms != c.ms || ok != c.ok {
			t.Errorf("Delay(%d) = %d,%v want %d,%v", c.level, ms, ok, c.ms, c.ok)
		}
	}
	if (DelayTable{}).Levels() != 0 {
		t.Error("zero table has levels")
	}
	if _, ok := (DelayTable{}).Delay(3); ok {
		t.Error("zero table gives a delay")
	}
}

// docs/rocketmq.md "Delay levels": a custom messageDelayLevel, units s/m/h/d
// (ScheduleMessageService.parseDelayLevel); a malformed entry is refused
// with the level named.
func TestParseDelayLevels(t *testing.T) {
	tab, err := ParseDelayLevels("2s 1m 1d 90m")
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []int64{2000, 60000, 86400000, 5400000} {
		if got, _ := tab.Delay(i + 1); got != want {
			t.Errorf("level %d = %d want %d", i+1, got, want)
		}
	}
	if got := tab.String(); got != "2s 1m 1d 90m" {
		t.Errorf("String() = %q", got)
	}
	bad := []struct{ in, msg string }{
		{"", "empty"},
		{"1s  5s", "level 2: empty entry"},
		{"1s 5x", "level 2: \"5x\" must end with a unit"},
		{"1s s", "not a whole number"},
		{"1.5s", "not a whole number"},
		{"-1s", "negative"},
		{"99999999999d", "ten years"},
	}
	for _, c := range bad {
		_, err := ParseDelayLevels(c.in)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("ParseDelayLevels(%q) = %v, want error with %q", c.in, err, c.msg)
		}
	}
}

func TestTimerPrecisionDefault(t *testing.T) {
	// docs/rocketmq.md "Timer messages (5.x)": MessageStoreConfig.timerPrecisionMs.
	if DefaultTimerPrecisionMs != 1000 {
		t.Fatal(DefaultTimerPrecisionMs)
	}
}

func FuzzParseDelayLevels(f *testing.F) {
	f.Add(DefaultMessageDelayLevel)
	f.Add("1s  2m")
	f.Fuzz(func(t *testing.T, s string) {
		tab, err := ParseDelayLevels(s)
		if err != nil {
			return
		}
		again, err := ParseDelayLevels(tab.String())
		if err != nil || again.String() != tab.String() {
			t.Fatalf("%q -> %q -> %v", s, tab.String(), err)
		}
	})
}
