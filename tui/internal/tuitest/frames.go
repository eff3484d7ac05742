package tuitest

import (
	"slices"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// Frames plays variant v of a built-in scenario as a screen does, a frame
// at a time, and packs the snapshot of each frame as pane data, all of one
// run (one Gen). The frames fall where a cache keyed on whole samples goes
// wrong: between two samples, at each breaker transition and just after
// it (a step stops at such a moment: lesson 5's 1.726 s), and across
// every sample's end, in steps that do not divide a sample's span. Up to
// n frames, spread over the run, and its end.
func Frames(t testing.TB, name string, v, n int) []pane.Data {
	t.Helper()
	sc := Scenario(t, name)
	whole, err := engine.New(sc, v, Seed)
	if err != nil {
		t.Fatal(err)
	}
	whole.AdvanceTo(sc.Duration)
	all := whole.Snapshot()
	var at []time.Duration
	for _, tr := range all.Transitions {
		at = append(at, tr.At, tr.At+time.Millisecond)
	}
	// The rest in short runs of frames 7 ms to 37 ms apart, each run
	// straddling a sample's end, spread evenly over the run.
	every := max(all.SampleEvery, time.Millisecond)
	runs := max((n-len(at))/4, 1)
	for i := range runs {
		end := sc.Duration * time.Duration(i+1) / time.Duration(runs+1)
		end = end.Truncate(every)
		for _, d := range []time.Duration{-23, -7, 3, 37} {
			at = append(at, end+d*time.Millisecond)
		}
	}
	at = append(at, sc.Duration)
	slices.Sort(at)
	at = slices.Compact(at)
	r, err := engine.New(sc, v, Seed)
	if err != nil {
		t.Fatal(err)
	}
	faults := pane.FaultSpans(sc, v)
	out := make([]pane.Data, 0, len(at))
	for _, a := range at {
		if a <= 0 || a > sc.Duration {
			continue
		}
		r.AdvanceTo(a)
		s := r.Snapshot()
		out = append(out, pane.Data{Snap: &s, Gen: 1, Faults: faults})
	}
	return out
}
