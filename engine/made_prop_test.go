package engine

import (
	"testing"

	"pgregory.net/rapid"
)

// TestDependencySamplesCountEveryCallMade (made_test.go) on random
// scenarios of every kind the generators draw (every policy, a front
// service's limits, chains of services, flat service edges, a tasks
// server with its pools), each variant's samples held to the same rule:
// the calls made and not answered are at least those held at the
// dependency and those dialling. The built-in scenarios take few of the
// paths written out for speed; these take the rest (a lean endpoint's
// call refused at entry, without a request, among them), alone and
// replaying shared traffic.
func TestPropertySamplesCountEveryCallMade(t *testing.T) {
	for _, g := range []struct {
		name string
		gen  func(*rapid.T) *Scenario
	}{
		{"policies", genScenario}, {"limits", genLimitedScenario}, {"chains", genChain},
		{"flat chains", genFlatChain}, {"tasks", genTasksScenario},
	} {
		t.Run(g.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				sc := g.gen(t)
				seed := rapid.Uint64().Draw(t, "seed")
				// Runs that replay shared traffic (NewShared, as RunAll and
				// the sandbox run them) take arrivals in batches, by paths
				// of their own.
				tr, err := NewTraffic(sc, seed)
				if err != nil {
					t.Skip(err)
				}
				for k := range 2 * len(sc.Variants) {
					v := k / 2
					r, err := New(sc, v, seed)
					if k%2 == 1 {
						r, err = NewShared(sc, v, tr)
					}
					if err != nil {
						t.Skip(err)
					}
					r.Run()
					s := r.Snapshot()
					deps := append([]DependencySnapshot(nil), s.Dependencies...)
					for i := range s.Services {
						deps = append(deps, s.Services[i].Dependencies...)
					}
					for _, d := range deps {
						for k, smp := range d.Series {
							unanswered := int64(int32(smp.Made - smp.Answered))
							if unanswered < int64(smp.InFlight-smp.Abandoned)+int64(smp.Dialling) || smp.Dialling < 0 {
								t.Fatalf("variant %d, %s at sample %d: %d made, %d answered, but %d held and %d dialling",
									v+1, d.Name, k, smp.Made, smp.Answered, smp.InFlight-smp.Abandoned, smp.Dialling)
							}
						}
					}
				}
			})
		})
	}
}
