package challengeui

import (
	"os"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
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
