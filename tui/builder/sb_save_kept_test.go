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

// A folder typed as where to save writes nothing beside it or hidden in
// it: "/tmp" wrote /tmp.toml, and "dir/" wrote dir/.toml. The folder is
// named as what is in the way, the path typed comes back to be mended, and
// the folder's neighbours are as they were.
func TestSavingToAFolderWritesNothing(t *testing.T) {
	racefree.Only(t) // no goroutine: the write's command is called by hand
	dir := t.TempDir()
	folder := filepath.Join(dir, "systems")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ typed, want string }{
		{folder, folder + " is a folder; give a file's name, such as " + filepath.Join(folder, "mine.toml")},
		{folder + "/", folder + "/ names a folder; give a file's name in it, such as " + filepath.Join(folder, "mine.toml")},
		{folder + "/.", folder + "/. names a folder; give a file's name in it"},
		{folder + "/x/..", folder + "/x/.. names a folder; give a file's name in it"},
	} {
		m := tuitest.Press(newBuilder(100, 30), "enter", "s", "w", "ctrl+u", c.typed)
		next, cmd := m.Update(tuitest.Key("enter"))
		m = next.(Model)
		if cmd != nil {
			next, _ = m.Update(cmd())
			m = next.(Model)
		}
		said := m.msg
		if m.prompt != nil && m.prompt.Err != "not saved: why is above" {
			said = m.prompt.Err
		}
		if !strings.HasPrefix(said, c.want) && !strings.HasPrefix(said, "not saved: "+c.want) {
			t.Errorf("saving to %q: %q, want %q…", c.typed, said, c.want)
		}
		if m.prompt == nil || m.prompt.Input != c.typed {
			t.Errorf("saving to %q: the prompt should hold the path typed: %+v", c.typed, m.prompt)
		}
		if m.savePath != "" || !m.Unsaved() {
			t.Errorf("saving to %q: nothing was saved, yet the builder says %q was", c.typed, m.savePath)
		}
	}
	for _, d := range []string{dir, folder} {
		names, err := os.ReadDir(d)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, n := range names {
			got = append(got, n.Name())
		}
		if want := map[string]string{dir: "systems", folder: ""}[d]; strings.Join(got, " ") != want {
			t.Errorf("%s holds %q after the refused saves, want %q", d, got, want)
		}
	}
}

// A path refused before any write says why in the prompt alone: the last
// write's "not saved: … is a folder" stayed above it, about another path.
func TestARefusedPathClearsTheLastWritesWords(t *testing.T) {
	racefree.Only(t) // no goroutine: the write's command is called by hand
	dir := t.TempDir()
	m := tuitest.Press(newBuilder(100, 30), "enter", "s", "w", "ctrl+u", dir)
	next, cmd := m.Update(tuitest.Key("enter"))
	m = next.(Model)
	next, _ = m.Update(cmd())
	m = next.(Model)
	if !m.msgErr || !strings.Contains(m.msg, dir+" is a folder") {
		t.Fatalf("the write to a folder should be refused: %q", m.msg)
	}
	m = tuitest.Press(m, "ctrl+u", "mine.txt", "enter")
	if m.msg != "" || m.prompt == nil || !strings.Contains(m.prompt.Err, "not .txt") {
		t.Errorf("only the refusal of mine.txt should be said: %q above, %+v", m.msg, m.prompt)
	}
}
