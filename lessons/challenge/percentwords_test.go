package challenge

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/lessons"
)

// A percentage outside 0–100 % is no share whatever the knob's range, and
// a challenge's typed field refuses it in the words a scenario file and a
// lesson's [set] (lessons.SetKnob) use, not with the knob's own range as
// if 150% were a value a little too high; one inside 0–100 % but outside
// the knob's range is still refused with that range.
func TestShareKnobRefusesAPercentOutside0To100InTheFilesWords(t *testing.T) {
	k := Knob{Path: "payment.breaker.failure_rate", Label: "failure rate", Kind: KnobShare, Min: 0.05, Max: 0.6, Step: 0.05}
	b, ok := scenarios.Lookup("checkout")
	if !ok {
		t.Fatal("no built-in checkout")
	}
	for _, typed := range []string{"150%", "-5%"} {
		_, err := k.Parse(typed)
		want := "failure rate must be " + scenariofile.PercentAllowed + `, got "` + typed + `"`
		if err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", typed, err, want)
		}
		// SetKnob says the same of it after the key: "must be ..., got ...".
		setErr := lessons.SetKnob(b.Build(), 3, k.Path, typed)
		if setErr == nil || !strings.HasSuffix(setErr.Error(), strings.TrimPrefix(want, k.Label)) {
			t.Errorf("%q: SetKnob says %v, the challenge %q", typed, setErr, want)
		}
	}
	if _, err := k.Parse("80%"); err == nil || !strings.Contains(err.Error(), "must be from 5% to 60%, got 80%") {
		t.Errorf("80%%: %v, want the knob's own range", err)
	}
}
