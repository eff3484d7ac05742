package exercisesui

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// resultBackend is a fake whose checks all give one scripted result, with
// the fields a real check sets (TestsMissing, GivenMissing, ...).
type resultBackend struct {
	*fake
	result exercises.Result
}

func (b resultBackend) Check(_ context.Context, e exercises.Exercise, _ func(grade.Progress)) exercises.Result {
	r := b.result
	r.Exercise = e
	return r
}

// The line under the verdict that says what x puts back follows what the
// check found, as x does (restoresTests), not the words of its message: a
// missing test file said otherwise still gets it, a file given to build
// on gets its own, and a summary that only happens to say "is missing"
// gets none, since x would reset the exercise there.
func TestRestoreLineFollowsTheResultFields(t *testing.T) {
	const tests, given = "x puts the bundled tests back", "x writes back what the workbook gave you"
	for _, c := range []struct {
		name   string
		result exercises.Result
		want   string // "" for no line naming x
	}{
		{"tests missing, reworded", exercises.Result{TestsMissing: true,
			Report: grade.Report{Status: grade.NoTests, Summary: "breaker_test.go: gone, nothing to grade"}}, tests},
		{"tests changed", exercises.Result{TestsChanged: true,
			Report: grade.Report{Status: grade.Failed, Summary: "your breaker_test.go differs"}}, tests},
		{"given file missing", exercises.Result{GivenMissing: true,
			Report: grade.Report{Status: grade.Errored, Summary: "window.go: gone"}}, given},
		{"no field set, summary says is missing", exercises.Result{
			Report: grade.Report{Status: grade.NoTests, Summary: "a helper file is missing its tests"}}, ""},
		{"main file missing", exercises.Result{MainMissing: true,
			Report: grade.Report{Status: grade.Errored, Summary: "breaker.go, the file you edit, is missing"}}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := startOn(t, resultBackend{newFake(), c.result}, 100, 30)
			v := d.view()
			for _, line := range []string{tests, given} {
				if has := strings.Contains(v, line); has != (line == c.want) {
					t.Errorf("the view shows %q: %v, want %v:\n%s", line, has, line == c.want, v)
				}
			}
		})
	}
}

// x pressed while a later check of the exercise runs (a save, r, or a
// check of all) does not answer from the result before it: that check
// may find a test file missing where the last one found only failures,
// and a reset chosen from the old result would set the learner's code
// aside for it. x says a check is running and asks nothing; once the new
// result is in, x asks what it calls for.
func TestXWaitsForALaterCheck(t *testing.T) {
	missing := exercises.Result{TestsMissing: true,
		Report: grade.Report{Status: grade.NoTests, Summary: "the bundled test file breaker_test.go is missing"}}
	for _, c := range []struct {
		name  string
		start func(m *Model) // starts the later check, whose commands never run
		done  func(m Model) tea.Msg
	}{
		{"its own check", func(m *Model) { _ = m.startCheck(m.current()) }, func(m Model) tea.Msg {
			e := m.current()
			missing.Exercise = e
			return checkedMsg{name: e.Name, gen: m.gen[e.Name], result: missing}
		}},
		{"a check of all", func(m *Model) { _ = m.startCheckAll(false) }, func(m Model) tea.Msg {
			missing.Exercise = m.current()
			return allResultMsg{run: m.all, result: missing}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFake()
			m := New(f, Options{Manual: true, NoColor: true, Renderer: lipgloss.NewRenderer(io.Discard)})
			update := func(msg tea.Msg) {
				next, _ := m.Update(msg)
				m = next.(Model)
			}
			update(tea.WindowSizeMsg{Width: 100, Height: 30})
			e := m.current()
			// The first check: a plain failure, for which x resets.
			_ = m.startCheck(e)
			update(checkedMsg{name: e.Name, gen: m.gen[e.Name], result: f.Check(context.Background(), e, nil)})
			if _, ok := m.results[e.Name]; !ok {
				t.Fatal("the first result was not recorded")
			}
			c.start(&m)
			t.Cleanup(func() {
				if m.all != nil {
					m.all.cancel() // lets the check of all's goroutine end
				}
			})
			update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x")})
			if m.screen == screenConfirm {
				t.Fatalf("x while a later check runs asks %v, from the result before it", m.confirm)
			}
			if m.message != stillCheckingMessage {
				t.Errorf("x while a later check runs says %q, want %q", m.message, stillCheckingMessage)
			}
			update(c.done(m))
			if m.message == stillCheckingMessage {
				t.Error("the status line still says a check is running after its result came in")
			}
			update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x")})
			if m.screen != screenConfirm || m.confirm != confirmRestoreTests {
				t.Errorf("x after the later check found a test file missing: screen %v, confirm %v; want the tests put back", m.screen, m.confirm)
			}
		})
	}
}
