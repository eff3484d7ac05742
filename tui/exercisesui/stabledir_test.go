package exercisesui

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
)

// stableDir returns an empty folder for t at a path that is the same each
// time t runs, as exercises/internal/stabledir's Dir does for the tests
// under exercises/ (an internal package this one cannot import). The
// grader runs go test without -trimpath, so the build cache keys the
// compiling and vetting of an exercise by its folder's path: a workbook in
// a new t.TempDir() each run was compiled and vetted afresh by every check
// of it, more than half of the CPU of this package's tests. Two runs of t
// at once (two checkouts tested side by side) take different slots, each
// held by a lock folder only one of them can make with os.Mkdir; a lock a
// killed run left is taken back after an hour, longer than any test here
// runs. With every slot held, or no user cache folder, it is t.TempDir():
// correct, only slower. The folder is emptied before t and removed after.
func stableDir(t *testing.T) string {
	t.Helper()
	cache, err := os.UserCacheDir()
	if err != nil {
		return t.TempDir()
	}
	root := filepath.Join(cache, "breakerlab", "test-folders")
	if err := os.MkdirAll(root, 0o755); err != nil {
		return t.TempDir()
	}
	name := "exercisesui-" + strings.Map(func(r rune) rune {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return r
		}
		return '-'
	}, t.Name())
	for slot := range 4 {
		base := filepath.Join(root, name+"."+strconv.Itoa(slot))
		if !lockFolder(base + ".lock") {
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

// lockFolder makes the lock folder at path, taking it back first if a
// killed run left it (older than an hour); it reports whether this run
// holds it.
func lockFolder(path string) bool {
	err := os.Mkdir(path, 0o755)
	if err == nil {
		return true
	}
	if !errors.Is(err, fs.ErrExist) {
		return false
	}
	info, err := os.Stat(path)
	if err != nil || time.Since(info.ModTime()) < time.Hour {
		return false
	}
	os.Remove(path)
	return os.Mkdir(path, 0o755) == nil
}
