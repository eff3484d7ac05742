package sweep

import (
	"math"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A plan's jobs give the same samples in any order, spread over several
// Runners in any way (the pool's workers take them as they come): here
// on one goroutine, the jobs shuffled and each handed to one of three
// Runners at random. A Runner whose job forked at the end of a finished
// run once kept, in that job's slots, the copy its previous job's watch
// still held: a run of another cell, and, at a seed's turn, of another
// seed, which the next cell of the column then forked from.
func TestAnyOrderOnAnyRunners(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	plan := cascadePlans(t, 0, "recommendations.timeout=200ms..5s:4", "workers=100..300:3")
	want := map[Job]float64{}
	in := plan()
	w := in.Runner()
	for _, job := range in.Jobs() {
		s, err := w.Run(job)
		if err != nil {
			t.Fatal(err)
		}
		want[job] = s.Value
	}
	ends := 0
	for n := range uint64(60) {
		rng := rand.New(rand.NewPCG(n, 0x0dd))
		p := plan()
		jobs := p.Jobs()
		// Near the order a pool hands them out in, each job moved by up
		// to a row of the grid: the seeds' turns overlap, as they do on
		// several workers.
		for k := range jobs {
			if j := k + rng.IntN(5); j < len(jobs) {
				jobs[k], jobs[j] = jobs[j], jobs[k]
			}
		}
		runners := []*Runner{p.Runner(), p.Runner(), p.Runner()}
		nx, ny := p.Size()
		for _, job := range jobs {
			col, row := &p.midCol[job.Seed*nx+job.I], &p.midRow[job.Seed*ny+job.J]
			midCol, midRow, endForks := col.Load(), row.Load(), p.endForks.Load()
			s, err := runners[rng.IntN(len(runners))].Run(job)
			if err != nil {
				t.Fatal(err)
			}
			// A job that forked at the end ran nothing and watched
			// nothing: it keeps no copy for its column or row (its
			// row's slots are let go after the row's last job).
			changed := func(slot *atomic.Pointer[keptRun], was *keptRun) bool {
				now := slot.Load()
				return now != nil && now != was
			}
			if p.endForks.Load() > endForks && (changed(col, midCol) || changed(row, midRow)) {
				t.Fatalf("order %d, job %+v: forked at the end, yet kept a copy for the next cells of its column or row", n, job)
			}
			if math.Float64bits(s.Value) != math.Float64bits(want[job]) {
				t.Fatalf("order %d, job %+v: measured %v, in order on one Runner %v", n, job, s.Value, want[job])
			}
		}
		ends += int(p.endForks.Load())
	}
	if ends == 0 {
		t.Error("no job forked at the end of a finished run: the test does not cover them")
	}
}

// JobAt takes each seed's cells by diagonals: every cell once, on grids
// of every shape (a line, a column, wide, tall, square), each diagonal
// i+j after the one before it and, along one, i rising.
func TestJobsComeByDiagonals(t *testing.T) {
	racefree.Only(t) // one goroutine: the order of a plan's jobs alone
	check := func(nx, ny int) {
		t.Helper()
		seen := make([]bool, nx*ny)
		prevD, prevI := -1, -1
		for c := range nx * ny {
			i, j := diagonalCell(c, nx, ny)
			if i < 0 || i >= nx || j < 0 || j >= ny {
				t.Fatalf("%d × %d: place %d is cell %d,%d, off the grid", nx, ny, c, i, j)
			}
			if seen[j*nx+i] {
				t.Fatalf("%d × %d: place %d is cell %d,%d again", nx, ny, c, i, j)
			}
			seen[j*nx+i] = true
			d := i + j
			if d < prevD || d > prevD+1 || (d == prevD && i <= prevI) {
				t.Fatalf("%d × %d: place %d is cell %d,%d (diagonal %d) after a cell of diagonal %d, i %d", nx, ny, c, i, j, d, prevD, prevI)
			}
			prevD, prevI = d, i
		}
	}
	for nx := 1; nx <= 24; nx++ {
		for ny := 1; ny <= 24; ny++ {
			check(nx, ny)
		}
	}
	for _, g := range [][2]int{{MaxRuns, 1}, {1, MaxRuns}, {447, 447}, {1000, 200}, {3, 60000}} {
		check(g[0], g[1])
	}
}

// Two workers take a seed's jobs two at a time, so the second of a pair
// cannot fork from the first. By diagonals the two are never neighbours
// (but where a diagonal turns), and a pass whose pairs run the wrong way
// round simulates as little as one in order; row by row, the second of a
// pair lost its row's run, and this sweep of the cascade simulated a
// quarter more.
func TestPairsOfJobsForkAsOneByOne(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	plan := cascadePlans(t, 1, "recommendations.timeout=100ms..5s:8", "recommendations.bulkhead=5..60:8")
	simulated := func(swap bool) (events int64, samples map[Job]float64) {
		p := plan()
		jobs := p.Jobs()
		if swap {
			for k := 0; k+1 < len(jobs); k += 2 {
				jobs[k], jobs[k+1] = jobs[k+1], jobs[k]
			}
		}
		samples = map[Job]float64{}
		runners := []*Runner{p.Runner(), p.Runner()}
		for k, job := range jobs {
			s, err := runners[k%2].Run(job)
			if err != nil {
				t.Fatal(err)
			}
			samples[job] = s.Value
		}
		for _, w := range p.Work() {
			events += w.Events
		}
		return events, samples
	}
	inOrder, want := simulated(false)
	paired, got := simulated(true)
	for job, v := range want {
		if g := got[job]; g != v && !(math.IsNaN(g) && math.IsNaN(v)) {
			t.Errorf("job %+v: %v in pairs, %v in order", job, g, v)
		}
	}
	t.Logf("simulated %d events in order, %d with each pair the wrong way round", inOrder, paired)
	if float64(paired) > 1.02*float64(inOrder) {
		t.Errorf("with each pair of jobs the wrong way round the sweep simulated %d events, in order %d: over 2 %% more", paired, inOrder)
	}
}

// cascadePlans makes prepared plans of the short cascade's variant v over
// the knobs x and y, measuring search's ok share on seeds 5 and 6.
func cascadePlans(t *testing.T, v int, xs, ys string) func() *Plan {
	t.Helper()
	x, err := ParseVary(xs)
	if err != nil {
		t.Fatal(err)
	}
	y, err := ParseVary(ys)
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseMetric("search.ok", shortCascade(), v)
	if err != nil {
		t.Fatal(err)
	}
	return func() *Plan {
		p := &Plan{Build: shortCascade, Variant: v, Axes: []Axis{x, y}, Seeds: []uint64{5, 6}, Measure: m, Set: testSet}
		if err := p.Prepare(); err != nil {
			t.Fatal(err)
		}
		return p
	}
}
