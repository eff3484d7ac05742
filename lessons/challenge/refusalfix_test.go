package challenge

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// refusedNear are the designs a refusal's advice is tried on: every
// design one press from a challenge's start (oneStepAway), and from each
// of those every knob at each end of its own range and at each choice,
// which is where a pick leaves the others out of range (overlap-limited
// shards beside 2 workers per customer).
func refusedNear(c *Challenge) []Setting {
	var out []Setting
	for _, s := range oneStepAway(c) {
		out = append(out, s)
		for _, k := range c.Knobs {
			var values []any
			if k.Kind == KnobChoice {
				values = append(values, k.Choices...)
			} else {
				values = []any{k.fromNumber(k.Min), k.fromNumber(k.Max)}
			}
			for _, v := range values {
				t := Setting{}
				for p, x := range s {
					t[p] = x
				}
				t[k.Path] = v
				out = append(out, t)
			}
		}
	}
	return out
}

// On every built-in challenge, a refusal for a knob out of range that
// advises a move names the knob it moves and the way, and that move,
// made, ends the refusal: the refused knob stands and grading no longer
// says it. The refusal after overlap-limited beside 2 workers each said
// no setting of most workers shared allows less, true but no move; it
// says to raise workers per customer to 3.
func TestRefusalAdviceEndsIt(t *testing.T) {
	racefree.Only(t) // ranges and assignments only, no goroutine
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	advised := 0
	for _, c := range all {
		for _, s := range refusedNear(c) {
			err := c.OutOfRange(s)
			var re *rangeError
			if !errors.As(err, &re) || re.fix == nil {
				continue
			}
			advised++
			where := fmt.Sprintf("challenge %d, %v: %q", c.Number, s, err)
			i, j := c.knobIndex(re.path), c.knobIndex(re.fix.path)
			if i < 0 || j < 0 {
				t.Errorf("%s: names no knob of the challenge (%q, %q)", where, re.path, re.fix.path)
				continue
			}
			out := Setting{}
			for p, x := range s {
				out[p] = x
			}
			// An empty range's refusal says which move opens it ("no
			// value until you raise most workers shared"): made, the
			// knob has a range, and the refusal that follows says how to
			// move onto it. Any other's move lets the knob's value stand.
			empty := c.Limit(s, i).Empty()
			fixed := func() bool {
				if empty {
					return !c.Limit(out, i).Empty()
				}
				return c.Limit(out, i).Check(out[re.path]) == nil
			}
			switch {
			case re.fix.to != nil:
				if j != i || !strings.Contains(err.Error(), " it to "+FormatValue(re.fix.to)) {
					t.Errorf("%s: advises setting %s to %s, but does not say it", where, c.Knobs[j].Label, FormatValue(re.fix.to))
				}
				out[re.path] = re.fix.to
			default:
				verb := map[int]string{1: "raise ", -1: "lower "}[re.fix.dir]
				if !strings.Contains(err.Error(), verb+c.labelOf(re.fix.path)) {
					t.Errorf("%s: advises to %s%s, but does not say it", where, verb, c.Knobs[j].Label)
				}
				// Turned that way a step at a time, to its own end if need be.
				for !fixed() {
					next := c.Knobs[j].Move(out[re.fix.path], re.fix.dir)
					if FormatValue(next) == FormatValue(out[re.fix.path]) {
						break
					}
					out[re.fix.path] = next
				}
			}
			if !fixed() {
				t.Errorf("%s: the advised move gives %v, where %s is still refused: %v (its range %s)", where, out, c.Knobs[i].Label, c.Limit(out, i).Check(out[re.path]), c.Limit(out, i).Range())
			}
			if after := c.OutOfRange(out); after != nil && after.Error() == err.Error() {
				t.Errorf("%s: grading still refuses %v the same way", where, out)
			}
		}
	}
	if advised == 0 {
		t.Errorf("no refusal advised a move")
	}
}

// Challenge 8 picked overlap-limited beside 2 workers per customer: no
// most workers shared lets less than 3 stand, so the refusal says to
// raise workers per customer to 3.
func TestRefusalAfterOverlapLimitedSaysRaiseIt(t *testing.T) {
	racefree.Only(t) // ranges and assignments only, no goroutine
	c := lookup(t, "shuffle-shards")
	s := c.Start()
	s["strategy"] = "overlap-limited"
	err := c.OutOfRange(s)
	if err == nil || !strings.HasSuffix(err.Error(), "got 2 (raise it to 3)") {
		t.Errorf("overlap-limited beside 2 workers each is refused with %v, want it to end: got 2 (raise it to 3)", err)
	}
}
