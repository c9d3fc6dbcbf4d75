package core

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// topicBindings is test/routing_SUITE.erl `topic` (docs/rabbitmq.md "Direct, fanout and topic"): t1..t27,
// without t24; t27 is bound twice with different arguments (same key).
var topicBindings = map[string]string{
	"t1": "a.b.c", "t2": "a.*.c", "t3": "a.#.b", "t4": "a.b.b.c", "t5": "#", "t6": "#.#",
	"t7": "#.b", "t8": "*.*", "t9": "a.*", "t10": "*.b.c", "t11": "a.#", "t12": "a.#.#",
	"t13": "b.b.c", "t14": "a.b.b", "t15": "a.b", "t16": "b.c", "t17": "", "t18": "*.*.*",
	"t19": "vodka.martini", "t20": "a.b.c", "t21": "*.#", "t22": "#.*.#", "t23": "*.#.#",
	"t25": "*", "t26": "#.b.#", "t27": "args-test",
}

// TestTopicCanonicalTable asserts the spec's complete table: every listed
// binding matches, every other binding does not. A 3.10 broker gave the
// same result for all 12 routing keys.
func TestTopicCanonicalTable(t *testing.T) {
	table := []struct{ routingKey, matches string }{
		{"a.b.c", "t1 t2 t5 t6 t10 t11 t12 t18 t20 t21 t22 t23 t26"},
		{"a.b", "t3 t5 t6 t7 t8 t9 t11 t12 t15 t21 t22 t23 t26"},
		{"a.b.b", "t3 t5 t6 t7 t11 t12 t14 t18 t21 t22 t23 t26"},
		{"", "t5 t6 t17"},
		{"b.c.c", "t5 t6 t18 t21 t22 t23 t26"},
		{"a.a.a.a.a", "t5 t6 t11 t12 t21 t22 t23"},
		{"vodka.gin", "t5 t6 t8 t21 t22 t23"},
		{"vodka.martini", "t5 t6 t8 t19 t21 t22 t23"},
		{"b.b.c", "t5 t6 t10 t13 t18 t21 t22 t23 t26"},
		{"nothing.here.at.all", "t5 t6 t21 t22 t23"},
		{"oneword", "t5 t6 t21 t22 t23 t25"},
		{"args-test", "t5 t6 t21 t22 t23 t25 t27"},
	}
	for _, row := range table {
		t.Run(fmt.Sprintf("%q", row.routingKey), func(t *testing.T) {
			if got := topicMatchSet(row.routingKey); got != row.matches {
				t.Errorf("matches %q, want %q", got, row.matches)
			}
		})
	}
}

func topicMatchSet(routingKey string) string {
	var names []string
	for name, key := range topicBindings {
		if topicMatches(key, routingKey) {
			names = append(names, name)
		}
	}
	sort.Slice(names, func(i, j int) bool { return tnum(names[i]) < tnum(names[j]) })
	return strings.Join(names, " ")
}

func tnum(name string) int {
	var n int
	fmt.Sscanf(name, "t%d", &n)
	return n
}

// TestTopicEdgeKeys: empty words and literal wildcards in routing keys,
// checked against the same bindings on a 3.10 broker.
func TestTopicEdgeKeys(t *testing.T) {
	table := []struct{ routingKey, matches string }{
		{"a..c", "t2 t5 t6 t11 t12 t18 t21 t22 t23"},
		{".a", "t5 t6 t8 t21 t22 t23"},
		{"a.", "t5 t6 t8 t9 t11 t12 t21 t22 t23"},
		{".", "t5 t6 t8 t21 t22 t23"},
		{"a.*.c", "t2 t5 t6 t11 t12 t18 t21 t22 t23"},
		{"#", "t5 t6 t21 t22 t23 t25"},
	}
	for _, row := range table {
		t.Run(fmt.Sprintf("%q", row.routingKey), func(t *testing.T) {
			if got := topicMatchSet(row.routingKey); got != row.matches {
				t.Errorf("matches %q, want %q", got, row.matches)
			}
		})
	}
}

