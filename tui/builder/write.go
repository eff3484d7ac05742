package builder

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
)

// Saving: the system as a scenario file, through the encoder the
// sandbox's w uses, headed by how to run it.

// writtenMsg reports a write: whether the file was there already (and
// left alone), or the error, for the system of edit id.
type writtenMsg struct {
	path   string
	id     int
	exists bool
	err    error
}

// fileBytes is the system as a scenario file named after path.
func (m Model) fileBytes(path string) ([]byte, error) {
	c := clone(m.sc)
	if c == nil {
		return nil, errors.New("the system could not be copied")
	}
	c.Name = saveName(path)
	data, err := scenariofile.Dump(c)
	if err != nil {
		return nil, fmt.Errorf("cannot write the system: %w", err)
	}
	head := fmt.Sprintf("# Built in the breakerlab builder. `breakerlab run %s` runs it;\n# `breakerlab sandbox %s` plays it.\n", path, path)
	return append([]byte(head), data...), nil
}

// write saves the system to path in a command; without overwrite a file
// already there is kept and reported.
func (m Model) write(path string, overwrite bool) func() tea.Msg {
	data, err := m.fileBytes(path)
	id := m.id
	return func() tea.Msg {
		if err != nil {
			return writtenMsg{path: path, id: id, err: err}
		}
		flag := os.O_WRONLY | os.O_CREATE | os.O_EXCL
		if overwrite {
			flag = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		}
		f, err := os.OpenFile(path, flag, 0o644)
		if errors.Is(err, fs.ErrExist) {
			return writtenMsg{path: path, id: id, exists: true}
		}
		if err != nil {
			return writtenMsg{path: path, id: id, err: err}
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return writtenMsg{path: path, id: id, err: err}
	}
}

// saveAs saves to path, the file typed meant (tomlPath): without
// overwrite, as write does. When .toml was added to what was typed and
// that names a folder, nothing is written and the folder is named as in
// the way: "/tmp" wrote /tmp.toml, a file beside the folder the learner
// meant to save in.
func (m Model) saveAs(typed, path string) func() tea.Msg {
	write := m.write(path, false)
	if typed == path {
		return write
	}
	id := m.id
	return func() tea.Msg {
		if fi, err := os.Stat(typed); err == nil && fi.IsDir() {
			return writtenMsg{path: typed, id: id, err: &fs.PathError{Op: "open", Path: typed, Err: syscall.EISDIR}}
		}
		return write()
	}
}

// saveError says why the system could not be saved at path, and what
// would do, as run's -o does: "open /tmp/out/x.toml: no such file or
// directory" left the reader to work out that the folder, not the file,
// is missing.
func saveError(path string, err error) string {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err.Error() // not the file system's: the system's own, said in full
	}
	err = pe.Err // not Go's "open PATH:", which the words below replace
	folder := filepath.Dir(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) && folderMissing(folder):
		return fmt.Sprintf("the folder %s does not exist; create it first, or give a file in a folder that exists", folder)
	case errors.Is(err, fs.ErrNotExist):
		// The folder is there and the OS still says no such file: a
		// folder it keeps itself (/proc, /sys) makes no new files.
		return fmt.Sprintf("cannot write there: %v, though the folder %s exists (the system makes no new files in it); give a file in a folder you can write to", err, folder)
	case errors.Is(err, syscall.ENOTDIR):
		return fmt.Sprintf("part of the folder %s is a file, not a folder; give a file in a folder that exists", folder)
	case errors.Is(err, syscall.EISDIR):
		return fmt.Sprintf("%s is a folder; give a file's name, such as %s", path, filepath.Join(path, "mine.toml"))
	case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EROFS):
		return fmt.Sprintf("cannot write there: %v, in the folder %s; give a file in a folder you can write to", err, folder)
	}
	return fmt.Sprintf("cannot write %s: %v", path, err)
}

// folderMissing is whether folder is truly not there (os.Stat says so):
// the OS says "no such file or directory" of a file it will not create in
// a folder that exists, too (/proc/x.toml), where "the folder /proc does
// not exist" was false.
func folderMissing(folder string) bool {
	_, err := os.Stat(folder)
	return errors.Is(err, fs.ErrNotExist)
}

// onWritten says what a write did, or asks before overwriting.
func (m Model) onWritten(w writtenMsg) Model {
	switch {
	case w.exists:
		m.savePath, m.ask = w.path, askOverwrite
	case w.err != nil:
		m.msg, m.msgErr = "not saved: "+saveError(w.path, w.err), true
		// The path typed comes back in the prompt, to be mended: a
		// folder that is not there took it away, and w offered the
		// system's name again. Not over a prompt or form opened since.
		if m.ColonFree() && m.stage == building && !m.connecting {
			m.prompt = &playback.Prompt{Label: "save the system to", Input: w.path, Hint: "a .toml file (.toml is added if left out)", Err: "not saved: why is above"}
		}
	default:
		m.savePath, m.savedID = w.path, w.id
		m.msg, m.msgErr = fmt.Sprintf("saved %s%s: breakerlab run %s runs it, breakerlab sandbox %s plays it", w.path, m.saveNote, w.path, w.path), false
		m.saveNote = ""
		// The file names the system after itself: so do the header, the
		// file pane and the sandbox p opens, from now on.
		if name := saveName(w.path); m.id == w.id && m.sc != nil && m.sc.Name != name {
			if c := clone(m.sc); c != nil {
				c.Name = name
				m.sc = c
				m.setFile(c)
			}
		}
	}
	return m
}
