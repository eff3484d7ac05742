package challenge

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenariofile"
)

// The field reads a share's bare number as the sandbox's knob form does:
// above 1 a percentage, refused past 100 % as that percentage is; up to 1
// the share; a bare 1 asked. A saved design (Parse, which Restore reads)
// keeps a file's reading, where a bare number is the share: a slow rate of
// 100 % is saved as "1" and must come back as 1, not as a question.
func TestATypedBareShareIsAPercentageAboveOne(t *testing.T) {
	k := Knob{Path: "catalog.breaker.slow_rate", Label: "slow share", Kind: KnobShare, Min: 0.1, Max: 1, Step: 0.1}
	for _, bare := range []string{"150", "-5"} {
		_, pctErr := k.Parse(bare + "%")
		if _, err := k.ParseTyped(bare); err == nil || pctErr == nil || err.Error() != pctErr.Error() {
			t.Errorf("%s typed: %v, want what %s%% is told: %v", bare, err, bare, pctErr)
		}
	}
	for text, want := range map[string]float64{"50": 0.5, " 50 ": 0.5, "50%": 0.5, "0.5": 0.5, "100%": 1} {
		if v, err := k.ParseTyped(text); err != nil || v != want {
			t.Errorf("%q typed: %v, %v, want %v", text, v, err, want)
		}
	}
	const asked = "slow share: 1 reads as 100% or as 1%: type 100% or 1%"
	if _, err := k.ParseTyped("1"); err == nil || err.Error() != asked {
		t.Errorf("1 typed: %v, want %q", err, asked)
	}
	if v, err := k.Parse(FormatValue(1.0)); err != nil || v != 1.0 {
		t.Errorf("a saved 1: %v, %v, want the share 1", v, err)
	}
	c, err := Lookup("slow-calls") // k is its second knob
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Restore(map[string]string{k.Path: "1"})[k.Path]; got != 1.0 {
		t.Errorf("a design saved with %s = 1 restores as %v", k.Path, got)
	}
}

// A challenge's share field reads what is typed by
// scenariofile.ParseTypedShare, the sandbox knob form's rule, with the
// knob's label before a refusal.
func TestATypedShareIsTheSharedRule(t *testing.T) {
	k := Knob{Path: "payment.breaker.failure_rate", Label: "failure rate", Kind: KnobShare, Min: 0, Max: 1, Step: 0.05}
	for _, typed := range []string{"50", "50%", "0.5", "1", "1%", "100", "150", "150%", "-5", "1.1", "12.3456%", "abc", "0"} {
		v, err := k.ParseTyped(typed)
		want, _, wantErr := scenariofile.ParseTypedShare(typed)
		switch {
		case wantErr == nil && (err != nil || v != want):
			t.Errorf("%q: %v, %v; the shared rule %v", typed, v, err, want)
		case wantErr != nil && (err == nil || !strings.HasSuffix(err.Error(), wantErr.Error()) || !strings.HasPrefix(err.Error(), k.Label)):
			t.Errorf("%q: %v; the shared rule refuses it: %v", typed, err, wantErr)
		}
	}
}
