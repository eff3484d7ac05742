package challenge

import (
	"math"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Level 10's slow calls all take the slowdown's latency, so a slow line a
// step under it (2.4 s against 2.5 s) opened the breaker at the same
// moment as one just above the healthy p99, and earned a star without the
// level's idea: it counts only a slowdown as bad as this one. The level
// now holds the line nearer the healthy p99 than the slowdown, a bound
// computed from the scenario, and the fitted line is told why it falls
// short; a line just above the healthy p99 still passes.
func TestASlowLineFittedToTheSlowdownFallsShort(t *testing.T) {
	racefree.Only(t) // grading runs the engine in this goroutine, no other
	c := lookup(t, "slow-calls")
	var dep = -1
	for i, d := range c.Scenario.Variants[0].System.Dependencies {
		if d.Name == "catalog" {
			dep = i
		}
	}
	if dep < 0 {
		t.Fatal("slow-calls has no catalog")
	}
	d := c.Scenario.Variants[0].System.Dependencies[dep]
	if len(d.Faults) == 0 {
		t.Fatal("catalog has no slowdown")
	}
	slow, p99 := d.Faults[0].Latency, d.Latency.P99
	midway := (p99 + slow) / 2
	var bound *Goal
	for i := range c.Goals {
		if c.Goals[i].Label == "slow line nearer healthy calls than slowdown" {
			bound = &c.Goals[i]
		}
	}
	if bound == nil {
		t.Error("slow-calls has no goal holding the slow line nearer the healthy p99 than the slowdown")
	} else if bound.Op != "<=" || math.Abs(bound.Want.F-midway.Seconds()) > 1e-9 {
		t.Errorf("the goal reads %q, want its bound %s the midway of the healthy p99 %v and the slowdown's %v", bound.Text, "<= "+midway.String(), p99, slow)
	}
	for _, lazy := range []string{"2.4s", "1.6s"} {
		s := with(c.Start(), "catalog.breaker.slow_duration", lazy)
		s["catalog.breaker.slow_rate"] = 0.2
		r, err := gradeOnce(c, s)
		if err != nil {
			t.Fatal(err)
		}
		if r.Stars > 0 {
			t.Errorf("a slow line of %s, fitted under the slowdown's %v, earns %s", lazy, slow, StarsText(r.Stars))
		}
		why := strings.Join(c.ExplainResult(s, r), "\n")
		if !strings.Contains(why, "slow after = "+c.Knobs[0].Format(lazy)+": A slow line fitted to this slowdown") {
			t.Errorf("a slow line of %s is not told what it gets wrong: %q", lazy, why)
		}
	}
	for _, good := range []string{"700ms", "1s", "1.5s"} {
		s := with(c.Start(), "catalog.breaker.slow_duration", good)
		s["catalog.breaker.slow_rate"] = 0.2
		r, err := gradeOnce(c, s)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Pass || len(c.ExplainResult(s, r)) != 0 {
			t.Errorf("a slow line of %s, just above the healthy p99 %v, falls short or is told why: %v", good, p99, c.ExplainResult(s, r))
		}
	}
}
