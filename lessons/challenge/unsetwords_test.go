package challenge

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A knob whose zero means none at all read "0 (not set)" on the challenge
// screen and as a goal's value, but "0 (no bulkhead)" in --start's header
// and "none" in --check's JSON. Every place a challenge writes an unset
// knob goes through unsetZero or GoalResult.ShownOn, so each says
// UnsetText: the knob's value and range (Format, Range), the header's
// range (tomlRange), and a goal on it graded unset (ShownOn, which the
// panel, --check's lines and its JSON write).
func TestEveryPlaceSaysTheUnsetKnobsWord(t *testing.T) {
	racefree.Only(t) // grading runs the engine in this goroutine, no other
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	unset := "(" + UnsetText + ")"
	knobs, goals := 0, 0
	for _, c := range all {
		header := c.StartHeader(t.TempDir())
		for i := range c.Knobs {
			k := &c.Knobs[i]
			if !k.zeroIsNone() || k.Min != 0 {
				continue
			}
			knobs++
			zero := k.fromNumber(0)
			if got := k.Format(zero); !strings.HasSuffix(got, " "+unset) {
				t.Errorf("%s: %s at 0 reads %q, want it to end %q", c.ID, k.Label, got, unset)
			}
			// A range another knob narrows to the zero alone (no cap
			// beside no overflow) is that one value.
			if got := c.Limit(c.Start(), i).Range(); got != k.Format(zero) && !strings.HasPrefix(got, k.Format(zero)+" to ") {
				t.Errorf("%s: %s's range is %q, want it to start %q", c.ID, k.Label, got, k.Format(zero))
			}
			if want := "from " + unsetZero(TOMLValue(zero)) + " to "; !strings.Contains(header, want) {
				t.Errorf("%s: --start's header has no %q for %s:\n%s", c.ID, want, k.Label, header)
			}
			if strings.Contains(header, "("+k.noneWords()+")") {
				t.Errorf("%s: --start's header says %q for %s, not %q", c.ID, k.noneWords(), k.Label, unset)
			}
			for gi, g := range c.Goals {
				if g.Metric != "param" || g.Args[0] != k.Path {
					continue
				}
				s := c.Start()
				s[k.Path] = zero
				r, err := c.Grade(s)
				if err != nil {
					t.Fatalf("%s: %v", c.ID, err)
				}
				goals++
				gr := &r.Goals[gi]
				for j := range gr.Measures {
					if got := gr.ShownOn(j); got != UnsetText {
						t.Errorf("%s: the goal %q on seed %d shows %q, want %q", c.ID, g.Label, gr.Measures[j].Seed, got, UnsetText)
					}
				}
			}
		}
	}
	if knobs < 3 || goals < 1 {
		t.Errorf("%d knobs whose zero is none, %d goals on one: too few to tell", knobs, goals)
	}
}
