package challenge

import (
	"fmt"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Challenge 8 with overlap-limited shards of 3 workers, at most 2 shared:
// each knob's range is that one value, held by the other, and each note
// said to move the other, which could not move either. Carry moves the
// other along, the fewest steps that let both stand, and the design it
// gives is graded.
func TestCarryMovesTheKnobThatHoldsIt(t *testing.T) {
	c := lookup(t, "shuffle-shards")
	s := Setting{"strategy": "overlap-limited", "max_shared": int64(2), "per_customer": int64(3)}
	k, m := c.knobIndex("per_customer"), c.knobIndex("max_shared")
	for _, tc := range []struct {
		knob    int
		to      int64
		path    string
		want    int64
		carried int
	}{
		{k, 4, "max_shared", 3, m},
		{m, 3, "per_customer", 4, k},
	} {
		out, other, ok := c.Carry(s, tc.knob, tc.to)
		if !ok {
			t.Errorf("%s to %d: nothing carried", c.Knobs[tc.knob].Label, tc.to)
			continue
		}
		if other != tc.carried || FormatValue(out[tc.path]) != FormatValue(tc.want) {
			t.Errorf("%s to %d carried knob %d to %v, want %s to %d", c.Knobs[tc.knob].Label, tc.to, other, out[tc.path], tc.path, tc.want)
		}
		if _, err := c.Grade(out); err != nil {
			t.Errorf("%s to %d: the carried design is refused: %v", c.Knobs[tc.knob].Label, tc.to, err)
		}
	}
	// Within the range nothing is carried, and lowering workers per
	// customer to 2 has no most shared that lets it stand (1 shared
	// serves 496 customers of 2 workers, not 1,000).
	if _, _, ok := c.Carry(s, k, int64(3)); ok {
		t.Errorf("3 workers per customer, within the range, carried another knob")
	}
	if out, _, ok := c.Carry(s, k, int64(2)); ok {
		t.Errorf("2 workers per customer carried to %v, which no most shared lets stand", out)
	}
}

// Overlap-limited shards of 2 workers for 1,000 customers leave the most
// workers shared no value: it must be less than 2, and 1 shared serves
// 496. Its → moved it alone to 3, which needs 4 workers each, further
// from any design that stands; Carry takes workers per customer to 4
// with it. Its ← has no partner move that lets 1 stand (1 shared serves
// fewer customers the larger the shard), so nothing is carried.
func TestCarryOpensAnEmptyRange(t *testing.T) {
	racefree.Only(t) // ranges and assignments only, no goroutine
	c := lookup(t, "shuffle-shards")
	s := Setting{"strategy": "overlap-limited", "max_shared": int64(2), "per_customer": int64(2)}
	k, m := c.knobIndex("per_customer"), c.knobIndex("max_shared")
	if !c.Limit(s, m).Empty() {
		t.Fatalf("most workers shared beside 2 workers each has a range: %s", c.Limit(s, m).Range())
	}
	out, other, ok := c.Carry(s, m, int64(3))
	if !ok || other != k || FormatValue(out["per_customer"]) != "4" || FormatValue(out["max_shared"]) != "3" {
		t.Errorf("most workers shared to 3 gave %v (carried knob %d, ok %v), want workers per customer carried to 4", out, other, ok)
	}
	if ok && !c.Stands(out) {
		t.Errorf("the carried design %v does not stand: %v", out, c.OutOfRange(out))
	}
	if out, _, ok := c.Carry(s, m, int64(1)); ok {
		t.Errorf("most workers shared to 1 carried to %v, which no workers per customer lets stand", out)
	}
}

// oneStepAway are a challenge's start and every design one press of an
// arrow (a step or ten, either way) on one knob from it: the designs the
// sweeps below try every knob's moves in.
func oneStepAway(c *Challenge) []Setting {
	start := c.Start()
	out := []Setting{start}
	for _, k := range c.Knobs {
		for _, steps := range []int{-10, -1, 1, 10} {
			s := Setting{}
			for p, v := range start {
				s[p] = v
			}
			s[k.Path] = k.Move(start[k.Path], steps)
			out = append(out, s)
		}
	}
	return out
}

// On every built-in challenge, from every design one press from its
// start, every step and ten steps either way on every knob: what Carry
// gives has the knob at the value asked, one other knob moved, and every
// knob within its range. An arrow takes what Carry gives as it is.
func TestCarryGivesADesignThatStands(t *testing.T) {
	racefree.Only(t) // ranges and assignments only, no goroutine
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	carried := 0
	for _, c := range all {
		for _, s := range oneStepAway(c) {
			for i, k := range c.Knobs {
				for _, steps := range []int{-10, -1, 1, 10} {
					v := k.Move(s[k.Path], steps)
					out, other, ok := c.Carry(s, i, v)
					if !ok {
						continue
					}
					carried++
					where := fmt.Sprintf("challenge %d, %s to %s from %v", c.Number, k.Label, FormatValue(v), s)
					if FormatValue(out[k.Path]) != FormatValue(v) {
						t.Errorf("%s: left it at %s", where, FormatValue(out[k.Path]))
					}
					for j, o := range c.Knobs {
						if moved := FormatValue(out[o.Path]) != FormatValue(s[o.Path]); moved && j != i && j != other {
							t.Errorf("%s: moved %s too, not only %s", where, o.Label, c.Knobs[other].Label)
						}
					}
					if err := c.OutOfRange(out); err != nil {
						t.Errorf("%s: gave %v, which grading refuses: %v", where, out, err)
					}
				}
			}
		}
	}
	if carried == 0 {
		t.Errorf("no move carried another knob")
	}
}

// OutOfRange, which an arrow's note quotes, is grading's own refusal of
// a design for a knob out of range, in the same words, from every design
// one press from each built-in challenge's start.
func TestOutOfRangeIsGradingsRefusal(t *testing.T) {
	racefree.Only(t) // ranges and assignments only, no goroutine
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	refused := 0
	for _, c := range all {
		for _, s := range oneStepAway(c) {
			err := c.OutOfRange(s)
			if err == nil {
				continue
			}
			refused++
			if _, _, built := c.build(s); built == nil || built.Error() != err.Error() {
				t.Errorf("challenge %d, %v: OutOfRange says %q, grading %v", c.Number, s, err, built)
			}
		}
	}
	if refused == 0 {
		t.Errorf("no design one press from a start is out of range")
	}
}
