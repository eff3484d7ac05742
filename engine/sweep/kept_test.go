package sweep

import (
	"fmt"
	"math"
	"sync/atomic"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// keptBytes sums the sizes of the distinct runs p's slots hold: what its
// kept bytes must count once no job holds a run and no Runner a copy.
func keptBytes(p *Plan) int64 {
	seen := map[*keptRun]bool{}
	var n int64
	for _, slots := range [][]atomic.Pointer[keptRun]{p.endCol, p.endRow, p.preCol, p.preRow, p.midCol, p.midRow} {
		for i := range slots {
			if k := slots[i].Load(); k != nil && !seen[k] {
				seen[k] = true
				n += k.size
			}
		}
	}
	return n
}

// The copies a Runner watches with (watch.go) count in the plan's kept
// bytes, as the runs its slots keep do, and the bytes never pass keptMax:
// with room for about one run, every job still measures what a run of its
// own does, and after each job the kept bytes are exactly the slots' runs
// (the job's copies were handed to the slots or let go).
func TestWatchedCopiesCountInKeptBytes(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	for _, room := range []int64{0, 1, 3} {
		p, ref := testPlan(t), testPlan(t)
		if room > 0 {
			// Room for a few of the prefix's copies.
			w := p.Runner()
			pre := p.prefixFor(w.ctx, 0)
			p.keptMax = room * int64(pre.Footprint()) * 5 / 4
		}
		w := p.Runner()
		for _, job := range p.Jobs() {
			s, want := runBoth(t, w, ref, job)
			if !sameSample(s, want.Value, want.GoalValue) {
				t.Errorf("room %d, job %+v: %v, a fresh run %v", room, job, s.Value, want.Value)
			}
			if got, held := p.kept.Load(), keptBytes(p); got != held {
				t.Fatalf("room %d, after job %+v: %d bytes counted kept, the slots hold %d", room, job, got, held)
			}
			if p.kept.Load() > p.keptMax {
				t.Fatalf("room %d, after job %+v: %d bytes kept, over keptMax %d", room, job, p.kept.Load(), p.keptMax)
			}
		}
	}
}

// A finished run that cannot serve a job as its end fork leaves that
// job's slot (the axes grow: the next cell along would not fork from it
// either), and its bytes go once no other slot holds it; one that serves
// stays.
func TestEndRunLeavesTheSlotItFailed(t *testing.T) {
	p := testPlan(t)
	w := p.Runner()
	nx, _ := p.Size()
	first := Job{I: 0, J: 0}
	if _, err := w.Run(first); err != nil {
		t.Fatal(err)
	}
	k := p.endRow[0].Load()
	if k == nil || p.endCol[0].Load() != k {
		t.Fatal("the first job's finished run is not kept in its column and row")
	}
	// The next cell along the row: a larger bulkhead, which the first
	// cell's filled (its fault hangs recommendations).
	next := Job{I: 1, J: 0}
	if got := p.forkEnd(next, p.cell(next.J*nx+next.I)); got != nil {
		t.Fatal("the cell with the larger bulkhead forked from a run whose bulkhead filled")
	}
	if p.endRow[0].Load() != nil {
		t.Error("the run that could not serve the row's next cell still holds the row's slot")
	}
	if p.endCol[0].Load() != k || k.refs.Load() != 1 {
		t.Errorf("the run left its column's slot too, or its holds are %d (want 1: the column's)", k.refs.Load())
	}
	if p.kept.Load() != keptBytes(p) {
		t.Errorf("%d bytes kept, the slots hold %d", p.kept.Load(), keptBytes(p))
	}
}

// freedBy counts the runs that putting another in the slots would let
// go: each once, however many of the slots hold it, and none that a slot
// elsewhere or a job still holds.
func TestFreedByCountsWhatReplacingLetsGo(t *testing.T) {
	p := testPlan(t)
	var a, b, c, d atomic.Pointer[keptRun]
	only := &keptRun{size: 100}
	only.refs.Store(2) // a and b
	shared := &keptRun{size: 10}
	shared.refs.Store(2) // c, and a slot elsewhere
	held := &keptRun{size: 1}
	held.refs.Store(2) // d, and a job forking from it
	a.Store(only)
	b.Store(only)
	c.Store(shared)
	d.Store(held)
	for _, c := range []struct {
		slots []*atomic.Pointer[keptRun]
		want  int64
	}{
		{[]*atomic.Pointer[keptRun]{&a, &b}, 100},
		{[]*atomic.Pointer[keptRun]{&a}, 0},
		{[]*atomic.Pointer[keptRun]{&b, &c}, 0},
		{[]*atomic.Pointer[keptRun]{&c, &d}, 0},
	} {
		if got := p.freedBy(c.slots...); got != c.want {
			t.Errorf("freedBy %d slots: %d, want %d", len(c.slots), got, c.want)
		}
	}
}

// goServerPlan sweeps go-server's variant v over two knobs, x and y, of
// its memory per task (KiB) and limit (MiB) and its payments' bulkhead.
func goServerPlan(t *testing.T, v int, x, y string) *Plan {
	t.Helper()
	ax, ay := twoAxes(t, x, y)
	m, err := ParseMetric("checkout.ok", scenarios.GoServer(), v)
	if err != nil {
		t.Fatal(err)
	}
	set := func(sc *engine.Scenario, v int, path string, val any) error {
		sys := &sc.Variants[v].System
		switch path {
		case "tasks.memory.per_task_kib":
			sys.Tasks.Memory.PerTask = val.(int64) << 10
		case "tasks.memory.limit_mib":
			sys.Tasks.Memory.Limit = val.(int64) << 20
		case "payments.bulkhead":
			sys.Dependencies[0].Policy.Bulkhead = int(val.(int64))
		default:
			return fmt.Errorf("no knob %q", path)
		}
		return nil
	}
	p := &Plan{Build: scenarios.GoServer, Variant: v, Axes: []Axis{ax, ay}, Seeds: []uint64{5}, Measure: m, Set: set}
	if err := p.Prepare(); err != nil {
		t.Fatal(err)
	}
	return p
}

// The copies a sweep keeps to fork from are compact (engine's KeepInto):
// a run a Runner goes on with has the capacities of its largest run so
// far, and at go-server's hang's start that is up to nine times what its
// copy needs. Copied as they were, the watched copies filled the plan's
// bytes at a few runs, and the cells that might have gone on from them
// ran the hang through; so did the copies at the fault of the runs that
// ran from the start (a bulkhead too small for the traffic before it).
// Each job still measures what a run of its own does. In go-server's
// variant with no timeouts, its goroutines pile up while payments hangs
// (from 20 s) until the memory limit kills it, and each cell's run goes
// on alike until then: the cells watch one another long into the hang.
func TestKeptCopiesHoldWhatTheRunHolds(t *testing.T) {
	racefree.Only(t) // sweeps of go-server's hang: the engine's work alone
	for _, c := range []struct {
		v    int
		x, y string
		kept func(p *Plan) [][]atomic.Pointer[keptRun]
	}{
		{0, "tasks.memory.per_task_kib=64..256:3", "tasks.memory.limit_mib=256..1024:3",
			func(p *Plan) [][]atomic.Pointer[keptRun] { return [][]atomic.Pointer[keptRun]{p.midCol, p.midRow} }},
		{1, "payments.bulkhead=8..40:3", "tasks.memory.limit_mib=256..1024:3",
			func(p *Plan) [][]atomic.Pointer[keptRun] { return [][]atomic.Pointer[keptRun]{p.preCol, p.preRow} }},
	} {
		p := goServerPlan(t, c.v, c.x, c.y)
		w := p.Runner()
		nx, _ := p.Size()
		copies := 0
		for _, job := range p.Jobs() {
			s, err := w.Run(job)
			if err != nil {
				t.Fatal(err)
			}
			r, err := engine.New(p.cell(job.J*nx+job.I), p.Variant, p.Seeds[job.Seed])
			if err != nil {
				t.Fatal(err)
			}
			r.Run()
			snap := r.Snapshot()
			if want := p.Measure.Measure(&snap); !sameSample(s, want, math.NaN()) {
				t.Errorf("%s × %s, job %+v: %v, a run of its own %v", c.x, c.y, job, s.Value, want)
			}
			for _, slots := range c.kept(p) {
				for i := range slots {
					k := slots[i].Load()
					if k == nil {
						continue
					}
					copies++
					if least := int64(k.run.KeptFootprint()); !k.compact || k.size > 2*least {
						t.Fatalf("%s × %s, after job %+v: a copy kept at %v holds %d bytes (compact %v), its least %d", c.x, c.y, job, k.run.Now(), k.size, k.compact, least)
					}
				}
			}
		}
		if copies == 0 {
			t.Fatalf("%s × %s: no copy kept where the test looks: it sees nothing", c.x, c.y)
		}
	}
}
