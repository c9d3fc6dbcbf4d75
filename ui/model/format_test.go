package model

import (
	"testing"

	"github.com/dlxlab/dlxlab/core"
)

func TestFormatDuration(t *testing.T) {
	for _, tt := range []struct {
		ms   core.Time
		want string
	}{
		{0, "0 ms"},
		{300, "300 ms"},
		{1000, "1 s"},
		{1500, "1.5 s"},
		{59_999, "59.999 s"},
		{60_000, "1 min"},
		{61_000, "1 min 1 s"},
		{90_500, "1 min 30.5 s"},
		{5_400_000, "1 h 30 min"},
		{(4*60 + 46) * 60_000, "4 h 46 min"},
		{86_400_000, "1 d"},
		{2*86_400_000 + 3*3_600_000, "2 d 3 h"},
		{86_400_000 + 1, "1 d 0.001 s"},
	} {
		if got := FormatDuration(tt.ms); got != tt.want {
			t.Errorf("FormatDuration(%d) = %q, want %q", tt.ms, got, tt.want)
		}
	}
}

func TestFormatClock(t *testing.T) {
	for _, tt := range []struct {
		ms   core.Time
		want string
	}{
		{0, "0.000 s"},
		{1250, "1.250 s"},
		{59_999, "59.999 s"},
		{60_000, "1 min"},
		{86_400_000, "1 d"},
		{86_400_000 + 1500, "1 d 1.5 s"},
	} {
		if got := FormatClock(tt.ms); got != tt.want {
			t.Errorf("FormatClock(%d) = %q, want %q", tt.ms, got, tt.want)
		}
	}
}
