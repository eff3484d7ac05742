package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A fault moved by its end is said once in the edit mark, as the fault
// ("payments hang 20 s–50 s"), whatever its owner's name: the test for
// a path's fault words looked for "'s fault ", and a name ending in s
// writes "payments' fault until 50 s", which the mark said beside the
// moved fault. checkout's payment is the name that always passed.
func TestAMovedFaultIsSaidOnceWhateverItsName(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	for _, tc := range []struct {
		scenario, label, value, want string
	}{
		{"cascade", "until", "20s", "recommendations hang 10 s–20 s; outcomes still measured 10 s–30 s, as built"},
		{"cascade", "recommendations hangs from", "5s", "recommendations hang from 5 s; outcomes still measured 10 s–30 s, as built"},
		{"go-server", "until", "50s", "payments hang 20 s–50 s; outcomes still measured 20 s–70 s, as built"},
		{"go-server", "payments hangs from", "30s", "payments hang 30 s–70 s; outcomes still measured 20 s–70 s, as built"},
		{"checkout", "until", "3s", "payment slow 500 ms–3 s; outcomes still measured 500 ms–3.5 s, as built"},
	} {
		built := tuitest.Scenario(t, tc.scenario)
		written := editAndWrite(t, tuitest.Scenario(t, tc.scenario), 0, [3]string{"The server", tc.label, tc.value})
		want := built.Summary + " (edited: " + tc.want + ")"
		if written.Summary != want {
			t.Errorf("%s, %s %s: the summary reads\n%q\nwant\n%q", tc.scenario, tc.label, tc.value, written.Summary, want)
		}
	}
}

// isFaultChange reads the owner of a path's fault words by the rule that
// wrote it, for a name that ends in s and one that does not, and takes no
// other knob's words, nor an owner the rule never writes, for a fault's.
func TestAFaultsWordsAreToldByTheirPossessive(t *testing.T) {
	sys := &tuitest.Scenario(t, "go-server").Variants[0].System
	for _, path := range []string{"payments.fault.to", "payments.fault.from"} {
		if w := lessons.OverrideText(sys, path, "50s"); !isFaultChange(w) {
			t.Errorf("%q is not told for a moved fault", w)
		}
	}
	sys = &tuitest.Scenario(t, "checkout").Variants[0].System
	if w := lessons.OverrideText(sys, "payment.fault.to", "3s"); !isFaultChange(w) {
		t.Errorf("%q is not told for a moved fault", w)
	}
	for _, w := range []string{
		lessons.OverrideText(sys, "payment.timeout", "1s"),
		"payments's fault until 50 s", // not how the rule writes payments'
		"workers 300",
	} {
		if isFaultChange(w) {
			t.Errorf("%q is told for a moved fault", w)
		}
	}
	if !strings.HasPrefix(lessons.OverrideText(sys, "payment.fault.to", "3s"), "payment's fault ") {
		t.Fatal("checkout's fault words are not the ones this test reads")
	}
}
