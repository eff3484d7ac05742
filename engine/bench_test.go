package engine

import (
	"testing"
	"time"
)

// These benchmarks take the per-request cost apart: arrivals alone, then a
// dependency call (the event queue's round trip), then a timeout layer.

// benchSys runs a one-variant, 30 s system once per op.
func benchSys(b *testing.B, sys System) {
	sc := &Scenario{Name: "x", Duration: 30 * time.Second, MeasureTo: 30 * time.Second, Variants: []Variant{{Name: "v", System: sys}}}
	var n uint64
	for b.Loop() {
		r, err := New(sc, 0, 5)
		if err != nil {
			b.Fatal(err)
		}
		r.Run()
		n += r.endpoints[0].arrived
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "requests/s")
}

func BenchmarkNoDep(b *testing.B) {
	benchSys(b, System{Workers: 200, Endpoints: []Endpoint{{Name: "e", Rate: 600}}})
}
func BenchmarkDepNoPolicy(b *testing.B) {
	benchSys(b, System{Workers: 200, Endpoints: []Endpoint{{Name: "e", Rate: 600, Calls: "d"}}, Dependencies: []Dependency{{Name: "d", Latency: Latency{Kind: Exponential, Mean: 20 * time.Millisecond}}}})
}
func BenchmarkDepTimeout(b *testing.B) {
	benchSys(b, System{Workers: 200, Endpoints: []Endpoint{{Name: "e", Rate: 600, Calls: "d"}}, Dependencies: []Dependency{{Name: "d", Latency: Latency{Kind: Exponential, Mean: 20 * time.Millisecond}, Policy: Policy{Timeout: 5 * time.Second}}}})
}
