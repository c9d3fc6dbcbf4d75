package share

import (
	"crypto/sha256"
	"encoding/base64"
)

// IDLen is the length of a short-link id.
const IDLen = 11

// maxIDRounds bounds the re-derivation loop in NewID. Each round has a
// 2/64 chance of ending in '-' or '_', so 64 rounds all failing has a
// probability of about 2^-320: the fallback below is never taken in
// practice but keeps the function total.
const maxIDRounds = 64

// NewID derives the short-link id of a canonical scenario JSON document.
//
// The rule, which must never change (stored links depend on it):
//
//	d0 = sha256(canonical)
//	id = the first 11 characters of base64url(d0), RFC 4648 §5, no padding
//	while id ends in '-' or '_':          (chat apps cut trailing punctuation)
//	    d(n+1) = sha256(d(n))             (hash the 32-byte digest again)
//	    id = the first 11 characters of base64url(d(n+1))
//
// 11 characters carry 66 bits; the last one is one of 62 letters or
// digits. The same canonical bytes always give the same id.
func NewID(canonical []byte) string {
	d := sha256.Sum256(canonical)
	var buf [43]byte
	for range maxIDRounds {
		base64.RawURLEncoding.Encode(buf[:], d[:])
		if last := buf[IDLen-1]; last != '-' && last != '_' {
			return string(buf[:IDLen])
		}
		d = sha256.Sum256(d[:])
	}
	buf[IDLen-1] = 'A'
	return string(buf[:IDLen])
}

// ValidID reports whether id has the shape NewID produces: exactly 11
// characters of the base64url alphabet, the last not '-' or '_'. Only
// ASCII passes, so a valid id is always safe in a file name, a KV key,
// a URL path and HTML.
func ValidID(id string) bool {
	if len(id) != IDLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case (c == '-' || c == '_') && i < IDLen-1:
		default:
			return false
		}
	}
	return true
}
