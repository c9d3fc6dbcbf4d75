package ui

import (
	"math"
	"testing"
)

// TestViewport: the automatic view never shrinks text below the readable
// scale, a small drawing is centred, zooming keeps the point under the
// pointer in place, and panning keeps part of the drawing in the pane.
func TestViewport(t *testing.T) {
	v := viewport{}
	v.setPane(800, 500)
	v.setContent(400, 200)
	if v.S != fitMaxScale || math.Abs(v.X-(800-400*v.S)/2) > 1e-9 {
		t.Errorf("a small drawing: %+v", v)
	}
	v.setContent(4000, 2500) // a big import
	if v.S != minReadable || v.X != 0 || v.Y != 0 {
		t.Errorf("a big drawing is shown at %.2f from %.0f,%.0f; want %.2f from its corner", v.S, v.X, v.Y, minReadable)
	}
	px, py := 300.0, 200.0
	dx, dy := (px-v.X)/v.S, (py-v.Y)/v.S // the drawing's point under the pointer
	v.zoomAt(1.5, px, py)
	if gx, gy := (px-v.X)/v.S, (py-v.Y)/v.S; math.Abs(gx-dx) > 1e-6 || math.Abs(gy-dy) > 1e-6 {
		t.Errorf("zooming moved the point under the pointer: %v,%v → %v,%v", dx, dy, gx, gy)
	}
	v.zoomAt(0.01, px, py)
	if v.S != minZoom {
		t.Errorf("zoomed out to %.2f, below %.2f", v.S, minZoom)
	}
	v.panBy(1e6, 1e6)
	if v.X > v.W || v.Y > v.H {
		t.Errorf("panned the drawing out of the pane: %+v", v)
	}
	moved := v
	v.setPane(900, 500) // the pane grows: a view the learner moved stays
	if v.S != moved.S || v.X != moved.X {
		t.Errorf("a moved view was framed again: %+v", v)
	}
	v.fit()
	if v.moved || v.S != minReadable {
		t.Errorf("fit: %+v", v)
	}
}
