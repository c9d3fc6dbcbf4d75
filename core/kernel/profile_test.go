package kernel

import "testing"

func TestParseProfile(t *testing.T) {
	type prof string
	known := []prof{"b-2", "b-1"}
	for _, c := range []struct {
		in, want, err string
	}{
		{in: "", want: "b-2"},
		{in: "b-1", want: "b-1"},
		{in: "b-3", err: `unknown B profile "b-3" (known: b-2, b-1)`},
		{in: "B-1", err: `unknown B profile "B-1" (known: b-2, b-1)`},
	} {
		got, err := ParseProfile(c.in, known[0], known, "B ")
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("ParseProfile(%q) error = %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || string(got) != c.want {
			t.Errorf("ParseProfile(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}
