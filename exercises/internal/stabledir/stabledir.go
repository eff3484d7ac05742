// Package stabledir gives a test a folder at the same path from run to
// run, for the tests that grade a workbook with the go command.
//
// The grader runs go test without -trimpath (it finds the learner's frames
// in a panic by their files' paths), so the build cache keys an exercise's
// compiling and vetting by its folder's path too: a workbook in a new
// temporary folder each run was compiled and vetted afresh by every go
// command that graded it, some 0.4 s of CPU each, the larger part of a
// check of a small exercise once the link is paid. In a folder at the same
// path the cache serves them.
//
// The folder is emptied before the test and removed after it, as
// testing.T.TempDir's is: only its path is kept. Two runs of the same test
// at once (two checkouts tested side by side) take different slots, each
// held by a lock folder made with os.Mkdir, which only one of them can
// make; a lock left by a run that was killed is taken back after an hour,
// longer than any test of the module may run.
//
// It imports only the standard library, and only tests use it.
package stabledir

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// slots is how many runs of one test at once get a folder of their own;
// a further one gets a temporary folder (correct, only slower).
const slots = 4

// staleLock is the age past which a lock is a killed run's.
const staleLock = time.Hour

// Dir returns an empty folder for t, at a path that is the same each time
// t runs, unless another run of t holds it; then, or when there is no
// user cache folder, it returns t.TempDir(). The folder is removed when t
// ends.
func Dir(t testing.TB) string {
	t.Helper()
	return dirFor(t, FolderName(t.Name()))
}

// dirFor is Dir for the folder named key.
func dirFor(t testing.TB, key string) string {
	t.Helper()
	cache, err := os.UserCacheDir()
	if err != nil {
		return t.TempDir()
	}
	root := filepath.Join(cache, "breakerlab", "test-folders")
	if err := os.MkdirAll(root, 0o755); err != nil {
		return t.TempDir()
	}
	for slot := range slots {
		base := filepath.Join(root, key+"."+strconv.Itoa(slot))
		if !Lock(base + ".lock") {
			continue
		}
		t.Cleanup(func() {
			os.RemoveAll(base)
			os.Remove(base + ".lock")
		})
		if err := os.RemoveAll(base); err != nil {
			t.Fatalf("cannot empty %s: %v", base, err)
		}
		if err := os.Mkdir(base, 0o755); err != nil {
			t.Fatalf("cannot create %s: %v", base, err)
		}
		return base
	}
	return t.TempDir()
}

// Lock makes the lock folder at path, taking it back first if a run that
// was killed left it (older than an hour); it reports whether this run
// holds it. The caller removes it when done. The grader's tests lock the
// folders they keep test binaries in with it.
func Lock(path string) bool {
	err := os.Mkdir(path, 0o755)
	if err == nil {
		return true
	}
	if !errors.Is(err, fs.ErrExist) {
		return false
	}
	info, err := os.Stat(path)
	if err != nil || time.Since(info.ModTime()) < staleLock {
		return false
	}
	// Two runs that both find it stale at the same moment could both
	// take it; that needs a run killed an hour before and two more
	// starting within the same instant, and costs a failed test, not a
	// wrong pass.
	os.Remove(path)
	return os.Mkdir(path, 0o755) == nil
}

// FolderName is a test's name as a folder name: its letters and digits,
// and a hash of the whole name, so that names differing only in the
// characters left out (a subtest's spaces, slashes) do not share a folder.
func FolderName(test string) string {
	sum := sha256.Sum256([]byte(test))
	name := make([]byte, 0, len(test))
	for _, c := range []byte(test) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_':
			name = append(name, c)
		default:
			name = append(name, '_')
		}
	}
	if len(name) > 60 {
		name = name[:60]
	}
	return string(name) + "-" + hex.EncodeToString(sum[:4])
}
