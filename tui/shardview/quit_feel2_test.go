package shardview

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// does sends k and says what its command asked for: "quit", "back", the
// key handed on ("key q"), or "".
func does(m Model, k string) (Model, string) {
	next, cmd := m.Update(tuitest.Key(k))
	if cmd == nil {
		return next.(Model), ""
	}
	switch msg := cmd().(type) {
	case tea.QuitMsg:
		return next.(Model), "quit"
	case BackMsg:
		return next.(Model), "back"
	case tea.KeyMsg:
		return next.(Model), "key " + msg.String()
	}
	return next.(Model), ""
}

// Opened from the home screen's scenarios, q goes back, as it does in the
// sandbox (it quit the program): on the screen, in its help, and on the
// too-small screen, which says so. On its own q quits. The key lines say
// which: inside, q shares esc's entry ("esc/q back to the scenarios").
func TestQuitKeyGoesBackInsideAnotherScreen(t *testing.T) {
	inside := newModel(t, 120, 30, Options{CanGoHome: true, BackTo: "back to the scenarios"})
	if v := ansi.Strip(inside.View()); !strings.Contains(v, "esc/q back") || strings.Contains(v, "q quit") {
		t.Errorf("inside the home screen the key line should say esc/q back:\n%s", v)
	}
	if _, did := does(inside, "q"); did != "back" {
		t.Errorf("q did %q, want back", did)
	}
	if _, did := does(inside, "ctrl+c"); did != "quit" {
		t.Errorf("ctrl+c did %q, want quit", did)
	}
	help := tuitest.Send(inside, tuitest.Key("?"))
	if v := ansi.Strip(help.View()); !strings.Contains(v, "ctrl+c") {
		t.Errorf("the full help should say ctrl+c quits:\n%s", v)
	}
	after, did := does(help, "q")
	if did != "key q" || after.showHelp {
		t.Errorf("q in the help did %q (help open: %v), want the help closed and q handed to the screen", did, after.showHelp)
	}
	if _, did := does(after, "q"); did != "back" {
		t.Errorf("then q did %q, want back", did)
	}
	small := newModel(t, 60, 20, Options{CanGoHome: true})
	if v := ansi.Strip(small.View()); !strings.Contains(v, "press q to go back") {
		t.Errorf("the too-small screen inside the home screen should say q goes back:\n%s", v)
	}
	if _, did := does(small, "q"); did != "back" {
		t.Errorf("q on the too-small screen did %q, want back", did)
	}

	alone := newModel(t, 120, 30, Options{})
	if v := ansi.Strip(alone.View()); !strings.Contains(v, "q quit") || strings.Contains(v, "q back") {
		t.Errorf("on its own the key line should say q quit:\n%s", v)
	}
	for _, m := range []Model{alone, tuitest.Send(alone, tuitest.Key("?")), newModel(t, 60, 20, Options{})} {
		if _, did := does(m, "q"); did != "quit" {
			t.Errorf("q on its own did %q, want quit", did)
		}
	}
	if v := ansi.Strip(newModel(t, 60, 20, Options{}).View()); !strings.Contains(v, "press q to quit") {
		t.Errorf("the too-small screen on its own should say q quits:\n%s", v)
	}
}
