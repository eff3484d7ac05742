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

// x pressed just after a save, while the debounce waits to start its
// check, does not answer from the result before the save: the saved code
// may have lost a test file that the last check found. x says a check is
// coming and asks nothing; once the check starts it says the check runs,
// and once its result is in, x asks what that result calls for.
func TestXRightAfterASaveWaitsForItsCheck(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	m, update := byHand(f, 100, 30)
	x := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x")}
	e := m.current()
	_ = m.startCheck(e)
	update(checkedMsg{name: e.Name, gen: m.gen[e.Name], result: f.Check(context.Background(), e, nil)})

	update(fileSavedMsg{e.Name})
	update(x)
	if m.screen == screenConfirm {
		t.Fatalf("x just after a save asks %v, from the result before the save", m.confirm)
	}
	if m.message != saveCheckingMessage {
		t.Errorf("x just after a save says %q, want %q", m.message, saveCheckingMessage)
	}
	update(debounceMsg{e.Name, m.pending[e.Name]})
	if m.message != stillCheckingMessage {
		t.Errorf("once the save's check started, the status line says %q, want %q", m.message, stillCheckingMessage)
	}
	update(checkedMsg{name: e.Name, gen: m.gen[e.Name], result: exercises.Result{Exercise: e, TestsMissing: true,
		Report: grade.Report{Status: grade.NoTests, Summary: "the bundled test file breaker_test.go is missing"}}})
	if m.waitsForCheck() {
		t.Errorf("the status line still says to wait after the save's result came in: %q", m.message)
	}
	update(x)
	if m.screen != screenConfirm || m.confirm != confirmRestoreTests {
		t.Errorf("x after the save's check found a test file missing: screen %v, confirm %v; want the tests put back", m.screen, m.confirm)
	}
}

// byHand is a model on the fake backend f, sized width × height, and the
// function that gives it a message. Its commands never run: the test
// sends the messages they would have sent.
func byHand(f *fake, width, height int) (*Model, func(tea.Msg)) {
	m := New(f, Options{NoColor: true, Renderer: lipgloss.NewRenderer(io.Discard)})
	p := &m
	update := func(msg tea.Msg) {
		next, _ := p.Update(msg)
		*p = next.(Model)
	}
	update(tea.WindowSizeMsg{Width: width, Height: height})
	return p, update
}
