package builder

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A save that fails gives back the path typed, to be mended: a folder
// that is not there closed the prompt, and w offered the system's name
// again, the path typed gone.
func TestAFailedSaveKeepsThePathTyped(t *testing.T) {
	m := tuitest.Press(newBuilder(100, 30), "enter", "s")
	dir := t.TempDir()
	typed := filepath.Join(dir, "no-such-folder", "mine.toml")
	m = tuitest.Press(m, "w", "ctrl+u", typed)
	next, cmd := m.Update(tuitest.Key("enter"))
	m = next.(Model)
	w, ok := cmd().(writtenMsg)
	if !ok || w.err == nil {
		t.Fatalf("the write into a missing folder should fail: %+v", w)
	}
	next, _ = m.Update(w)
	m = next.(Model)
	// In words that name the folder as what is missing, not Go's "open
	// …: no such file or directory".
	if want := "not saved: the folder " + filepath.Dir(typed) + " does not exist; create it first"; !m.msgErr || !strings.HasPrefix(m.msg, want) {
		t.Fatalf("the failure should be said: %q, want %q…", m.msg, want)
	}
	if m.prompt == nil || m.prompt.Input != typed {
		t.Fatalf("the prompt should hold the path typed, %q: %+v", typed, m.prompt)
	}
	// Mended, it saves.
	mended := filepath.Join(dir, "mine.toml")
	m = tuitest.Press(m, "ctrl+u", mended)
	next, cmd = m.Update(tuitest.Key("enter"))
	m = next.(Model)
	next, _ = m.Update(cmd())
	m = next.(Model)
	if _, err := os.Stat(mended); err != nil || m.prompt != nil || m.msgErr {
		t.Errorf("the mended path should save: %v, %q", err, m.msg)
	}
}

// A save that fails says what, of the path typed, is in the way: a file
// where a folder should be, or a folder where the file should be.
func TestAFailedSaveNamesWhatIsInTheWay(t *testing.T) {
	racefree.Only(t) // no goroutine: the write's command is called by hand
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "old.toml")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	m := tuitest.Press(newBuilder(100, 30), "enter")
	for _, c := range []struct{ path, want string }{
		{filepath.Join(file, "mine.toml"), "part of the folder " + file + " is a file, not a folder"},
		{folder, folder + " is a folder; give a file's name, such as " + filepath.Join(folder, "mine.toml")},
	} {
		w, ok := m.write(c.path, true)().(writtenMsg)
		if !ok || w.err == nil {
			t.Fatalf("the write to %s should fail: %+v", c.path, w)
		}
		if got := saveError(w.path, w.err); !strings.HasPrefix(got, c.want) {
			t.Errorf("saving to %s: %q, want %q…", c.path, got, c.want)
		}
	}
}
