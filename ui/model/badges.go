package model

// A queue's consumers are drawn on one row of badges under its counts,
// side by side, so that attaching a second consumer does not grow the
// box: the layout keeps room for one row (roomH), and a box that changed
// size would overlap its neighbours or push the drawing around. Past
// maxBadges the last slot counts the rest ("+3"); the inspector lists them
// all.

// maxBadges is how many slots a badge row has: three names still fit a
// queue box's narrowest width legibly.
const maxBadges = 3

// layBadges places n's consumer badges side by side on one row and sets
// the box's height: one row whatever the number of consumers.
func layBadges(n *Node) {
	k := len(n.Consumers)
	if k == 0 {
		return
	}
	slots := min(k, maxBadges)
	w := n.W / float64(slots)
	for i := range n.Consumers {
		b := &n.Consumers[i]
		slot := min(i, slots-1)
		b.X, b.Y, b.W = float64(slot)*w, qH, w
		b.Hidden = k > maxBadges && i >= maxBadges-1
	}
	if k > maxBadges {
		n.More = k - (maxBadges - 1)
	}
	n.H = qH + badgeH
}
