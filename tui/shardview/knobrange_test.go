package shardview

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A value one past a knob's range is refused with the range the knob's
// hint states ("lo to hi" in the hint, "from lo to hi" in the refusal).
func TestKnobHintsAgreeWithTheRefusals(t *testing.T) {
	base := DefaultSetup()
	base.Right = shuffle.StrategyOverlapLimited // so the most-shared limit applies
	f := newForm(tuitest.Plain(), base)
	checked := 0
	for _, k := range f.knobs {
		hint := k.hint(base)
		_, rng, ok := strings.Cut(hint, "; ")
		if !ok {
			continue // a strategy: its hint lists the names it takes
		}
		lo, hi, ok := strings.Cut(rng, " to ")
		if !ok {
			t.Fatalf("%s: hint %q states no range", k.label, hint)
		}
		past := strings.ReplaceAll(hi, ",", "")
		if strings.HasSuffix(past, " s") {
			past = strings.TrimSuffix(past, " s") + ".5s" // with its unit: a bare number is refused as such
		} else {
			past += "1" // ten times the end, plus one: past it
		}
		s := base
		err := k.set(&s, past)
		if err == nil {
			err = s.check()
		}
		if err == nil {
			t.Errorf("%s: %s allowed, though the hint says %s", k.label, past, rng)
			continue
		}
		checked++
		if want := lo + " to " + hi; !strings.Contains(err.Error()+" ", want+" ") && !strings.Contains(err.Error(), want+",") {
			t.Errorf("%s: hint %q, refusal %q (want it to say %q)", k.label, hint, err, want)
		}
	}
	if checked < 5 {
		t.Errorf("checked %d knobs, want the six bounded ones", checked)
	}
}
