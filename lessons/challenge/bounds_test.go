package challenge

import (
	"strings"
	"testing"
)

// The range the knob form states for a knob (Limit) is the range grading
// holds a design to, and the engine's: on every built-in level, at the
// start and with each other knob at either end of its own limit (or at
// each of its choices), a knob at either end of its limit makes a design
// the engine runs, and one step past an end that another knob narrowed
// is refused by grading in the words of that range, and by the engine
// (but past an inert rule, which the engine does not hold a design to).
// Before, challenge 3's form read "0 (none) to 100" for a bulkhead its
// pool of 34 workers held to 34, and 35 was refused only once graded.
func TestLimitsAreWhereTheEngineRefuses(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	narrowedSome := false
	for _, c := range all {
		for _, base := range limitBases(c) {
			if err := engineVerdict(c, base); err != nil {
				// A choice may leave another knob's start out of the
				// range it then has: grading says so in that range's
				// words.
				if _, _, gerr := c.build(base); gerr == nil || !limitRefusals(c, base)[gerr.Error()] {
					t.Errorf("%s: the engine refuses %v (%v), and grading says %v, not a knob's range", c.ID, base, err, gerr)
				}
				continue
			}
			for i := range c.Knobs {
				k := &c.Knobs[i]
				if k.Kind == KnobChoice {
					continue
				}
				lim := c.Limit(base, i)
				if lim.Empty() {
					continue
				}
				for _, end := range []float64{lim.Min, lim.Max} {
					s := with(base, k.Path, k.fromNumber(end))
					if err := engineVerdict(c, s); err != nil {
						t.Errorf("%s: %s at %s, an end of its range %s with %v: the engine refuses it: %v", c.ID, k.Label, k.formatNumber(end), lim.Range(), base, err)
					}
					if _, _, err := c.build(s); err != nil {
						t.Errorf("%s: %s at %s, an end of its range %s with %v: grading refuses it: %v", c.ID, k.Label, k.formatNumber(end), lim.Range(), base, err)
					}
				}
				// One step past an end: a whole number's next, else a
				// press's.
				step := k.Step
				if k.Kind == KnobInt {
					step = 1
				}
				var past []float64
				if lim.Max+step <= k.Max+1e-9 {
					past = append(past, lim.Max+step)
				}
				if lim.Min-step >= k.Min-1e-9 {
					past = append(past, lim.Min-step)
				}
				for _, v := range past {
					narrowedSome = true
					s := with(base, k.Path, k.fromNumber(v))
					// Past an inert rule the engine runs the design,
					// which grading refuses all the same.
					end := lim.high
					if v < lim.Min {
						end = lim.low
					}
					if engineVerdict(c, s) == nil && (end == nil || !end.inert) {
						t.Errorf("%s: %s at %s is past its range %s with %v, yet the engine runs it", c.ID, k.Label, k.formatNumber(v), lim.Range(), base)
					}
					refusals := limitRefusals(c, s)
					_, _, err := c.build(s)
					if err == nil || !refusals[err.Error()] {
						t.Errorf("%s: %s at %s with %v: grading says %v, not a knob's range", c.ID, k.Label, k.formatNumber(v), base, err)
					}
					_, perr := lim.Parse(FormatValue(k.fromNumber(v)))
					want := k.Label + " must be between " + k.formatNumber(lim.Min) + " and " + k.formatNumber(lim.Max) + ", "
					if lim.Min == lim.Max {
						want = k.Label + " must be " + k.formatNumber(lim.Min) + ", "
					}
					if perr == nil || !refusals[perr.Error()] || !strings.HasPrefix(perr.Error(), want) {
						t.Errorf("%s: %s typed as %s with %v: the form says %v; want the range it states (%q), as grading has it", c.ID, k.Label, k.formatNumber(v), base, perr, want)
					}
				}
			}
		}
	}
	if !narrowedSome {
		t.Error("no knob's range was narrowed by another's: the levels no longer test what this test is for")
	}
}

// limitBases are the settings a limit is checked in: the start and each
// choice of each choice knob, each alone and with each numeric knob at
// either end of its limit there.
func limitBases(c *Challenge) []Setting {
	choices := []Setting{{}}
	for _, k := range c.Knobs {
		if k.Kind == KnobChoice {
			for _, ch := range k.Choices {
				choices = append(choices, Setting{k.Path: ch})
			}
		}
	}
	var out []Setting
	for _, base := range choices {
		out = append(out, base)
		for i := range c.Knobs {
			k := &c.Knobs[i]
			if k.Kind == KnobChoice {
				continue
			}
			if lim := c.Limit(base, i); !lim.Empty() {
				out = append(out, with(base, k.Path, k.fromNumber(lim.Min)), with(base, k.Path, k.fromNumber(lim.Max)))
			}
		}
	}
	return out
}

// limitRefusals are what each knob's Limit says of its value in s (the
// start's where s has none), when it refuses it.
func limitRefusals(c *Challenge, s Setting) map[string]bool {
	out := map[string]bool{}
	start := c.Start()
	for i, k := range c.Knobs {
		v, ok := s[k.Path]
		if !ok {
			v = start[k.Path]
		}
		if err := c.Limit(s, i).Check(v); err != nil {
			out[err.Error()] = true
		}
	}
	return out
}

// engineVerdict is whether the engine takes the design, without the
// challenge's own refusal: on seed 0, where grading checks that it runs,
// and for a fleet on every seed the level grades, as overlap-limited
// sharding may find room for every customer on one seed and not another.
func engineVerdict(c *Challenge, s Setting) error {
	sc, fl, err := c.applied(s)
	if err != nil {
		return err
	}
	if err := runnable(sc, fl); err != nil || fl == nil {
		return err
	}
	for _, seed := range c.Seeds {
		if _, err := fl.poison(seed); err != nil {
			return err
		}
	}
	return nil
}

func with(s Setting, path string, v any) Setting {
	out := Setting{path: v}
	for p, x := range s {
		if p != path {
			out[p] = x
		}
	}
	return out
}
