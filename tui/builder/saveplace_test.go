package builder

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A save the OS refuses in a folder that exists says what the OS said, in
// words, and not that the folder is missing: /proc/x.toml read "the folder
// /proc does not exist". "Does not exist" stays for a folder that truly
// does not.
func TestASaveRefusedInAFolderThatExistsSaysWhatTheOSSaid(t *testing.T) {
	racefree.Only(t) // no goroutine: the write's command is called by hand
	dir := t.TempDir()
	refused := func(errno syscall.Errno) error {
		return &fs.PathError{Op: "open", Path: filepath.Join(dir, "x.toml"), Err: errno}
	}
	for _, c := range []struct {
		err       error
		says, not string
	}{
		{refused(syscall.ENOENT), "cannot write there: no such file or directory, though the folder " + dir + " exists", "does not exist"},
		{refused(syscall.EACCES), "cannot write there: permission denied, in the folder " + dir, "does not exist"},
		{refused(syscall.EROFS), "cannot write there: read-only file system, in the folder " + dir, "does not exist"},
	} {
		if got := saveError(filepath.Join(dir, "x.toml"), c.err); !strings.Contains(got, c.says) || strings.Contains(got, c.not) {
			t.Errorf("saveError(%v) = %q, want it saying %q and not %q", c.err, got, c.says, c.not)
		}
	}
	missing := filepath.Join(dir, "no", "such")
	gone := &fs.PathError{Op: "open", Path: filepath.Join(missing, "x.toml"), Err: syscall.ENOENT}
	if got, want := saveError(filepath.Join(missing, "x.toml"), gone), "the folder "+missing+" does not exist"; !strings.HasPrefix(got, want) {
		t.Errorf("a missing folder: %q, want %q…", got, want)
	}
	// The case as met: w to /proc/x.toml, where the OS creates no file.
	if fi, err := os.Stat("/proc"); err != nil || !fi.IsDir() {
		t.Skip("no /proc here")
	}
	m := tuitest.Press(newBuilder(100, 30), "enter")
	w, ok := m.write("/proc/x.toml", false)().(writtenMsg)
	if !ok || w.err == nil {
		t.Fatalf("the write to /proc/x.toml should fail: %+v", w)
	}
	m = m.onWritten(w)
	if !m.msgErr || !strings.Contains(m.msg, "not saved: cannot write there:") || strings.Contains(m.msg, "does not exist") {
		t.Errorf("saving to /proc/x.toml: %q", m.msg)
	}
}
