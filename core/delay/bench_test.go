package delay

import "testing"

// benchWorkload is 100,000 messages over ten minutes, a mix of short
// retries and long timeouts (the BENCHMARKS.md "Delay lab" workload).
func benchWorkload(tb testing.TB) []Message {
	msgs, err := Workload{Generators: []Generator{
		{Kind: GenUniform, Count: 60_000, Seed: 1, Span: 10 * minute, Min: 0, Max: 30 * minute},
		{Kind: GenMix, Count: 40_000, Seed: 2, Span: 10 * minute, Short: 200, Long: 30 * minute, LongPercent: 20},
	}}.Expand()
	if err != nil {
		tb.Fatal(err)
	}
	return msgs
}

// BenchmarkAllStrategies: one op is the whole workload through all nine.
func BenchmarkAllStrategies(b *testing.B) {
	msgs := benchWorkload(b)
	b.ResetTimer()
	for range b.N {
		if _, err := Run(msgs, DefaultSpecs()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEachStrategy(b *testing.B) {
	msgs := benchWorkload(b)
	for _, k := range Kinds {
		b.Run(k.Name, func(b *testing.B) {
			for range b.N {
				if _, err := RunOne(msgs, Spec{Kind: k.Name}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
