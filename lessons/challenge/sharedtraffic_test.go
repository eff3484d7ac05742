package challenge

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/deepequal"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A design graded on the level's kept traffic (trafficCache) runs as
// engine.RunAll runs it, bit for bit, on every built-in level on a scenario,
// on its first seed (the engine checks the seed before it replays, so
// one is as good as another here, and every run costs): the traffic kept
// is the one drawn for the reference solution, and the start is run on
// it, so a knob that changes what an endpoint sends is drawn afresh.
func TestKeptTrafficRunsAsRunAll(t *testing.T) {
	racefree.Only(t) // runs one after another, no goroutine
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		if c.Fleet != nil {
			continue // the shuffle lab draws no traffic
		}
		ref, err := c.ReferenceSetting()
		if err != nil {
			t.Fatal(err)
		}
		kept := *c
		kept.traffic = &trafficCache{} // this test's own, drawn from the reference solution first
		refSc, err := kept.ScenarioFor(ref)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := kept.ScenarioFor(c.Start())
		if err != nil {
			t.Fatal(err)
		}
		for _, seed := range c.Seeds[:1] {
			if _, err := kept.run(refSc, nil, seed); err != nil {
				t.Fatal(err)
			}
			got, err := kept.run(sc, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			want, err := engine.RunAll(sc, seed)
			if err != nil {
				t.Fatal(err)
			}
			if !deepequal.Equal(*got.snap, want[0]) {
				t.Errorf("%s, seed %d: the start run on the reference solution's traffic is not RunAll's run", c.ID, seed)
			}
		}
	}
}
