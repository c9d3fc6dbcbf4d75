package core

import (
	"strconv"
	"strings"

	"github.com/dlxlab/dlxlab/core/internal/erlterm"
)

// The expiration property of basic.publish and the ten-year bound it
// shares with TTL arguments (docs/rabbitmq.md "Message TTL";
// rabbit_basic.erl, rabbit_misc.erl).

// MaxExpiry is RabbitMQ's upper bound for TTLs, expiries and the
// expiration property: ten years in ms (rabbit_misc:check_expiry/1,
// docs/rabbitmq.md "Message TTL").
const MaxExpiry = 315_360_000_000

// parseExpiration is rabbit_basic:parse_expiration/1: string:to_integer/1
// on the property's bytes (an optional sign, then ASCII digits), nothing
// may follow, then rabbit_misc:check_expiry/1. The 406 text is
// "invalid expiration '~ts': ~tp" (rabbit_channel:check_expiration_header).
//
// The leftover is binary_to_list/1 of the rest: a list of byte values,
// which ~tp prints as a string ("abc", "Ã©" for the UTF-8 bytes of "é")
// when every byte is printable, else as a list of integers ([1]); the
// tuple breaks over two lines when it does not fit in 80 columns from
// where it starts. The value itself is printed with ~ts.
func parseExpiration(s string) (int64, *Error) {
	sign, digits, rest := splitInteger(s)
	var term erlterm.Term
	switch {
	case digits == "":
		term = erlterm.Atom("no_integer")
	case rest != "":
		term = erlterm.Tag("leftover_string", erlterm.Bytes(rest))
	default:
		n, big := expirationValue(sign, digits)
		if big == "" && n >= 0 && n <= MaxExpiry {
			return n, nil
		}
		term = expiryErrorTerm(sign, n, big)
	}
	prefix := "invalid expiration '" + erlterm.TS(s) + "': "
	return 0, erlPrecondition(erlterm.Format(prefix, term, 80, true))
}

// splitInteger splits s into an optional sign, ASCII digits and the rest,
// as string:to_integer/1 does (a second sign is not accepted).
func splitInteger(s string) (sign, digits, rest string) {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		sign, i = s[:1], 1
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	return sign, s[i:j], s[j:]
}

// expirationValue returns the value, or in big its decimal text when it
// does not fit int64 (Erlang integers are unbounded).
func expirationValue(sign, digits string) (n int64, big string) {
	d := strings.TrimLeft(digits, "0")
	if d == "" {
		return 0, ""
	}
	if sign == "-" {
		d = "-" + d
	}
	v, err := strconv.ParseInt(d, 10, 64)
	if err != nil {
		return 0, d
	}
	return v, ""
}

func expiryErrorTerm(sign string, n int64, big string) erlterm.Term {
	if big != "" {
		if sign == "-" {
			return erlterm.Tag("value_negative", erlterm.Int(big))
		}
		return erlterm.Tag("value_too_large", erlterm.Int(big))
	}
	return checkExpiry(n)
}
