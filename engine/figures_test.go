package engine_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// Figures, which a sweep reads each cell's figure from, is Snapshot but
// for the workers' owners: every built-in variant, midway through its
// fault and at its end, where requests hold workers and where none may.
func TestFiguresAreTheSnapshotButItsOwners(t *testing.T) {
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			r, err := engine.New(sc, v, 5)
			if err != nil {
				t.Fatalf("%s variant %d: %v", sc.Name, v+1, err)
			}
			for _, at := range []time.Duration{sc.MeasureFrom + (sc.MeasureTo-sc.MeasureFrom)/2, sc.Duration} {
				r.AdvanceTo(at)
				want, got := r.Snapshot(), r.Figures()
				if got.WorkerOwner != nil {
					t.Errorf("%s variant %d at %v: Figures has the workers' owners, which only Snapshot finds", sc.Name, v+1, at)
				}
				want.WorkerOwner = nil
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s variant %d at %v: Figures differs from Snapshot beyond its owners", sc.Name, v+1, at)
				}
			}
		}
	}
}
