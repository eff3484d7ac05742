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
// wrong: between two samples, and a few milliseconds apart around each
// breaker transition and each fault's start and end (a step stops at such
// a moment: lesson 5's 1.726 s; go-server's peak in flight climbs from 26
// to 1,315 in the 25 ms after its hang ends at 70 s, within one sample),
// across every sample's end of the busiest second of the run at the
// player's frame rate, and across sample ends spread over the run, in
// steps that do not divide a sample's span. Up to n frames spread over the
// run besides the others, and its end.
func Frames(t testing.TB, name string, v, n int) []pane.Data {
	t.Helper()
	sc := Scenario(t, name)
	whole, err := engine.New(sc, v, Seed)
	if err != nil {
		t.Fatal(err)
	}
	whole.AdvanceTo(sc.Duration)
	all := whole.Snapshot()
	faults := pane.FaultSpans(sc, v)
	var at []time.Duration
	// Around each moment something turns: just before, at and after it,
	// closer together nearest it.
	around := func(m time.Duration) {
		for _, d := range []time.Duration{-1, 0, 1, 3, 6, 11, 18, 28} {
			at = append(at, m+d*time.Millisecond)
		}
	}
	for _, tr := range all.Transitions {
		around(tr.At)
	}
	for _, f := range faults {
		around(f.From)
		around(f.To)
	}
	// Every frame of a second of play, at 1× speed, through the busiest
	// second.
	if busy, ok := busiestSecond(&all); ok {
		for m := busy; m <= busy+time.Second; m += FrameEvery {
			at = append(at, m)
		}
	}
	// The rest in short runs of frames 7 ms to 37 ms apart, each run
	// straddling a sample's end, spread evenly over the run.
	every := max(all.SampleEvery, time.Millisecond)
	runs := max(n/4, 1)
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

// FrameEvery is the player's period, playback.Frame: about 30 frames a
// second. (tuitest cannot import playback, whose tests import tuitest;
// playback's TestTuitestPlaysThePlayersFrames holds the two equal.)
const FrameEvery = time.Second / 30

// busiestSecond is the start of the whole second of the run holding the
// sample with the most calls in flight, pool connections in use and
// waiting, and live tasks, all told: where the charts' figures move most
// from frame to frame. ok is false for a run with no samples.
func busiestSecond(s *engine.Snapshot) (start time.Duration, ok bool) {
	var load []int64
	add := func(i int, n int64) {
		if i >= len(load) {
			load = append(load, make([]int64, i+1-len(load))...)
		}
		load[i] += n
	}
	for _, d := range s.Dependencies {
		for i, smp := range d.Series {
			add(i, int64(smp.InFlight))
		}
	}
	for _, p := range s.Pools {
		for i, smp := range p.Series {
			add(i, int64(smp.InUse)+int64(smp.Waiting))
		}
	}
	if s.Tasks != nil {
		for i, smp := range s.Tasks.Series {
			add(i, int64(smp.Live))
		}
	}
	if len(load) == 0 || s.SampleEvery <= 0 {
		return 0, false
	}
	most := 0
	for i, n := range load {
		if n > load[most] {
			most = i
		}
	}
	// Sample i ends at (i+1) sample spans.
	return (s.SampleEvery * time.Duration(most+1)).Truncate(time.Second), true
}
