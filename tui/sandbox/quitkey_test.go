package sandbox

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// keyDoes runs the command a key returns and says what it asked for:
// "quit", "back" or "" (nothing, or something else).
func keyDoes(t *testing.T, m Model, k string) (Model, string) {
	t.Helper()
	next, cmd := m.Update(keyMsg(k))
	if cmd == nil {
		return next.(Model), ""
	}
	switch cmd().(type) {
	case tea.QuitMsg:
		return next.(Model), "quit"
	case BackMsg:
		return next.(Model), "back"
	}
	return next.(Model), ""
}

// q means one thing on every screen opened from the home screen: back, as
// in a lesson (the sandbox's q used to quit the program there); run on its
// own from the command line, q quits. The key line says which.
func TestQuitKeyGoesBackInsideAnotherScreen(t *testing.T) {
	alone := newModel(t, 120, 30, Options{})
	if _, did := keyDoes(t, alone, "q"); did != "quit" {
		t.Errorf("q in a sandbox of its own did %q, want quit", did)
	}
	if v := ansi.Strip(alone.View()); !strings.Contains(v, "q quit") || strings.Contains(v, "q back") {
		t.Errorf("a sandbox of its own should say q quit:\n%s", v)
	}

	inside := newModel(t, 120, 30, Options{CanGoHome: true, BackTo: "back to the scenarios"})
	if _, did := keyDoes(t, inside, "q"); did != "back" {
		t.Errorf("q in a sandbox inside the home screen did %q, want back", did)
	}
	if _, did := keyDoes(t, inside, "ctrl+c"); did != "quit" {
		t.Errorf("ctrl+c did %q, want quit", did)
	}
	v := ansi.Strip(inside.View())
	if !strings.Contains(v, "q back") || strings.Contains(v, "q quit") {
		t.Errorf("a sandbox inside the home screen should say q back:\n%s", v)
	}
	// The full help says how to quit there.
	help := press(inside, "?")
	if v := ansi.Strip(help.View()); !strings.Contains(v, "ctrl+c") {
		t.Errorf("the full help should say ctrl+c quits:\n%s", v)
	}

	// In compare mode q leaves compare first, as esc does.
	cmp := press(inside, "c")
	if cmp.cmp == nil {
		t.Fatal("c did not open compare mode")
	}
	after, did := keyDoes(t, cmp, "q")
	if did != "" || after.cmp != nil {
		t.Errorf("q in compare mode did %q (compare open: %v), want compare closed, as esc does", did, after.cmp != nil)
	}
}
