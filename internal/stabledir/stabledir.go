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
// testing.T.TempDir's is: only its path is kept, and what the test asks
// Keep to keep inside it, such as the test binaries its checks link
// (Binaries). Two runs of the same test at once (two checkouts tested side
// by side) take different slots, each held by a lock folder made with
// os.Mkdir, which only one of them can make; a lock left by a run that was
// killed is taken back after an hour, longer than any test of the module
// may run.
//
// It imports only the standard library, and only tests use it.
package stabledir

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
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
	root, err := rootDir()
	if err != nil {
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

// rootDir is the folder the slots are in, made if need be.
func rootDir() (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	root := filepath.Join(cache, "breakerlab", "test-folders")
	return root, os.MkdirAll(root, 0o755)
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

// keptMaxAge is how long a kept folder (Keep) no run used stays.
const keptMaxAge = 7 * 24 * time.Hour

// sweepKept removes, once per process, the kept folders no run used for
// keptMaxAge.
var sweepKept sync.Once

// Keep keeps the folder at path, inside the folder dir that Dir gave t,
// from one run of t to the next, where the rest of dir is emptied and
// removed: it moves in now what the last run of t with the same folder
// left there (the first run finds path empty), and moves it out again when
// t ends, before dir is removed. A test keeps there what a later run can
// reuse, such as the test binaries a check links from the folder's code
// (their paths name the folder, so only a run with the same one can reuse
// them). Call it after Dir, which its cleanup must come before, and
// before anything writes to path. Of a temporary folder (Dir's fallback)
// it keeps nothing; path is made, empty, either way.
func Keep(t testing.TB, dir, path string) {
	t.Helper()
	rel, err := filepath.Rel(dir, path)
	if err != nil || rel == "." || !filepath.IsLocal(rel) {
		t.Fatalf("stabledir.Keep: %s is not inside %s", path, dir)
	}
	root, err := rootDir()
	if err != nil || filepath.Dir(dir) != root {
		if err := os.MkdirAll(path, 0o755); err != nil {
			t.Fatalf("cannot create %s: %v", path, err)
		}
		return
	}
	sweepKept.Do(func() { removeUnused(root, ".kept", keptMaxAge) })
	kept := filepath.Join(dir+".kept", FolderName(filepath.ToSlash(rel)))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatalf("cannot create %s: %v", filepath.Dir(path), err)
	}
	if err := os.Rename(kept, path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Logf("cannot move in what an earlier run kept (%v): starting without it", err)
	}
	if err := os.MkdirAll(path, 0o755); err != nil {
		t.Fatalf("cannot create %s: %v", path, err)
	}
	t.Cleanup(func() {
		if err := os.MkdirAll(filepath.Dir(kept), 0o755); err != nil {
			return // nothing kept: the next run makes it again
		}
		os.RemoveAll(kept)
		if os.Rename(path, kept) == nil {
			now := time.Now()
			os.Chtimes(filepath.Dir(kept), now, now) // used: kept another keptMaxAge
		}
	})
}

// removeUnused removes the entries of root whose names end in suffix and
// that were last changed more than maxAge ago.
func removeUnused(root, suffix string, maxAge time.Duration) {
	entries, _ := os.ReadDir(root)
	for _, ent := range entries {
		if !strings.HasSuffix(ent.Name(), suffix) {
			continue
		}
		if info, err := ent.Info(); err == nil && time.Since(info.ModTime()) > maxAge {
			os.RemoveAll(filepath.Join(root, ent.Name()))
		}
	}
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

// Binaries keeps the test binaries that checks of a workbook link, from
// one run of a test to the next, by the code they were linked from. A
// check keeps its binaries in one folder of the workbook, one per
// exercise, which the next check of other code links over: a test that
// checks a stub, then the solution, then the stub again links each time,
// and its next run finds only the last. Binaries puts away the folder's
// binaries after each check under the hash of the code checked, and
// brings back before a check those last linked from the same code; the go
// command still decides whether a binary is up to date (the same code,
// flags and toolchain), so a wrong guess costs a link, never a wrong
// result.
type Binaries struct {
	t     testing.TB
	shelf string          // a folder per hash of the code checked
	used  map[string]bool // the hashes this run checked
}

// KeepBinaries returns the Binaries of t, kept inside dir, the folder Dir
// gave t (Keep); those of code no check of this run checked are removed
// when t ends, so that the folder holds what one run links.
func KeepBinaries(t testing.TB, dir string) *Binaries {
	t.Helper()
	b := &Binaries{t: t, shelf: filepath.Join(dir, "kept-binaries"), used: map[string]bool{}}
	Keep(t, dir, b.shelf)
	t.Cleanup(b.removeUnused) // before Keep's cleanup moves the shelf out
	return b
}

// Around runs check, which keeps the test binaries it links in the folder
// bin, with bin holding those last linked from the code in code (the
// names and contents of its files, but for those in folders named skip),
// or empty, and puts bin's binaries back on the shelf afterwards.
func (b *Binaries) Around(code, skip, bin string, check func()) {
	b.t.Helper()
	key, err := treeHash(code, skip)
	if err != nil {
		b.t.Fatalf("cannot hash the code in %s: %v", code, err)
	}
	b.used[key] = true
	kept := filepath.Join(b.shelf, key)
	if err := os.RemoveAll(bin); err != nil {
		b.t.Fatalf("cannot empty %s: %v", bin, err)
	}
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		b.t.Fatalf("cannot create %s: %v", filepath.Dir(bin), err)
	}
	if err := os.Rename(kept, bin); err != nil && !errors.Is(err, fs.ErrNotExist) {
		b.t.Logf("cannot bring back the binaries of %s (%v): the check links them", key, err)
	}
	if err := os.MkdirAll(bin, 0o755); err != nil {
		b.t.Fatalf("cannot create %s: %v", bin, err)
	}
	defer func() {
		os.RemoveAll(kept)
		if err := os.Rename(bin, kept); err != nil && !errors.Is(err, fs.ErrNotExist) {
			b.t.Logf("cannot keep the binaries of %s (%v): the next run links them", key, err)
		}
	}()
	check()
}

// removeUnused removes the binaries of code this run did not check.
func (b *Binaries) removeUnused() {
	entries, _ := os.ReadDir(b.shelf)
	for _, ent := range entries {
		if !b.used[ent.Name()] {
			os.RemoveAll(filepath.Join(b.shelf, ent.Name()))
		}
	}
}

// treeHash hashes the names and contents of the regular files under dir,
// leaving out the folders named skip.
func treeHash(dir, skip string) (string, error) {
	h := sha256.New()
	// WalkDir goes in lexical order: the same files hash the same.
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && d.Name() == skip:
			return filepath.SkipDir
		case !d.Type().IsRegular():
			return nil
		}
		body, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", filepath.ToSlash(rel), len(body))
		h.Write(body)
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))[:24], err
}
