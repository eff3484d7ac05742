package exercises

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// The catalog check grades some sixty exercise folders (every stub,
// solution and mutant), compiling, vetting and linking each in its
// workbook's folder. Without
// -trimpath (the grader drops it, see grade.learnerEnv) the build cache
// keys those steps by the folder's path too, so a new temporary folder per
// run compiled everything again every time: nearly a third of the check's
// CPU (91 s of it, 63 s once the folders are kept).
// Instead each workbook lives in a folder named after a hash of what it
// holds, under the user's cache folder, and a later run that grades the
// same code finds the same folder and the go command's cache hits, and the
// test binary kept in its state folder (CheckOptions.KeepBinaries) is up
// to date, so nothing is linked either. The tests still run each time: the check adds -count=1 to GOFLAGS, as
// `make test` does, so no result comes from the test cache.

// checkDirsMaxAge is how long a workbook folder nobody used is kept.
const checkDirsMaxAge = 7 * 24 * time.Hour

// checkDirsRoot returns the folder the catalog check keeps its workbooks
// in, after removing those left unused for checkDirsMaxAge; "" when there
// is no cache folder to use (then each workbook goes to a temporary one).
func checkDirsRoot(t *testing.T) string {
	t.Helper()
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Logf("no user cache folder (%v): the catalog check compiles every workbook afresh", err)
		return ""
	}
	root := filepath.Join(cache, "breakerlab", "catalog-check")
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Logf("cannot create %s (%v): the catalog check compiles every workbook afresh", root, err)
		return ""
	}
	entries, _ := os.ReadDir(root)
	for _, ent := range entries {
		if info, err := ent.Info(); err == nil && time.Since(info.ModTime()) > checkDirsMaxAge {
			os.RemoveAll(filepath.Join(root, ent.Name()))
		}
	}
	return root
}

// keptWorkbook returns a workbook holding what a new workbook holds after
// setup wrote into it. With root "" it is a new one in a temporary folder;
// otherwise it is root's folder named after the hash of those files, made
// now or reused from an earlier run (whose files are checked against the
// hash first, so a folder someone changed is made again).
func keptWorkbook(t *testing.T, root string, setup func(*Workbook) error) (*Workbook, error) {
	t.Helper()
	if root == "" {
		w, err := Init(filepath.Join(t.TempDir(), "workbook"))
		if err != nil {
			return nil, err
		}
		return w, setup(w)
	}
	tmp, err := os.MkdirTemp(root, ".new-")
	if err != nil {
		return nil, err
	}
	t.Cleanup(func() { os.RemoveAll(tmp) })
	w, err := Init(filepath.Join(tmp, "workbook"))
	if err != nil {
		return nil, err
	}
	if err := setup(w); err != nil {
		return nil, err
	}
	sum, err := treeHash(w.Dir)
	if err != nil {
		return nil, err
	}
	final := filepath.Join(root, sum)
	got, err := treeHash(final)
	if err == nil && got != sum {
		os.RemoveAll(final) // changed since it was made: make it again
	}
	if err != nil || got != sum {
		if err := os.Rename(w.Dir, final); err != nil {
			// Another run of the check may have put it there first; if
			// not, grade the new folder where it is.
			if got, err := treeHash(final); err != nil || got != sum {
				return w, nil
			}
		}
	}
	now := time.Now()
	os.Chtimes(final, now, now) // used: keep it another checkDirsMaxAge
	return Open(final)
}

// treeHash hashes the names and contents of the files under dir, leaving
// out the workbook's state folder (the progress file a check writes).
func treeHash(dir string) (string, error) {
	type file struct {
		name string
		body []byte
	}
	var files []file
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == stateDir {
			return filepath.SkipDir
		}
		if !d.Type().IsRegular() {
			if d.IsDir() {
				return nil
			}
			return fmt.Errorf("%s is not a regular file", p)
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files = append(files, file{filepath.ToSlash(rel), b})
		return nil
	})
	if err != nil {
		return "", err
	}
	if len(files) == 0 {
		return "", errors.New("no files")
	}
	slices.SortFunc(files, func(a, b file) int {
		switch {
		case a.name < b.name:
			return -1
		case a.name > b.name:
			return 1
		}
		return 0
	})
	h := sha256.New()
	for _, f := range files {
		fmt.Fprintf(h, "%s\x00%d\x00", f.name, len(f.body))
		h.Write(f.body)
	}
	return hex.EncodeToString(h.Sum(nil))[:24], nil
}
