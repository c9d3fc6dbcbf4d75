package model

import "testing"

// marked lists the times of the marked history lines.
func marked(md MessageDetail) []int64 {
	var out []int64
	for _, it := range md.History {
		if it.Marked {
			out = append(out, int64(it.T))
		}
	}
	return out
}

// TestXDeathRowsLinkHistory: an x-death row knows the dead-letterings
// that made and counted it up, and marking it marks exactly those lines
// of the message's history: for a delivery, only those before it.
func TestXDeathRowsLinkHistory(t *testing.T) {
	s := lesson(t, "retry-loop")
	s.JumpBy(2000)
	rows := s.Received("worker")
	s.SelectReceived("worker", rows[4].Seq) // the fifth delivery, acked
	md := s.MessageDetail()
	if len(md.XDeath) != 2 {
		t.Fatalf("x-death rows: %+v", md.XDeath)
	}
	for _, r := range md.XDeath {
		if r.Events != int(r.Count) || r.Marked {
			t.Errorf("row %s: %d history lines for count %d (marked %v)", r.Key, r.Events, r.Count, r.Marked)
		}
	}
	s.MarkDeaths("wait", "expired")
	md = s.MessageDetail()
	if got, want := marked(md), []int64{300, 600, 900, 1200}; !equal(got, want) {
		t.Errorf("wait/expired marks the lines at %v ms, want %v", got, want)
	}
	if !md.XDeath[0].Marked || md.XDeath[1].Marked {
		t.Errorf("marked rows: %+v", md.XDeath)
	}
	for _, it := range md.History {
		if it.Marked && (it.Key != "hist.deadlettered" || it.Args[0] != "wait" || it.Args[1] != "expired") {
			t.Errorf("a marked line is not wait's expiry: %+v", it)
		}
	}

	s.SelectReceived("worker", rows[2].Seq) // the third delivery: counts 2
	s.MarkDeaths("main", "rejected")
	if got, want := marked(s.MessageDetail()), []int64{0, 300}; !equal(got, want) {
		t.Errorf("third delivery, main/rejected: lines at %v ms, want %v (nothing after the delivery)", got, want)
	}
	s.MarkDeaths("main", "rejected")
	if got := marked(s.MessageDetail()); len(got) != 0 {
		t.Errorf("marking the row again should clear it, still %v", got)
	}
}

func equal(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
