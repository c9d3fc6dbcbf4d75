package conform

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/dlxlab/dlxlab/core"
)

// ttlArgs are the queue arguments, and ttlPolicyKeys the policy keys, that
// hold durations in milliseconds and are scaled.
var (
	ttlArgs       = []string{"x-message-ttl", "x-expires"}
	ttlPolicyKeys = []string{"message-ttl", "expires"}
)

// Scaler shrinks virtual time (the scenario's milliseconds) into real time
// and back. Every duration the broker sees is multiplied by Factor, every
// time or duration it reports is divided by it. Only valid values are
// scaled: a negative, too large or malformed TTL is sent as written, so
// the broker rejects it with the same text as the simulator. A positive
// value never scales to 0 (TTL 0 means something else).
//
// Scaled values are remembered so that the ones the broker echoes back
// (a delivered expiration property, x-death original-expiration, the
// numbers in an "inequivalent arg 'x-message-ttl'" error) read as the
// scenario wrote them, not as rounded arithmetic.
type Scaler struct {
	Factor float64

	mu        sync.Mutex
	back      map[string]string // scaled decimal → the scenario's decimal
	conflicts []string
}

// NewScaler returns a Scaler for factor (0 < factor ≤ 1 in practice).
func NewScaler(factor float64) *Scaler {
	return &Scaler{Factor: factor, back: map[string]string{}}
}

// Real is how long a virtual duration of ms milliseconds lasts here.
func (s *Scaler) Real(ms int64) time.Duration {
	return time.Duration(float64(ms) * s.Factor * float64(time.Millisecond))
}

// Virtual converts a real duration back to virtual milliseconds.
func (s *Scaler) Virtual(d time.Duration) int64 {
	return int64(math.Round(float64(d) / float64(time.Millisecond) / s.Factor))
}

// ms scales a valid duration in milliseconds.
func (s *Scaler) ms(v int64) int64 {
	if v <= 0 || v > core.MaxExpiry || s.Factor == 1 {
		return v
	}
	r := max(int64(math.Round(float64(v)*s.Factor)), 1)
	s.remember(r, v)
	return r
}

func (s *Scaler) remember(scaled, orig int64) {
	ks, vs := strconv.FormatInt(scaled, 10), strconv.FormatInt(orig, 10)
	s.mu.Lock()
	defer s.mu.Unlock()
	if prev, ok := s.back[ks]; ok && prev != vs {
		s.conflicts = append(s.conflicts, fmt.Sprintf("%s ms and %s ms both become %s ms at scale %g: a reported %s reads as %s",
			prev, vs, ks, s.Factor, ks, prev))
		return
	}
	s.back[ks] = vs
}

// Conflicts lists TTLs that became the same real value, which the
// observation cannot tell apart (choose another --scale to avoid them).
func (s *Scaler) Conflicts() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.conflicts...)
}

// decimalRE is a plain decimal: what RabbitMQ accepts for expiration and
// what can be scaled and read back unchanged ("007" or "+5" are valid but
// are sent as written, so that 3.12's raw original-expiration matches).
var decimalRE = lazyRegexp(`^(0|[1-9][0-9]{0,17})$`)

// Expiration scales a per-message expiration property.
func (s *Scaler) Expiration(e string) string {
	if !decimalRE().MatchString(e) {
		return e
	}
	n, err := strconv.ParseInt(e, 10, 64)
	if err != nil {
		return e
	}
	return strconv.FormatInt(s.ms(n), 10)
}

// UnscaleExpiration reads a scaled expiration (or original-expiration)
// back as the scenario wrote it; values the runner did not scale pass.
func (s *Scaler) UnscaleExpiration(e string) string {
	if e == "" || s.Factor == 1 {
		return e
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.back[e]; ok {
		return v
	}
	return e
}

// Args returns queue arguments with x-message-ttl and x-expires scaled
// (same integer type); the input is not changed.
func (s *Scaler) Args(t core.Table) core.Table {
	return s.scaleKeys(t, ttlArgs)
}

// PolicyDefinition returns a policy definition with message-ttl and
// expires scaled.
func (s *Scaler) PolicyDefinition(t core.Table) core.Table {
	return s.scaleKeys(t, ttlPolicyKeys)
}

func (s *Scaler) scaleKeys(t core.Table, keys []string) core.Table {
	out := t.Clone()
	for _, k := range keys {
		if v, ok := out[k]; ok {
			out[k] = s.integer(v)
		}
	}
	return out
}

// integer scales an integer of any AMQP integer type, keeping the type.
func (s *Scaler) integer(v any) any {
	n, ok := core.AsInteger(v)
	if !ok {
		return v
	}
	r := s.ms(n)
	switch v.(type) {
	case int32:
		return int32(r)
	case int16:
		return int16(r)
	case int8:
		return int8(r)
	case uint8:
		return uint8(r)
	case uint16:
		return uint16(r)
	case uint32:
		return uint32(r)
	}
	return r
}

// quotedNumberRE finds the values an "inequivalent arg" error quotes.
var quotedNumberRE = lazyRegexp(`'([0-9]+)'`)

// UnscaleText puts scaled TTLs in an error text back to the scenario's
// values ("inequivalent arg 'x-message-ttl' … received '30' …" → '300').
func (s *Scaler) UnscaleText(text string) string {
	if s.Factor == 1 || !mentionsTTL(text) {
		return text
	}
	return quotedNumberRE().ReplaceAllStringFunc(text, func(q string) string {
		return "'" + s.UnscaleExpiration(q[1:len(q)-1]) + "'"
	})
}

func mentionsTTL(text string) bool {
	for _, k := range append(append([]string{}, ttlArgs...), ttlPolicyKeys...) {
		if strings.Contains(text, "'"+k+"'") {
			return true
		}
	}
	return false
}
