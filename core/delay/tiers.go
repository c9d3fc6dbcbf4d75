package delay

import (
	"slices"

	"github.com/dlxlab/dlxlab/core"
)

// sortedTiers returns the tiers ascending without repeats.
func sortedTiers(ts []core.Time) []core.Time {
	s := slices.Clone(ts)
	slices.Sort(s)
	return slices.Compact(s)
}

// roundUp picks the smallest tier not shorter than d. When every tier is
// shorter, it picks the longest and reports false: the message comes out early.
func roundUp(sorted []core.Time, d core.Time) (int, bool) {
	i, _ := slices.BinarySearch(sorted, d)
	if i == len(sorted) {
		return len(sorted) - 1, false
	}
	return i, true
}
