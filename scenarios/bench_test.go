package scenarios

import (
	"os"
	"testing"
)

func BenchmarkParse(b *testing.B) {
	data, _ := os.ReadFile("library/retry-loop.yaml")
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Parse("retry-loop.yaml", data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRun(b *testing.B) {
	data, _ := os.ReadFile("library/retry-loop.yaml")
	sc, _ := Parse("retry-loop.yaml", data)
	for b.Loop() {
		if _, err := Run(sc, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeDecode(b *testing.B) {
	data, _ := os.ReadFile("library/retry-loop.yaml")
	sc, _ := Parse("retry-loop.yaml", data)
	for b.Loop() {
		link, err := Encode(sc)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Decode(link); err != nil {
			b.Fatal(err)
		}
	}
}
