package deepequal_test

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// BenchmarkEqual compares what the tests compare: two equal scenarios
// built apart (a round trip's check) and two equal snapshots of one run
// (a replay's check against a fresh run). It is an external test so the
// package itself still imports only the standard library.
func BenchmarkEqual(b *testing.B) {
	b.Run("scenario", func(b *testing.B) {
		x, y := scenarios.RateLimitVsBulkhead(), scenarios.RateLimitVsBulkhead()
		b.ReportAllocs()
		for b.Loop() {
			if !deepequal.Equal(x, y) {
				b.Fatal("two builds of one scenario differ")
			}
		}
	})
	b.Run("snapshot", func(b *testing.B) {
		x, err := engine.RunAll(scenarios.Cascade(), 5)
		if err != nil {
			b.Fatal(err)
		}
		y, err := engine.RunAll(scenarios.Cascade(), 5)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			if !deepequal.Equal(x, y) {
				b.Fatal("two runs of one scenario and seed differ")
			}
		}
	})
}
