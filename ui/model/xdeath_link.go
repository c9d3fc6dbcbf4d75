package model

// x-death rows linked to the story of the message. The broker keeps one
// x-death entry per (queue, reason) and counts it up, so a row with count
// 3 stands for three dead-letterings that the history tells one by one.
// Marking a row marks those lines, so the learner sees which events wrote
// the entry (and when its time was fixed: at the first of them).

// xdPick is the row the learner picked: a message (lineage) and a
// queue|reason key.
type xdPick struct {
	lineage uint64
	key     string
}

// MarkDeaths marks, in the selected message's history, the dead-letterings
// that made or counted up its x-death entry for (queue, reason); marking
// the same row again clears the mark.
func (s *Session) MarkDeaths(queue, reason string) {
	p := xdPick{s.sel.Lineage, queue + "|" + reason}
	if s.xdPick == p {
		p = xdPick{}
	}
	s.xdPick = p
}

// linkDeaths counts, for every x-death row, the history lines that made
// it, up to event upTo (a delivery's headers know nothing later), and
// marks the picked row and its lines.
func (s *Session) linkDeaths(md *MessageDetail, upTo uint64) {
	count := map[string]int{}
	for i := range md.History {
		it := &md.History[i]
		if it.Death == "" || it.Seq > upTo {
			continue
		}
		count[it.Death]++
		it.Marked = s.xdPick.lineage == md.Lineage && s.xdPick.key == it.Death
	}
	for i := range md.XDeath {
		r := &md.XDeath[i]
		r.Events = count[r.Key]
		r.Marked = s.xdPick.lineage == md.Lineage && s.xdPick.key == r.Key && r.Events > 0
	}
}
