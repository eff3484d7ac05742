package challengeui

import (
	"os"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// With WriteElsewhere set (over SSH, where the file would land on the
// server), w writes nothing and says so, in the challenge and in the
// sandbox v opens from it.
func TestWriteElsewhereTurnsWOff(t *testing.T) {
	dir := t.TempDir()
	const off = "w is off over SSH: run breakerlab locally"
	m := sized(t, open(t, "bulkhead-20", Options{Dir: dir, WriteElsewhere: off}), 200, 60)
	m = press(t, m, "right", "w")
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Fatalf("w wrote %s with writing turned off", entries[0].Name())
	}
	if !strings.Contains(m.note, off) {
		t.Fatalf("after w the note is %q, want %q", m.note, off)
	}
	m.rebuildSandbox(false)
	if m.sb == nil {
		t.Fatal("no sandbox to watch the design in")
	}
	m.forward(tuitest.Key("w"))
	if v := m.sb.View(); !strings.Contains(v, off) {
		t.Fatalf("the sandbox v opens does not say w is off:\n%s", v)
	}
}

// Over SSH the level's keys offer no w, which only says saving is off: not
// the key line at any width, nor the help, nor the brief's words. Locally
// all of them offer it.
func TestWriteElsewhereOffersNoW(t *testing.T) {
	const off = "w is off over SSH: run breakerlab locally"
	for _, remote := range []bool{false, true} {
		o := Options{Dir: t.TempDir()}
		if remote {
			o.WriteElsewhere = off
		}
		for _, size := range [][2]int{{80, 24}, {200, 60}} {
			m := sized(t, open(t, "bulkhead-20", o), size[0], size[1])
			v := ansi.Strip(m.View())
			lines := strings.Split(strings.TrimRight(v, "\n"), "\n")
			keyLine := lines[len(lines)-1]
			// At 200x60 the level's keys share the line with the run's,
			// and w is among the first to go locally too.
			if got := strings.Contains(keyLine, "w write"); got && remote || !got && !remote && size[0] == 80 {
				t.Errorf("remote=%v at %dx%d: the key line %q offers w: %v", remote, size[0], size[1], keyLine, got)
			}
			help := strings.Join(strings.Fields(ansi.Strip(press(t, m, "?").View())), " ")
			if got := strings.Contains(help, "write the design"); got == remote {
				t.Errorf("remote=%v at %dx%d: the help lists w: %v\n%s", remote, size[0], size[1], got, help)
			}
		}
		m := sized(t, open(t, "bulkhead-20", o), 200, 60)
		about := strings.Join(m.aboutText(), " ")
		if got := strings.Contains(about, "w writes yours") || strings.Contains(about, "write with w"); got == remote {
			t.Errorf("remote=%v: the brief says w writes: %v\n%s", remote, got, about)
		}
	}
}
