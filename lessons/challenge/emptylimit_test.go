package challenge

import "testing"

// Overlap-limited shards of 2 workers each leave the most workers shared
// no value at all (1,000 customers need 2 shared; 2 workers each allow 1).
// The arrows clamped into that empty range landed on its top, 1, from
// either side: left took 2 to 1, and right then stayed at 1, so the
// learner who pressed left could not press back. With no range to keep
// to, the arrows step on the knob's own grid, both ways.
func TestArrowsStepBackOutOfAnEmptyRange(t *testing.T) {
	c, err := Lookup("shuffle-shards")
	if err != nil {
		t.Fatal(err)
	}
	s := Setting{"strategy": "overlap-limited", "per_customer": int64(2), "max_shared": int64(2)}
	i := c.knobIndex("max_shared")
	lim := c.Limit(s, i)
	if !lim.Empty() {
		t.Fatalf("most workers shared beside 2 workers each: %s, want no value", lim.Range())
	}
	down := lim.Move(int64(2), -1)
	if FormatValue(down) != "1" {
		t.Errorf("left from 2 gives %s, want 1", FormatValue(down))
	}
	s["max_shared"] = down
	if up := c.Limit(s, i).Move(down, 1); FormatValue(up) != "2" {
		t.Errorf("right from %s gives %s, want 2: the arrow that came must go back", FormatValue(down), FormatValue(up))
	}
}
