package builder

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	tea "github.com/charmbracelet/bubbletea"
)

// Opening a scenario file: o on the list of starts reads a file (one w
// saved, or one written by hand) back into the builder. Without it a
// system saved and closed could be played (breakerlab sandbox FILE) but
// never built on again: the draft lives only while the program runs.

// openedMsg is a file read for o: its bytes, or why there are none.
type openedMsg struct {
	path string
	data []byte
	err  error
}

// openHint is what the open prompt takes.
const openHint = "a .toml scenario file, such as one w saved"

// startOpen asks which file to open, offering the last one saved or
// opened.
func (m *Model) startOpen() {
	m.opening = true
	m.prompt = &playback.Prompt{Label: "open the scenario file", Input: m.savePath, Hint: openHint}
}

// openPrompt takes the path typed; the file is read in a command, the
// builder's only I/O besides writing.
func (m Model) openPrompt(typed string) (tea.Model, tea.Cmd) {
	path := strings.TrimSpace(typed)
	if path == "" {
		m.prompt.Err = "type a file's name, such as my-system.toml"
		m.prompt.Select()
		return m, nil
	}
	m.msg, m.msgErr = "", false
	return m, func() tea.Msg {
		data, err := os.ReadFile(path)
		return openedMsg{path: path, data: data, err: err}
	}
}

// onOpened builds on the file read, or says why it cannot, with the path
// back in the prompt to be mended. A part no request reaches does not
// keep the file out: the note names it, and every edit until it is
// mended says so again, as it does of a part an edit left unreached.
func (m Model) onOpened(o openedMsg) Model {
	if !m.opening {
		return m // the prompt was closed while the file was read
	}
	var err error
	switch {
	case errors.Is(o.err, fs.ErrNotExist):
		err = fmt.Errorf("there is no file %s; give the path of a .toml file w saved, relative to the folder breakerlab started in", o.path)
	case errors.Is(o.err, fs.ErrPermission):
		err = fmt.Errorf("cannot read %s: permission denied; give a file you can read", o.path)
	case o.err != nil:
		err = fmt.Errorf("cannot read %s: %w", o.path, o.err)
	}
	var sc *engine.Scenario
	if err == nil {
		// The file and line, what was wrong and what is allowed, as run
		// and sandbox say it of the same file.
		sc, err = scenariofile.Parse(o.path, o.data)
	}
	if err == nil {
		err = checkReach(sc, false)
	}
	if err != nil {
		m.msg, m.msgErr = "not opened: "+err.Error(), true
		m.prompt = &playback.Prompt{Label: "open the scenario file", Input: o.path, Hint: openHint, Err: "not opened: why is above"}
		m.prompt.Select()
		return m
	}
	m.prompt, m.opening = nil, false
	m.begin(sc)
	// The file holds the system as it is: nothing is unsaved, and w
	// offers to save back to it.
	m.savePath = o.path
	m.msg, m.msgErr = fmt.Sprintf("opened %s: s/d/f/t add, e sets the knobs, w saves it back", o.path), false
	if err := check(sc); err != nil {
		m.msg, m.msgErr = fmt.Sprintf("opened %s, but %v", o.path, err), true
	}
	return m
}
