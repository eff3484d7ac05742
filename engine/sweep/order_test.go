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
	x, _ := ParseVary("recommendations.timeout=200ms..5s:4")
	y, _ := ParseVary("workers=100..300:3")
	m, err := ParseMetric("search.ok", shortCascade(), 0)
	if err != nil {
		t.Fatal(err)
	}
	plan := func() *Plan {
		p := &Plan{Build: shortCascade, Variant: 0, Axes: []Axis{x, y}, Seeds: []uint64{5, 6}, Measure: m, Set: testSet}
		if err := p.Prepare(); err != nil {
			t.Fatal(err)
		}
		return p
	}
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
