package exercisesui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/breakerlab/breakerlab/internal/fullscreen"
	tea "github.com/charmbracelet/bubbletea"
)

// EditorFromEnv is the editor the learner set, as git and rustlings read
// it: $VISUAL, else $EDITOR; "" when neither is set.
func EditorFromEnv(getenv func(string) string) string {
	if getenv == nil {
		getenv = os.Getenv
	}
	if v := strings.TrimSpace(getenv("VISUAL")); v != "" {
		return v
	}
	return strings.TrimSpace(getenv("EDITOR"))
}

// editedMsg says the editor returned; err is why it did not run or failed.
type editedMsg struct {
	name string
	err  error
}

// edit opens the current exercise's file in the learner's editor, the
// terminal handed over to it until it exits (fullscreen.Exec); the file
// watcher re-runs the tests on the save, and the return checks once more
// for an editor that wrote without the watcher seeing it.
func (m *Model) edit() tea.Cmd {
	e := m.current()
	file := m.b.MainFile(e)
	fields := strings.Fields(m.opt.Editor)
	if len(fields) == 0 {
		rel, err := filepath.Rel(m.b.Dir(), file)
		if err != nil {
			rel = file
		}
		m.setMessage("No editor is set: set $EDITOR (or $VISUAL), say to vim or `code -w`, and e opens "+rel+" in it.", true)
		return nil
	}
	c := exec.Command(fields[0], append(fields[1:], file)...)
	c.Dir = m.b.ExerciseDir(e)
	// The editor draws on the terminal itself: fullscreen.Exec would hand
	// it the program's output, which under a locale that is not UTF-8 is
	// asciiterm's writer, and the editor would write into a pipe ("Output
	// is not to a terminal"). The runner runs only on the learner's own
	// terminal (a classroom session has no workbook).
	c.Stdout = os.Stdout
	run := m.opt.Exec
	if run == nil {
		// Not tea.ExecProcess: the program's signals are fullscreen's,
		// and only its Exec keeps an interrupt meant for the editor
		// from ending the program.
		run = fullscreen.Exec
	}
	name := e.Name
	return run(c, func(err error) tea.Msg { return editedMsg{name: name, err: err} })
}

// edited takes the editor's return: it says what failed, or checks the
// exercise again.
func (m Model) edited(msg editedMsg) (tea.Model, tea.Cmd) {
	if msg.err != nil {
		m.setMessage("The editor ("+m.opt.Editor+") did not run: "+msg.err.Error(), true)
		return m, nil
	}
	if m.current().Name != msg.name {
		return m, nil
	}
	return m, m.startCheck(m.current())
}
