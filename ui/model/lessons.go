package model

import (
	"strings"
	"unicode/utf8"
)

// How the library dialog groups and filters the lessons.

// startLessons are the first lessons to try, shown first.
var startLessons = []string{"retry-loop", "basics-reject-to-dlq", "ttl-queue-vs-message", "dlx-unroutable-and-missing"}

// lessonGroups maps a file-name prefix to a topic (Key is the catalogue
// key of its heading); the order is the order of the groups in the
// dialog. The first group is the start lessons; files with no known
// prefix go last.
var lessonGroups = []struct{ prefix, key string }{
	{"", "lib.group.start"},
	{"basics-", "lib.group.basics"},
	{"ttl-", "lib.group.ttl"},
	{"dlx-", "lib.group.dlx"},
	{"routing-", "lib.group.routing"},
	{"retry-", "lib.group.retry"},
	{"quorum-", "lib.group.quorum"},
	{"policy-", "lib.group.policy"},
	{"profile-", "lib.group.profile"},
	{"myth-", "lib.group.myth"},
	{"template-", "lib.group.templates"},
	{"", "lib.group.more"},
}

// LessonGroupKeys are the catalogue keys of every group heading.
func LessonGroupKeys() []string {
	keys := make([]string, len(lessonGroups))
	for i, g := range lessonGroups {
		keys[i] = g.key
	}
	return keys
}

// LessonGroup is one heading of the library dialog and its lessons.
type LessonGroup struct {
	Key     string // catalogue key of the heading
	Lessons []Lesson
}

// LessonGroups are the lessons whose name, title or summary (in either
// language) contains query (case-insensitive; "" matches all), grouped
// by topic: the start lessons first in their order, then each topic in
// file-name order. Empty groups are left out.
func LessonGroups(query string) []LessonGroup {
	q := strings.ToLower(strings.TrimSpace(query))
	groups := make([]LessonGroup, len(lessonGroups))
	for i, g := range lessonGroups {
		groups[i].Key = g.key
	}
	for _, l := range libraryOrder() {
		text := strings.ReplaceAll(l.Name+" "+l.Title+" "+l.Summary+" "+l.TitleZH+" "+l.SummaryZH, "`", "")
		if q != "" && !strings.Contains(strings.ToLower(text), q) {
			continue
		}
		g := lessonGroupOf(l.Name)
		groups[g].Lessons = append(groups[g].Lessons, l)
	}
	out := groups[:0]
	for _, g := range groups {
		if len(g.Lessons) > 0 {
			out = append(out, g)
		}
	}
	return out
}

func lessonGroupOf(name string) int {
	for _, s := range startLessons {
		if s == name {
			return 0
		}
	}
	for i, g := range lessonGroups {
		if g.prefix != "" && strings.HasPrefix(name, g.prefix) {
			return i
		}
	}
	return len(lessonGroups) - 1
}

// libraryOrder is the library with the start lessons first, in their order.
func libraryOrder() []Lesson {
	lib := Library()
	out := make([]Lesson, 0, len(lib))
	for _, name := range startLessons {
		for _, l := range lib {
			if l.Name == name {
				out = append(out, l)
			}
		}
	}
	for _, l := range lib {
		if lessonGroupOf(l.Name) != 0 {
			out = append(out, l)
		}
	}
	return out
}

// FirstSentence keeps a summary short in a list: up to the first ". " or,
// in Chinese, the first "。" (a full stop needs no space after it), and at
// most 220 characters.
func FirstSentence(s string) string {
	end := -1
	if i := strings.Index(s, ". "); i > 0 {
		end = i + 1
	}
	if i := strings.Index(s, "。"); i > 0 && (end < 0 || i < end) && i+len("。") < len(s) {
		end = i + len("。")
	}
	if end > 0 && utf8.RuneCountInString(s[:end]) < 220 {
		return s[:end]
	}
	if r := []rune(s); len(r) > 220 {
		return string(r[:219]) + "…"
	}
	return s
}
