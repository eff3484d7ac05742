package builder

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

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
