package sweep

import (
	"reflect"
	"sync"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Once every job of a seed is done, what its runs shared (traffic, the
// prefix, the finished runs kept) is let go, and the later seeds' runs
// still measure what runs of their own do; at the end the plan holds
// nothing but its cells.
func TestSeedLetGoWhenDone(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	p, ref := testPlan(t), testPlan(t)
	w := p.Runner()
	nx, ny := p.Size()
	held := func(s int) (traffic, prefix, ends bool) {
		for set := range p.groups {
			traffic = traffic || p.traffic[set*len(p.Seeds)+s].tr.Load() != nil
		}
		for i := range nx {
			ends = ends || p.endCol[s*nx+i].Load() != nil || p.preCol[s*nx+i].Load() != nil
		}
		for j := range ny {
			ends = ends || p.endRow[s*ny+j].Load() != nil || p.preRow[s*ny+j].Load() != nil
		}
		return traffic, p.prefixes[s].run.Load() != nil, ends
	}
	for k, job := range p.Jobs() {
		s, want := runBoth(t, w, ref, job) // ref: another plan's fresh Runner
		if !sameSample(s, want.Value, want.GoalValue) {
			t.Errorf("job %+v: %v, a fresh run %v", job, s.Value, want.Value)
		}
		tr, pre, ends := held(job.Seed)
		switch {
		case k == 0 && !(tr && ends):
			t.Errorf("after the first job: traffic kept %v, finished runs kept %v; want both", tr, ends)
		case k == nx*ny-1 && (tr || pre || ends):
			t.Errorf("after seed 0's last job: traffic %v, prefix %v, finished runs %v still kept", tr, pre, ends)
		}
	}
	if p.held.Load() != 0 || p.kept.Load() != 0 {
		t.Errorf("after every job the plan holds %d requests of traffic and %d bytes of finished runs", p.held.Load(), p.kept.Load())
	}
}

// A grid too large to keep its cells' scenarios builds each again for its
// runs: its samples, its cost and its cells are those of a plan that
// keeps them.
func TestLargeGridBuildsCellsAgain(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	held := testPlan(t)
	defer func(n int) { maxHeldCells = n }(maxHeldCells)
	maxHeldCells = 0
	built := testPlan(t)
	if built.cells != nil || held.cells == nil {
		t.Fatalf("cells kept: %v with the bound at 0, %v without", built.cells != nil, held.cells != nil)
	}
	all := make([]*engine.Scenario, 0, len(held.cells))
	nx, ny := built.Size()
	for j := range ny {
		for i := range nx {
			sc := built.CellScenario(i, j)
			if !reflect.DeepEqual(sc, held.CellScenario(i, j)) {
				t.Errorf("cell %d,%d built again differs from the one kept", i, j)
			}
			all = append(all, sc)
		}
	}
	if got, want := built.Cost(), engine.EstimateSweepCost(all, built.Variant, len(built.Seeds)); !reflect.DeepEqual(got, want) {
		t.Errorf("cost summed as the cells were built %+v, over them all %+v", got, want)
	}
	w, hw := built.Runner(), held.Runner()
	for _, job := range built.Jobs() {
		got, want := runBoth(t, w, hw, job)
		if !sameSample(got, want.Value, want.GoalValue) {
			t.Errorf("job %+v: %v with the cells built again, %v with them kept", job, got.Value, want.Value)
		}
	}
	if built.Forks() == 0 {
		t.Error("no run forked with the cells built again")
	}
}

// A finished run kept for end forks is handed over, not copied, and once
// let go its buffers go to another job's run: runners on several
// goroutines, forking from kept runs while others replace them, measure
// what one runner alone does (run it with -race too). Under -race in make
// test the first round runs; TestRunnersShareKeptRunsMoreRounds runs the
// other two, the same goroutines in other orders, without it.
func TestRunnersShareKeptRuns(t *testing.T) {
	shareKeptRuns(t, 0)
}

// The same goroutines as TestRunnersShareKeptRuns's, which make test runs
// under -race, in two more orders of the jobs: the detector took 4.6 s of
// CPU for three rounds (0.3 s without it) and watches the same sharing in
// one.
func TestRunnersShareKeptRunsMoreRounds(t *testing.T) {
	racefree.Only(t)
	shareKeptRuns(t, 1, 2)
}

// shareKeptRuns measures every job of testPlan with one runner, then, for
// each of rounds, with four runners on goroutines of their own taking the
// jobs in an order of the round's, and checks that each measures what the
// one did and that some run forked from a kept run.
func shareKeptRuns(t *testing.T, rounds ...int) {
	want := map[Job]Sample{}
	p := testPlan(t)
	w := p.Runner()
	for _, job := range p.Jobs() {
		s, err := w.Run(job)
		if err != nil {
			t.Fatal(err)
		}
		want[job] = s
	}
	for _, round := range rounds {
		p = testPlan(t)
		jobs := p.Jobs()
		var wg sync.WaitGroup
		for g := range 4 {
			wg.Go(func() {
				w := p.Runner()
				for k := range jobs {
					job := jobs[(k*(g+1)+round)%len(jobs)]
					s, err := w.Run(job)
					if err != nil {
						t.Error(err)
						return
					}
					if !sameSample(s, want[job].Value, want[job].GoalValue) {
						t.Errorf("goroutine %d, job %+v: %v and %v, want %v and %v", g, job, s.Value, s.GoalValue, want[job].Value, want[job].GoalValue)
					}
				}
			})
		}
		wg.Wait()
		if p.endForks.Load() == 0 {
			t.Errorf("round %d: no run forked from a kept run", round)
		}
	}
}

// A finished run whose compact copy could not fit the bytes the plan keeps
// is not copied at all (keepEnd): with no room, no compact copy is made to
// be let go at once, and so none is left spare; with room, runs are kept.
func TestNoCopyWithoutRoom(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	for _, room := range []bool{false, true} {
		p := testPlan(t)
		if !room {
			p.keptMax = 1
		}
		w := p.Runner()
		kept := false
		for _, job := range p.Jobs() {
			if _, err := w.Run(job); err != nil {
				t.Fatal(err)
			}
			kept = kept || p.kept.Load() > 0
		}
		switch {
		case !room && (kept || len(p.keptSpare) > 0):
			t.Errorf("with no room: %d bytes kept, %d compact copies spare; want none", p.kept.Load(), len(p.keptSpare))
		case room && !kept:
			t.Error("with room, no finished run was kept")
		}
	}
}
