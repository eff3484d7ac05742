package interviewui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// pressRunning sends the keys as the program would, running the commands
// each returns (a save among them) and handing their messages back,
// except the countdown's ticks and quitting.
func pressRunning(m Model, keys ...string) (Model, []tea.Msg) {
	var done []tea.Msg
	for _, k := range keys {
		next, cmd := m.Update(tuitest.Key(k))
		m = next.(Model)
		cmds := []tea.Cmd{cmd}
		for len(cmds) > 0 {
			c := cmds[0]
			cmds = cmds[1:]
			if c == nil {
				continue
			}
			switch msg := c().(type) {
			case tea.BatchMsg:
				cmds = append(cmds, msg...)
			case tickMsg, tea.QuitMsg, BackMsg:
				done = append(done, msg)
			default:
				next, more := m.Update(msg)
				m = next.(Model)
				cmds = append(cmds, more)
			}
		}
	}
	return m, done
}

// filesUnder lists the files under dir.
func filesUnder(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// An interview kept on screen (a student over SSH) writes nothing, even
// with a folder given: enter on the rubric shows it as text (the answer
// as typed, the points as marked), leaving before that asks whether to
// see it, and once it was seen leaving asks nothing.
func TestOnScreenInterviewWritesNothing(t *testing.T) {
	dir := t.TempDir()
	c := &clockAt{start}
	m, err := New(Options{Theme: tuitest.Plain(), Dir: dir, OnScreen: true, Embedded: true, Prompt: "payment-checkout", Now: c.now})
	if err != nil {
		t.Fatal(err)
	}
	m = settle(tuitest.Send(m, tea.WindowSizeMsg{Width: 80, Height: 40}))
	m = write(m, answer)
	m, _ = pressRunning(m, "ctrl+d", "n", "y", "n", "y")
	m, done := pressRunning(m, "esc")
	if m.ask != askKeep || len(done) > 0 {
		t.Fatalf("leaving a rubric kept nowhere did not ask first:\n%s", m.View())
	}
	m, _ = pressRunning(m, "y")
	v := ansi.Strip(m.View())
	for _, want := range []string{"Your interview, as text", "Each call to the payment provider gets a timeout of 500 ms", "[x] ✱  2. a timeout on every", "Nothing of this interview is kept on the server"} {
		if !strings.Contains(v, want) {
			t.Errorf("the interview as text lacks %q:\n%s", want, v)
		}
	}
	m, _ = pressRunning(m, "end", "esc", "enter", "esc", "s")
	if !m.reading {
		t.Error("s on the rubric does not show the interview as text")
	}
	m, done = pressRunning(m, "esc", "esc")
	if len(done) != 1 || done[0] != (BackMsg{}) {
		t.Errorf("leaving once the interview was shown: %v, want it to go back", done)
	}
	if f := filesUnder(t, dir); len(f) > 0 {
		t.Errorf("an interview kept on screen wrote %q", f)
	}
}
