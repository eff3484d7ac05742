package exercisesui

import (
	"context"
	"io"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// x pressed while the first check of the exercise still compiles has no
// result to choose by: a full reset then could set the learner's code
// aside where the check would have found only a test file missing. It
// says the check is running and asks nothing; once the result is in, x
// asks what the result calls for.
func TestXBeforeTheFirstResultWaitsForIt(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.missing = map[string]bool{"01-consecutive-breaker": true}
	m := New(f, Options{Manual: true, NoColor: true, Renderer: lipgloss.NewRenderer(io.Discard)})
	update := func(msg tea.Msg) {
		next, _ := m.Update(msg)
		m = next.(Model)
	}
	update(tea.WindowSizeMsg{Width: 100, Height: 30})
	e := m.current()
	_ = m.startCheck(e) // the check compiles; its command is never run
	update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x")})
	if m.screen == screenConfirm {
		t.Fatalf("x before the first result asks %v: a reset with nothing found yet", m.confirm)
	}
	if m.message != stillCheckingMessage {
		t.Errorf("x before the first result says %q, want %q", m.message, stillCheckingMessage)
	}
	update(checkedMsg{name: e.Name, gen: m.gen[e.Name], result: f.Check(context.Background(), e, nil)})
	if m.message == stillCheckingMessage {
		t.Error("the status line still says the check is running after its result came in")
	}
	update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x")})
	if m.screen != screenConfirm || m.confirm != confirmRestoreTests {
		t.Errorf("x after a check that found a test file missing: screen %v, confirm %v; want the tests put back", m.screen, m.confirm)
	}
}

// x chooses between putting the tests back and a full reset by what the
// check found (exercises.Result's fields), not by the words of its
// message: a message worded otherwise chooses the same, and one that
// merely mentions `reset --tests` does not send a missing main file's
// reset to the tests.
func TestXChoosesByWhatTheCheckFound(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	for _, c := range []struct {
		name    string
		result  exercises.Result
		restore bool
	}{
		{"tests missing, reworded", exercises.Result{TestsMissing: true,
			Report: grade.Report{Status: grade.NoTests, Summary: "breaker_test.go: gone"}}, true},
		{"given file missing, reworded", exercises.Result{GivenMissing: true,
			Report: grade.Report{Status: grade.Errored, Summary: "window.go: gone; put it back"}}, true},
		{"main file missing, mentioning reset --tests", exercises.Result{MainMissing: true,
			Report: grade.Report{Status: grade.Errored, Summary: "breaker.go is missing; not `reset --tests`, a full reset"}}, false},
		{"no tests of the learner's, no file missing", exercises.Result{
			Report: grade.Report{Status: grade.NoTests, Summary: "a helper file is missing its tests"}}, false},
	} {
		if got := restoresTests(c.result); got != c.restore {
			t.Errorf("%s: restoresTests = %v, want %v", c.name, got, c.restore)
		}
	}
}
