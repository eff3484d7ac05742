package sandbox

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// Every bounded knob's hint states the range its refusal names, and the
// range is exact: its ends are taken, one step past them is refused in
// the hint's words.
func TestKnobHintsStateTheRangeTheyCheck(t *testing.T) {
	checked := 0
	eachLimitedKnob(func(sc *engine.Scenario, _ *form, _ int, k *knob) {
		checked++
		if k.hint != k.rangeText() && !strings.HasSuffix(k.hint, "; "+k.rangeText()) {
			t.Errorf("%s %s: hint %q does not end with its range %q", sc.Name, k.label, k.hint, k.rangeText())
		}
		ends := []float64{k.lo}
		if k.hi != noMax {
			ends = append(ends, k.hi)
		}
		for _, x := range ends {
			v, err := parse(k.kind, k.typed(x))
			if err == nil {
				err = k.check(v)
			}
			if err != nil {
				t.Errorf("%s %s: %v refused (%v), though the hint allows %s", sc.Name, k.label, x, err, k.rangeText())
			}
		}
		outside := []float64{k.lo - 1}
		if k.hi != noMax {
			outside = append(outside, k.hi+1)
		}
		for _, x := range outside {
			if k.kind == kindQueue && x == -1 {
				continue // -1 is "no limit", which the hint says
			}
			v, err := parse(k.kind, k.typed(x))
			if err != nil {
				continue // refused already as not a number of this kind
			}
			err = k.check(v)
			if err == nil || err.Error() != "want "+k.rangeText() {
				t.Errorf("%s %s: %v gives %v, want %q", sc.Name, k.label, x, err, "want "+k.rangeText())
			}
		}
	})
	if checked == 0 {
		t.Fatal("no bounded knob in any scenario")
	}
}

// eachLimitedKnob calls do with every bounded knob of every built-in
// variant's form.
func eachLimitedKnob(do func(sc *engine.Scenario, f *form, i int, k *knob)) {
	for _, b := range scenarios.All() {
		sc := b.Build()
		for vi := range sc.Variants {
			f := newForm(tuitest.Plain(), sc, vi)
			for i := range f.knobs {
				if k := &f.knobs[i]; k.limited {
					do(sc, f, i, k)
				}
			}
		}
	}
}

// typed is x, a number of k's range, as a learner types it in k's field:
// a time's nanoseconds as a duration with its unit.
func (k *knob) typed(x float64) string {
	if k.isTime() {
		return durText(time.Duration(x))
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}
