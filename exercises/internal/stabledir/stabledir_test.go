package stabledir

import (
	"os"
	"path/filepath"
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
