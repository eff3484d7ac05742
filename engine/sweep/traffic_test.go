package sweep

import (
	"math"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// rateTimeoutPlan varies search's rate, which changes the traffic of the
// cells, against recommendations' timeout, which does not.
func rateTimeoutPlan(t *testing.T) *Plan {
	t.Helper()
	sc := shortCascade()
	rate, _ := ParseVary("search.rate=200..400:3")
	to, _ := ParseVary("recommendations.timeout=200ms..2s:2")
	m, err := ParseMetric("search.ok", sc, 1)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := ParseGoal("recommendations.ok>=0.5", sc, 1)
	p := &Plan{Build: shortCascade, Variant: 1, Axes: []Axis{rate, to}, Seeds: []uint64{5, 6}, Measure: m, Goal: &g, Set: testSet}
	if err := p.Prepare(); err != nil {
		t.Fatal(err)
	}
	return p
}

// singleRun measures job's cell of rateTimeoutPlan with a run of its own,
// drawing its own traffic.
func singleRun(t *testing.T, p *Plan, job Job) (value, goal float64) {
	t.Helper()
	sc := shortCascade()
	sys := &sc.Variants[1].System
	sys.Endpoints[0].Rate = float64(p.Axes[0].Values[job.I].(int64))
	sys.Dependencies[2].Policy.Timeout, _ = time.ParseDuration(p.Axes[1].Values[job.J].(string))
	r, err := engine.New(sc, 1, p.Seeds[job.Seed])
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	snap := r.Snapshot()
	return snap.Endpoints[0].Window.Share(engine.OK), snap.Endpoints[2].Window.Share(engine.OK)
}

func sameSample(s Sample, value, goal float64) bool {
	return math.Float64bits(s.Value) == math.Float64bits(value) && math.Float64bits(s.GoalValue) == math.Float64bits(goal)
}

// Cells that send different traffic form groups of their own, one per
// rate here (the timeout does not change what the endpoints send), and
// every cell still measures what a run of its own measures: a run that
// replayed another group's traffic would not.
func TestTrafficGroupsByWhatTheEndpointsSend(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	p := rateTimeoutPlan(t)
	if got := p.Groups(); got != 3 {
		t.Errorf("%d traffic groups, want 3: one per search rate", got)
	}
	for j := range 2 {
		for i := range 3 {
			if p.group[j*3+i] != p.group[i] {
				t.Errorf("cell %d,%d is in group %d, cell %d,0 in %d: the timeout changes no traffic", i, j, p.group[j*3+i], i, p.group[i])
			}
		}
	}
	w := p.Runner()
	drawn := 0
	for _, job := range p.Jobs() {
		s, err := w.Run(job)
		if err != nil {
			t.Fatal(err)
		}
		if v, g := singleRun(t, p, job); !sameSample(s, v, g) {
			t.Errorf("job %+v: sweep measured %v and %v, a run of its own %v and %v", job, s.Value, s.GoalValue, v, g)
		}
		// The seed's traffic is kept while its runs go on (it goes
		// after the last: TestSeedLetGoWhenDone).
		if slot := &p.traffic[job.Seed]; p.left[job.Seed].Load() > 0 {
			if slot.state.Load() != slotReady || slot.tr.Load() == nil {
				t.Errorf("job %+v: seed %d's traffic was not drawn and kept", job, job.Seed)
			}
			drawn++
		}
	}
	if drawn == 0 {
		t.Error("no job found its seed's traffic kept")
	}
}

// Past the bound on the requests a plan holds, runs draw their own
// traffic, and measure the same.
func TestTrafficPastTheBound(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	p := rateTimeoutPlan(t)
	p.held.Store(maxSharedRequests)
	w := p.Runner()
	for _, job := range p.Jobs() {
		s, err := w.Run(job)
		if err != nil {
			t.Fatal(err)
		}
		if v, g := singleRun(t, p, job); !sameSample(s, v, g) {
			t.Errorf("job %+v: sweep measured %v and %v, a run of its own %v and %v", job, s.Value, s.GoalValue, v, g)
		}
	}
	for k := range p.traffic {
		if p.traffic[k].tr.Load() != nil {
			t.Errorf("traffic slot %d was kept past the bound", k)
		}
	}
}

// Runners on several goroutines, racing to draw the same traffic, measure
// what one runner alone measures (run it with -race too).
func TestRunnersRaceForTraffic(t *testing.T) {
	want := map[Job]Sample{}
	p := rateTimeoutPlan(t)
	w := p.Runner()
	for _, job := range p.Jobs() {
		s, err := w.Run(job)
		if err != nil {
			t.Fatal(err)
		}
		want[job] = s
	}
	p = rateTimeoutPlan(t) // its traffic not drawn yet
	jobs := p.Jobs()
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			w := p.Runner()
			// Every goroutine runs every job, each starting at another.
			for k := range jobs {
				job := jobs[(k+g)%len(jobs)]
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
}

// Two axes that both change the traffic, search's rate and the latency of
// the dependency it calls, make a group of every cell, and each cell
// measures what a run of its scenario drawing its own traffic measures.
func TestTrafficGroupsOfTwoAxes(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	sc := shortCascade()
	rate, _ := ParseVary("search.rate=200..400:3")
	lat, _ := ParseVary("search-index.latency.mean=10ms..30ms:2")
	dur, _ := ParseVary("duration=11s..12s:2")
	m, _ := ParseMetric("search.p99", sc, 2)
	for _, tc := range []struct {
		y            Axis
		groups, sets int
	}{{lat, 6, 1}, {dur, 6, 2}} {
		t.Run(tc.y.Path, func(t *testing.T) {
			p := &Plan{Build: shortCascade, Variant: 2, Axes: []Axis{rate, tc.y}, Seeds: []uint64{7}, Measure: m, Set: testSet}
			if err := p.Prepare(); err != nil {
				t.Fatal(err)
			}
			if p.Groups() != tc.groups || len(p.groups) != tc.sets {
				t.Errorf("%d traffic groups in %d sets, want %d in %d", p.Groups(), len(p.groups), tc.groups, tc.sets)
			}
			cellsEqualOwnRuns(t, p)
		})
	}
}

// cellsEqualOwnRuns checks every job of p against a run of the cell's
// scenario that draws its own traffic.
func cellsEqualOwnRuns(t *testing.T, p *Plan) {
	t.Helper()
	w := p.Runner()
	for _, job := range p.Jobs() {
		s, err := w.Run(job)
		if err != nil {
			t.Fatal(err)
		}
		r, err := engine.New(p.CellScenario(job.I, job.J), p.Variant, p.Seeds[job.Seed])
		if err != nil {
			t.Fatal(err)
		}
		r.Run()
		snap := r.Snapshot()
		if want := p.Measure.Measure(&snap); math.Float64bits(s.Value) != math.Float64bits(want) {
			t.Errorf("job %+v: sweep measured %v, a run of its own %v", job, s.Value, want)
		}
	}
}
