package delay

// rng is SplitMix64: tiny, fast, and the same sequence everywhere, which is
// all a workload generator needs (it is not for anything secret).
type rng struct{ s uint64 }

func newRNG(seed uint64) *rng { return &rng{s: seed} }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// below returns a number in [0, n) (n > 0). The modulo bias is below 2^-40
// for the ranges used here, far under anything a histogram shows.
func (r *rng) below(n uint64) uint64 { return r.next() % n }

// between returns a number in [lo, hi] (lo ≤ hi).
func (r *rng) between(lo, hi int64) int64 { return lo + int64(r.below(uint64(hi-lo)+1)) }
