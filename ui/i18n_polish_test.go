package ui

import (
	"os"
	"regexp"
	"testing"
)

// TestExchangeArgWordsKeys: every sentence ui/model gives an exchange
// argument's value has an English and a Chinese text.
func TestExchangeArgWordsKeys(t *testing.T) {
	src, err := os.ReadFile("model/exchange_form.go")
	if err != nil {
		t.Fatal(err)
	}
	keys := regexp.MustCompile(`"(xarg\.[a-z.]+)"`).FindAllStringSubmatch(string(src), -1)
	if len(keys) < 3 {
		t.Fatalf("only %d keys found", len(keys))
	}
	for _, m := range keys {
		if e, ok := catalogue[m[1]]; !ok || e[0] == "" || e[1] == "" {
			t.Errorf("key %q lacks a text", m[1])
		}
	}
}
