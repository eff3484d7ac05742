package challenge

import "testing"

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
