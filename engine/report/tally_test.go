package report

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// At the end of a run every request of the window has its answer, so a
// tally's shares are exactly the decided outcomes' shares: the table `run`
// printed before tallies existed. For every built-in scenario, variant and
// a few seeds.
func TestFinishedRunsWaitForNothing(t *testing.T) {
	for _, b := range scenarios.All() {
		sc := b.Build()
		for seed := uint64(1); seed <= 3; seed++ {
			snaps, err := engine.RunAll(sc, seed)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range snaps {
				for i := range s.Endpoints {
					e := &s.Endpoints[i]
					tl := WindowTally(e)
					if tl.Waiting() != 0 || tl.Arrived != e.Window.Total() {
						t.Fatalf("%s/%s seed %d %s: %d arrived, %d decided after the run", b.Name, s.Variant, seed, e.Name, tl.Arrived, e.Window.Total())
					}
					for _, o := range engine.Outcomes {
						if tl.Share(o) != e.Window.Share(o) {
							t.Errorf("%s/%s %s %s: tally %v, decided share %v", b.Name, s.Variant, e.Name, o, tl.Share(o), e.Window.Share(o))
						}
					}
				}
			}
		}
	}
}

// In the middle of a run the shares are of every arrival, the undecided
// included: at 12 s of the cascade's shared pool nearly every
// recommendations request of the window is still waiting on the hung
// dependency, and the few rejected ones are not "100 % rejected" (which is
// what a share of the decided ones alone says).
func TestMidRunSharesCountTheWaiting(t *testing.T) {
	sc := scenarios.Cascade()
	r, err := engine.New(sc, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(12 * time.Second)
	s := r.Snapshot()
	e, _ := s.Endpoint("recommendations")
	tl := WindowTally(e)
	if e.Window.Share(engine.Rejected) != 1 {
		t.Fatalf("the premise: the decided ones are all rejected, got %v", e.Window)
	}
	if tl.Waiting() < 150 || tl.Share(engine.Rejected) > 0.2 {
		t.Errorf("at 12 s: %d waiting, %.3f rejected; want most still waiting", tl.Waiting(), tl.Share(engine.Rejected))
	}
	sum := tl.WaitingShare()
	for _, o := range engine.Outcomes {
		sum += tl.Share(o)
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("outcome and waiting shares add up to %v", sum)
	}
	if tl.Arrived != tl.Decided()+tl.Waiting() {
		t.Errorf("arrived %d, decided %d, waiting %d", tl.Arrived, tl.Decided(), tl.Waiting())
	}

	// The table handed such a moment says so with a waiting column.
	var buf bytes.Buffer
	if err := WriteTable(&buf, sc, 5, []engine.Snapshot{s}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "waiting") {
		t.Errorf("a table of a moment with undecided requests needs a waiting column:\n%s", buf.String())
	}
}

func TestTallyAddAndShareOf(t *testing.T) {
	a := Tally{Arrived: 10, Outcomes: engine.Counts{4, 1, 2, 1}}
	b := Tally{Arrived: 10, Outcomes: engine.Counts{10, 0, 0, 0}}
	sum := a.Add(b)
	if sum.Arrived != 20 || sum.Waiting() != 2 || sum.Outcomes[engine.OK] != 14 {
		t.Fatalf("sum %+v", sum)
	}
	if got := sum.ShareOf(engine.OK, engine.Fallback, engine.OK); got != 15.0/20 {
		t.Errorf("ok+fallback (ok named twice) = %v, want 0.75", got)
	}
	if (Tally{}).Share(engine.OK) != 0 || (Tally{}).WaitingShare() != 0 {
		t.Error("an empty tally has no shares")
	}
	// A tally built by hand with more answers than arrivals waits for none.
	if odd := (Tally{Arrived: 1, Outcomes: engine.Counts{2}}); odd.Waiting() != 0 || odd.Share(engine.OK) != 1 {
		t.Errorf("odd tally: waiting %d, ok %v", odd.Waiting(), odd.Share(engine.OK))
	}
}
