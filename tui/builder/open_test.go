package builder

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// open presses o on m's list of starts, types path and reads the file as
// the program would: the model after the read's answer.
func open(t *testing.T, m Model, path string) Model {
	t.Helper()
	m = tuitest.Press(m, "o", "ctrl+u", path)
	next, cmd := m.Update(tuitest.Key("enter"))
	m = next.(Model)
	if cmd == nil {
		t.Fatalf("o %s read nothing: %s", path, ansi.Strip(m.View()))
	}
	return tuitest.Send(m, cmd())
}

// dump is the system as a scenario file holds it.
func dump(t *testing.T, m Model) []byte {
	t.Helper()
	data, err := scenariofile.Dump(m.sc)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A system built, saved and opened again in another builder is the same
// system, every value as typed: builder → file → builder. Before o, the
// builder had no way to read a file: a system closed was played, never
// built on again.
func TestASavedSystemOpensAgainAsBuilt(t *testing.T) {
	racefree.Only(t) // no goroutine: the commands are run by hand
	m := built(t, 100, 30)
	m = typeField(t, m, "workers", "40")
	m = selectPart(t, m, "cache")
	m = tuitest.Press(m, "b", "r", "ctrl+u", "payments api", "enter", "t", "%", "ctrl+u", "acme = 70%, globex = 30%", "enter")
	if m.msgErr {
		t.Fatalf("an edit was refused: %s", m.msg)
	}
	path := filepath.Join(t.TempDir(), "mine.toml")
	m = save(t, m, path)
	if m.Unsaved() {
		t.Fatalf("not saved: %s", m.msg)
	}
	o := open(t, newBuilder(100, 30), path)
	if o.stage != building || o.msgErr {
		t.Fatalf("the file did not open: %s\n%s", o.msg, ansi.Strip(o.View()))
	}
	if got, want := dump(t, o), dump(t, m); !bytes.Equal(got, want) {
		t.Errorf("opened, the system is\n%s\nbuilt, it was\n%s", got, want)
	}
	if o.Unsaved() || o.savePath != path {
		t.Errorf("the file holds the system: unsaved %v, w offers %q, want %q", o.Unsaved(), o.savePath, path)
	}
	if v := ansi.Strip(o.View()); !strings.Contains(v, "tenant acme · 70% of the traffic") || !strings.Contains(v, "opened "+path) {
		t.Errorf("the screen should say the file opened, with the shares typed:\n%s", v)
	}
}

// A file the engine refuses is not opened, and says why in run's words
// (file, line, what is allowed), as is a missing file, a folder or an
// empty file; its path stays in the prompt to be
// mended, and the list of starts is as it was.
func TestABadFileSaysWhyAndKeepsThePath(t *testing.T) {
	racefree.Only(t) // no goroutine: the commands are run by hand
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("duration = \"30s\"\n\n[system]\nworkers = 0\n\n[[system.endpoints]]\nname = \"/a\"\nrate = 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.toml")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{bad, "not opened: " + bad + ":4: [system]: workers must be between 1 and 100000, got 0"},
		{filepath.Join(dir, "gone.toml"), "not opened: there is no file " + filepath.Join(dir, "gone.toml")},
		// A folder and an empty file say so, where a folder read "cannot
		// read dir: read dir: is a directory".
		{dir, "not opened: " + dir + " is a folder, not a scenario file: give the path of the file itself"},
		{empty, "not opened: " + empty + " is empty: a scenario file is TOML"},
	} {
		m := open(t, newBuilder(80, 24), c.path)
		if !m.msgErr || !strings.HasPrefix(m.msg, c.want) {
			t.Errorf("opening %s: %q, want %q…", c.path, m.msg, c.want)
		}
		if m.stage != choosing || m.sc != nil {
			t.Errorf("opening %s should leave the starts as they were", c.path)
		}
		if m.prompt == nil || m.prompt.Input != c.path {
			t.Errorf("the prompt should hold %q to be mended: %+v", c.path, m.prompt)
		}
		if m = tuitest.Press(m, "esc"); m.prompt != nil || m.msg != "" {
			t.Errorf("esc should close the prompt and its refusal: %q", m.msg)
		}
	}
}

// A file with a part no request reaches (a dependency written by hand
// that no endpoint calls) opens all the same, and says so: the learner
// mends it here (x) rather than losing the file to a refusal.
func TestAFileWithAnUncalledPartOpensToBeMended(t *testing.T) {
	racefree.Only(t) // no goroutine: the commands are run by hand
	path := filepath.Join(t.TempDir(), "idle.toml")
	file := "duration = \"30s\"\n\n[system]\nworkers = 8\n\n[[system.endpoints]]\nname = \"/a\"\nrate = 5\ncalls = \"db\"\n\n" +
		"[[system.dependencies]]\nname = \"db\"\nlatency = { kind = \"exponential\", mean = \"20ms\" }\n\n" +
		"[[system.dependencies]]\nname = \"cache\"\nlatency = { kind = \"exponential\", mean = \"1ms\" }\n"
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	m := open(t, newBuilder(80, 24), path)
	if m.stage != building || !m.msgErr || !strings.Contains(m.msg, `no endpoint calls "cache"`) {
		t.Fatalf("the file should open, naming the idle part: %q", m.msg)
	}
	m = tuitest.Press(selectPart(t, m, "cache"), "x")
	if m.msgErr || slicesHas(m.parts, "cache") {
		t.Errorf("x should mend it: %q", m.msg)
	}
}

func slicesHas(ps []part, name string) bool {
	for _, p := range ps {
		if p.name == name {
			return true
		}
	}
	return false
}
