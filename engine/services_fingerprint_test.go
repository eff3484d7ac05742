package engine_test

import (
	"fmt"
	"hash"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// The services' fingerprints pin the results of the built-in scenarios
// whose front service calls services, fleets and rate limiters, and of the
// gateway and tenants scenarios, which the main fingerprints leave out:
// each variant on a seed or two, stepped unevenly, hashing every
// snapshot's front service, limits, services (instances, edges, series)
// and, for a tasks server, its loop and pools. The recorded values come
// from the engine before the services' hot path was rewritten for speed
// (issue 28); a change meant to alter these results records new values and
// says why in its commit. Recorded anew when the edges gained InFlightMaxAt
// (when the peak in flight was first reached): with that field left out of
// the hash, the old values held, so no other result moved. Recorded again,
// results unchanged, when the hash became stateHash (fingerprint_test.go
// says why). Recorded anew when the edges gained Deadline and
// PropagateDeadline (the policy's, for the breaker pane's words): with
// those fields left out of the hash, the old values held. Recorded anew
// (go-inventory, multi-hop, rate-limit-vs-bulkhead) when a call a service
// refuses at once stopped counting in its edge's in_flight_max: with
// InFlightMax and InFlightMaxAt left out of the hash, the old and new
// engines gave the same values, so no other result moved.
var recordedServiceFingerprints = map[string]string{
	"api-gateway":            "617ff0d140e448ae",
	"fleet-probes":           "9152fe49789a3147",
	"go-inventory":           "49a2cc31d084b6b1",
	"multi-hop":              "ab43315e9499669e",
	"noisy-tenant":           "27e11561249b684d",
	"rate-limit-vs-bulkhead": "4d7c87b9cd6bdfb0",
}

func TestServiceFingerprints(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	got := map[string]string{}
	for _, c := range []struct {
		name  string
		seeds uint64
	}{
		{"multi-hop", 2}, {"fleet-probes", 1}, {"api-gateway", 2}, {"rate-limit-vs-bulkhead", 2},
		{"noisy-tenant", 2}, {"go-inventory", 2},
	} {
		b, ok := scenarios.Lookup(c.name)
		if !ok {
			t.Fatalf("no built-in scenario %q", c.name)
		}
		sc := b.Build()
		h := newStateHash()
		for seed := range c.seeds {
			for v := range sc.Variants {
				r, err := engine.New(sc, v, seed+3)
				if err != nil {
					t.Fatal(err)
				}
				hashServiceSteps(h, r, seed*7919+uint64(v))
			}
		}
		got[c.name] = fmt.Sprintf("%016x", h.Sum64())
	}
	if len(recordedServiceFingerprints) == 0 {
		for _, k := range sortedKeys(got) {
			t.Logf("%q: %q,", k, got[k])
		}
		t.Fatal("no recorded fingerprints")
	}
	for _, k := range sortedKeys(got) {
		if want := recordedServiceFingerprints[k]; got[k] != want {
			t.Errorf("%s: fingerprint %s, recorded %s: the services' results changed", k, got[k], want)
		}
	}
}

// hashServiceSteps steps r to its end in uneven steps of up to 4 s drawn
// from stepSeed, hashing each snapshot whole.
func hashServiceSteps(h hash.Hash64, r *engine.Run, stepSeed uint64) {
	steps := rand.New(rand.NewPCG(stepSeed, 0x57e9))
	hashAll := func() {
		s := r.Snapshot()
		fingerprintSnapshot(h, &s)
		fingerprintServices(h, &s)
		fingerprintTasks(h, &s)
	}
	for !r.Done() && r.Now() < r.End() {
		r.Advance(time.Duration(steps.Int64N(int64(4*time.Second))) + time.Millisecond)
		hashAll()
	}
	r.Run()
	hashAll()
}
