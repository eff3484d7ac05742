package challenge

import (
	"fmt"
	"testing"
)

// TestHalfOpenParIsTheEngines derives half-open's par from the engine, on
// the seeds the grader uses, and holds the file's to it. The level's idea
// is the longest wait that still notices every recovery soon: each round
// of trials while pricing is down is one more failed call, so a longer
// wait sends fewer. Its par once sat one call from the goal, where seed
// noise alone moved a design between one star and three.
//
// Over the open times on the knob's grid (with one trial and with the
// reference's), the designs that meet every goal are found; spread is the
// most any one of them varies from seed to seed on the par's measure. The
// par is then the least bound the longest passing wait beats even were
// every seed of it a spread worse, and the shortest passing wait (one that
// probes as often as the goals allow, without the idea) must miss it even
// were every seed a spread better.
func TestHalfOpenParIsTheEngines(t *testing.T) {
	c, err := Lookup("half-open")
	if err != nil {
		t.Fatal(err)
	}
	par := c.Par.Goal
	if par == nil || par.Op != "<=" {
		t.Fatalf("half-open's par is %q; this test reads a bound written with <=", c.Par.Text())
	}
	open, trials := c.Knobs[0], c.Knobs[1]
	if open.Path != "pricing.breaker.open" || trials.Path != "pricing.breaker.trials" {
		t.Fatalf("knobs %s, %s: the test sweeps the open time, then the trials", open.Path, trials.Path)
	}
	type design struct {
		s          Setting
		open       float64
		worst, min float64 // the par's measure over the seeds
		stars      int
	}
	var passing []design
	spread := 0.0
	for _, n := range []any{int64(1), referenceSettings[c.ID][trials.Path]} {
		for at := any(open.fromNumber(open.Min)); ; {
			s := Setting{open.Path: at, trials.Path: n}
			// gradeOnce: TestHalfOpenPassesOnlyProbingWaits grades the
			// same designs (the reference's trials are its 3).
			r, err := gradeOnce(c, s)
			if err != nil {
				t.Fatal(err)
			}
			if r.Pass {
				d := design{s: s, worst: r.Par.Measures[0].Value.F, min: r.Par.Measures[0].Value.F, stars: r.Stars}
				d.open, _ = open.number(at)
				for _, m := range r.Par.Measures {
					d.worst, d.min = max(d.worst, m.Value.F), min(d.min, m.Value.F)
				}
				spread = max(spread, d.worst-d.min)
				passing = append(passing, d)
			}
			next := open.Move(at, 1)
			if FormatValue(next) == FormatValue(at) {
				break
			}
			at = next
		}
	}
	if len(passing) == 0 {
		t.Fatal("no design meets the goals")
	}
	longest, shortest := passing[0], passing[0]
	for _, d := range passing {
		if d.open > longest.open || (d.open == longest.open && d.worst < longest.worst) {
			longest = d
		}
		if d.open < shortest.open || (d.open == shortest.open && d.min > shortest.min) {
			shortest = d
		}
	}
	// A count: the least whole bound that longest's worst seed, a spread
	// worse, still stays under.
	want := longest.worst + spread + 1
	if got := par.Want.F; got != want {
		t.Errorf("par %q: the engine gives %s (the longest wait that meets the goals, %v, loses at worst %v calls; seeds spread by %v): write %s",
			par.Text, fmt.Sprint(want), longest.s, longest.worst, spread, fmt.Sprint(want))
	}
	if longest.stars != 3 {
		t.Errorf("the longest wait that meets the goals, %v, earns %s: the design with the level's idea must beat par", longest.s, StarsText(longest.stars))
	}
	if shortest.min-spread <= par.Want.F || shortest.stars != 1 {
		t.Errorf("the shortest wait that meets the goals, %v, loses %v to %v calls and earns %s against par %q: probing as often as the goals allow must not come within a seed spread (%v) of par",
			shortest.s, shortest.min, shortest.worst, StarsText(shortest.stars), par.Text, spread)
	}
	if r, err := gradeOnce(c, referenceSettings[c.ID]); err != nil || r.Stars != 3 {
		t.Errorf("the reference solution %v earns %v (%v); it must beat par", referenceSettings[c.ID], r, err)
	}
}
