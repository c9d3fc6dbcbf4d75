package model

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/dlxlab/dlxlab/core"
)

// The canvas's words: edge labels in sentences a newcomer can read ("dead
// letters → retry.dlx", "(queue argument)", "key wait"), one fact per
// line, and how much room a line takes.

// Words translates the canvas's words (a catalogue key and its
// arguments). The UI passes its catalogue; EnglishWords is the default.
type Words func(key string, args ...any) string

// englishWords are the canvas's words in English, used until the UI
// passes its catalogue (and by the tests). The UI catalogue has the same
// keys in English and 简体中文.
var englishWords = map[string]string{
	"edge.deadletters":  "dead letters → %s",
	"edge.via.argument": "(queue argument)",
	"edge.via.policy":   "(policy %s)",
	"edge.key":          "key %s",
	"edge.alternate":    "if unroutable → %s",
	"edge.more":         "+%d more",
	"exchange.default":  `"" (default exchange)`,
}

// EnglishWords formats the canvas's words in English.
func EnglishWords(key string, args ...any) string {
	f, ok := englishWords[key]
	if !ok {
		return key
	}
	return fmt.Sprintf(f, args...)
}

// SetWords makes the canvas speak the UI's language (nil: English).
func (s *Session) SetWords(w Words) { s.words = w }

func (s *Session) say(key string, args ...any) string {
	if s.words == nil {
		return EnglishWords(key, args...)
	}
	return s.words(key, args...)
}

// Label text geometry: 11.5 px monospace, a line every 14 px.
const (
	labelCharW = 6.9
	labelWideW = 11.6 // a CJK character is as wide as the font is high
	labelLineH = 14.0
	labelLines = 5  // more binding keys become "+N more"
	labelChars = 40 // a longer line is cut with "…"
)

// textW is the width of a line of label text.
func textW(s string) float64 {
	w := 0.0
	for _, r := range s {
		if isWide(r) {
			w += labelWideW
		} else {
			w += labelCharW
		}
	}
	return w
}

func isWide(r rune) bool {
	return unicode.Is(unicode.Han, r) || (r >= 0x3000 && r <= 0x30ff) || (r >= 0xff00 && r <= 0xffef)
}

// labelBox is the size of a label's lines.
func labelBox(lines []string) (w, h float64) {
	for _, l := range lines {
		w = max(w, textW(l))
	}
	if len(lines) == 0 {
		return 0, 0
	}
	return w + 6, float64(len(lines))*labelLineH + 4
}

// capLines keeps at most labelLines lines of at most labelChars each.
func (s *Session) capLines(lines []string) []string {
	out := make([]string, 0, min(len(lines), labelLines))
	for i, l := range lines {
		if i == labelLines-1 && len(lines) > labelLines {
			out = append(out, s.say("edge.more", len(lines)-i))
			break
		}
		out = append(out, clipRunes(l, labelChars))
	}
	return out
}

func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// exchangeWord names an exchange in a label ("" is the default one).
func (s *Session) exchangeWord(name string) string {
	if name == "" {
		return s.say("exchange.default")
	}
	return name
}

// dlxLines: where a queue's dead letters go, why, and with which key.
func (s *Session) dlxLines(c core.ConfigView) []string {
	lines := []string{s.say("edge.deadletters", s.exchangeWord(c.DLX))}
	if name, ok := strings.CutPrefix(c.DLXFrom, "policy "); ok {
		lines = append(lines, s.say("edge.via.policy", name))
	} else {
		lines = append(lines, s.say("edge.via.argument"))
	}
	if c.HasDLRoutingKey {
		lines = append(lines, s.say("edge.key", strconv.Quote(c.DLRoutingKey)))
	}
	return lines
}

// bindingLines: one line per binding key, or per header a headers
// binding matches (x-match first), never all on one line.
func bindingLines(xtype string, bd core.Binding) []string {
	switch xtype {
	case core.Fanout:
		return nil
	case core.Headers:
		var lines []string
		keys := bd.Args.SortedKeys()
		for _, k := range keys {
			if k == "x-match" {
				lines = append(lines, k+" = "+FormatValue(bd.Args[k]))
			}
		}
		for _, k := range keys {
			if k != "x-match" {
				lines = append(lines, k+" = "+FormatValue(bd.Args[k]))
			}
		}
		return lines
	}
	if bd.RoutingKey == "" {
		return []string{`""`}
	}
	return []string{bd.RoutingKey}
}

// WordKeys are the catalogue keys the canvas's words use (the UI's
// catalogue must have each in English and 简体中文).
func WordKeys() []string {
	keys := make([]string, 0, len(englishWords))
	for k := range englishWords {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
