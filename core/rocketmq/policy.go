package rocketmq

import "fmt"

// RetryPolicy is a 5.x group retry policy (GroupRetryPolicy): customized
// (a list of waits, by default the delay-level table) or exponential.
type RetryPolicy struct {
	Kind       string  // "customized" or "exponential"
	Next       []int64 // customized waits in ms (nil: the delay-level table)
	InitialMs  int64   // exponential: first wait (default 5 s)
	MaxMs      int64   // exponential: cap (default 2 h)
	Multiplier float64 // exponential: growth (default 2)
}

// CustomizedPolicy is the default group policy (CustomizedRetryPolicy).
func CustomizedPolicy() RetryPolicy { return RetryPolicy{Kind: "customized"} }

// ExponentialPolicy is ExponentialRetryPolicy with its defaults.
func ExponentialPolicy() RetryPolicy {
	return RetryPolicy{Kind: "exponential", InitialMs: 5000, MaxMs: 2 * 3600 * 1000, Multiplier: 2}
}

func (p RetryPolicy) validate() error {
	switch p.Kind {
	case "customized":
		for _, d := range p.Next {
			if d < 0 {
				return fmt.Errorf("retry policy: negative wait")
			}
		}
	case "exponential":
		if p.InitialMs <= 0 || p.MaxMs < p.InitialMs || p.Multiplier < 1 {
			return fmt.Errorf("retry policy: exponential needs initial > 0, max ≥ initial, multiplier ≥ 1")
		}
	default:
		return fmt.Errorf("retry policy %q: customized or exponential", p.Kind)
	}
	return nil
}

// clientDelay is the wait before delivery attempt a+1 after attempt a
// failed, as the 5.x clients compute it from the policy the proxy sent
// (CustomizedBackoffRetryPolicy / ExponentialBackoffRetryPolicy
// getNextAttemptDelay): customized takes entry min(a, len) − 1 of the
// list, which starts at the 1 s level (docs/rocketmq.md "5.x retry policy").
func (p RetryPolicy) clientDelay(tab DelayTable, attempt int) int64 {
	if p.Kind == "exponential" {
		d := float64(p.InitialMs)
		for i := 1; i < min(attempt, 33); i++ {
			d *= p.Multiplier
			if d >= float64(p.MaxMs) {
				return p.MaxMs
			}
		}
		return min(int64(d), p.MaxMs)
	}
	next := p.Next
	if next == nil {
		next = tab.ms
	}
	if len(next) == 0 {
		return 0
	}
	return next[max(0, min(attempt, len(next))-1)]
}
