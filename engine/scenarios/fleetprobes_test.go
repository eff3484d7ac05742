package scenarios

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
)

// fleetRecord is what a fleet-probes variant did, read from the snapshot the
// way the lesson and the fleet pane read it.
type fleetRecord struct {
	pageOK       float64 // the page's ok share in the window (the warm-up)
	probeBurst   int     // the most api instances half-open at once
	failedProbes int     // half-open rounds that failed
	knockedOver  int     // closed → open after the provider came back
	instances    map[int]bool
}

func readFleet(t *testing.T, s *engine.Snapshot) fleetRecord {
	t.Helper()
	var api *engine.ServiceSnapshot
	for i := range s.Services {
		if s.Services[i].Name == "api" {
			api = &s.Services[i]
		}
	}
	if api == nil || len(api.Instances) != 20 {
		t.Fatalf("%s: want a service api with 20 instances", s.Variant)
	}
	r := fleetRecord{pageOK: report.WindowTally(&s.Endpoints[0]).Share(engine.OK), instances: map[int]bool{}}
	for _, smp := range api.Series {
		r.probeBurst = max(r.probeBurst, int(smp.HalfOpen))
	}
	for _, tr := range s.Transitions {
		if tr.Service != "api" || tr.Dependency != "provider" {
			t.Fatalf("%s: a transition of %s/%s; only api's breakers on provider exist", s.Variant, tr.Service, tr.Dependency)
		}
		r.instances[tr.Instance] = true
		switch {
		case tr.From == breaker.HalfOpen && tr.To == breaker.Open:
			r.failedProbes++
		case tr.From == breaker.Closed && tr.To == breaker.Open && tr.At >= 28*time.Second:
			r.knockedOver++
		}
	}
	return r
}

// Each variant of fleet-probes makes its point on every seed 1-10. The
// bounds are far from the values seen (seeds 1-10): without jitter 20 probes
// at once, 60 re-openings after the restart (all 20 breakers three times)
// and 6.4-7.1 % of pages ok during the warm-up; with jitter 3-4 probes at
// once and 25-32 % ok; a 2 s cooldown 72-86 failed probes against 24-33
// with 5 s; a 30 s cooldown none failed and none knocked over.
func TestFleetProbesMakesEachPoint(t *testing.T) {
	const lockstep, jittered, short, long = 0, 1, 2, 3
	for seed := uint64(1); seed <= 10; seed++ {
		snaps, err := engine.RunAll(FleetProbes(), seed)
		if err != nil {
			t.Fatal(err)
		}
		var r [4]fleetRecord
		for v := range r {
			r[v] = readFleet(t, &snaps[v])
			if len(r[v].instances) != 20 {
				t.Errorf("seed %d, %s: transitions name %d instances, want each of the 20 to open on the outage", seed, snaps[v].Variant, len(r[v].instances))
			}
		}
		if b := r[lockstep].probeBurst; b < 18 {
			t.Errorf("seed %d: without jitter the breakers should probe together, got at most %d half-open at once", seed, b)
		}
		if k := r[lockstep].knockedOver; k < 40 {
			t.Errorf("seed %d: without jitter the fleet should close together and be knocked over together more than once, got %d re-openings", seed, k)
		}
		if b := r[jittered].probeBurst; b > 8 {
			t.Errorf("seed %d: jitter should spread the probes, got %d half-open at once", seed, b)
		}
		if lo, hi := r[lockstep].pageOK, r[jittered].pageOK; hi < 2*lo || hi < 0.15 {
			t.Errorf("seed %d: jitter should serve clearly more pages during the warm-up: %.1f %% vs %.1f %% without", seed, 100*hi, 100*lo)
		}
		if s, j := r[short].failedProbes, r[jittered].failedProbes; s < 50 || s < 2*j {
			t.Errorf("seed %d: a 2 s cooldown should fail round after round of probes during the 8 s restart, got %d (5 s: %d)", seed, s, j)
		}
		if l := r[long]; l.failedProbes != 0 || l.knockedOver != 0 {
			t.Errorf("seed %d: a 30 s cooldown outlasts restart and warm-up, so no probe should fail and no breaker reopen, got %d and %d", seed, l.failedProbes, l.knockedOver)
		}
	}
}
