package sandbox

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// withFailureRate is sc's scenario file with its one failure_rate, 0.5,
// written as rate.
func withFailureRate(t *testing.T, sc *engine.Scenario, rate string) []byte {
	t.Helper()
	file, err := scenariofile.Dump(sc)
	if err != nil {
		t.Fatal(err)
	}
	const line = "\nfailure_rate = 0.5\n"
	if bytes.Count(file, []byte(line)) != 1 {
		t.Fatalf("the file has no one line %q to change:\n%s", strings.TrimSpace(line), file)
	}
	return bytes.Replace(file, []byte(line), []byte("\nfailure_rate = "+rate+"\n"), 1)
}

// A failure rate of 0 is the failure-rate rule switched off, which a
// scenario file takes (breaker.FailureRateAllowed); the form took only
// "above 0%", so a breaker judged by its slow calls alone could be written
// in a file and not typed. Typed as 0% it builds what the file builds.
func TestKnobFormTakesAFailureRateOfZeroAsAFileDoes(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	want, err := scenariofile.Parse("checkout.toml", withFailureRate(t, tuitest.Scenario(t, "checkout"), "0"))
	if err != nil {
		t.Fatalf("the file with failure_rate = 0 is refused: %v", err)
	}
	if b := want.Variants[3].System.Dependencies[0].Policy.Breaker; b.FailureRate != 0 || b.SlowCallRate == 0 {
		t.Fatalf("the file's breaker is %+v, want a slow-call rule alone", *b)
	}
	for _, typed := range []string{"0%", "0"} {
		// The sandbox opens the file as written, so that what differs is
		// the failure rate alone.
		opened, err := scenariofile.Parse("checkout.toml", withFailureRate(t, tuitest.Scenario(t, "checkout"), "0.5"))
		if err != nil {
			t.Fatal(err)
		}
		m := newModel(t, 100, 30, Options{Scenario: opened, Variant: 3})
		m = press(m, "e")
		m = focusLabel(t, m, "failure rate", 1)
		m = press(m, "ctrl+u")
		m = press(m, strings.Split(typed, "")...)
		m = press(m, "enter")
		if m.form != nil {
			t.Errorf("failure rate %s is refused: %q, %q", typed, m.form.knobs[m.form.focus].err, m.form.err)
			continue
		}
		// The sandbox marks the names it cannot vouch for as edited; the
		// file was written by hand and has none of its marks.
		got := cloneScenario(m.sim.sc)
		got.Summary = want.Summary
		for i := range got.Variants {
			got.Variants[i].Name = want.Variants[i].Name
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("failure rate %s builds\n%+v\nwhere the file builds\n%+v", typed, *got.Variants[3].System.Dependencies[0].Policy.Breaker, *want.Variants[3].System.Dependencies[0].Policy.Breaker)
		}
	}
}

// Where no other rule opens the breaker, 0 is refused, by the form as by
// a file, in the words of the rate's rule: the form's own check no longer
// stands in front of the engine's with words of its own.
func TestKnobFormRefusesALoneZeroFailureRateAsAFileDoes(t *testing.T) {
	sc := tuitest.Scenario(t, "checkout")
	sc.Variants[3].System.Dependencies[0].Policy.Breaker.SlowCallRate = 0
	_, fileErr := scenariofile.Parse("checkout.toml", withFailureRate(t, sc, "0"))
	if fileErr == nil || !strings.Contains(fileErr.Error(), breaker.FailureRateAllowed) {
		t.Fatalf("the file with a lone failure_rate = 0 says %v, want the rule %q", fileErr, breaker.FailureRateAllowed)
	}
	m := newModel(t, 100, 30, Options{Scenario: sc, Variant: 3})
	m = press(m, "e")
	m = focusLabel(t, m, "failure rate", 1)
	m = press(m, "ctrl+u", "0", "%", "enter")
	if m.form == nil {
		t.Fatal("a lone failure rate of 0 was taken")
	}
	if !strings.Contains(m.form.err, breaker.FailureRateAllowed) {
		t.Errorf("the form says %q, want the rule %q as the file says it: %v", m.form.err, breaker.FailureRateAllowed, fileErr)
	}
}

// A percentage above 100 is refused in a scenario file's words for it,
// typed with its sign or bare (the form reads a bare 150 as 150 %).
func TestKnobFormRefusesAPercentAbove100InTheFilesWords(t *testing.T) {
	_, fileErr := scenariofile.Parse("checkout.toml", withFailureRate(t, tuitest.Scenario(t, "checkout"), `"150%"`))
	if fileErr == nil || !strings.Contains(fileErr.Error(), "must be "+scenariofile.PercentAllowed) {
		t.Fatalf("the file with failure_rate = \"150%%\" says %v, want %q", fileErr, scenariofile.PercentAllowed)
	}
	for _, typed := range []string{"150%", "150"} {
		m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "checkout"), Variant: 3})
		m = press(m, "e")
		m = focusLabel(t, m, "failure rate", 1)
		m = press(m, "ctrl+u")
		m = press(m, strings.Split(typed, "")...)
		m = press(m, "enter")
		if m.form == nil {
			t.Fatalf("failure rate %s was taken", typed)
		}
		want := "must be " + scenariofile.PercentAllowed + `, got "150%"`
		if got := m.form.knobs[m.form.focus].err; got != want {
			t.Errorf("failure rate %s: the field says %q, want %q", typed, got, want)
		}
	}
}

// The form reads a typed share by scenariofile.ParseTypedShare, the one
// rule a challenge's knob reads one by too: the same share, or the same
// refusal, for every spelling.
func TestKnobFormReadsASharesAsTheSharedRule(t *testing.T) {
	for _, typed := range []string{"50", "50%", "0.5", "1", "1%", "100", "150", "150%", "-5", "1.1", "12.3456%", "abc", "0"} {
		v, err := parse(kindPercent, typed)
		want, _, wantErr := scenariofile.ParseTypedShare(typed)
		if fmt.Sprint(err) != fmt.Sprint(wantErr) || (err == nil && v.f != want) {
			t.Errorf("%q: the form reads %v, %v; the shared rule %v, %v", typed, v.f, err, want, wantErr)
		}
	}
}
