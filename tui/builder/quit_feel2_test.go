package builder

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// does sends k and says what its command asked for: "quit", "back" or "".
func does(m Model, k string) (Model, string) {
	next, cmd := m.Update(tuitest.Key(k))
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

// The builder opens from the home screen, where q goes back as esc does
// (it quit the program): on the list of starts, while building (asking
// first about unsaved edits, as esc does) and in the help. ctrl+c quits.
// The key lines say so: "esc/q home" as one entry, not "esc home • q
// back", which read as two places to go (a new user's QA pass).
func TestQuitKeyGoesBackAsEscDoes(t *testing.T) {
	m := newBuilder(120, 40)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "esc/q home") || strings.Contains(v, "q back") || strings.Contains(v, "q quit") {
		t.Errorf("the list of starts should say esc/q home:\n%s", v)
	}
	if _, did := does(m, "q"); did != "back" {
		t.Errorf("q on the list of starts did %q, want back", did)
	}
	if _, did := does(m, "ctrl+c"); did != "quit" {
		t.Errorf("ctrl+c did %q, want quit", did)
	}
	help := tuitest.Send(m, tuitest.Key("?"))
	if v := ansi.Strip(help.View()); !strings.Contains(v, "esc/q") || !strings.Contains(v, "q home") || strings.Contains(v, "q back") || strings.Contains(v, "esc      home") || !strings.Contains(v, "ctrl+c") || strings.Contains(v, "q quit") {
		t.Errorf("the help should say esc/q home, q home and ctrl+c quit:\n%s", v)
	}
	b0 := tuitest.Send(m, tuitest.Key("enter"), tuitest.Key("?"))
	if v := ansi.Strip(b0.View()); !strings.Contains(v, "esc/q") || strings.Contains(v, "q back") {
		t.Errorf("the help while building should say esc/q home:\n%s", v)
	}
	if after, did := does(help, "q"); did != "back" || after.showHelp {
		t.Errorf("q in the help did %q, want back", did)
	}

	b := tuitest.Send(m, tuitest.Key("enter"))
	if _, did := does(b, "q"); did != "back" {
		t.Errorf("q while building, nothing edited, did %q, want back", did)
	}
	b = tuitest.Send(b, tuitest.Key("s")) // an edit
	after, did := does(b, "q")
	if did != "" || after.ask != askLeave {
		t.Errorf("q with unsaved edits did %q (question %d), want the question esc asks", did, after.ask)
	}
}
