package engine

import (
	"fmt"
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

// BenchmarkCascadeVariant runs each of the cascade's variants alone, to
// show where BenchmarkCascade's time goes.
func BenchmarkCascadeVariant(b *testing.B) {
	sc := cascadeLike()
	for v := range sc.Variants {
		b.Run(fmt.Sprint(v), func(b *testing.B) {
			var n, events uint64
			for b.Loop() {
				r, err := New(sc, v, 5)
				if err != nil {
					b.Fatal(err)
				}
				r.Run()
				events += r.seq
				for i := range r.endpoints {
					n += r.endpoints[i].arrived
				}
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "requests/s")
			b.ReportMetric(float64(events)/float64(n), "events/request")
		})
	}
}
