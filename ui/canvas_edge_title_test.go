package ui

import (
	"strings"
	"testing"

	"github.com/dlxlab/dlxlab/ui/model"
)

// TestEdgeTitleInBothLanguages: every edge tooltip of the retry loop is a
// sentence in the page's language: the Chinese ones keep no English word
// of ours (names, keys and broker terms stay as they are).
func TestEdgeTitleInBothLanguages(t *testing.T) {
	s := model.New()
	if !s.LoadLesson("retry-loop") {
		t.Fatalf("load: %+v", s.Notice())
	}
	g := s.Graph()
	want := map[string][2]string{
		"dlx|main": {`main dead-letters to retry.dlx (argument x-dead-letter-exchange), key "wait"`,
			`main 的死信发往 retry.dlx（参数 x-dead-letter-exchange），路由键 "wait"`},
		"default|main": {`"" (default exchange) → main, binding key main`, `""（默认交换机） → main，绑定键 main`},
	}
	english := []string{"dead-letters", "binding key", "default exchange", "argument", "unroutable", "publisher"}
	seen := 0
	for _, e := range g.Edges {
		en := (&Canvas{page: &page{lang: langEN}}).edgeTitle(e)
		zh := (&Canvas{page: &page{lang: langZH}}).edgeTitle(e)
		if w, ok := want[e.ID]; ok {
			seen++
			if en != w[0] || zh != w[1] {
				t.Errorf("%s:\n got %q / %q\nwant %q / %q", e.ID, en, zh, w[0], w[1])
			}
		}
		for _, word := range english {
			if strings.Contains(zh, word) {
				t.Errorf("%s in Chinese keeps %q: %q", e.ID, word, zh)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("found %d of the %d edges looked for in %d edges", seen, len(want), len(g.Edges))
	}
}
