package engine

import (
	"context"
	"time"
)

// RunAllContext is RunAll in slices of virtual time: between slices it
// checks ctx, and stops with ctx's error when it is done (ctrl+c), and it
// tells progress, when not nil, how much virtual time is done of the total
// over every variant (each variant's run to its drain limit). Stepping in
// slices gives the same results as one step, bit for bit.
func RunAllContext(ctx context.Context, sc *Scenario, seed uint64, progress func(done, total time.Duration)) ([]Snapshot, error) {
	out := make([]Snapshot, len(sc.Variants))
	tr, err := NewTraffic(sc, seed)
	if err != nil {
		return nil, err
	}
	end := sc.Duration + DrainLimit
	total := end * time.Duration(len(sc.Variants))
	// A slice is a two-hundredth of a run, at least a second of virtual
	// time: checking ctx costs nothing beside it.
	slice := max(end/200, time.Second)
	for v := range sc.Variants {
		r, err := NewShared(sc, v, tr)
		if err != nil {
			return nil, err
		}
		for !r.Done() && r.Now() < r.End() {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			r.AdvanceTo(r.Now() + slice)
			if progress != nil {
				progress(time.Duration(v)*end+r.Now(), total)
			}
		}
		r.Run() // the same as RunAll's end: the drain limit, if not reached
		out[v] = r.Snapshot()
	}
	if progress != nil {
		progress(total, total)
	}
	return out, nil
}
