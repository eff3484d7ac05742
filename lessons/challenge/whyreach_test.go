package challenge

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// reachableRange is what a learner can set knob i of c to, starting from
// the start design: the range the knob shows there, and past an end
// another knob narrows, as far as the move the view names for it ("lower
// default: longest wait for less") takes that end.
func reachableRange(c *Challenge, i int) (lo, hi float64) {
	l := c.Limit(c.Start(), i)
	lo, hi = l.Min, l.Max
	if l.low != nil && l.low.widen != "" {
		lo = min(lo, l.low.reach)
	}
	if l.high != nil && l.high.widen != "" {
		hi = max(hi, l.high.reach)
	}
	return lo, hi
}

// unreachableWhys names each why of c that no design reached from the
// start can show: a numeric why whose values lie outside the knob's own
// range or past what the other knobs let it reach, or a choice's why for
// a choice the knob does not offer.
func unreachableWhys(c *Challenge) []string {
	var out []string
	for i := range c.Knobs {
		k := &c.Knobs[i]
		if k.Kind == KnobChoice {
			for choice := range k.Why {
				offered := false
				for _, v := range k.Choices {
					offered = offered || FormatValue(v) == choice
				}
				if !offered {
					out = append(out, fmt.Sprintf("%s: %s's why of %s, a choice it does not offer", c.ID, k.Label, choice))
				}
			}
			continue
		}
		lo, hi := reachableRange(c, i)
		for _, w := range k.Ranges {
			switch {
			case w.Max < k.Min-1e-9 || w.Min > k.Max+1e-9:
				out = append(out, fmt.Sprintf("%s: %s's why %s lies outside the knob's range, %s", c.ID, k.Label, w.rangeText(k), k.Range()))
			case w.Max < lo-1e-9 || w.Min > hi+1e-9:
				out = append(out, fmt.Sprintf("%s: %s's why %s lies past what the start design lets the knob reach, %s to %s", c.ID, k.Label, w.rangeText(k), k.formatNumber(lo), k.formatNumber(hi)))
			}
		}
	}
	return out
}

// Every why can be shown: its values are ones the learner can give its
// knob from the start design, by its arrows or by the move the view
// names where another knob narrows it. Level 14's critical bound reads
// "500 ms to 1 s" at the start, while its only why spoke of shorter
// bounds, which lowering the default opens; the way it does turn, up,
// had no why, though every figure stays the start's.
func TestEveryWhyCanBeReachedFromTheStart(t *testing.T) {
	racefree.Only(t) // grading runs the engine in this goroutine, no other
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		for _, bad := range unreachableWhys(c) {
			t.Error(bad)
		}
	}
	// The check finds a why no design reaches: a bulkhead's why past the
	// pool the scenario fixes at 10 workers.
	file := "title = \"T\"\nscenario = \"s.toml\"\n\n[[knobs]]\npath = \"db.bulkhead\"\nmin = 0\nmax = 40\nstep = 1\n\n[[knobs.why]]\nmin = 20\ntext = \"too large\"\ngoals = [\"pages answered\"]\n\n[[goals]]\nexpect = \"share web ok >= 99%\"\nlabel = \"pages answered\"\n\n[par]\nchanges = 1\n"
	c, err := Parse("far.toml", []byte(file), whyScenario)
	if err != nil {
		t.Fatalf("the file does not parse: %v", err)
	}
	if bad := unreachableWhys(c); len(bad) != 1 || !strings.Contains(bad[0], "0 (not set) to 10") {
		t.Errorf("a why past the fixed pool: %q, want it named with the range the knob reaches, 0 (not set) to 10", bad)
	}
	// Level 14's critical bound, which goes only up at the start: turned
	// up, it says why that changes nothing.
	c = lookup(t, "shed-priority")
	i := c.knobIndex("shed.max_wait.critical")
	lim := c.Limit(c.Start(), i)
	shown := false
	for _, w := range c.Knobs[i].Ranges {
		shown = shown || w.Max >= lim.Min+1e-9 && w.Min <= lim.Max+1e-9
	}
	if !shown {
		t.Errorf("shed-priority: critical's range at the start, %s, has no why", lim.Range())
	}
}

// The start design says why it falls short: each goal it misses is
// explained by a knob's why that names it (or names none), or by the
// goal's own cause. Level 11's start, no timeout and no bulkhead, missed
// two goals in silence, and levels 6, 10, 12, 16, 17 and 21 explained one
// miss of several.
func TestEveryStartExplainsItsMisses(t *testing.T) {
	racefree.Only(t) // grading runs the engine in this goroutine, no other
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		s := c.Start()
		r, err := gradeOnce(c, s)
		if err != nil {
			t.Errorf("%s: the start does not grade: %v", c.ID, err)
			continue
		}
		whys := c.ExplainResult(s, r)
		for _, g := range r.Goals {
			if !g.Pass && !explained(c, s, whys, g.Goal.Label) {
				t.Errorf("%s: the start misses %q, and no why explains it: %q", c.ID, g.Goal.Label, whys)
			}
		}
	}
}

// explained says whether one of whys, the design s's, explains a miss of
// the goal labelled label: a knob's why that names that goal or none, or
// a why that starts with the goal's label. A why two knobs share (each
// hop's cancellation) is told once, under the first knob's label, so it
// explains the goals either knob names.
func explained(c *Challenge, s Setting, whys []string, label string) bool {
	for _, why := range whys {
		if strings.HasPrefix(why, label+": ") {
			return true
		}
		for i := range c.Knobs {
			k := &c.Knobs[i]
			v, ok := s[k.Path]
			if !ok || !strings.HasPrefix(why, k.Label+" = "+k.Format(v)+": ") {
				continue
			}
			text, _, _ := k.WhyOf(v)
			for j := range c.Knobs {
				o := &c.Knobs[j]
				ov, ok := s[o.Path]
				if !ok {
					continue
				}
				otext, goals, has := o.WhyOf(ov)
				if !has || otext != text {
					continue
				}
				if len(goals) == 0 || slices.Contains(goals, label) {
					return true
				}
			}
		}
	}
	return false
}
