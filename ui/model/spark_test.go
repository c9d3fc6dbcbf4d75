package model

import (
	"testing"

	"github.com/dlxlab/dlxlab/core"
)

// stepPoints draws a step line; samples within half a pixel of each
// other become one vertical stroke through their range, ending at the
// last depth.
func TestStepPoints(t *testing.T) {
	x := func(t core.Time) float64 { return float64(t) / 10 }
	y := func(d int) float64 { return float64(20 - d) }
	got := stepPoints([]Sample{{T: 0, Ready: 1}, {T: 100, Ready: 3}}, x, y, 20)
	if want := "0.0,19.0 10.0,19.0 10.0,17.0 20.0,17.0"; got != want {
		t.Errorf("two samples: %q, want %q", got, want)
	}
	// 100, 101, 102 ms are the same half pixel at 10 ms a pixel
	got = stepPoints([]Sample{{T: 0, Ready: 1}, {T: 100, Ready: 5}, {T: 101, Ready: 0}, {T: 102, Ready: 2}}, x, y, 20)
	if want := "0.0,19.0 10.0,19.0 10.0,20.0 10.0,15.0 10.0,18.0 20.0,18.0"; got != want {
		t.Errorf("a run in one half pixel: %q, want %q", got, want)
	}
}
