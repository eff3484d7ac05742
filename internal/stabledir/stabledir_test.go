package stabledir

import (
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// The folder is at the same path each time a test asks, empty, and gone
// once the test ends.
func TestDirIsTheSameEachRun(t *testing.T) {
	var first string
	for i := range 2 {
		t.Run("run", func(t *testing.T) {
			dir := dirFor(t, FolderName("TestDirIsTheSameEachRun/same"))
			entries, err := os.ReadDir(dir)
			if err != nil || len(entries) != 0 {
				t.Fatalf("run %d: %s holds %d entries (err %v), want an empty folder", i, dir, len(entries), err)
			}
			if err := os.WriteFile(filepath.Join(dir, "left.txt"), []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = dir
			} else if dir != first {
				t.Errorf("the second run got %s, the first %s", dir, first)
			}
		})
		if _, err := os.Stat(first); err == nil {
			t.Errorf("%s is still there after its test ended", first)
		}
	}
}

// While one run holds the folder another gets a folder of its own, and a
// lock older than staleLock is taken back.
func TestDirHeldElsewhere(t *testing.T) {
	key := FolderName(t.Name())
	held := dirFor(t, key)
	t.Run("second", func(t *testing.T) {
		if other := dirFor(t, key); other == held {
			t.Fatalf("a second run got the folder the first holds: %s", held)
		}
	})
	lockPath := held + ".lock"
	old := time.Now().Add(-2 * staleLock)
	if err := os.Chtimes(lockPath, old, old); err != nil {
		t.Fatal(err)
	}
	if !Lock(lockPath) {
		t.Errorf("a lock %v old was not taken back", 2*staleLock)
	}
	if Lock(lockPath) {
		t.Error("a fresh lock was taken twice")
	}
}

// Names that differ only in the characters a folder name leaves out get
// different folders.
func TestFolderNamesDiffer(t *testing.T) {
	a, b := FolderName("TestX/a b"), FolderName("TestX/a_b")
	if a == b {
		t.Errorf("FolderName gives %q for both", a)
	}
}

// What a run asks Keep to keep is in the folder, at the same place, on the
// next run of the test (which gets the same folder), and nothing else of
// the first run is; in a folder Dir did not give, path is an empty folder
// and nothing is kept.
func TestKeepKeepsAFolderForTheNextRun(t *testing.T) {
	key := FolderName(t.Name())
	for i := range 2 {
		t.Run("run", func(t *testing.T) {
			dir := dirFor(t, key)
			bin := filepath.Join(dir, "wb", "state", "bin")
			Keep(t, dir, bin)
			b, err := os.ReadFile(filepath.Join(bin, "kept.txt"))
			if i == 1 && (err != nil || string(b) != "from run 0") {
				t.Errorf("run 1: kept.txt = %q (%v), want what run 0 wrote", b, err)
			}
			if _, err := os.Stat(filepath.Join(dir, "left.txt")); err == nil {
				t.Errorf("run %d: left.txt, outside the kept folder, is still there", i)
			}
			if err := os.WriteFile(filepath.Join(bin, "kept.txt"), []byte("from run "+strconv.Itoa(i)), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "left.txt"), []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		})
	}
	t.Run("a temporary folder", func(t *testing.T) {
		dir := t.TempDir()
		bin := filepath.Join(dir, "bin")
		Keep(t, dir, bin)
		if entries, err := os.ReadDir(bin); err != nil || len(entries) != 0 {
			t.Errorf("%s holds %d entries (err %v), want an empty folder", bin, len(entries), err)
		}
		if _, err := os.Stat(dir + ".kept"); err == nil {
			t.Errorf("Keep keeps %s, a folder Dir did not give, in %s.kept", bin, dir)
		}
	})
}

// Around brings back, on the next run, the binaries last put in bin by a
// check of the same code, and none of other code; what a run did not
// check is gone after it.
func TestBinariesComeBackForTheSameCode(t *testing.T) {
	key := FolderName(t.Name())
	// Each run checks code "a", then "b" (or, in the last run, "c"),
	// leaving in bin a binary named after the code; what each check finds
	// in bin is what it was given back.
	t.Run("a fresh start", func(t *testing.T) {
		dir := dirFor(t, key)
		KeepBinaries(t, dir)
		os.RemoveAll(filepath.Join(dir, "kept-binaries")) // what a failed run left
	})
	found := make([]map[string]string, 3)
	for i := range found {
		t.Run("run", func(t *testing.T) {
			dir := dirFor(t, key)
			wb, bin := filepath.Join(dir, "wb"), filepath.Join(dir, "wb", "state", "bin")
			bins := KeepBinaries(t, dir)
			if err := os.MkdirAll(filepath.Join(wb, "state"), 0o755); err != nil {
				t.Fatal(err)
			}
			found[i] = map[string]string{}
			codes := []string{"a", "b"}
			if i == 2 {
				codes = []string{"c", "b"}
			}
			for _, code := range codes {
				if err := os.WriteFile(filepath.Join(wb, "code.go"), []byte(code), 0o644); err != nil {
					t.Fatal(err)
				}
				// The state folder is left out of the hash: a progress
				// file there does not change what the code is.
				if err := os.WriteFile(filepath.Join(wb, "state", "progress"), []byte(strconv.Itoa(i)), 0o644); err != nil {
					t.Fatal(err)
				}
				bins.Around(wb, "state", bin, func() {
					entries, err := os.ReadDir(bin)
					if err != nil {
						t.Fatal(err)
					}
					found[i][code] = ""
					for _, ent := range entries {
						found[i][code] += ent.Name() + " "
					}
					if err := os.WriteFile(filepath.Join(bin, code+".test"), nil, 0o644); err != nil {
						t.Fatal(err)
					}
				})
			}
		})
	}
	want := []map[string]string{{"a": "", "b": ""}, {"a": "a.test ", "b": "b.test "}, {"c": "", "b": "b.test "}}
	for i := range want {
		if !maps.Equal(found[i], want[i]) {
			t.Errorf("run %d found %q, want %q", i, found[i], want[i])
		}
	}
	t.Run("after the run without a", func(t *testing.T) {
		dir := dirFor(t, key)
		KeepBinaries(t, dir)
		entries, _ := os.ReadDir(filepath.Join(dir, "kept-binaries"))
		if len(entries) != 2 {
			t.Errorf("%d sets of binaries kept, want those of b and c alone", len(entries))
		}
	})
}
