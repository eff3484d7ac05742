package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/cli"
	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// x is named for what it does, in the key line and the keys in full: a
// reset to the stub where that is what y would do, and putting the tests
// (or the files the workbook gave) back, the learner's code kept, where
// the check found them changed or missing. It said "x reset" for both, and
// a learner told to press x to get their tests back read it as losing
// their code. `breakerlab exercises help` names x in the same words.
func TestXIsNamedForWhatItDoes(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	failing := grade.Report{Status: grade.Failed, Summary: "1 of 5 tests fail"}
	for _, c := range []struct {
		name     string
		result   exercises.Result
		words    string
		question string // what x then asks
	}{
		{"a plain failure", exercises.Result{Report: failing}, "x reset to stub", "to its stub?"},
		{"a test file changed", exercises.Result{TestsChanged: true, Fault: "your breaker_test.go differs", Report: failing}, "x put tests back", "Put back the bundled tests"},
		{"a test file missing", exercises.Result{TestsMissing: true, Fault: "breaker_test.go is missing", Report: failing}, "x put tests back", "Put back the bundled tests"},
		{"a given file missing", exercises.Result{GivenMissing: true, Fault: "window.go is missing", Report: failing}, "x put files back", "Put back the bundled tests"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := startOn(t, resultBackend{newFake(), c.result}, 100, 30)
			if k := keyLine(d.view()); !strings.Contains(k, c.words) {
				t.Errorf("the key line %q lacks %q", k, c.words)
			}
			d.keys("?")
			if v := d.view(); !strings.Contains(v, c.words) {
				t.Errorf("the keys in full lack %q:\n%s", c.words, v)
			}
			d.keys("?", "x")
			if v := flowed(d.view()); !strings.Contains(v, c.question) {
				t.Errorf("x after %q does not ask %q:\n%s", c.words, c.question, d.view())
			}
			d.send(tea.KeyMsg{Type: tea.KeyEsc})
			if !strings.Contains(cli.Help, `"`+strings.TrimPrefix(c.words, "x ")+`"`) {
				t.Errorf("`breakerlab exercises help` does not name x %q:\n%s", c.words, cli.Help)
			}
		})
	}
}
