package builder

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/internal/userfile"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	tea "github.com/charmbracelet/bubbletea"
)

// Opening a scenario file: o on the list of starts reads a file (one w
// saved, or one written by hand) back into the builder. Without it a
// system saved and closed could be played (breakerlab sandbox FILE) but
// never built on again: the draft lives only while the program runs.

// openedMsg is a file read for o: its system, or why there is none.
type openedMsg struct {
	path string
	sc   *engine.Scenario
	err  error
}

// File is a scenario file read for the builder to build on (Options.Open):
// `breakerlab new FILE` reads it before the builder opens, as o reads one
// from the list of starts.
type File struct {
	Path     string
	Scenario *engine.Scenario
}

// ReadFile reads the scenario file at path for the builder, refusing it
// in o's words: the path as given, what was wrong and what is wanted. A
// part no request reaches does not keep the file out (onOpened).
func ReadFile(path string) (File, error) {
	sc, err := readScenario(path)
	if err != nil {
		return File{}, err
	}
	return File{Path: path, Scenario: sc}, nil
}

// openHint is what the open prompt takes.
const openHint = "a .toml scenario file, such as one saved with w"

// maxFile bounds how much of a file o reads: a scenario file is a few
// kilobytes, and a path to a large file by mistake would be read whole.
const maxFile = 4 << 20

// readScenario reads and parses the scenario file at path: a folder, a
// missing file, an empty or a binary one is refused in words that say
// what was wrong and what is wanted (internal/userfile), where a folder
// read "cannot read dir: read dir: is a directory".
func readScenario(path string) (*engine.Scenario, error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		// Said here, not by userfile.Read ("the scenario file x does
		// not exist"): o's words say which file is wanted, and where
		// a relative path starts.
		return nil, fmt.Errorf("there is no file %s; give the path of a .toml file saved with w, relative to the folder breakerlab started in", path)
	}
	data, err := userfile.Read(path, "scenario file", "TOML, such as a file saved with w", maxFile)
	switch {
	case errors.Is(err, fs.ErrNotExist): // gone since the Stat
		return nil, fmt.Errorf("there is no file %s; give the path of a .toml file saved with w, relative to the folder breakerlab started in", path)
	case errors.Is(err, fs.ErrPermission):
		return nil, fmt.Errorf("cannot read %s: permission denied; give a file you can read", path)
	case err != nil:
		return nil, err
	}
	// The file and line, what was wrong and what is allowed, as run and
	// sandbox say it of the same file.
	sc, err := scenariofile.Parse(path, data)
	if err != nil {
		return nil, err
	}
	if err := checkReach(sc, false); err != nil {
		return nil, err
	}
	return sc, nil
}

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
		sc, err := readScenario(path)
		return openedMsg{path: path, sc: sc, err: err}
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
	if o.err != nil {
		m.msg, m.msgErr = "not opened: "+o.err.Error(), true
		m.prompt = &playback.Prompt{Label: "open the scenario file", Input: o.path, Hint: openHint, Err: "not opened: why is above"}
		m.prompt.Select()
		return m
	}
	m.prompt, m.opening = nil, false
	m.buildOn(File{Path: o.path, Scenario: o.sc})
	return m
}

// buildOn starts building on the system of a file read, by o or before
// the builder opened (Options.Open).
func (m *Model) buildOn(f File) {
	m.begin(f.Scenario)
	// The file holds the system as it is: nothing is unsaved, and w
	// offers to save back to it.
	m.savePath = f.Path
	m.msg, m.msgErr = fmt.Sprintf("opened %s: s/d/f/t add, e sets the knobs, w saves it back", f.Path), false
	if err := check(f.Scenario); err != nil {
		m.msg, m.msgErr = fmt.Sprintf("opened %s, but %v", f.Path, err), true
	}
}
