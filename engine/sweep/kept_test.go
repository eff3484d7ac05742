package sweep

import (
	"sync/atomic"
	"testing"
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
