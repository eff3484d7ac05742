package builder

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
	if !m.msgErr || !strings.Contains(m.msg, "not saved") {
		t.Fatalf("the failure should be said: %q", m.msg)
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
