package scenarios

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
)

// benchScenario runs every variant of a built-in once per op and reports
// simulated requests per second of wall time.
func benchScenario(b *testing.B, build func() *engine.Scenario) {
	sc := build()
	b.ReportAllocs()
	var requests uint64
	for b.Loop() {
		snaps, err := engine.RunAll(sc, 5)
		if err != nil {
			b.Fatal(err)
		}
		for _, s := range snaps {
			for _, e := range s.Endpoints {
				requests += e.Arrived
			}
		}
	}
	b.ReportMetric(float64(requests)/b.Elapsed().Seconds(), "requests/s")
}

func BenchmarkCascade(b *testing.B)  { benchScenario(b, Cascade) }
func BenchmarkCheckout(b *testing.B) { benchScenario(b, Checkout) }
func BenchmarkTimeline(b *testing.B) { benchScenario(b, BreakerTimeline) }
