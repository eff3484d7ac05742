package lessons

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// param DEP.faults.total is how long a dependency's faults last together,
// a fault with no end lasting to the run's: the bound a challenge puts on
// a breaker's time open across several outages starts from it.
func TestParamFaultsTotal(t *testing.T) {
	sc := &engine.Scenario{Duration: 40 * time.Second}
	for _, tc := range []struct {
		name   string
		faults []engine.Fault
		want   time.Duration
	}{
		{"none", nil, 0},
		{"four outages", []engine.Fault{
			{Kind: engine.Error, From: 3 * time.Second, To: 6400 * time.Millisecond, Probability: 1},
			{Kind: engine.Error, From: 11300 * time.Millisecond, To: 15200 * time.Millisecond, Probability: 1},
			{Kind: engine.Error, From: 19900 * time.Millisecond, To: 22500 * time.Millisecond, Probability: 1},
			{Kind: engine.Error, From: 27 * time.Second, To: 29200 * time.Millisecond, Probability: 1},
		}, 12100 * time.Millisecond},
		{"the last with no end", []engine.Fault{
			{Kind: engine.Slow, From: 5 * time.Second, To: 10 * time.Second, Latency: time.Second},
			{Kind: engine.Slow, From: 30 * time.Second, Latency: time.Second},
		}, 15 * time.Second},
	} {
		sys := &engine.System{Workers: 10, Dependencies: []engine.Dependency{{Name: "pricing", Faults: tc.faults}}}
		v, err := readParam(sc, sys, "pricing.faults.total")
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if v.Kind != KindDuration || time.Duration(v.F*float64(time.Second)+0.5) != tc.want {
			t.Errorf("%s: faults.total = %v (%v), want %v", tc.name, v.F, v.Kind, tc.want)
		}
	}
}