func TestTopicMatches(t *testing.T) {
	tests := []struct {
		name        string
		binding, rk string
		want        bool
	}{
		{"empty matches only empty", "", "", true},
		{"empty vs one word", "", "a", false},
		{"empty vs empty word pair", "", ".", false},
		{"star needs a word", "*", "", false},
		{"star matches the empty word", "a.*", "a.", true},
		{"star is one word", "*", "a.b", false},
		{"hash matches nothing", "#", "", true},
		{"hash.star needs one word", "#.*", "", false},
		{"hash.star one word", "#.*", "a", true},
		{"wildcard inside a word is literal", "simply#carrots", "simply.carrots", false},
		{"literal hash word in binding", "simply#carrots", "simply#carrots", true},
		{"star inside a word", "a*", "ab", false},
		{"star inside a word literal", "a*", "a*", true},
		{"routing key star is literal", "a.b", "a.*", false},
		{"hash in the middle", "a.#.z", "a.b.c.d.z", true},
		{"hash in the middle, zero words", "a.#.z", "a.z", true},
		{"hash then wrong tail", "a.#.z", "a.b.c.y", false},
		{"two hashes backtrack", "#.a.#.b", "x.a.y.a.b", true},
		{"two hashes fail", "#.a.#.b", "x.a.y.c", false},
		{"hash star hash", "#.*.#", "x", true},
		{"trailing dots", "a.#", "a.", true},
		{"leading dot", "*.a", ".a", true},
		{"case sensitive", "A", "a", false},
		{"longer binding", "a.b.c", "a.b", false},
		{"longer key", "a.b", "a.b.c", false},
		{"star star vs three", "*.*", "a.b.c", false},
		{"many hashes", "#.#.#.#", "a.b", true},
		{"hash then star star", "#.*.*", "a", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := topicMatches(tt.binding, tt.rk); got != tt.want {
				t.Errorf("topicMatches(%q, %q) = %v, want %v", tt.binding, tt.rk, got, tt.want)
			}
		})
	}
}

// TestTopicMatchesAgreesWithSplit compares the in-place matcher with a
// plain recursive matcher over split words, on every short key pair.
func TestTopicMatchesAgreesWithSplit(t *testing.T) {
	words := []string{"", "a", "b", "*", "#"}
	var keys []string
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		keys = append(keys, prefix)
		if n == 0 {
			return
		}
		for _, w := range words {
			if prefix == "" {
				gen(w+".", n-1)
				gen(w, n-1)
			} else {
				gen(prefix+"."+w, n-1)
			}
		}
	}
	gen("", 3)
	for _, b := range keys {
		for _, r := range keys {
			if got, want := topicMatches(b, r), splitMatch(splitKey(b), splitKey(r)); got != want {
				t.Fatalf("topicMatches(%q, %q) = %v, split matcher says %v", b, r, got, want)
			}
		}
	}
}

func splitKey(k string) []string {
	if k == "" {
		return nil
	}
	return strings.Split(k, ".")
}

func splitMatch(b, r []string) bool {
	if len(b) == 0 {
		return len(r) == 0
	}
	if b[0] == "#" {
		for i := 0; i <= len(r); i++ {
			if splitMatch(b[1:], r[i:]) {
				return true
			}
		}
		return false
	}
	return len(r) > 0 && (b[0] == "*" || b[0] == r[0]) && splitMatch(b[1:], r[1:])
}

func TestTopicMatchesDoesNotAllocate(t *testing.T) {
	n := testing.AllocsPerRun(100, func() {
		topicMatches("a.#.c.*.#", "a.b.x.c.d.e")
	})
	if n != 0 {
		t.Errorf("%v allocations per match", n)
	}
}

func TestValidateTopicBinding(t *testing.T) {
	hashErr := func(key string, n int) string {
		return fmt.Sprintf("%sTopic binding key '%s' uses %d '#' wildcards, at most 2 are allowed", pf, key, n)
	}
	tests := []struct {
		name    string
		p       Profile
		key     string
		wantErr string
	}{
		{"three hashes on 4.3", Rabbit43, "#.#.#", hashErr("#.#.#", 3)},
		{"four hashes on 4.3", Rabbit43, "a.#.#.#.#", hashErr("a.#.#.#.#", 4)},
		{"hash b hash ok", Rabbit43, "#.b.#", ""},
		{"two hashes ok", Rabbit43, "#.#", ""},
		{"hash inside words does not count", Rabbit43, "a#.#b.#.#", ""},
		{"empty key ok", Rabbit43, "", ""},
		{"three hashes allowed on 4.2", Rabbit42, "#.#.#", ""},
		{"three hashes allowed on 3.12 (3.10 broker)", Rabbit312, "a.#.#.#", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkErr(t, validateTopicBinding(tt.p, tt.key), CodePreconditionFailed, tt.wantErr)
		})
	}
}

func BenchmarkTopicMatches(b *testing.B) {
	for i := 0; i < b.N; i++ {
		topicMatches("orders.*.eu.#", "orders.created.eu.de.berlin")
	}
}
