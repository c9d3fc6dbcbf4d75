package kernel

import (
	"fmt"
	"strings"
)

// ParseProfile is the one profile-name rule of both broker models: ""
// means def, otherwise the name must be one of known (listed newest
// first); the error names the broker family and every known profile.
func ParseProfile[P ~string](s string, def P, known []P, family string) (P, error) {
	if s == "" {
		return def, nil
	}
	names := make([]string, len(known))
	for i, p := range known {
		if string(p) == s {
			return p, nil
		}
		names[i] = string(p)
	}
	return "", fmt.Errorf("unknown %sprofile %q (known: %s)", family, s, strings.Join(names, ", "))
}
