package ui

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// The RocketMQ operations, charts, forms and publish texts: every key the
// rmq_*.go files (and the rules in ui/model they show) use is in the
// catalogue in English and 简体中文, with the same placeholders.
func TestRMQOpsCatalogue(t *testing.T) {
	keys := map[string]bool{}
	lit := regexp.MustCompile(`"(rmq(?:ops|form|pub|chart|tab)\.[a-z0-9.-]*[a-z0-9])"`)
	files, _ := filepath.Glob("rmq_*.go")
	mfiles, _ := filepath.Glob("model/rmq_*.go")
	for _, f := range append(files, mfiles...) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range lit.FindAllStringSubmatch(string(src), -1) {
			keys[m[1]] = true
		}
	}
	// Keys made from a value: fates of a copy and kinds of a preview line.
	for _, f := range []string{"consumed", "sent-back", "dead-lettered", "dropped", "filtered", "pending"} {
		keys["rmqops.fate."+f] = true
	}
	for _, k := range []string{"replay", "inflight", "skip"} {
		keys["rmqops.preview."+k] = true
	}
	verbs := regexp.MustCompile(`%\[\d+\]`)
	for k := range keys {
		e, ok := catalogue[k]
		switch {
		case !ok:
			t.Errorf("key %q is used but not in the catalogue", k)
		case e[0] == "" || e[1] == "":
			t.Errorf("key %q lacks a translation", k)
		case len(verbs.FindAllString(e[0], -1)) != len(verbs.FindAllString(e[1], -1)):
			t.Errorf("key %q: placeholders differ", k)
		}
	}
	if len(keys) < 100 {
		t.Errorf("only %d keys found: is the scan still matching?", len(keys))
	}
	for k := range rmqOpsCatalogue {
		if !keys[k] {
			t.Errorf("key %q is in the catalogue but not used", k)
		}
	}
}
