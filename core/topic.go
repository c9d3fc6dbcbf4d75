package core

import (
	"strings"

	"github.com/dlxlab/dlxlab/core/internal/erlterm"
)

// Topic exchange matching, docs/rabbitmq.md "Direct, fanout and topic" (rabbit_db_topic_exchange.erl).
//
// Keys are split on '.' into words; the empty key has zero words, "a..b"
// has an empty middle word and a leading or trailing dot an empty word. In
// a binding key a word that is exactly "*" matches one word (the empty word
// too) and a word that is exactly "#" matches zero or more words; anywhere
// else '*' and '#' are literal characters.

// topicEnd is the word position past the last word of key; the empty key
// starts there (zero words).
func topicEnd(key string) int { return len(key) + 1 }

func topicStart(key string) int {
	if key == "" {
		return topicEnd(key)
	}
	return 0
}

// topicWord returns the word that starts at i and where the next one starts.
func topicWord(key string, i int) (word string, next int) {
	j := strings.IndexByte(key[i:], '.')
	if j < 0 {
		return key[i:], topicEnd(key)
	}
	return key[i : i+j], i + j + 1
}

// topicMatches reports whether routingKey matches bindingKey. It walks both
// keys in place (no allocation) with the classic wildcard algorithm: on a
// mismatch, go back to the last '#' and let it absorb one more word.
func topicMatches(bindingKey, routingKey string) bool {
	b, r := topicStart(bindingKey), topicStart(routingKey)
	hashB, hashR := -1, -1 // after the last '#', and where its words end
	for r < topicEnd(routingKey) {
		rw, rn := topicWord(routingKey, r)
		if b < topicEnd(bindingKey) {
			bw, bn := topicWord(bindingKey, b)
			if bw == "#" {
				hashB, hashR, b = bn, r, bn
				continue
			}
			if bw == "*" || bw == rw {
				b, r = bn, rn
				continue
			}
		}
		if hashB < 0 {
			return false
		}
		_, hashR = topicWord(routingKey, hashR)
		b, r = hashB, hashR
	}
	for b < topicEnd(bindingKey) { // only '#' words may be left
		bw, bn := topicWord(bindingKey, b)
		if bw != "#" {
			return false
		}
		b = bn
	}
	return true
}

// maxHashWildcards is rabbit_exchange_type_topic's ?MAX_HASH_WILDCARDS.
const maxHashWildcards = 2

// validateTopicBinding: from 4.3.5 a binding key with more than two '#'
// words is refused with 406 (rabbit_exchange_type_topic:validate_binding/2,
// docs/rabbitmq.md "Direct, fanout and topic"); "#.b.#" is fine, "a#.#.#" has two.
func validateTopicBinding(p Profile, key string) *Error {
	if !p.rejectsManyHashes() {
		return nil
	}
	n := 0
	for i := topicStart(key); i < topicEnd(key); {
		w, next := topicWord(key, i)
		if w == "#" {
			n++
		}
		i = next
	}
	if n <= maxHashWildcards {
		return nil
	}
	return erlPrecondition("Topic binding key '" + erlterm.TS(key) + "' uses " +
		erlterm.I(int64(n)).String() + " '#' wildcards, at most 2 are allowed")
}
