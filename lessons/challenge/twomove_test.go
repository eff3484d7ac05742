package challenge

import (
	"maps"
	"testing"
)

// twoMoveSample is how many values of a long knob range the short test
// tries in a pair of knobs, spread evenly, besides the ends and the
// start's neighbours; twoMovePerLevel bounds the designs it grades of one
// level, spread evenly over all its pairs' designs. A level of six knobs
// has fifteen pairs: graded whole, budget-permits' 375 designs took 16 s
// of the short test's 31 on two busy cores.
const (
	twoMoveSample   = 3
	twoMovePerLevel = 40
)

// TestEveryTwoKnobMissIsExplained grades, for every built-in level, the
// designs two knobs away from its start: each pair of knobs over their
// ranges (a sample unless -whys.all, which grades every value of both
// knobs of every pair), and holds every one that falls short to at least
// one why in the view's panel, as TestEveryOneKnobMissIsExplained does for
// one knob. A learner's second move is often the one that meets the
// first: level 12's deadline of 1 s beside a timeout of 1 s left no room
// for a retry and missed with no why.
func TestEveryTwoKnobMissIsExplained(t *testing.T) {
	explainEvery(t, func(c *Challenge) []Setting { return twoMoveDesigns(c, *allOneMoves) })
}

// twoMoveDesigns are c's designs two knobs from its start: every pair of
// knobs, each over twoMoveValues; with all, every one of them, else
// twoMovePerLevel of them spread evenly.
func twoMoveDesigns(c *Challenge, all bool) []Setting {
	start := c.Start()
	var out []Setting
	for i := range c.Knobs {
		a := &c.Knobs[i]
		as := twoMoveValues(a, start[a.Path], all)
		for j := i + 1; j < len(c.Knobs); j++ {
			b := &c.Knobs[j]
			bs := twoMoveValues(b, start[b.Path], all)
			for _, av := range as {
				for _, bv := range bs {
					s := maps.Clone(start)
					s[a.Path], s[b.Path] = av, bv
					out = append(out, s)
				}
			}
		}
	}
	if all || len(out) <= twoMovePerLevel {
		return out
	}
	picked := make([]Setting, twoMovePerLevel)
	for n := range picked {
		picked[n] = out[n*(len(out)-1)/(twoMovePerLevel-1)]
	}
	return picked
}

// movedText names the knobs s moves from c's start, each with its value,
// as a why's joint prefix does: "payment deadline = 1 s, payment timeout
// = 1 s".
func (c *Challenge) movedText(s Setting) string {
	start := c.Start()
	var out string
	for i := range c.Knobs {
		k := &c.Knobs[i]
		if FormatValue(s[k.Path]) == FormatValue(start[k.Path]) {
			continue
		}
		if out != "" {
			out += ", "
		}
		out += k.Label + " = " + k.Format(s[k.Path])
	}
	if out == "" {
		return "the start"
	}
	return out
}

// twoMoveValues are the values of k a pair of knobs tries: as
// oneMoveValues, with twoMoveSample values between a long range's ends
// and the one step either side of the start's.
func twoMoveValues(k *Knob, v any, all bool) []any {
	return knobValues(k, v, all, twoMoveSample, 1)
}
