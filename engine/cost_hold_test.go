package engine

import (
	"testing"
	"time"
)

// TestCostHoldsALatencyForItsOwn99thPercentile: the estimate's longest
// attempt along a dependency with no timeout is its latency's 99th
// percentile, the one computation (Latency.Quantile99) the lessons quote,
// not a rounded copy of ln 100.
func TestCostHoldsALatencyForItsOwn99thPercentile(t *testing.T) {
	for _, l := range []Latency{
		{Kind: Exponential, Mean: 40 * time.Millisecond},
		{Kind: Constant, Value: 70 * time.Millisecond},
		{Kind: LogNormal, P50: 20 * time.Millisecond, P99: 300 * time.Millisecond},
	} {
		d := Dependency{Name: "d", Latency: l}
		sys := &System{Dependencies: []Dependency{d}}
		w := costWalker{sc: &Scenario{}, sys: sys}
		if got, want := w.span(&sys.Dependencies[0]), l.Quantile99(); got != want {
			t.Errorf("%v latency: the estimate holds an attempt %v, its 99th percentile is %v", l.Kind, got, want)
		}
		if got, want := w.callHold(&sys.Dependencies[0]), l.Quantile99(); got != want {
			t.Errorf("%v latency: the estimate holds a healthy call %v, its 99th percentile is %v", l.Kind, got, want)
		}
	}
}
